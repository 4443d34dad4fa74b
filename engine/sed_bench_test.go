package engine_test

import (
	"bufio"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// The sed benchmarks of issue #3 run on a 100 MB file of code-like lines
// where foo, bar and "ab" occur now and then. Run with:
//
//	go test ./engine -run '^$' -bench Sed -benchtime 3x

const sedBenchSize = 100 << 20

func sedBenchDir(b *testing.B) string {
	return cachedDir(b, "shellfence-bench-sed-v1", makeSedBench)
}

var sedWords = []string{"alpha", "beta", "foo", "bar", "cab", "abacus", "func", "return", "err",
	"nil", "value", "index", "buffer", "string", "TODO", "x", "y", "z", "fooled", "label"}

func makeSedBench(root string) error {
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
	return w.Flush()
}

// sedSideBySide runs line on the sed data beside GNU.
func sedSideBySide(b *testing.B, line string) { sideBySideIn(b, sedBenchDir(b), line, "") }

func BenchmarkSedSubstGlobal(b *testing.B) { sedSideBySide(b, "sed 's/foo/bar/g' data.txt") }
func BenchmarkSedPrintMatch(b *testing.B)  { sedSideBySide(b, "sed -n '/TODO.*err/p' data.txt") }
func BenchmarkSedStepDelete(b *testing.B)  { sedSideBySide(b, "sed '1~3d' data.txt") }
func BenchmarkSedSwapGroups(b *testing.B) {
	sedSideBySide(b, `sed 's/\(a\)\(b\)/\2\1/g' data.txt`)
}
