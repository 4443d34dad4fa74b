package signals

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
)

// cleanLog are lines of a long, healthy build and test log.
var cleanLog = []string{
	"[ %d%%] Building C object src/CMakeFiles/app.dir/error.c.o",
	"gcc -O2 -Wall -Werror -c -o obj/file%d.o src/file.c",
	"=== RUN   TestErrorPath/case_%d",
	"--- PASS: TestFailover/case_%d (0.00s)",
	"ok  \texample.com/pkg%d\t0.012s",
	"2024-05-01T12:00:%02d.000Z INFO request served status=200 errors=0",
	"test parser::tests::case_%d ... ok",
	"tests/test_api.py::test_error_%d PASSED",
	"Compiling crate-%d v0.1.0",
	"   Downloaded serde v1.0.%d",
	"npm WARN deprecated pkg-%d@1.0.0: no longer maintained",
	"  ✓ handles failure %d gracefully (3 ms)",
	"make[2]: Leaving directory '/src/build/%d'",
	"==%d== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)",
	"",
	"    at com.acme.Handler.handleException(Handler.java:%d)",
}

// buriedFailures are failure lines to bury in the log.
var buriedFailures = []string{
	"make[2]: *** [src/CMakeFiles/app.dir/build.make:76: main.c.o] Error 1",
	"--- FAIL: TestParse (0.00s)",
	"panic: runtime error: invalid memory address or nil pointer dereference",
	"Segmentation fault (core dumped)",
	"exit status 139",
	"\x1b[31merror\x1b[0m[E0308]: mismatched types",
	"Traceback (most recent call last):",
	"npm ERR! code ELIFECYCLE",
	"CONFLICT (content): Merge conflict in go.sum",
	"Out of memory: Killed process 4242 (java)",
}

// syntheticLog is n lines of cleanLog with failure lines at the line
// numbers of at (1-based), each line ending in a newline.
func syntheticLog(n int, at map[int]string) []byte {
	var b bytes.Buffer
	for i := 1; i <= n; i++ {
		if f, ok := at[i]; ok {
			b.WriteString(f)
		} else {
			tmpl := cleanLog[i%len(cleanLog)]
			if strings.Contains(tmpl, "%") {
				tmpl = fmt.Sprintf(tmpl, i%100)
			}
			b.WriteString(tmpl)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// omitted returns the range of lines a capture of limit bytes leaves
// out of log, as the engine cuts it.
func omitted(log []byte, limit int) (from, to int64) {
	c := engine.NewCapture(limit)
	c.Write(log)
	_, _, o := c.Split()
	return o.First, o.First + o.Lines - 1
}

// A long log with failures at the start, in the middle and at the end:
// the detector gives exactly those of the middle that the capture left
// out, whatever the sizes of the writes.
func TestDetectorBuried(t *testing.T) {
	const limit = 8000
	at := map[int]string{2: "error: early, shown in the head", 99990: "FAIL\tlate/shown/in/tail\t0.1s"}
	var want []Signal
	for k, f := range buriedFailures {
		n := 10000 + 8000*k
		at[n] = f
		want = append(want, Signal{Stream: "stderr", Line: int64(n), Text: quote([]byte(f))})
	}
	log := syntheticLog(100000, at)
	from, to := omitted(log, limit)
	if from > 10000 || to < 99000 {
		t.Fatalf("the capture omits lines %d-%d; the test expects a middle", from, to)
	}
	for _, chunk := range []int{len(log), 1, 7, 4096} {
		d := NewDetector("stderr", limit/2)
		for p := log; len(p) > 0; {
			k := min(chunk, len(p))
			d.Write(p[:k])
			p = p[k:]
		}
		got := d.Result(from, to)
		if diff := cmp.Diff(Found{Signals: want}, got); diff != "" {
			t.Errorf("writes of %d bytes: (-want +got)\n%s", chunk, diff)
		}
		if d.Lines() != 100000 {
			t.Errorf("writes of %d bytes: %d lines, want 100000", chunk, d.Lines())
		}
	}
}

// Past the head, the detector lists at most MaxListed and counts the
// rest exactly, even when there are more than it keeps.
func TestDetectorCounts(t *testing.T) {
	for _, n := range []int{5, MaxListed, 100, keepEarly + keepLate, 5000} {
		at := map[int]string{}
		for k := 0; k < n; k++ {
			at[100+k*3] = fmt.Sprintf("--- FAIL: Test%d (0.01s)", k)
		}
		log := syntheticLog(100+n*3+1000, at)
		d := NewDetector("stdout", 0)
		d.Write(log)
		got := d.Result(50, int64(100+n*3+500))
		listed := min(n, MaxListed)
		if len(got.Signals) != listed || got.More != int64(n-listed) {
			t.Errorf("%d failures: listed %d, more %d; want %d and %d", n, len(got.Signals), got.More, listed, n-listed)
		}
		if got.Signals[0].Line != 100 || got.Signals[0].Text != "--- FAIL: Test0 (0.01s)" {
			t.Errorf("%d failures: first %+v", n, got.Signals[0])
		}
	}
}

// A last line without a newline is looked at, once; lines ending in the
// head are not kept; a long line is quoted cut at MaxText bytes.
func TestDetectorEdges(t *testing.T) {
	d := NewDetector("stdout", 20)
	d.Write([]byte("error: in the head\nok\n"))
	long := "fatal: " + strings.Repeat("é", 400)
	d.Write([]byte(long + "\nexit status 2"))
	got := d.Result(1, 10)
	got2 := d.Result(1, 10)
	want := Found{Signals: []Signal{
		{Stream: "stdout", Line: 3, Text: long[:MaxText-1]},
		{Stream: "stdout", Line: 4, Text: "exit status 2"},
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if diff := cmp.Diff(got, got2); diff != "" {
		t.Errorf("a second Result differs: (-first +second)\n%s", diff)
	}
	d.Write([]byte(" more\n"))
	if got := d.Result(1, 10); len(got.Signals) != 2 || got.More != 0 {
		t.Errorf("the last line, ended later, was kept twice: %+v", got)
	}
}

func TestFoundText(t *testing.T) {
	f := Found{Signals: []Signal{{Stream: "stderr", Line: 1234, Text: "make: *** [all] Error 1"}}, More: 3}
	want := "4 lines among them look like failures:\n  1234: make: *** [all] Error 1\n  ... and 3 more"
	if got := f.Text(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (Found{}).Text(); got != "" {
		t.Errorf("no signals: got %q", got)
	}
}

// FuzzFailure checks that no line makes the classifier panic.
func FuzzFailure(f *testing.F) {
	for _, s := range append(append([]string{}, buriedFailures...), cleanLog...) {
		f.Add([]byte(s))
	}
	f.Add([]byte("\x1b[31"))
	f.Add([]byte("\x1b]8;;http://x\x1b"))
	f.Fuzz(func(t *testing.T, line []byte) {
		Failure(line)
		d := NewDetector("stdout", 0)
		d.Write(line)
		d.Result(1, 1<<40)
	})
}

// benchLog is about 16 MiB of a healthy log with a failure every
// thousand lines.
func benchLog() []byte {
	at := map[int]string{}
	for n := 1000; n < 300000; n += 1000 {
		at[n] = buriedFailures[n/1000%len(buriedFailures)]
	}
	return syntheticLog(300000, at)
}

func BenchmarkDetector(b *testing.B) {
	log := benchLog()
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		d := NewDetector("stdout", 0)
		for p := log; len(p) > 0; {
			k := min(32<<10, len(p))
			d.Write(p[:k])
			p = p[k:]
		}
	}
}

// BenchmarkDetectorRandom feeds lines of random words and punctuation,
// the classifier's worst case: no line starts a quick rejection.
func BenchmarkDetectorRandom(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	vocab := strings.Fields("the a of error errors failed fail exit status code 0 1 2 = : , . ( ) [ ] killed abort panic build test ok passed src/main.go:12:5: Error value Exception ERR")
	var buf bytes.Buffer
	for buf.Len() < 8<<20 {
		for w := 0; w < 12; w++ {
			buf.WriteString(vocab[r.IntN(len(vocab))])
			buf.WriteByte(' ')
		}
		buf.WriteByte('\n')
	}
	log := buf.Bytes()
	b.SetBytes(int64(len(log)))
	for b.Loop() {
		NewDetector("stdout", 0).Write(log)
	}
}

// BenchmarkFailureWorst classifies 4 KiB lines made to cost the most:
// keywords by the hundred, glued in one token or spread out.
func BenchmarkFailureWorst(b *testing.B) {
	var lines [][]byte
	for _, unit := range []string{"fault,", "exit with ", "Error.", "failed=", "AError-", "\x1b[1m", "✕", "0 errors "} {
		lines = append(lines, []byte(strings.Repeat(unit, maxScan/len(unit))))
	}
	b.SetBytes(int64(len(lines) * maxScan))
	for b.Loop() {
		for _, l := range lines {
			Failure(l)
		}
	}
}
