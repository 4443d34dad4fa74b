package builtins_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// grepBenchTree generates (once per machine) a tree of 10,000 source-like
// files, about 200 MB, for BenchmarkGrepTree.
func grepBenchTree(b *testing.B) string {
	dir := filepath.Join(os.TempDir(), "shellfence-grep-bench-v1")
	if _, err := os.Stat(filepath.Join(dir, "done")); err == nil {
		return dir
	}
	os.RemoveAll(dir)
	r := rand.New(rand.NewSource(1))
	words := []string{"func", "return", "if", "err", "nil", "value", "buffer", "index", "count", "stream",
		"handler", "context", "string", "int", "for", "range", "len", "make", "append", "struct"}
	line := make([]byte, 0, 200)
	for i := 0; i < 10000; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("d%02d", i%50), fmt.Sprintf("s%02d", i%7))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		var data bytes.Buffer
		for data.Len() < 20_000 {
			line = append(line[:0], '\t')
			for n := 3 + r.Intn(9); n > 0; n-- {
				line = append(line, words[r.Intn(len(words))]...)
				line = append(line, ' ')
			}
			if r.Intn(400) == 0 {
				line = append(line, "// TODO: fix the frobnicator"...)
			}
			data.Write(append(line, '\n'))
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%05d.go", i)), data.Bytes(), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "done"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkGrepTree runs grep -rn through the engine and GNU grep on the
// same tree; compare the ns/op of the shellfence and gnu sub-benchmarks.
func BenchmarkGrepTree(b *testing.B) {
	dir := grepBenchTree(b)
	for _, bc := range []struct{ name, args string }{
		{"literal", "-rn frobnicator"},
		{"regex", "-rn 'TODO: [a-z]* the'"},
		{"class", "-rnc '[0-9][0-9]'"},
		{"ignore-case", "-rni 'FROBNICATOR'"},
		{"count-words", "-rcw nil"},
	} {
		b.Run("shellfence/"+bc.name, func(b *testing.B) {
			ws, err := vfs.OpenDir(dir)
			if err != nil {
				b.Fatal(err)
			}
			defer ws.Close()
			e := engine.New(ws, engine.WithEnv("LC_ALL=C.UTF-8"))
			for b.Loop() {
				res, err := e.Run(context.Background(), engine.Request{Command: "grep " + bc.args + " .", Stdout: io.Discard})
				if err != nil || res.ExitCode > 1 {
					b.Fatalf("%v %d %s", err, res.ExitCode, res.Stderr)
				}
			}
		})
		b.Run("gnu/"+bc.name, func(b *testing.B) {
			if _, err := exec.LookPath("grep"); err != nil {
				b.Skip("no GNU grep")
			}
			for b.Loop() {
				cmd := exec.Command("sh", "-c", "grep "+bc.args+" . | cat >/dev/null")
				cmd.Dir, cmd.Env = dir, []string{"LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"}
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%v %s", err, out)
				}
			}
		})
	}
}
