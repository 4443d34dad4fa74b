package engine_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// The diff and patch benchmarks of issue #4: two 50,000-line files with
// 1% of the lines changed (changed, deleted or inserted), compared with
// diff -u, and the resulting patch applied. Run with:
//
//	go test ./engine -run '^$' -bench 'Diff|Patch' -benchtime 10x

const diffBenchLines = 50000

var (
	diffBenchOnce sync.Once
	diffBenchRoot string
	diffBenchErr  error
)

func diffBenchDir(b *testing.B) string {
	diffBenchOnce.Do(func() {
		diffBenchRoot = filepath.Join(os.TempDir(), "shellfence-bench-diff-v1")
		if _, err := os.Stat(filepath.Join(diffBenchRoot, "done")); err == nil {
			return
		}
		os.RemoveAll(diffBenchRoot)
		diffBenchErr = makeDiffBench(diffBenchRoot)
	})
	if diffBenchErr != nil {
		b.Fatal(diffBenchErr)
	}
	return diffBenchRoot
}

// makeDiffBench writes old.txt, new.txt (1% of the lines changed) and
// p.diff (GNU's diff -u of the two, or ours when GNU is absent).
func makeDiffBench(root string) error {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(4))
	old, nw := benchLines(rng)
	if err := writeLines(filepath.Join(root, "old.txt"), old); err != nil {
		return err
	}
	if err := writeLines(filepath.Join(root, "new.txt"), nw); err != nil {
		return err
	}
	out, _ := exec.Command("diff", "-u", "--label", "work.txt", "--label", "work.txt",
		filepath.Join(root, "old.txt"), filepath.Join(root, "new.txt")).Output()
	if len(out) == 0 {
		return fmt.Errorf("diff -u made no patch")
	}
	if err := os.WriteFile(filepath.Join(root, "p.diff"), out, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(root, "done"), nil, 0o644)
}

func benchLines(rng *rand.Rand) (old, nw []string) {
	for i := 0; i < diffBenchLines; i++ {
		old = append(old, fmt.Sprintf("%s %s %d", benchWords[rng.Intn(len(benchWords))], benchWords[rng.Intn(len(benchWords))], rng.Intn(1000000)))
	}
	for i, l := range old {
		switch rng.Intn(300) {
		case 0:
			nw = append(nw, l+" changed")
		case 1:
			continue
		case 2:
			nw = append(nw, fmt.Sprintf("inserted %d", i), l)
		default:
			nw = append(nw, l)
		}
	}
	return old, nw
}

func writeLines(name string, lines []string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, l := range lines {
		w.WriteString(l + "\n")
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// diffSideBySide runs line through shellfence and GNU in each iteration,
// after prepare (run on the host, untimed), and reports the ratio.
func diffSideBySide(b *testing.B, line, prepare string) {
	root := diffBenchDir(b)
	_, gnuErr := exec.LookPath("diff")
	ws, err := vfs.OpenDir(root)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws)
	var ours, gnu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		hostRun(b, root, prepare)
		b.StartTimer()
		start := time.Now()
		res, err := runDrained(e, line)
		if err != nil || res.ExitCode > 1 {
			b.Fatalf("shellfence %q: %v exit %d", line, err, res.ExitCode)
		}
		ours += time.Since(start)
		if gnuErr == nil {
			b.StopTimer()
			hostRun(b, root, prepare)
			b.StartTimer()
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

func hostRun(b *testing.B, dir, line string) {
	if line == "" {
		return
	}
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", line, err, out)
	}
}

func BenchmarkDiffUnified50k(b *testing.B) {
	diffSideBySide(b, "diff -u old.txt new.txt", "")
}

func BenchmarkPatch50k(b *testing.B) {
	diffSideBySide(b, "patch -s work.txt p.diff", "cp old.txt work.txt")
}
