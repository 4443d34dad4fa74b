package edit_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/shellfence/shellfence/edit"
	"github.com/shellfence/shellfence/edit/regex"
)

// corpusScripts returns the sed scripts of the conformance corpus (the
// single-quoted arguments of sed), to seed the fuzzers.
func corpusScripts(f *testing.F) []string {
	paths, _ := filepath.Glob("../conformance/testdata/sed*.txtar")
	re := regexp.MustCompile(`sed [^'\n]*'([^']*)'`)
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, m := range re.FindAllSubmatch(data, -1) {
			out = append(out, string(m[1]))
		}
	}
	return out
}

// memFiles serves one input file and refuses the rest.
type memFiles struct{ data []byte }

var errNo = errors.New("no")

func (m memFiles) Open(name string) (io.ReadCloser, error) {
	if name == "in" {
		return io.NopCloser(bytes.NewReader(m.data)), nil
	}
	return nil, errNo
}
func (memFiles) Create(string) (io.WriteCloser, error) { return nil, errNo }
func (memFiles) Stat(string) (fs.FileInfo, error)      { return nil, errNo }
func (memFiles) Lstat(string) (fs.FileInfo, error)     { return nil, errNo }
func (memFiles) Readlink(string) (string, error)       { return "", errNo }
func (memFiles) CreateTemp(string, string) (io.WriteCloser, string, error) {
	return nil, "", errNo
}
func (memFiles) Rename(string, string) error     { return errNo }
func (memFiles) Remove(string) error             { return errNo }
func (memFiles) Chmod(string, fs.FileMode) error { return errNo }

// FuzzScript compiles arbitrary scripts and runs those that compile on a
// small input: no panic, and every run ends within its deadline.
func FuzzScript(f *testing.F) {
	for _, s := range corpusScripts(f) {
		f.Add(s, false)
	}
	f.Add(`:a;N;$!ba;s/\n/ /g`, false)
	f.Add(`s/\(a\)\|b/\1/g`, true)
	f.Fuzz(func(t *testing.T, script string, ere bool) {
		c := edit.NewCompiler(memFiles{})
		c.Extended = ere
		if c.AddExpression(script) != nil {
			return
		}
		prog, err := c.Finish()
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		var out bytes.Buffer
		env := &edit.Env{Ctx: ctx, Name: "sed", Files: memFiles{[]byte("hello world\nfoo bar\n\nbaz")},
			Stdin: bytes.NewReader(nil), Stdout: &limited{w: &out, n: 1 << 20}, Stderr: io.Discard,
			Exec: func(string) ([]byte, error) { return []byte("ran\n"), nil }}
		env.LineLength = 70
		start := time.Now()
		prog.Run(env, []string{"in"})
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("script %q ran %v past its deadline", script, d)
		}
	})
}

// limited fails writes past n bytes, so runaway output ends the run.
type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(b []byte) (int, error) {
	if len(b) > l.n {
		return 0, io.ErrShortWrite
	}
	l.n -= len(b)
	return l.w.Write(b)
}

// FuzzRegex compiles arbitrary patterns the way sed does and matches them
// against a few strings: no panic, and a bounded time.
func FuzzRegex(f *testing.F) {
	for _, s := range []string{`a\{2,3\}`, `\(a*\)b\1`, `[[:alpha:]]\+`, `^\(.*\)\n\1$`, `x\|y`, `[]a-]`, `\<w\>`, `(a|b)+c?`} {
		f.Add(s, false, false)
	}
	f.Add(`(a|ab)(c|bcd)(d*)`, true, true)
	f.Fuzz(func(t *testing.T, pattern string, ere, icase bool) {
		re, err := regex.Compile(pattern, regex.Options{ERE: ere, IgnoreCase: icase, SedEscapes: true})
		if err != nil {
			return
		}
		start := time.Now()
		for _, s := range []string{"", "a", "abcabc\nxyz", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "héllo wörld"} {
			re.Match([]byte(s))
			re.FindAllSubmatchIndex([]byte(s), -1)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("pattern %q took %v", pattern, d)
		}
	})
}
