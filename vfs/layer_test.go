package vfs_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// counting is a layer written the way the layering kit intends: it embeds
// vfs.Base, overrides OpenFile only, and wraps every file it opens.
type counting struct {
	vfs.Base
	opens *atomic.Int64
}

func (c counting) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	f, err := c.Next.OpenFile(n, flag, perm)
	if err != nil {
		return nil, err
	}
	c.opens.Add(1)
	return wrapped{vfs.BaseFile{File: f}}, nil
}

type wrapped struct{ vfs.BaseFile }

func layered(ws *vfs.FS, opens *atomic.Int64) *vfs.FS {
	return ws.Wrap(func(in vfs.Layer) vfs.Layer { return counting{vfs.Base{Next: in}, opens} })
}

// Every optional capability passes through a layer that overrides none
// of them (before the kit, a wrapper hid symlinks and hard links).
func TestLayerKeepsCapabilities(t *testing.T) {
	_, root, bare := layout(t)
	var opens atomic.Int64
	ws := layered(bare, &opens)
	if err := ws.SymlinkIfPossible("in.txt", "link"); err != nil {
		t.Fatalf("symlink through a layer: %v", err)
	}
	if got, err := ws.ReadlinkIfPossible("link"); err != nil || got != "in.txt" {
		t.Errorf("readlink = %q, %v", got, err)
	}
	if fi, err := ws.Lstat("link"); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("lstat = %v, %v", fi, err)
	}
	if err := ws.Link("in.txt", "hard"); err != nil {
		t.Errorf("link through a layer: %v", err)
	}
	if got, err := readAll(ws, "hard"); err != nil || got != "IN\n" {
		t.Errorf("read = %q, %v", got, err)
	}
	if opens.Load() == 0 {
		t.Error("the layer saw no open")
	}
	if err := ws.SymlinkIfPossible(filepath.Join(root, "../outside/secret.txt"), "out"); !errors.Is(err, vfs.ErrOutside) {
		t.Errorf("symlink out through a layer = %v, want outside", err)
	}
}

// A layer whose files embed BaseFile keeps the fast directory read: the
// entries' types come from the directory, without a stat each.
func TestLayerKeepsFastReadDir(t *testing.T) {
	_, _, bare := layout(t)
	var opens atomic.Int64
	ws := layered(bare, &opens)
	want, err := bare.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ws.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(got) == 0 {
		t.Fatalf("%d entries through the layer, %d without", len(got), len(want))
	}
	for i := range got {
		if got[i].Name() != want[i].Name() || got[i].Type() != want[i].Type() {
			t.Errorf("entry %d: %v, want %v", i, got[i], want[i])
		}
		if reflect.TypeOf(got[i]) != reflect.TypeOf(want[i]) {
			t.Errorf("entry %s is a %T through the layer, a %T without", got[i].Name(), got[i], want[i])
		}
	}
}

// A plain afero.Fs becomes a Layer whose missing capabilities fail as
// afero's own do.
func TestAsLayer(t *testing.T) {
	l := vfs.AsLayer(afero.NewMemMapFs())
	if _, ok := l.(vfs.Layer); !ok {
		t.Fatal("not a layer")
	}
	if err := l.SymlinkIfPossible("a", "/b"); !errors.Is(err, afero.ErrNoSymlink) {
		t.Errorf("symlink = %v", err)
	}
	if _, err := l.ReadlinkIfPossible("/b"); !errors.Is(err, afero.ErrNoReadlink) {
		t.Errorf("readlink = %v", err)
	}
	if vfs.AsLayer(l) != l {
		t.Error("AsLayer wrapped a layer again")
	}
}

// A workspace under a budget refuses the write that would go past it
// before any of its bytes reach the file.
func TestWithBudget(t *testing.T) {
	_, root, bare := layout(t)
	var stopped error
	b := budget.New(budget.Limits{FileBytes: 10}, func(err error) { stopped = err })
	ws := bare.WithBudget(b)
	f, err := ws.Create("out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write([]byte("12345678")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("abc")); !errors.As(err, new(*budget.Exceeded)) {
		t.Errorf("write past the budget: %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "out")); string(got) != "12345678" || stopped == nil {
		t.Errorf("file holds %q; stopped: %v", got, stopped)
	}
	g, _ := vfs.NewMem("/m").WithBudget(budget.New(budget.Limits{FileBytes: 100}, nil)).Create("/m/t")
	if err := g.Truncate(1 << 20); err == nil {
		t.Error("truncate grew a file past the budget")
	}
	r, _ := ws.Open("in.txt")
	raw, _ := bare.Open("in.txt")
	if reflect.TypeOf(vfs.RawFile(r)) != reflect.TypeOf(vfs.RawFile(raw)) {
		t.Errorf("a read under a budget is not the raw file: %T", vfs.RawFile(r))
	}
}
