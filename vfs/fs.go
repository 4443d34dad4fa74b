package vfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/afero"
)

// FS is a workspace seen through its visible root. It implements
// [afero.Fs] and [afero.Symlinker]; every name is a visible path (absolute,
// or relative to the root) and is checked before the inner filesystem sees
// it. Errors are [*fs.PathError] or [*os.LinkError] values naming the path
// as given, never a host path.
type FS struct {
	inner  Layer
	root   string
	ro     bool
	users  func(uid, gid uint32) (user, group string)
	closer io.Closer // the host directory, shared by every view
}

// New returns an FS showing inner, whose names are rooted at "/", at the
// visible absolute path root.
func New(inner afero.Fs, root string) *FS {
	root = path.Clean("/" + strings.TrimPrefix(root, "/"))
	return &FS{inner: AsLayer(inner), root: root, users: numericIDs}
}

// NewMem returns an empty in-memory workspace shown at root.
func NewMem(root string) *FS {
	return New(afero.NewMemMapFs(), root)
}

// Root returns the visible absolute path of the workspace.
func (f *FS) Root() string { return f.root }

// Inner returns the filesystem behind f, whose names are rooted at "/".
func (f *FS) Inner() Layer { return f.inner }

// ReadOnly returns a view of f in which every write fails with
// [ErrReadOnly].
func (f *FS) ReadOnly() *FS {
	g := *f
	g.inner, g.ro = readOnly{Base{f.inner}}, true
	return &g
}

// IsReadOnly reports whether f is a read-only view.
func (f *FS) IsReadOnly() bool { return f.ro }

// Wrap returns a view of f whose inner filesystem is wrap(f.Inner()), for
// layers such as a journal, a quota or an overlay (see [Layer]). The view
// shares f's root, checks and host directory; f itself is unchanged.
func (f *FS) Wrap(wrap func(Layer) Layer) *FS {
	g := *f
	g.inner = wrap(f.inner)
	return &g
}

// Contains reports whether the visible path name lies in the workspace.
func (f *FS) Contains(name string) bool {
	_, ok := f.toInner(name)
	return ok
}

// Rel returns the path of name relative to the workspace root ("." for the
// root itself), or false if name lies outside.
func (f *FS) Rel(name string) (string, bool) {
	in, ok := f.toInner(name)
	if !ok {
		return "", false
	}
	if in == "/" {
		return ".", true
	}
	return in[1:], true
}

// toInner maps a visible name to the inner name, rooted at "/".
func (f *FS) toInner(name string) (string, bool) {
	if !path.IsAbs(name) {
		name = path.Join(f.root, name)
	}
	c := path.Clean(name)
	switch {
	case f.root == "/":
		return c, true
	case c == f.root:
		return "/", true
	case strings.HasPrefix(c, f.root) && c[len(f.root)] == '/':
		return c[len(f.root):], true
	}
	return "", false
}

func (f *FS) resolve(op, name string) (string, error) {
	in, ok := f.toInner(name)
	if !ok {
		return "", &fs.PathError{Op: op, Path: name, Err: ErrOutside}
	}
	if strings.Contains(name, "..") {
		if err := f.walkDotDot(name); err != nil {
			return "", &fs.PathError{Op: op, Path: name, Err: err}
		}
	}
	return in, nil
}

// walkDotDot checks name as the kernel walks it: the name before each
// ".." must be a directory, so a/../b fails when a is missing (path.Clean
// alone would make it b).
func (f *FS) walkDotDot(name string) error {
	parts := strings.Split(name, "/")
	for i := 1; i < len(parts); i++ {
		if parts[i] != ".." {
			continue
		}
		if prev := parts[i-1]; prev == "" || prev == "." || prev == ".." {
			continue // the root, or a directory checked already
		}
		in, ok := f.toInner(strings.Join(parts[:i], "/"))
		if !ok {
			continue
		}
		fi, err := f.inner.Stat(in)
		switch {
		case err != nil:
			return syscall.ENOENT
		case !fi.IsDir():
			return syscall.ENOTDIR
		}
	}
	return nil
}

// Name implements [afero.Fs].
func (f *FS) Name() string { return "shellfence" }

// Create implements [afero.Fs].
func (f *FS) Create(name string) (afero.File, error) {
	return f.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// Open implements [afero.Fs].
func (f *FS) Open(name string) (afero.File, error) {
	return f.OpenFile(name, os.O_RDONLY, 0)
}

// OpenFile implements [afero.Fs].
func (f *FS) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	in, err := f.resolve("open", name)
	if err != nil {
		return nil, err
	}
	file, err := f.inner.OpenFile(in, flag, perm)
	if err != nil {
		return nil, fixErr(err, "open", name)
	}
	return named{file, name}, nil
}

// Mkdir implements [afero.Fs].
func (f *FS) Mkdir(name string, perm os.FileMode) error {
	in, err := f.resolve("mkdir", name)
	if err != nil {
		return err
	}
	return fixErr(f.inner.Mkdir(in, perm), "mkdir", name)
}

// MkdirAll implements [afero.Fs].
func (f *FS) MkdirAll(name string, perm os.FileMode) error {
	in, err := f.resolve("mkdir", name)
	if err != nil {
		return err
	}
	return fixErr(f.inner.MkdirAll(in, perm), "mkdir", name)
}

// Remove implements [afero.Fs].
func (f *FS) Remove(name string) error {
	in, err := f.resolve("remove", name)
	if err != nil {
		return err
	}
	if in == "/" {
		return &fs.PathError{Op: "remove", Path: name, Err: os.ErrPermission}
	}
	return fixErr(f.inner.Remove(in), "remove", name)
}

// RemoveAll implements [afero.Fs]. It refuses to remove the workspace root.
func (f *FS) RemoveAll(name string) error {
	in, err := f.resolve("remove", name)
	if err != nil {
		return err
	}
	if in == "/" {
		return &fs.PathError{Op: "remove", Path: name, Err: os.ErrPermission}
	}
	return fixErr(f.inner.RemoveAll(in), "remove", name)
}

// Rename implements [afero.Fs].
func (f *FS) Rename(oldname, newname string) error {
	oi, ok1 := f.toInner(oldname)
	ni, ok2 := f.toInner(newname)
	if !ok1 || !ok2 {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: ErrOutside}
	}
	return fixLinkErr(f.inner.Rename(oi, ni), "rename", oldname, newname)
}

// Stat implements [afero.Fs].
func (f *FS) Stat(name string) (os.FileInfo, error) {
	in, err := f.resolve("stat", name)
	if err != nil {
		return nil, err
	}
	fi, err := f.inner.Stat(in)
	return fi, fixErr(err, "stat", name)
}

// Chmod implements [afero.Fs].
func (f *FS) Chmod(name string, mode os.FileMode) error {
	in, err := f.resolve("chmod", name)
	if err != nil {
		return err
	}
	return fixErr(f.inner.Chmod(in, mode), "chmod", name)
}

// Chown implements [afero.Fs].
func (f *FS) Chown(name string, uid, gid int) error {
	in, err := f.resolve("chown", name)
	if err != nil {
		return err
	}
	return fixErr(f.inner.Chown(in, uid, gid), "chown", name)
}

// Chtimes implements [afero.Fs].
func (f *FS) Chtimes(name string, atime, mtime time.Time) error {
	in, err := f.resolve("chtimes", name)
	if err != nil {
		return err
	}
	return fixErr(f.inner.Chtimes(in, atime, mtime), "chtimes", name)
}

// named hides the inner file's name (which may be a host path) behind the
// visible one.
type named struct {
	afero.File
	name string
}

func (n named) Name() string { return n.name }

// OSFile returns the host file behind f for reading, when there is one
// (see [RawFile]). The engine hands it to the shell interpreter for
// "< file", which then passes it on as is (seekable, with its size)
// instead of copying it through a pipe. Writes must go through f, where
// layers see them.
func OSFile(f afero.File) (*os.File, bool) {
	switch raw := RawFile(f).(type) {
	case *os.File:
		return raw, true
	case interface{ osFile() *os.File }:
		osf := raw.osFile()
		return osf, osf != nil
	}
	return nil, false
}

// ReadDir implements the fast directory read that [*os.File] offers; other
// files fall back to Readdir.
func (n named) ReadDir(count int) ([]fs.DirEntry, error) {
	if rd, ok := RawFile(n.File).(interface {
		ReadDir(int) ([]fs.DirEntry, error)
	}); ok {
		return rd.ReadDir(count)
	}
	infos, err := n.File.Readdir(count)
	ents := make([]fs.DirEntry, len(infos))
	for i, fi := range infos {
		ents[i] = fs.FileInfoToDirEntry(fi)
	}
	return ents, err
}
