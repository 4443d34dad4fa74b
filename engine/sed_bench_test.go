package engine_test

import (
	"bufio"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// The sed benchmarks of issue #3 run on a 100 MB file of code-like lines
// where foo, bar and "ab" occur now and then. Run with:
//
//	go test ./engine -run '^$' -bench Sed -benchtime 3x

const sedBenchSize = 100 << 20

var (
	sedBenchOnce sync.Once
	sedBenchRoot string
	sedBenchErr  error
)

func sedBenchDir(b *testing.B) string {
	sedBenchOnce.Do(func() {
		sedBenchRoot = filepath.Join(os.TempDir(), "shellfence-bench-sed-v1")
		if _, err := os.Stat(filepath.Join(sedBenchRoot, "done")); err == nil {
			return
		}
		os.RemoveAll(sedBenchRoot)
		sedBenchErr = makeSedBench(sedBenchRoot)
	})
	if sedBenchErr != nil {
		b.Fatal(sedBenchErr)
	}
	return sedBenchRoot
}

var sedWords = []string{"alpha", "beta", "foo", "bar", "cab", "abacus", "func", "return", "err",
	"nil", "value", "index", "buffer", "string", "TODO", "x", "y", "z", "fooled", "label"}

func makeSedBench(root string) error {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(root, "data.txt"))
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < sedBenchSize; {
		words := 3 + rng.Intn(10)
		for i := 0; i < words; i++ {
			k, _ := w.WriteString(sedWords[rng.Intn(len(sedWords))])
			w.WriteByte(' ')
			n += k + 1
		}
		k, _ := w.WriteString(strconv.Itoa(rng.Intn(100000)))
		w.WriteByte('\n')
		n += k + 1
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "done"), nil, 0o644)
}

// sedSideBySide runs line on the sed data through shellfence and GNU in
// every iteration and reports the ratio of the total times ("x-gnu").
func sedSideBySide(b *testing.B, line string) {
	root := sedBenchDir(b)
	_, gnuErr := exec.LookPath("sed")
	ws, err := vfs.OpenDir(root)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws)
	var ours, gnu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		res, err := runDrained(e, line)
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("shellfence %q: %v exit %d", line, err, res.ExitCode)
		}
		ours += time.Since(start)
		if gnuErr == nil {
			start = time.Now()
			runGNU(b, root, line)
			gnu += time.Since(start)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(ours.Milliseconds())/float64(b.N), "ms-shellfence")
	if gnu > 0 {
		b.ReportMetric(float64(gnu.Milliseconds())/float64(b.N), "ms-gnu")
		b.ReportMetric(float64(ours)/float64(gnu), "x-gnu")
	}
}

func BenchmarkSedSubstGlobal(b *testing.B) { sedSideBySide(b, "sed 's/foo/bar/g' data.txt") }
func BenchmarkSedPrintMatch(b *testing.B)  { sedSideBySide(b, "sed -n '/TODO.*err/p' data.txt") }
func BenchmarkSedStepDelete(b *testing.B)  { sedSideBySide(b, "sed '1~3d' data.txt") }
func BenchmarkSedSwapGroups(b *testing.B) {
	sedSideBySide(b, `sed 's/\(a\)\(b\)/\2\1/g' data.txt`)
}
