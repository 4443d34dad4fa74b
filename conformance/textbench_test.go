package conformance

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// BenchmarkText runs wc -l, cat and sort through the engine next to the
// GNU tools, on the same generated files in the same run, and logs the
// ratio of shellfence's time to GNU's for each (go test -bench Text -v).
// The files are about 100 MB (wc, cat) and 50 MB (sort).
func BenchmarkText(b *testing.B) {
	dir := b.TempDir()
	writeBenchData(b, filepath.Join(dir, "big.txt"), 100<<20)
	writeBenchData(b, filepath.Join(dir, "sort.txt"), 50<<20)
	gnu := GNUAvailable()
	for _, c := range []struct{ name, cmd string }{
		{"wc-l", "wc -l big.txt"},
		{"cat", "cat big.txt"},
		{"wc", "wc big.txt"},
		{"sort", "sort sort.txt"},
		{"sort-k2n", "sort -k2,2n sort.txt"},
		{"sort-u-k1", "sort -u -k1,1 sort.txt"},
	} {
		cmd := c.cmd + " > /dev/null"
		var ours, theirs time.Duration
		b.Run(c.name+"/shellfence", func(b *testing.B) { ours = benchOurs(b, dir, cmd) })
		if !gnu {
			continue
		}
		b.Run(c.name+"/gnu", func(b *testing.B) { theirs = benchGNU(b, dir, cmd) })
		if theirs > 0 {
			b.Logf("%-10s shellfence/gnu = %.2f", c.name, float64(ours)/float64(theirs))
		}
	}
}

// writeBenchData writes lines of words and numbers, like logs or tables.
func writeBenchData(b *testing.B, name string, size int) {
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewSource(1))
	words := make([]string, 5000)
	for i := range words {
		n := 3 + r.Intn(10)
		buf := make([]byte, n)
		for j := range buf {
			buf[j] = byte('a' + r.Intn(26))
		}
		words[i] = string(buf)
	}
	for written := 0; written < size; {
		n, _ := fmt.Fprintf(w, "%s %d %s %d.%02d\n", words[r.Intn(len(words))], r.Intn(1000000),
			words[r.Intn(len(words))], r.Intn(1000), r.Intn(100))
		written += n
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
}

// benchOurs runs cmd through the engine b.N times; it returns the time
// per run.
func benchOurs(b *testing.B, dir, cmd string) time.Duration {
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws, engine.WithEnv(Env...))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := e.Run(context.Background(), engine.Request{Command: cmd})
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("%s: %v, status %d: %s", cmd, err, res.ExitCode, res.Stderr)
		}
	}
	return b.Elapsed() / time.Duration(b.N)
}

// benchGNU runs cmd with bash and the GNU tools b.N times.
func benchGNU(b *testing.B, dir, cmd string) time.Duration {
	for i := 0; i < b.N; i++ {
		c := exec.Command("bash", "-c", cmd)
		c.Dir = dir
		c.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin"}, Env...)
		if out, err := c.CombinedOutput(); err != nil {
			b.Fatalf("%s: %v: %s", cmd, err, out)
		}
	}
	return b.Elapsed() / time.Duration(b.N)
}
