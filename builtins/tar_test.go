package builtins_test

import (
	"archive/tar"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

type testMember struct {
	name, link string
	typ        byte
	data       string
}

func tarOf(t *testing.T, members []testMember) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, m := range members {
		h := &tar.Header{Name: m.name, Linkname: m.link, Typeflag: m.typ, Mode: 0o644, Size: int64(len(m.data))}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(m.data))
	}
	tw.Close()
	return b.Bytes()
}

// TestTarRefusesBeforeWriting checks that one hostile member, wherever
// it comes in the archive, stops the extraction before the first file
// is written.
func TestTarRefusesBeforeWriting(t *testing.T) {
	ok := testMember{name: "ok.txt", typ: tar.TypeReg, data: "fine\n"}
	tests := map[string][]testMember{
		"dotdot":       {ok, {name: "../pwned", typ: tar.TypeReg, data: "x"}},
		"absolute":     {ok, {name: "/pwned", typ: tar.TypeReg, data: "x"}},
		"inner-dotdot": {ok, {name: "a/../../pwned", typ: tar.TypeReg, data: "x"}},
		"symlink-out":  {ok, {name: "l", link: "../outside", typ: tar.TypeSymlink}},
		"symlink-abs":  {ok, {name: "l", link: "/etc", typ: tar.TypeSymlink}},
		"through-link": {ok, {name: "l", link: "sub", typ: tar.TypeSymlink}, {name: "l/x", typ: tar.TypeReg, data: "x"}},
		"on-disk-link": {ok, {name: "esc/pwned", typ: tar.TypeReg, data: "x"}},
		"hardlink-out": {ok, {name: "h", link: "../outside/secret", typ: tar.TypeLink}},
		"hardlink-abs": {ok, {name: "h", link: "/etc/passwd", typ: tar.TypeLink}},
	}
	for name, members := range tests {
		t.Run(name, func(t *testing.T) {
			ws, _ := vfstest.Workspace(t, map[string]string{"sub/keep": "k\n", "esc": "->sub"})
			if err := os.WriteFile(filepath.Join(ws, "a.tar"), tarOf(t, members), 0o644); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := run(t, ws, "tar xf a.tar")
			if code != 2 || !strings.Contains(stderr, "nothing was extracted") {
				t.Errorf("status %d, stderr %q", code, stderr)
			}
			if _, err := os.Lstat(filepath.Join(ws, "ok.txt")); err == nil {
				t.Errorf("ok.txt was written before the refusal")
			}
		})
	}
}

// TestTarBudget checks that an archive whose files exceed the run's
// file write budget is refused before anything is written.
func TestTarBudget(t *testing.T) {
	ws, _ := vfstest.Workspace(t, map[string]string{})
	big := strings.Repeat("x", 1<<20)
	data := tarOf(t, []testMember{{name: "a", typ: tar.TypeReg, data: big}, {name: "b", typ: tar.TypeReg, data: big}})
	os.WriteFile(filepath.Join(ws, "big.tar"), data, 0o644)
	stderr, code := runLimited(t, ws, "tar xf big.tar", 1<<20+1000)
	if code != 2 || !strings.Contains(stderr, "budget") {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
	if _, err := os.Lstat(filepath.Join(ws, "a")); err == nil {
		t.Errorf("a was written before the refusal")
	}
}

// runLimited runs cmd with a file write budget of n bytes.
func runLimited(t *testing.T, ws, cmd string, n int64) (stderr string, code int) {
	t.Helper()
	fsys, err := vfs.OpenDir(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	res, err := engine.New(fsys, engine.WithFileWriteLimit(n)).Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	return string(res.Stderr), res.ExitCode
}
