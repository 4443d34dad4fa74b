package checkpoint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shellfence/shellfence/checkpoint"
	"github.com/shellfence/shellfence/vfs"
)

// A checkpoint of a 10,000-file, 200 MB tree: the first into an empty
// store ("ms-first", goal under 2 s), then a second after 10 files
// changed ("ms-second", goal under 0.3 s), which reads only those.

func benchTree(b *testing.B) string {
	root := filepath.Join(os.TempDir(), "shellfence-bench-checkpoint-10k")
	if _, err := os.Stat(filepath.Join(root, "done")); err == nil {
		return root
	}
	os.RemoveAll(root)
	chunk := make([]byte, 20<<10)
	for d := range 100 {
		dir := filepath.Join(root, "ws", fmt.Sprintf("d%02d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 100 {
			for i := range chunk {
				chunk[i] = byte('a' + (d*7+f*13+i)%26)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d", f)), chunk, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	os.WriteFile(filepath.Join(root, "done"), nil, 0o644)
	return root
}

func BenchmarkCheckpoint(b *testing.B) {
	root := benchTree(b)
	ws, err := vfs.OpenDir(filepath.Join(root, "ws"))
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	var first, second time.Duration
	for i := 0; i < b.N; i++ {
		storeDir := b.TempDir()
		sfs, _ := vfs.OpenDir(storeDir)
		s, err := checkpoint.Open(sfs, checkpoint.Options{})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if _, err := s.Create(ws, "first", nil); err != nil {
			b.Fatal(err)
		}
		first += time.Since(start)
		for f := range 10 {
			os.WriteFile(filepath.Join(root, "ws", "d00", fmt.Sprintf("f%02d", f)), []byte(fmt.Sprint(i, f, time.Now())), 0o644)
		}
		start = time.Now()
		if _, err := s.Create(ws, "second", nil); err != nil {
			b.Fatal(err)
		}
		second += time.Since(start)
		sfs.Close()
	}
	b.ReportMetric(float64(first.Milliseconds())/float64(b.N), "ms-first")
	b.ReportMetric(float64(second.Milliseconds())/float64(b.N), "ms-second")
}
