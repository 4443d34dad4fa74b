package vfs_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// layout makes parent/{ws,ws2,outside} with secrets outside, and returns
// the workspace opened.
func layout(t *testing.T) (parent, root string, ws *vfs.FS) {
	t.Helper()
	parent, _ = filepath.EvalSymlinks(t.TempDir())
	root = filepath.Join(parent, "ws")
	for _, d := range []string{"ws/sub", "ws2", "outside"} {
		os.MkdirAll(filepath.Join(parent, d), 0o755)
	}
	os.WriteFile(filepath.Join(parent, "outside/secret.txt"), []byte("SECRET\n"), 0o644)
	os.WriteFile(filepath.Join(parent, "ws2/sib.txt"), []byte("SIBLING\n"), 0o644)
	os.WriteFile(filepath.Join(root, "in.txt"), []byte("IN\n"), 0o644)
	os.Symlink(filepath.Join(parent, "outside/secret.txt"), filepath.Join(root, "abs-out"))
	os.Symlink("../outside/secret.txt", filepath.Join(root, "rel-out"))
	os.Symlink("../../outside", filepath.Join(root, "sub/up"))
	os.Symlink("in.txt", filepath.Join(root, "rel-in"))
	ws, err := vfs.OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return parent, root, ws
}

func readAll(ws *vfs.FS, name string) (string, error) {
	f, err := ws.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	return string(b), err
}

func TestEscapesRefused(t *testing.T) {
	parent, root, ws := layout(t)
	names := []string{
		filepath.Join(parent, "outside/secret.txt"),
		root + "/../outside/secret.txt",
		root + "2/sib.txt",
		"../outside/secret.txt",
		root + "/abs-out",
		root + "/rel-out",
		root + "/sub/up/secret.txt",
		"/etc/passwd",
	}
	for _, n := range names {
		got, err := readAll(ws, n)
		if err == nil || strings.Contains(got, "SECRET") || strings.Contains(got, "SIBLING") {
			t.Errorf("read %s: got %q, %v; want refusal", n, got, err)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, parent) && !strings.HasPrefix(n, parent) {
			t.Errorf("read %s: error shows a host path: %s", n, msg)
		}
	}
}

func TestOutsideErrorText(t *testing.T) {
	_, root, ws := layout(t)
	for _, n := range []string{"/etc/passwd", root + "/../x", root + "/rel-out"} {
		_, err := ws.Open(n)
		if !errors.Is(err, vfs.ErrOutside) || vfs.Text(err) != "outside the workspace" {
			t.Errorf("%s: %v (text %q)", n, err, vfs.Text(err))
		}
	}
}

func TestWritesOutsideRefused(t *testing.T) {
	parent, root, ws := layout(t)
	ws.MkdirAll(root+"/sub", 0o755)
	attempts := map[string]error{
		"create":      afero.WriteFile(ws, "../outside/new.txt", []byte("x"), 0o644),
		"via symlink": afero.WriteFile(ws, root+"/sub/up/new.txt", []byte("x"), 0o644),
		"mkdir":       ws.Mkdir(parent+"/outside/d", 0o755),
		"rename out":  ws.Rename(root+"/in.txt", parent+"/outside/in.txt"),
		"rename in":   ws.Rename(parent+"/outside/secret.txt", root+"/stolen"),
		"hard link":   ws.Link(parent+"/outside/secret.txt", root+"/hl"),
		"symlink abs": ws.SymlinkIfPossible("/etc/passwd", root+"/pw"),
		"symlink rel": ws.SymlinkIfPossible("../outside/secret.txt", root+"/s2"),
		"remove":      ws.Remove(parent + "/outside/secret.txt"),
		"remove root": ws.RemoveAll(root),
		"chmod":       ws.Chmod(root+"/rel-out", 0o777),
	}
	for name, err := range attempts {
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	ents, _ := os.ReadDir(filepath.Join(parent, "outside"))
	if len(ents) != 1 {
		t.Errorf("outside changed: %v", ents)
	}
	if fi, _ := os.Stat(filepath.Join(parent, "outside/secret.txt")); fi.Mode().Perm() != 0o644 {
		t.Errorf("outside file mode changed: %v", fi.Mode())
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("workspace root removed: %v", err)
	}
}

func TestSymlinksInside(t *testing.T) {
	_, root, ws := layout(t)
	if got, err := readAll(ws, root+"/rel-in"); got != "IN\n" {
		t.Errorf("rel-in: %q %v", got, err)
	}
	if err := ws.SymlinkIfPossible(root+"/in.txt", root+"/sub/abs-in"); err != nil {
		t.Fatal(err)
	}
	target, _ := ws.ReadlinkIfPossible(root + "/sub/abs-in")
	if target != "../in.txt" {
		t.Errorf("absolute target inside stored as %q, want ../in.txt", target)
	}
	if got, _ := readAll(ws, "sub/abs-in"); got != "IN\n" {
		t.Errorf("via converted link: %q", got)
	}
}

func TestReadOnly(t *testing.T) {
	_, root, ws := layout(t)
	ro := ws.ReadOnly()
	if got, _ := readAll(ro, "in.txt"); got != "IN\n" {
		t.Errorf("read: %q", got)
	}
	errs := []error{
		afero.WriteFile(ro, "new.txt", nil, 0o644),
		ro.Remove(root + "/in.txt"),
		ro.Mkdir("d", 0o755),
		ro.Rename("in.txt", "x"),
		ro.SymlinkIfPossible("in.txt", "l"),
	}
	for i, err := range errs {
		if !errors.Is(err, vfs.ErrReadOnly) {
			t.Errorf("write %d: %v, want read-only", i, err)
		}
	}
	if _, err := ro.OpenFile("in.txt", os.O_WRONLY, 0); vfs.Text(err) != "read-only workspace" {
		t.Errorf("open for write: %v", err)
	}
}

func TestRelContains(t *testing.T) {
	ws := vfs.NewMem("/w/ws")
	tests := []struct {
		in  string
		rel string
		ok  bool
	}{
		{"/w/ws", ".", true}, {"/w/ws/a/../b", "b", true}, {"/w/ws2/x", "", false},
		{"/w/ws/../ws/c", "c", true}, {"/w", "", false}, {"d/e", "d/e", true}, {"../x", "", false},
	}
	for _, tt := range tests {
		rel, ok := ws.Rel(tt.in)
		if rel != tt.rel || ok != tt.ok || ws.Contains(tt.in) != tt.ok {
			t.Errorf("Rel(%q) = %q, %v; want %q, %v", tt.in, rel, ok, tt.rel, tt.ok)
		}
	}
}

func TestErrorText(t *testing.T) {
	ws := vfs.NewMem("/w")
	_, err := ws.Open("/w/nope")
	if vfs.Text(err) != "No such file or directory" {
		t.Errorf("mem not found: %q", vfs.Text(err))
	}
	_, _, dws := layout(t)
	_, err = dws.Open("nope")
	if vfs.Text(err) != "No such file or directory" {
		t.Errorf("disk not found: %q", vfs.Text(err))
	}
	err = dws.Mkdir("sub", 0o755)
	if vfs.Text(err) != "File exists" {
		t.Errorf("exists: %q", vfs.Text(err))
	}
}

// TestCloseReleasesDescriptors opens and closes a workspace many times:
// nothing may stay open (a server opens one per session).
func TestCloseReleasesDescriptors(t *testing.T) {
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd here")
		}
		return len(ents)
	}
	dir := t.TempDir()
	before := fds()
	for i := 0; i < 50; i++ {
		ws, err := vfs.OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		afero.WriteFile(ws, "f", []byte("x"), 0o644)
		ws.Close()
	}
	if after := fds(); after > before+2 {
		t.Errorf("descriptors: %d before, %d after 50 OpenDir/Close", before, after)
	}
}

func TestWriteAtomic(t *testing.T) {
	_, root, ws := layout(t)
	os.Chmod(filepath.Join(root, "in.txt"), 0o640)
	if err := ws.WriteAtomic(root+"/in.txt", []byte("NEW\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	got, _ := readAll(ws, "in.txt")
	fi, _ := ws.Stat("in.txt")
	if got != "NEW\n" || fi.Mode().Perm() != 0o640 {
		t.Errorf("content %q mode %v", got, fi.Mode())
	}
	ents, _ := os.ReadDir(root)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".in.txt.") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	if err := ws.WriteAtomic("../outside/secret.txt", []byte("x"), 0o644); !errors.Is(err, vfs.ErrOutside) {
		t.Errorf("write outside: %v", err)
	}
}
