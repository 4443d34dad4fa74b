package vfs_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// Entries opened through a Dir read as by their paths; symlinks among
// them are followed only within the workspace, and a name that is not an
// entry goes by its path, refused when it leaves.
func TestDirConfined(t *testing.T) {
	_, root, bare := layout(t)
	for name, ws := range map[string]*vfs.FS{"bare": bare, "read-only": bare.ReadOnly(), "layered": countOpens(bare, new(atomic.Int64))} {
		d, err := ws.Dir(root)
		if err != nil {
			t.Fatal(err)
		}
		ents, err := d.ReadFTS(false)
		if err != nil || len(ents) == 0 {
			t.Fatalf("%s: ReadFTS = %v, %v", name, ents, err)
		}
		for entry, want := range map[string]string{"in.txt": "IN\n", "rel-in": "IN\n"} {
			if got, err := readEntry(d, entry); got != want || err != nil {
				t.Errorf("%s: %s = %q, %v; want %q", name, entry, got, err, want)
			}
		}
		for _, entry := range []string{"abs-out", "rel-out", "../outside/secret.txt", "sub/up/secret.txt", "../ws2/sib.txt"} {
			if got, err := readEntry(d, entry); err == nil || strings.Contains(got, "SECRET") || strings.Contains(got, "SIBLING") {
				t.Errorf("%s: %s = %q, %v; want refusal", name, entry, got, err)
			} else if !errors.Is(err, vfs.ErrOutside) {
				t.Errorf("%s: %s: %v, want outside the workspace", name, entry, err)
			}
		}
		sub, err := d.Sub("sub")
		if err != nil {
			t.Fatalf("%s: Sub = %v", name, err)
		}
		if _, err := sub.Sub("up"); !errors.Is(err, vfs.ErrOutside) {
			t.Errorf("%s: sub/up = %v, want outside the workspace", name, err)
		}
		if _, err := sub.Open("up"); !errors.Is(err, vfs.ErrOutside) {
			t.Errorf("%s: open sub/up = %v, want outside the workspace", name, err)
		}
		if _, err := d.Sub("in.txt"); err == nil {
			t.Errorf("%s: a file opened as a directory", name)
		}
		if _, err := d.Open("missing"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: open missing = %v", name, err)
		}
		if fi, err := sub.Stat(); err != nil || !fi.IsDir() || fi.Name() != "sub" {
			t.Errorf("%s: sub.Stat = %v, %v", name, fi, err)
		}
		sub.Close()
		d.Close()
	}
}

func readEntry(d *vfs.Dir, name string) (string, error) {
	f, err := d.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if f.Name() != d.Name()+"/"+name {
		return "", errors.New("named " + f.Name())
	}
	b, err := io.ReadAll(f)
	return string(b), err
}

// A layer sees every open a walk makes: a Dir opens entries relative to
// the directory only when nothing but the disk is below.
func TestDirThroughLayer(t *testing.T) {
	_, root, bare := layout(t)
	var opens atomic.Int64
	ws := countOpens(bare, &opens)
	d, err := ws.Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	before := opens.Load()
	if _, err := readEntry(d, "in.txt"); err != nil {
		t.Fatal(err)
	}
	sub, err := d.Sub("sub")
	if err != nil {
		t.Fatal(err)
	}
	sub.Close()
	if n := opens.Load() - before; n != 2 {
		t.Errorf("the layer saw %d opens, want 2", n)
	}
	deny := ws.Wrap(func(in vfs.Layer) vfs.Layer { return denyLayer{vfs.Base{Next: in}} })
	dd, err := deny.Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer dd.Close()
	if _, err := dd.Open("in.txt"); !errors.Is(err, os.ErrPermission) {
		t.Errorf("open past a layer that refuses it = %v", err)
	}
}

// countOpens returns ws under a layer that counts its opens.
func countOpens(ws *vfs.FS, n *atomic.Int64) *vfs.FS {
	return ws.Wrap(func(in vfs.Layer) vfs.Layer { return countLayer{vfs.Base{Next: in}, n} })
}

type countLayer struct {
	vfs.Base
	n *atomic.Int64
}

func (l countLayer) Open(name string) (afero.File, error) {
	return l.OpenFile(name, os.O_RDONLY, 0)
}

func (l countLayer) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	l.n.Add(1)
	return l.Next.OpenFile(name, flag, perm)
}

// denyLayer refuses to open in.txt.
type denyLayer struct{ vfs.Base }

func (l denyLayer) Open(name string) (afero.File, error) {
	return l.OpenFile(name, os.O_RDONLY, 0)
}

func (l denyLayer) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	if strings.HasSuffix(name, "/in.txt") {
		return nil, &fs.PathError{Op: "open", Path: name, Err: os.ErrPermission}
	}
	return l.Next.OpenFile(name, flag, perm)
}

// A directory renamed during the walk keeps its entries, as with fts;
// one replaced by a symlink out is not followed.
func TestDirRenamed(t *testing.T) {
	parent, root, ws := layout(t)
	os.WriteFile(root+"/sub/f", []byte("F\n"), 0o644)
	d, err := ws.Dir(root)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	sub, err := d.Sub("sub")
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	if err := os.Rename(root+"/sub", root+"/moved"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(parent+"/outside", root+"/sub"); err != nil {
		t.Fatal(err)
	}
	if got, err := readEntry(sub, "f"); got != "F\n" || err != nil {
		t.Errorf("entry of the renamed directory = %q, %v", got, err)
	}
	if got, err := readEntry(sub, "secret.txt"); err == nil || strings.Contains(got, "SECRET") {
		t.Errorf("secret.txt = %q, %v; want no such file", got, err)
	}
	if _, err := d.Sub("sub"); !errors.Is(err, vfs.ErrOutside) {
		t.Errorf("sub, now a symlink out = %v", err)
	}
}
