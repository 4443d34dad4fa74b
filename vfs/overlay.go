package vfs

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/afero"
	"github.com/spf13/afero/mem"
)

// An Overlay is a copy-on-write view of a workspace (see [FS.Overlay]):
// reads of what it has not changed go to the workspace below, every write
// goes to its upper layer, which it holds in memory, outside the
// workspace. Removing or renaming a name of the workspace leaves a
// whiteout that hides it; a directory made in the overlay hides what the
// workspace had at that name; listings merge the two. Symlinks are
// resolved by the overlay, so a symlink made in it leads where it says.
// A hard link is a copy. The workspace itself is never written.
//
// At the first touch of each name the overlay records the workspace's
// state of it, so [Overlay.Conflicts] can tell which names the workspace
// has changed since, and [Overlay.Changes] what the overlay would change.
type Overlay struct {
	mu    sync.Mutex
	lower Layer
	nodes map[string]*onode          // upper entries and whiteouts
	kids  map[string]map[string]bool // upper entries by parent directory
	base  map[string]State           // the workspace's state at first touch
	used  int64                      // bytes the upper files hold
	limit int64                      // most bytes they may hold (0: no bound)
}

// onode is one name in the upper layer.
type onode struct {
	kind   byte // 'w' whiteout, 'f' file, 'd' directory, 'l' symlink
	mode   fs.FileMode
	data   *mem.FileData // files
	target string        // symlinks
	opaque bool          // directories: nothing of the workspace shows through
	mtime  time.Time
}

// ErrOverlayFull is the error of a write past an overlay's size limit.
var ErrOverlayFull = errors.New("preview overlay full")

// Overlay returns a copy-on-write view of f whose upper layer holds at
// most limit bytes of file content (0: no bound), and the overlay.
func (f *FS) Overlay(limit int64) (*FS, *Overlay) {
	o := &Overlay{lower: f.inner, nodes: map[string]*onode{}, kids: map[string]map[string]bool{},
		base: map[string]State{}, limit: limit}
	g := *f
	g.inner = overlayLayer{o}
	return &g, o
}

// Layer returns the overlay as a [Layer] (names rooted at "/").
func (o *Overlay) Layer() Layer { return overlayLayer{o} }

// Used returns how many bytes of file content the overlay holds.
func (o *Overlay) Used() int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.used
}

// ostat is what a name is in the merged view.
type ostat struct {
	exists bool
	node   *onode      // upper, or nil: the workspace's
	info   fs.FileInfo // the workspace's lstat, when node is nil
	hidden bool        // the workspace's names below do not show
}

func (s ostat) isDir() bool {
	if s.node != nil {
		return s.node.kind == 'd'
	}
	return s.exists && s.info.IsDir()
}

func (s ostat) isLink() bool {
	if s.node != nil {
		return s.node.kind == 'l'
	}
	return s.exists && s.info.Mode()&fs.ModeSymlink != 0
}

// look is the merged state of n, whose parent path has no symlink;
// hidden says whether the workspace's names under the parent are hidden.
func (o *Overlay) look(n string, hidden bool) ostat {
	if nd, ok := o.nodes[n]; ok {
		if nd.kind == 'w' {
			return ostat{hidden: true}
		}
		return ostat{exists: true, node: nd, hidden: hidden || nd.opaque}
	}
	if hidden {
		return ostat{hidden: true}
	}
	fi, _, err := o.lower.LstatIfPossible(n)
	if err != nil {
		return ostat{}
	}
	return ostat{exists: true, info: fi}
}

// walk resolves n component by component, following symlinks (the last
// one only when follow is set), and returns the name reached, with no
// symlink in its path, and its state.
func (o *Overlay) walk(op, n string, follow bool) (string, ostat, error) {
	parts := pathSegments(path.Clean("/" + n))
	cur, st := "/", o.look("/", false)
	for hops := 0; len(parts) > 0; {
		if !st.exists || !st.isDir() {
			return "", ostat{}, &fs.PathError{Op: op, Path: n, Err: notFound(st)}
		}
		next := path.Join(cur, parts[0])
		nst := o.look(next, st.hidden)
		if nst.isLink() && (len(parts) > 1 || follow) {
			if hops++; hops > 40 {
				return "", ostat{}, &fs.PathError{Op: op, Path: n, Err: syscall.ELOOP}
			}
			t := o.readlink(next, nst)
			if path.IsAbs(t) {
				return "", ostat{}, &fs.PathError{Op: op, Path: n, Err: ErrOutside}
			}
			parts = append(pathSegments(path.Join(cur, t)), parts[1:]...)
			cur, st = "/", o.look("/", false)
			continue
		}
		parts = parts[1:]
		if len(parts) == 0 {
			return next, nst, nil
		}
		cur, st = next, nst
	}
	return cur, st, nil
}

// notFound is ENOENT, or ENOTDIR when a parent exists and is no
// directory.
func notFound(st ostat) error {
	if st.exists {
		return syscall.ENOTDIR
	}
	return fs.ErrNotExist
}

func (o *Overlay) readlink(n string, st ostat) string {
	if st.node != nil {
		return st.node.target
	}
	t, _ := o.lower.ReadlinkIfPossible(n)
	return t
}

// touch records the workspace's state of n at its first touch.
func (o *Overlay) touch(n string) {
	if _, ok := o.base[n]; ok {
		return
	}
	s, err := StateOf(o.lower, n)
	if err != nil {
		s = State{Exists: true}
	}
	o.base[n] = s
}

// put makes n an upper entry.
func (o *Overlay) put(n string, nd *onode) {
	if old, ok := o.nodes[n]; ok && old.data != nil {
		o.used -= mem.GetFileInfo(old.data).Size()
	}
	o.nodes[n] = nd
	if n == "/" {
		return
	}
	dir := path.Dir(n)
	if o.kids[dir] == nil {
		o.kids[dir] = map[string]bool{}
	}
	o.kids[dir][path.Base(n)] = true
}

// whiteout hides n (and drops what the upper layer had under it).
func (o *Overlay) whiteout(n string) {
	o.dropUnder(n)
	o.put(n, &onode{kind: 'w'})
}

// dropUnder forgets the upper entries beneath n.
func (o *Overlay) dropUnder(n string) {
	for name := range o.kids[n] {
		c := path.Join(n, name)
		o.dropUnder(c)
		if nd := o.nodes[c]; nd != nil && nd.data != nil {
			o.used -= mem.GetFileInfo(nd.data).Size()
		}
		delete(o.nodes, c)
	}
	delete(o.kids, n)
}

// names lists the merged entries of the directory n (state st).
func (o *Overlay) names(n string, st ostat) []string {
	set := map[string]bool{}
	if !st.hidden && (st.node == nil || !st.node.opaque) {
		if d, err := o.lower.Open(n); err == nil {
			names, _ := d.Readdirnames(-1)
			d.Close()
			for _, name := range names {
				set[name] = true
			}
		}
	}
	for name := range o.kids[n] {
		set[name] = o.nodes[path.Join(n, name)].kind != 'w'
	}
	var out []string
	for name, ok := range set {
		if ok {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// info is the FileInfo of the merged name n.
func (o *Overlay) info(n string, st ostat) fs.FileInfo {
	if st.node == nil {
		return st.info
	}
	nd := st.node
	fi := ofileInfo{name: path.Base(n), mode: nd.mode, mtime: nd.mtime}
	switch nd.kind {
	case 'f':
		mi := mem.GetFileInfo(nd.data)
		fi.size, fi.mode, fi.mtime = mi.Size(), mi.Mode(), mi.ModTime()
	case 'd':
		fi.mode |= fs.ModeDir
	case 'l':
		fi.mode, fi.size = fs.ModeSymlink|0o777, int64(len(nd.target))
	}
	return fi
}

// grow charges k more bytes of file content.
func (o *Overlay) grow(k int64) error {
	if o.limit > 0 && o.used+k > o.limit {
		return ErrOverlayFull
	}
	o.used += k
	return nil
}

// ofileInfo is the FileInfo of an upper entry.
type ofileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
}

func (i ofileInfo) Name() string       { return i.name }
func (i ofileInfo) Size() int64        { return i.size }
func (i ofileInfo) Mode() fs.FileMode  { return i.mode }
func (i ofileInfo) ModTime() time.Time { return i.mtime }
func (i ofileInfo) IsDir() bool        { return i.mode.IsDir() }
func (i ofileInfo) Sys() any           { return nil }

var _ afero.Fs = overlayLayer{}
