package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// Truncated output keeps whole lines of the head and the tail, invents
// none, and says between them what it left out.
func TestTruncationKeepsLines(t *testing.T) {
	ws := vfs.NewMem("/ws")
	for _, limit := range []int{16, 64, 100, 1000, 4096} {
		res, err := engine.New(ws, engine.WithOutputLimit(limit)).Run(context.Background(), engine.Request{Command: "seq 1000"})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(res.Stdout), "\n"), "\n")
		var shown []int
		marker := ""
		for _, l := range lines {
			n, err := strconv.Atoi(l)
			if err != nil {
				if marker != "" {
					t.Fatalf("limit %d: two lines that seq never printed: %q, %q", limit, marker, l)
				}
				marker = l
				continue
			}
			shown = append(shown, n)
		}
		for i := 1; i < len(shown); i++ {
			if shown[i] != shown[i-1]+1 && !(marker != "" && shown[i] > shown[i-1]) {
				t.Fatalf("limit %d: line %d follows %d", limit, shown[i], shown[i-1])
			}
		}
		if len(shown) == 0 || shown[len(shown)-1] != 1000 || (len(shown) > 0 && shown[0] != 1 && limit > 8) {
			t.Fatalf("limit %d: head or tail lost: %v", limit, shown)
		}
		if limit >= 3893 {
			if marker != "" || len(res.Stdout) != 3893 {
				t.Errorf("limit %d: cut output that fits", limit)
			}
			continue
		}
		omittedLines := 1000 - int64(len(shown))
		want := fmt.Sprintf("[... %d bytes, %d lines omitted ...]", res.StdoutOmitted, omittedLines)
		if marker != want {
			t.Errorf("limit %d: marker %q, want %q", limit, marker, want)
		}
		if res.StdoutLines != 1000 || res.StdoutBytes != 3893 {
			t.Errorf("limit %d: counted %d lines, %d bytes", limit, res.StdoutLines, res.StdoutBytes)
		}
		if kept := int64(len(res.Stdout)) - int64(len(marker)) - 1; kept+res.StdoutOmitted != res.StdoutBytes {
			t.Errorf("limit %d: %d kept + %d omitted != %d", limit, kept, res.StdoutOmitted, res.StdoutBytes)
		}
	}
}

// A cut never splits a UTF-8 sequence, even inside a line longer than
// what is kept.
func TestTruncationKeepsUTF8(t *testing.T) {
	ws := vfs.NewMem("/ws")
	for _, cmd := range []string{"for i in $(seq 300); do printf 'é%.0s' $(seq $i); echo; done", "for i in $(seq 500); do printf 'héllo wörld €'; done"} {
		for _, limit := range []int{7, 10, 33, 101} {
			res, _ := engine.New(ws, engine.WithOutputLimit(limit)).Run(context.Background(), engine.Request{Command: cmd})
			if !utf8.Valid(res.Stdout) {
				t.Errorf("limit %d: %q is not UTF-8", limit, res.Stdout)
			}
			if res.StdoutOmitted == 0 || !bytes.Contains(res.Stdout, []byte("omitted ...]\n")) {
				t.Errorf("limit %d: no marker in %q", limit, res.Stdout)
			}
		}
	}
}

// A caller's writer receives everything while the result still holds
// the capped capture.
func TestStreamAndCapture(t *testing.T) {
	ws := vfs.NewMem("/ws")
	var live bytes.Buffer
	res, err := engine.New(ws, engine.WithOutputLimit(100)).Run(context.Background(), engine.Request{Command: "seq 500", Stdout: &live})
	if err != nil {
		t.Fatal(err)
	}
	want := ""
	for i := 1; i <= 500; i++ {
		want += strconv.Itoa(i) + "\n"
	}
	if live.String() != want {
		t.Errorf("streamed %d bytes, want %d", live.Len(), len(want))
	}
	if !res.Truncated() || res.StdoutBytes != int64(len(want)) || !strings.HasPrefix(string(res.Stdout), "1\n2\n") {
		t.Errorf("capture: %q (%d bytes)", res.Stdout, res.StdoutBytes)
	}
}

// A capture's omission numbers the lines it leaves out: those between
// the head's and the tail's.
func TestCaptureOmission(t *testing.T) {
	c := engine.NewCapture(100)
	for i := 1; i <= 500; i++ {
		fmt.Fprintf(c, "%d\n", i)
	}
	head, tail, o := c.Split()
	first := int64(bytes.Count(head, []byte("\n"))) + 1
	last := 500 - int64(bytes.Count(tail, []byte("\n")))
	if o.First != first || o.First+o.Lines-1 != last {
		t.Errorf("omission %+v; want lines %d-%d", o, first, last)
	}
}

func TestBinaryDetected(t *testing.T) {
	ws := vfs.NewMem("/ws")
	res, _ := engine.New(ws).Run(context.Background(), engine.Request{Command: "printf 'a\\0b'; printf 'x\\377y' >&2"})
	if !res.StdoutBinary || !res.StderrBinary {
		t.Errorf("binary not seen: %+v", res)
	}
	res, _ = engine.New(ws).Run(context.Background(), engine.Request{Command: "echo héllo"})
	if res.StdoutBinary {
		t.Error("UTF-8 text taken for binary")
	}
}

// The caller's cancellation is reported as such, not as a timeout.
func TestCancelled(t *testing.T) {
	ws := vfs.NewMem("/ws")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	res, err := engine.New(ws, engine.WithTimeout(time.Minute)).Run(ctx, engine.Request{Command: "while true; do :; done"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cancelled || res.TimedOut || res.ExitCode != engine.ExitCancelled || string(res.Stderr) != "shellfence: cancelled\n" {
		t.Errorf("got %+v", res)
	}
}

// After a timeout no command writes anything more: a count printed then
// would read as an answer.
func TestNothingAfterTimeout(t *testing.T) {
	ws := vfs.NewMem("/ws")
	res, _ := engine.New(ws).Run(context.Background(), engine.Request{
		Command: "yes | wc -l; yes | grep -c y; echo after", Timeout: 300 * time.Millisecond,
	})
	if !res.TimedOut || len(res.Stdout) != 0 {
		t.Errorf("stdout after a timeout: %q (timed out: %v)", res.Stdout, res.TimedOut)
	}
	if string(res.Stderr) != "shellfence: timed out after 300ms\n" {
		t.Errorf("stderr: %q", res.Stderr)
	}
}

// The argv form runs on the same path: a blocking stdin cannot hold it
// past its timeout.
func TestArgvBlockingStdin(t *testing.T) {
	ws := vfs.NewMem("/ws")
	pr, pw := io.Pipe()
	defer pw.Close()
	start := time.Now()
	res, _ := engine.New(ws).Run(context.Background(), engine.Request{Args: []string{"cat"}, Stdin: pr, Timeout: time.Second})
	if d := time.Since(start); d > 1500*time.Millisecond || !res.TimedOut {
		t.Errorf("argv with a blocking stdin: %v, timed out %v", d, res.TimedOut)
	}
}

// Nested shells share the run's one standard input: each reader takes
// its own line, in the argv form as in a command line.
func TestNestedReadersShareStdin(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a": "", "b": "", "c": ""})
	e := engine.New(ws)
	script := `read x; echo "got $x"`
	reqs := []engine.Request{
		{Args: []string{"find", ".", "-type", "f", "-exec", "sh", "-c", script, "sh", "{}", ";"}},
		{Command: `find . -type f -exec sh -c '` + script + `' sh {} ';'`},
	}
	for _, req := range reqs {
		req.Stdin = strings.NewReader("line0\nline1\nline2\n")
		res, _ := e.Run(context.Background(), req)
		if got := string(res.Stdout); got != "got line0\ngot line1\ngot line2\n" {
			t.Errorf("%v%s: %q %q", req.Args, req.Command, got, res.Stderr)
		}
	}
}

func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for runtime.NumGoroutine() > want && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > want {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines left, %d before:\n%s", n, want, buf[:runtime.Stack(buf, true)])
	}
}

// A session keeps the shell from one finished run to the next.
func TestSessionKeepsState(t *testing.T) {
	_, ws := workspace(t, map[string]string{"src/": "", "src/x": "x\n"})
	s := engine.New(ws).NewSession()
	steps := []struct{ cmd, want string }{
		{"cd src; export X=1; Y=2; f(){ echo \"f $1\"; }; shopt -s expand_aliases; alias ll='echo aliased'; set -o pipefail; umask 077", ""},
		{"pwd | sed 's|.*/||'; echo $X $Y; f a; ll; set -o | grep pipefail; umask; cat x", "src\n1 2\nf a\naliased\npipefail\ton\n0077\nx\n"},
		{"env | grep '^X='; type f | head -1", "X=1\nf is a function\n"},
	}
	for _, st := range steps {
		res, err := s.Run(context.Background(), engine.Request{Command: st.cmd})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(res.Stdout); got != st.want || len(res.Stderr) != 0 {
			t.Errorf("%s:\n got %q %q\nwant %q", st.cmd, got, res.Stderr, st.want)
		}
	}
	res, _ := s.Run(context.Background(), engine.Request{Command: "true"})
	if !strings.HasSuffix(res.Dir, "/src") {
		t.Errorf("Result.Dir = %q", res.Dir)
	}
}

// A run that timed out, was cancelled or hit a budget leaves the session
// as it was; the engine's own Run keeps nothing.
func TestSessionFailedRunChangesNothing(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a/": "", "b/": ""})
	e := engine.New(ws, engine.WithMemoryLimit(1<<20))
	s := e.NewSession()
	s.Run(context.Background(), engine.Request{Command: "cd a; V=kept"})
	s.Run(context.Background(), engine.Request{Command: "cd ../b; V=lost; while true; do :; done", Timeout: 200 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	s.Run(ctx, engine.Request{Command: "cd ../b; V=lost; while true; do :; done"})
	res, _ := s.Run(context.Background(), engine.Request{Command: "cd ../b; V=lost; x=$(yes)"})
	if res.Exceeded == nil {
		t.Fatalf("no budget hit: %+v", res)
	}
	res, _ = s.Run(context.Background(), engine.Request{Command: "echo ${PWD##*/} $V"})
	if got := string(res.Stdout); got != "a kept\n" {
		t.Errorf("after failed runs: %q", got)
	}
	e.Run(context.Background(), engine.Request{Command: "cd a; V=1"})
	res, _ = e.Run(context.Background(), engine.Request{Command: "echo \"[$V]\"; pwd | sed 's|.*/||'"})
	if !strings.HasPrefix(string(res.Stdout), "[]\n") || strings.Contains(string(res.Stdout), "\na\n") {
		t.Errorf("Engine.Run kept state: %q", res.Stdout)
	}
}

// Request.Env holds for its run only; a variable the run itself changed
// stays changed.
func TestSessionRequestEnv(t *testing.T) {
	ws := vfs.NewMem("/ws")
	s := engine.New(ws, engine.WithEnv("KEEP=engine")).NewSession()
	s.Run(context.Background(), engine.Request{Command: "A=before"})
	res, _ := s.Run(context.Background(), engine.Request{Command: "echo $A $B $KEEP; env | grep -c '^A='; C=set", Env: []string{"A=run", "B=run", "KEEP=run", "C=run"}})
	if got := string(res.Stdout); got != "run run run\n1\n" {
		t.Errorf("run with env: %q", got)
	}
	res, _ = s.Run(context.Background(), engine.Request{Command: "echo \"$A/$B/$KEEP/$C\"; env | grep -c '^A='"})
	if got := string(res.Stdout); got != "before//engine/set\n0\n" {
		t.Errorf("after: %q %q", got, res.Stderr)
	}
}

// A second Run on a session waits for the first.
func TestSessionSerialRuns(t *testing.T) {
	ws := vfs.NewMem("/ws")
	s := engine.New(ws).NewSession()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			s.Run(context.Background(), engine.Request{Command: fmt.Sprintf("n=$((n+1)); sleep 0.0%d", i)})
		})
	}
	wg.Wait()
	res, _ := s.Run(context.Background(), engine.Request{Command: "echo $n"})
	if got := string(res.Stdout); got != "4\n" {
		t.Errorf("n = %q", got)
	}
	// A waiting Run gives up with its context.
	go s.Run(context.Background(), engine.Request{Command: "sleep 1"})
	time.Sleep(50 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := s.Run(ctx, engine.Request{Command: "true"}); err == nil {
		t.Error("a second Run did not wait")
	}
}

// An embedder's command runs like a builtin: in pipelines, from xargs,
// under the allowlist, known to type and Commands.
func TestWithCommand(t *testing.T) {
	ws := vfs.NewMem("/ws")
	shout := func(p *builtins.Proc) int {
		b, _ := io.ReadAll(p.Stdin)
		fmt.Fprintf(p.Stdout, "%s%s", strings.ToUpper(string(b)), strings.Join(p.Args[1:], " "))
		return 3
	}
	e := engine.New(ws, engine.WithCommand("shout", shout), engine.WithAllow("shout", "cat", "xargs"))
	got := run(t, e, engine.Request{Command: "echo hi | shout | cat; echo $?; echo a | xargs shout; echo; type shout; command -v shout; sort </dev/null"})
	want := outcome{"HI\n0\na\nshout is /usr/bin/shout\n/usr/bin/shout\n", "sort: not allowed here (allowed: shout, cat, xargs)\n", 127}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if c := e.Commands(); strings.Join(c, " ") != "cat shout xargs" {
		t.Errorf("Commands = %v", c)
	}
	narrow := engine.New(ws, engine.WithCommand("shout", shout), engine.WithAllow("cat"))
	if got := run(t, narrow, engine.Request{Command: "shout"}); got.Code != 127 {
		t.Errorf("allowlist ignored: %+v", got)
	}
}

// Request.FS runs one request over a layered view of the workspace.
type countOpens struct {
	vfs.Base
	n *atomic.Int64
}

func (c countOpens) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	c.n.Add(1)
	f, err := c.Next.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return vfs.BaseFile{File: f}, nil
}

func TestRequestFS(t *testing.T) {
	_, ws := workspace(t, map[string]string{"a.txt": "a\n"})
	var n atomic.Int64
	view := ws.Wrap(func(l vfs.Layer) vfs.Layer { return countOpens{vfs.Base{Next: l}, &n} })
	e := engine.New(ws)
	got := run(t, e, engine.Request{Command: "cat a.txt; ln -s a.txt l; cat l; ls", FS: view})
	if got.Stdout != "a\na\na.txt\nl\n" || n.Load() < 2 {
		t.Errorf("over a layer: %+v, %d opens", got, n.Load())
	}
	if _, err := e.Run(context.Background(), engine.Request{Command: "true", FS: vfs.NewMem("/elsewhere")}); err == nil {
		t.Error("a workspace that is not a view was taken")
	}
}

// Budgets stop the run with a message naming the budget, its size and
// the option that raises it.
func TestBudgets(t *testing.T) {
	dir, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithFileWriteLimit(1<<20), engine.WithMemoryLimit(8<<20))
	res, _ := e.Run(context.Background(), engine.Request{Command: "yes > big.txt; echo not reached"})
	fi, err := os.Stat(filepath.Join(dir, "big.txt"))
	if err != nil || fi.Size() > 1<<20 || res.ExitCode != engine.ExitBudget || res.Exceeded == nil {
		t.Fatalf("yes > big.txt: %+v, size %v", res, fi)
	}
	if got := string(res.Stderr); got != "shellfence: file write budget of 1 MiB exceeded (--max-file-bytes)\n" || len(res.Stdout) != 0 {
		t.Errorf("stderr %q stdout %q", got, res.Stdout)
	}
	res, _ = e.Run(context.Background(), engine.Request{Command: "x=$(yes); echo not reached"})
	if got := string(res.Stderr); got != "shellfence: memory budget of 8 MiB exceeded (--max-memory)\n" || res.ExitCode != engine.ExitBudget {
		t.Errorf("x=$(yes): %q, %d", got, res.ExitCode)
	}
	res, _ = e.Run(context.Background(), engine.Request{Command: "cat <(yes) | head -1; echo $?"})
	if res.ExitCode != engine.ExitBudget {
		t.Errorf("<(yes): %+v", res)
	}
	res, _ = e.Run(context.Background(), engine.Request{Command: "for i in $(seq 20); do x=$(head -c 1000000 /dev/zero | tr '\\0' a); done; echo ${#x}"})
	if string(res.Stdout) != "1000000\n" || res.ExitCode != 0 {
		t.Errorf("substitutions one after another are charged at once: %q %q", res.Stdout, res.Stderr)
	}
}

// Writes after the run returned are refused: a background job cannot
// reach the caller's writer or the result.
func TestNoWritesAfterReturn(t *testing.T) {
	ws := vfs.NewMem("/ws")
	var live syncBuffer
	res, _ := engine.New(ws).Run(context.Background(), engine.Request{Command: "(sleep 0.2; echo late) & echo now", Stdout: &live})
	time.Sleep(400 * time.Millisecond)
	if string(res.Stdout) != "now\n" || live.String() != "now\n" {
		t.Errorf("result %q, streamed %q", res.Stdout, live.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A fork starts from the session as it is and changes nothing of it.
func TestSessionFork(t *testing.T) {
	_, ws := workspace(t, map[string]string{"d/": ""})
	s := engine.New(ws).NewSession()
	s.Run(context.Background(), engine.Request{Command: "cd d; V=1; f(){ echo f$V; }"})
	f, err := s.Fork(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res, _ := f.Run(context.Background(), engine.Request{Command: "f; cd ..; V=2"})
	if string(res.Stdout) != "f1\n" {
		t.Errorf("fork: %q %q", res.Stdout, res.Stderr)
	}
	res, _ = s.Run(context.Background(), engine.Request{Command: "f; pwd | sed 's|.*/||'"})
	if string(res.Stdout) != "f1\nd\n" {
		t.Errorf("session after its fork ran: %q", res.Stdout)
	}
}
