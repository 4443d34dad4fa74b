package engine_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The diff and patch benchmarks of issue #4: two 50,000-line files with
// 1% of the lines changed (changed, deleted or inserted), compared with
// diff -u, and the resulting patch applied. Run with:
//
//	go test ./engine -run '^$' -bench 'Diff|Patch' -benchtime 10x

const diffBenchLines = 50000

func diffBenchDir(b *testing.B) string {
	return cachedDir(b, "shellfence-bench-diff-v1", makeDiffBench)
}

// makeDiffBench writes old.txt, new.txt (1% of the lines changed) and
// p.diff (GNU's diff -u of the two, or ours when GNU is absent).
func makeDiffBench(root string) error {
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
	return os.WriteFile(filepath.Join(root, "p.diff"), out, 0o644)
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

// diffSideBySide runs line on the diff data beside GNU, after prepare.
func diffSideBySide(b *testing.B, line, prepare string) {
	sideBySideIn(b, diffBenchDir(b), line, prepare)
}

func BenchmarkDiffUnified50k(b *testing.B) {
	diffSideBySide(b, "diff -u old.txt new.txt", "")
}

func BenchmarkPatch50k(b *testing.B) {
	diffSideBySide(b, "patch -s work.txt p.diff", "cp old.txt work.txt")
}
