package engine_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// The benchmarks run each command line through the engine and through bash
// with the GNU tools on the same generated data, in the same iteration,
// and report shellfence's time as a multiple of GNU's ("x-gnu"): machines
// are noisy, ratios less so. Run with:
//
//	go test ./engine -run '^$' -bench . -benchtime 5x

const (
	benchDirs    = 100
	benchPerDir  = 100      // 10,000 files
	benchFileLen = 21 << 10 // ~210 MB in all
	benchVersion = "v1"
)

// cachedDir returns the directory name under the temp dir, made once by
// make and kept across runs (a "done" file marks it complete).
func cachedDir(b *testing.B, name string, make func(root string) error) string {
	root := filepath.Join(os.TempDir(), name)
	if _, err := os.Stat(filepath.Join(root, "done")); err == nil {
		return root
	}
	os.RemoveAll(root)
	if err := os.MkdirAll(root, 0o755); err != nil {
		b.Fatal(err)
	}
	if err := make(root); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "done"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	return root
}

// benchTree returns the generated tree: d00..d99/f000..f099.txt, big.txt
// (all files concatenated) and sort.txt (20 MB of shuffled lines).
func benchTree(b *testing.B) string {
	return cachedDir(b, "shellfence-bench-"+benchVersion, makeBenchTree)
}

var benchWords = []string{"alpha", "beta", "gamma", "delta", "func", "return", "if", "err", "nil",
	"package", "import", "struct", "value", "index", "buffer", "string", "TODO", "x", "y", "z"}

func makeBenchTree(root string) error {
	rng := rand.New(rand.NewSource(1))
	big, err := os.Create(filepath.Join(root, "big.txt"))
	if err != nil {
		return err
	}
	defer big.Close()
	bw := bufio.NewWriterSize(big, 1<<20)
	for d := 0; d < benchDirs; d++ {
		dir := filepath.Join(root, fmt.Sprintf("d%02d", d))
		os.MkdirAll(dir, 0o755)
		for f := 0; f < benchPerDir; f++ {
			data := benchText(rng, benchFileLen)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.txt", f)), data, 0o644); err != nil {
				return err
			}
			bw.Write(data)
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "sort.txt"), benchText(rng, 20<<20), 0o644)
}

// benchText makes n bytes of code-like lines; about one line in 200 holds
// TODO.
func benchText(rng *rand.Rand, n int) []byte {
	out := make([]byte, 0, n+100)
	for len(out) < n {
		words := 3 + rng.Intn(10)
		for i := 0; i < words; i++ {
			w := benchWords[rng.Intn(len(benchWords))]
			if w == "TODO" && rng.Intn(10) != 0 {
				w = "todo"
			}
			out = append(out, w...)
			out = append(out, ' ')
		}
		out = append(out, fmt.Sprint(rng.Intn(100000))...)
		out = append(out, '\n')
	}
	return out
}

// sideBySide runs line in the generated tree (see sideBySideIn).
func sideBySide(b *testing.B, line string) { sideBySideIn(b, benchTree(b), line, "") }

// sideBySideIn runs line in root through shellfence and GNU in every
// iteration, after prepare (a host command, untimed), and reports the
// ratio of the total times.
func sideBySideIn(b *testing.B, root, line, prepare string) {
	ws, err := vfs.OpenDir(root)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	sideBySideFS(b, engine.New(ws), root, line, prepare)
}

// sideBySideFS is sideBySideIn with the engine e, over any workspace,
// against GNU in the host directory root.
func sideBySideFS(b *testing.B, e *engine.Engine, root, line, prepare string) {
	_, gnuErr := exec.LookPath("bash")
	var ours, gnu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		hostRun(b, root, prepare)
		start := time.Now()
		res, err := runDrained(e, line)
		if err != nil || res.ExitCode > 1 {
			b.Fatalf("shellfence %q: %v exit %d", line, err, res.ExitCode)
		}
		ours += time.Since(start)
		if gnuErr == nil {
			hostRun(b, root, prepare)
			start = time.Now()
			runGNU(b, root, line)
			gnu += time.Since(start)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(ours.Microseconds())/1000/float64(b.N), "ms-shellfence")
	if gnu > 0 {
		b.ReportMetric(float64(gnu.Microseconds())/1000/float64(b.N), "ms-gnu")
		b.ReportMetric(float64(ours)/float64(gnu), "x-gnu")
	}
}

// hostRun runs a preparation step on the host, outside the timings.
func hostRun(b *testing.B, dir, line string) {
	if line == "" {
		return
	}
	b.StopTimer()
	defer b.StartTimer()
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", line, err, out)
	}
}

// runDrained runs line with its output going through an OS pipe that a
// goroutine drains, as GNU's output does in runGNU.
func runDrained(e *engine.Engine, line string) (engine.Result, error) {
	return runDrainedFS(e, line, nil)
}

// runDrainedFS is runDrained over the workspace view fsys (nil: the
// engine's own).
func runDrainedFS(e *engine.Engine, line string, fsys *vfs.FS) (engine.Result, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return engine.Result{}, err
	}
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, pr); close(done) }()
	res, err := e.Run(context.Background(), engine.Request{Command: line, Stdout: pw, Stderr: io.Discard, FS: fsys})
	pw.Close()
	<-done
	pr.Close()
	return res, err
}

// runGNU runs line with bash and the GNU tools; output goes through a pipe
// (not /dev/null, which GNU grep treats as -q).
func runGNU(b *testing.B, dir, line string) {
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 1 {
			b.Fatalf("gnu %q: %v", line, err)
		}
	}
}

func BenchmarkGrepRecursive(b *testing.B) { sideBySide(b, "grep -rn TODO .") }
func BenchmarkCat(b *testing.B)           { sideBySide(b, "cat big.txt") }
func BenchmarkWcLines(b *testing.B)       { sideBySide(b, "wc -l big.txt") }
func BenchmarkSort(b *testing.B)          { sideBySide(b, "sort sort.txt") }
func BenchmarkFind(b *testing.B)          { sideBySide(b, "find . -name 'f01*'") }
func BenchmarkPipeline(b *testing.B)      { sideBySide(b, "cat big.txt | grep TODO | wc -l") }
