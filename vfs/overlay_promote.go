package vfs

import (
	"errors"
	"io/fs"
	"path"
	"sort"

	"github.com/spf13/afero"
)

// touched lists the names the overlay recorded, sorted, and their
// workspace states at first touch.
func (o *Overlay) touched() ([]string, map[string]State) {
	o.mu.Lock()
	defer o.mu.Unlock()
	names := make([]string, 0, len(o.base))
	base := make(map[string]State, len(o.base))
	for n, s := range o.base {
		names = append(names, n)
		base[n] = s
	}
	sort.Strings(names)
	return names, base
}

// Changes lists what promoting the overlay would change in the
// workspace, as [Journal.Changes] does, sorted by path.
func (o *Overlay) Changes() []Change {
	names, base := o.touched()
	out := []Change{}
	for _, n := range names {
		now, err := StateOf(o.Layer(), n)
		if err != nil {
			continue
		}
		if c, ok := compare(n, base[n], now); ok {
			out = append(out, c)
		}
	}
	return out
}

// compare is the change from was to now of the name n, if any.
func compare(n string, was, now State) (Change, bool) {
	c := Change{Path: n[1:]}
	before, after := was.Exists && !was.IsDir(), now.Exists && !now.IsDir()
	switch {
	case !before && !after:
		return c, false
	case !before:
		c.Change, c.Size = "created", now.Size
	case !after:
		c.Change = "deleted"
	case !was.Same(now):
		c.Change, c.Size = "modified", now.Size
	default:
		return c, false
	}
	return c, true
}

// Conflicts lists the names the overlay touched that the workspace has
// changed since (relative to the root, sorted).
func (o *Overlay) Conflicts() []string {
	names, base := o.touched()
	var out []string
	for _, n := range names {
		now, err := StateOf(o.lower, n)
		if err != nil || !now.Same(base[n]) {
			out = append(out, n[1:])
		}
	}
	return out
}

// ErrConflict is the error of a promote refused because the workspace
// changed names the overlay touched.
var ErrConflict = errors.New("the workspace changed since the preview started")

// Promote applies the overlay to ws, a view of the workspace below it:
// only when [Overlay.Conflicts] is empty (else it returns them with
// [ErrConflict] and changes nothing). Each file is replaced atomically
// ([FS.WriteAtomic]); deletions go first, then directories, files and
// symlinks. It returns what it changed.
func (o *Overlay) Promote(ws *FS) ([]Change, []string, error) {
	if c := o.Conflicts(); len(c) > 0 {
		return nil, c, ErrConflict
	}
	changes := o.Changes()
	ov := &FS{inner: o.Layer(), root: ws.root, users: ws.users}
	for i := len(changes) - 1; i >= 0; i-- {
		if c := changes[i]; c.Change == "deleted" {
			if err := ws.Remove(path.Join(ws.root, c.Path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, nil, err
			}
		}
	}
	if err := o.promoteDirs(ws, ov); err != nil {
		return nil, nil, err
	}
	for _, c := range changes {
		if c.Change == "deleted" {
			continue
		}
		if err := promoteOne(ws, ov, path.Join(ws.root, c.Path)); err != nil {
			return nil, nil, err
		}
	}
	return changes, nil, nil
}

// promoteDirs removes the directories the overlay removed (deepest
// first, and only when empty) and makes those it made, with their modes.
func (o *Overlay) promoteDirs(ws, ov *FS) error {
	names, base := o.touched()
	for i := len(names) - 1; i >= 0; i-- {
		n := names[i]
		if !base[n].IsDir() {
			continue
		}
		if fi, err := ov.Lstat(path.Join(ws.root, n)); err != nil || !fi.IsDir() {
			ws.Remove(path.Join(ws.root, n))
		}
	}
	o.mu.Lock()
	var dirs []string
	for n, nd := range o.nodes {
		if nd.kind == 'd' {
			dirs = append(dirs, n)
		}
	}
	o.mu.Unlock()
	sort.Strings(dirs)
	for _, n := range dirs {
		vis := path.Join(ws.root, n)
		fi, err := ov.Lstat(vis)
		if err != nil || !fi.IsDir() {
			continue
		}
		if err := ws.MkdirAll(vis, fi.Mode().Perm()); err != nil {
			return err
		}
		if cur, err := ws.Lstat(vis); err == nil && cur.Mode().Perm() != fi.Mode().Perm() {
			ws.Chmod(vis, fi.Mode().Perm())
		}
	}
	return nil
}

// promoteOne puts the overlay's name (a visible path) into ws.
func promoteOne(ws, ov *FS, name string) error {
	fi, err := ov.Lstat(name)
	if err != nil {
		return err
	}
	if err := ws.MkdirAll(path.Dir(name), 0o755); err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, err := ov.ReadlinkIfPossible(name)
		if err != nil {
			return err
		}
		tmp := path.Join(path.Dir(name), "."+path.Base(name)+".promote")
		ws.Remove(tmp)
		if err := ws.SymlinkIfPossible(t, tmp); err != nil {
			return err
		}
		return ws.Rename(tmp, name)
	}
	if cur, err := ws.Lstat(name); err == nil && cur.IsDir() {
		return &fs.PathError{Op: "promote", Path: name, Err: fs.ErrExist}
	}
	data, err := afero.ReadFile(ov, name)
	if err != nil {
		return err
	}
	return ws.WriteAtomic(name, data, modeBits(fi.Mode()))
}
