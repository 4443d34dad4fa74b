package vfs

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"sort"
	"sync"

	"github.com/spf13/afero"
)

// A Journal records which names the writes through a view of a workspace
// touch (see [FS.WithJournal]) and, at its first touch, the state each
// had; [Journal.Changes] compares those with the names' states now. So a
// file written and put back as it was is no change, and reads never are.
// Writes through the files a view opens are not watched one by one: a
// name is touched when it is opened for writing, created, removed,
// renamed (both names), linked, or has its mode changed.
type Journal struct {
	mu   sync.Mutex
	next Layer
	pre  map[string]entry // inner name → state at first touch
}

// entry is a name's state at its first touch; unknown when it could not
// be read (it then counts as changed if it still exists).
type entry struct {
	State
	unknown bool
}

// Change is one name a run created, modified or deleted.
type Change struct {
	// Path is relative to the workspace root, with slashes.
	Path string `json:"path"`
	// Change is "created", "modified" or "deleted".
	Change string `json:"change"`
	// Size is the size now (0 for a deleted name; a symlink's is the
	// length of its target).
	Size int64 `json:"size"`
}

// WithJournal returns a view of f whose writes j records. Directories
// themselves are not changes: the files, symlinks and other entries in
// them are.
func (f *FS) WithJournal() (*FS, *Journal) {
	j := &Journal{pre: map[string]entry{}}
	g := f.Wrap(func(in Layer) Layer {
		j.next = in
		return journal{Base{in}, j}
	})
	return g, j
}

// Changes lists the names whose state differs from what it was at their
// first touch, sorted by path.
func (j *Journal) Changes() []Change {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := []Change{}
	for n, was := range j.pre {
		if c, ok := j.change(n, was); ok {
			out = append(out, c)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Path < out[b].Path })
	return out
}

// change compares the name n, which was was, with its state now. The
// content is read only when the type, mode and size are the same.
func (j *Journal) change(n string, was entry) (Change, bool) {
	c := Change{Path: n[1:]}
	fi, _, err := j.next.LstatIfPossible(n)
	after := err == nil && !fi.IsDir()
	before := was.Exists && !was.IsDir()
	switch {
	case !before && !after:
		return c, false
	case !before:
		c.Change, c.Size = "created", fi.Size()
	case !after:
		c.Change = "deleted"
	case was.unknown || !j.same(n, was.State, fi):
		c.Change, c.Size = "modified", fi.Size()
	default:
		return c, false
	}
	return c, true
}

// same reports whether n, whose lstat is fi, is as was.
func (j *Journal) same(n string, was State, fi fs.FileInfo) bool {
	if was.Size != fi.Size() || was.Mode.Type() != fi.Mode().Type() {
		return false
	}
	now, err := stateFrom(j.next, n, fi)
	return err == nil && was.Same(now)
}

// touch records the state of n if it is the first touch of n; follow
// also records the names the symlinks at n lead to, as they are now.
func (j *Journal) touch(n string, follow bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	for range 8 {
		if _, seen := j.pre[n]; !seen {
			j.pre[n] = j.read(n)
		}
		if !follow {
			return
		}
		t, err := j.next.ReadlinkIfPossible(n)
		if err != nil || path.IsAbs(t) {
			return
		}
		n = path.Join(path.Dir(n), t)
	}
}

// read is the state of n now, for its first touch.
func (j *Journal) read(n string) entry {
	s, err := StateOf(j.next, n)
	if err != nil {
		return entry{State{Exists: true}, true}
	}
	return entry{State: s}
}

// created records n, which did not exist, unless it was touched before.
func (j *Journal) created(n string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, seen := j.pre[n]; !seen {
		j.pre[n] = entry{}
	}
}

// seen reports whether n was touched.
func (j *Journal) seen(n string) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	_, ok := j.pre[n]
	return ok
}

// touchTree touches n and, when it is a directory, every name beneath
// it; each name found is also passed to also, relative to n.
func (j *Journal) touchTree(n string, also func(rel string)) {
	fi, _, err := j.next.LstatIfPossible(n)
	if err != nil {
		return
	}
	if !fi.IsDir() {
		j.touch(n, false)
		also("")
		return
	}
	walkNames(j.next, n, "", func(rel string) {
		j.touch(path.Join(n, rel), false)
		also(rel)
	})
}

// walkNames calls fn with the path, relative to root, of every entry
// beneath dir (root/rel) that is not a directory.
func walkNames(l Layer, root, rel string, fn func(rel string)) {
	d, err := l.Open(path.Join(root, rel))
	if err != nil {
		return
	}
	infos, _ := d.Readdir(-1)
	d.Close()
	for _, fi := range infos {
		r := path.Join(rel, fi.Name())
		if fi.IsDir() {
			walkNames(l, root, r, fn)
		} else {
			fn(r)
		}
	}
}

// journal is the layer of [FS.WithJournal].
type journal struct {
	Base
	j *Journal
}

func (l journal) Create(n string) (afero.File, error) {
	return l.OpenFile(n, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// OpenFile touches a name opened for writing. A name opened to be
// created is first tried with O_EXCL: when that succeeds, the name was
// new, and nothing needed reading; when the open had O_EXCL anyway, its
// failure changed nothing.
func (l journal) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&writeFlags == 0 {
		return l.Next.OpenFile(n, flag, perm)
	}
	if flag&os.O_CREATE != 0 && !l.j.seen(n) {
		f, err := l.Next.OpenFile(n, flag|os.O_EXCL, perm)
		if err == nil {
			l.j.created(n)
			return f, nil
		}
		if flag&os.O_EXCL != 0 || !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	l.j.touch(n, true) // again when seen: a symlink may lead elsewhere now
	return l.Next.OpenFile(n, flag, perm)
}

func (l journal) Remove(n string) error {
	l.j.touch(n, false)
	return l.Next.Remove(n)
}

func (l journal) RemoveAll(n string) error {
	l.j.touchTree(n, func(string) {})
	return l.Next.RemoveAll(n)
}

// Rename touches both names and, for a directory, every name beneath
// each.
func (l journal) Rename(o, n string) error {
	l.j.touch(n, false)
	l.j.touchTree(o, func(rel string) { l.j.touch(path.Join(n, rel), false) })
	return l.Next.Rename(o, n)
}

func (l journal) Chmod(n string, m os.FileMode) error {
	l.j.touch(n, true)
	return l.Next.Chmod(n, m)
}

func (l journal) SymlinkIfPossible(target, n string) error {
	l.j.touch(n, false)
	return l.Next.SymlinkIfPossible(target, n)
}

func (l journal) LinkIfPossible(o, n string) error {
	l.j.touch(n, false)
	return l.Next.LinkIfPossible(o, n)
}
