package conformance

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkJQ runs jq through the engine next to the host's jq on the
// same generated files in the same run, and logs the ratio of
// shellfence's time to jq's (go test ./conformance -bench JQ -run XX -v).
// stream.json is about 100 MB of one small object per line; array.json
// is one array of about 100 MB.
func BenchmarkJQ(b *testing.B) {
	dir := b.TempDir()
	writeJQBenchData(b, filepath.Join(dir, "stream.json"), 100<<20, false)
	writeJQBenchData(b, filepath.Join(dir, "array.json"), 100<<20, true)
	gnu := GNUAvailable()
	for _, c := range []struct{ name, cmd string }{
		{"stream-identity", "jq . stream.json"},
		{"stream-select", "jq -c 'select(.n > 500000) | {name, n}' stream.json"},
		{"stream-raw", "jq -r '.name' stream.json"},
		{"array-iterate", "jq -c '.[]' array.json"},
		{"array-length", "jq 'length' array.json"},
		{"array-map", "jq -c 'map(.n) | add' array.json"},
	} {
		cmd := c.cmd + " > /dev/null"
		var ours, theirs time.Duration
		b.Run(c.name+"/shellfence", func(b *testing.B) { ours = benchOurs(b, dir, cmd) })
		if !gnu {
			continue
		}
		b.Run(c.name+"/jq", func(b *testing.B) { theirs = benchGNU(b, dir, cmd) })
		if theirs > 0 {
			b.Logf("%-16s shellfence/jq = %.2f", c.name, float64(ours)/float64(theirs))
		}
	}
}

// writeJQBenchData writes objects like API results: one per line, or
// as the elements of one array.
func writeJQBenchData(b *testing.B, name string, size int, array bool) {
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewSource(1))
	sep, end := "\n", "\n"
	if array {
		w.WriteString("[")
		sep, end = ",\n", "]\n"
	}
	for written, i := 0, 0; written < size; i++ {
		if i > 0 {
			w.WriteString(sep)
		}
		n, _ := fmt.Fprintf(w, `{"id":%d,"name":"item-%d","n":%d,"score":%d.%02d,"tags":["a","b%d"],"ok":%t,"meta":{"x":null,"y":"é"}}`,
			i, r.Intn(100000), r.Intn(1000000), r.Intn(100), r.Intn(100), r.Intn(10), r.Intn(2) == 0)
		written += n
	}
	w.WriteString(end)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
}
