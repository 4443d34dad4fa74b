package conformance

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkAwk runs awk's field splitting over about 100 MB through the
// engine next to mawk and gawk in the same run, and logs the ratio of
// shellfence's time to mawk's (go test ./conformance -bench Awk -v).
func BenchmarkAwk(b *testing.B) {
	dir := b.TempDir()
	writeBenchData(b, filepath.Join(dir, "big.txt"), 100<<20)
	writeBenchCSV(b, filepath.Join(dir, "big.csv"), 100<<20)
	for _, c := range []struct{ name, cmd string }{
		{"print-2", "awk '{print $2}' big.txt"},
		{"sum-csv", "awk -F, '{s+=$3} END{print s}' big.csv"},
		{"count-words", "awk '{n[$1]++} END{for (k in n) c++; print c}' big.txt"},
		{"regex-filter", "awk '/abc/ {n++} END{print n+0}' big.txt"},
	} {
		cmd := c.cmd + " > /dev/null"
		var ours time.Duration
		b.Run(c.name+"/shellfence", func(b *testing.B) { ours = benchOurs(b, dir, cmd) })
		for _, ref := range []string{"mawk", "gawk"} {
			if _, err := exec.LookPath(ref); err != nil {
				continue
			}
			var theirs time.Duration
			b.Run(c.name+"/"+ref, func(b *testing.B) {
				theirs = benchGNU(b, dir, strings.Replace(cmd, "awk", ref, 1))
			})
			if theirs > 0 {
				b.Logf("%-12s shellfence/%s = %.2f", c.name, ref, float64(ours)/float64(theirs))
			}
		}
	}
}

// writeBenchCSV writes comma-separated rows: a name, a word, a number.
func writeBenchCSV(b *testing.B, name string, size int) {
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewSource(2))
	for written := 0; written < size; {
		n, _ := fmt.Fprintf(w, "id%d,w%d,%d,%d.%02d\n", r.Intn(100000), r.Intn(5000), r.Intn(1000), r.Intn(100), r.Intn(100))
		written += n
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
}
