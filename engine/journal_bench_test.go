package engine_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// The journal behind files_changed must cost under 5%: grep -rn over
// 2,000 files (reads, which it lets through) and cp -r of 10,000 files
// (creates, each tried with O_EXCL so that nothing is read first), with
// and without Journal, alternating in the same iterations ("x-none").

// journalRatio times line with and without the journal, n times each,
// after setup (run untimed before each), and returns journal/none. The
// time is the process's CPU time (see cpuTime).
func journalRatio(tb testing.TB, root, setup, line string, n int) (float64, time.Duration) {
	ws, err := vfs.OpenDir(root)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws)
	var times [2]time.Duration
	for range n {
		for i, journal := range []bool{false, true} {
			if setup != "" {
				e.Run(context.Background(), engine.Request{Command: setup})
			}
			start := cpuTime()
			res, err := e.Run(context.Background(), engine.Request{Command: line, Stdout: io.Discard, Journal: journal})
			if err != nil || res.ExitCode > 1 {
				tb.Fatalf("%s: %v %s", line, err, res.Stderr)
			}
			times[i] += cpuTime() - start
		}
	}
	return float64(times[1]) / float64(times[0]), times[0] / time.Duration(n)
}

// flatTree makes dirs directories of per files each, of size bytes.
func flatTree(root string, dirs, per, size int) error {
	line := []byte("func main() { return alpha + beta } // TODO\n")
	for d := range dirs {
		dir := filepath.Join(root, fmt.Sprintf("d%03d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for f := range per {
			var data []byte
			for len(data) < size {
				data = append(data, line...)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.go", f)), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

func BenchmarkJournalGrep(b *testing.B) {
	root := cachedDir(b, "shellfence-bench-journal-2k", func(root string) error { return flatTree(root, 20, 100, 4000) })
	b.ResetTimer()
	ratio, none := journalRatio(b, root, "", "grep -rn TODO .", b.N)
	b.ReportMetric(float64(none.Microseconds())/1000, "ms-none")
	b.ReportMetric(ratio, "x-none")
}

func BenchmarkJournalCopy(b *testing.B) {
	root := cachedDir(b, "shellfence-bench-journal-10k", func(root string) error {
		return flatTree(filepath.Join(root, "src"), 100, 100, 200)
	})
	b.ResetTimer()
	ratio, none := journalRatio(b, root, "rm -rf dst", "cp -r src dst", b.N)
	b.ReportMetric(float64(none.Microseconds())/1000, "ms-none")
	b.ReportMetric(ratio, "x-none")
}
