package vfs

import (
	"io/fs"
	"os"
	"time"

	"github.com/spf13/afero"
)

// Layer is a filesystem with every capability a workspace uses: the
// afero.Fs methods plus lstat, symlinks, readlink and hard links. Names
// are inner names, rooted at "/", already checked to lie in the
// workspace. A journal, a quota or an overlay is a Layer that embeds
// [Base] and overrides the few methods it cares about; [FS.Wrap] puts it
// over a workspace.
type Layer interface {
	afero.Fs
	// LstatIfPossible is [afero.Lstater]: the bool reports whether the
	// filesystem knows symlinks (false means the result is a Stat).
	LstatIfPossible(name string) (os.FileInfo, bool, error)
	// SymlinkIfPossible is [afero.Linker].
	SymlinkIfPossible(target, newname string) error
	// ReadlinkIfPossible is [afero.LinkReader].
	ReadlinkIfPossible(name string) (string, error)
	// LinkIfPossible is [HardLinker].
	LinkIfPossible(oldname, newname string) error
}

// AsLayer returns fsys as a [Layer]. Capabilities fsys lacks fail as the
// operating system would without them: lstat falls back to stat,
// symlinks and readlink give afero's ErrNoSymlink and ErrNoReadlink, hard
// links "Operation not permitted".
func AsLayer(fsys afero.Fs) Layer {
	if l, ok := fsys.(Layer); ok {
		return l
	}
	return adapted{fsys}
}

// adapted gives a plain afero.Fs the optional methods of a Layer.
type adapted struct{ afero.Fs }

func (a adapted) LstatIfPossible(n string) (os.FileInfo, bool, error) {
	if l, ok := a.Fs.(afero.Lstater); ok {
		return l.LstatIfPossible(n)
	}
	fi, err := a.Fs.Stat(n)
	return fi, false, err
}

func (a adapted) SymlinkIfPossible(target, n string) error {
	if l, ok := a.Fs.(afero.Linker); ok {
		return l.SymlinkIfPossible(target, n)
	}
	return &os.LinkError{Op: "symlink", Old: target, New: n, Err: afero.ErrNoSymlink}
}

func (a adapted) ReadlinkIfPossible(n string) (string, error) {
	if l, ok := a.Fs.(afero.LinkReader); ok {
		return l.ReadlinkIfPossible(n)
	}
	return "", &fs.PathError{Op: "readlink", Path: n, Err: afero.ErrNoReadlink}
}

func (a adapted) LinkIfPossible(o, n string) error {
	if l, ok := a.Fs.(HardLinker); ok {
		return l.LinkIfPossible(o, n)
	}
	return &os.LinkError{Op: "link", Old: o, New: n, Err: os.ErrPermission}
}

// Base is a [Layer] that passes every call to Next. Embed it in a layer
// and override what the layer changes.
type Base struct{ Next Layer }

func (b Base) Name() string                        { return b.Next.Name() }
func (b Base) Create(n string) (afero.File, error) { return b.Next.Create(n) }
func (b Base) Open(n string) (afero.File, error)   { return b.Next.Open(n) }

func (b Base) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	return b.Next.OpenFile(n, flag, perm)
}

func (b Base) Mkdir(n string, perm os.FileMode) error    { return b.Next.Mkdir(n, perm) }
func (b Base) MkdirAll(n string, perm os.FileMode) error { return b.Next.MkdirAll(n, perm) }
func (b Base) Remove(n string) error                     { return b.Next.Remove(n) }
func (b Base) RemoveAll(n string) error                  { return b.Next.RemoveAll(n) }
func (b Base) Rename(o, n string) error                  { return b.Next.Rename(o, n) }
func (b Base) Stat(n string) (os.FileInfo, error)        { return b.Next.Stat(n) }
func (b Base) Chmod(n string, m os.FileMode) error       { return b.Next.Chmod(n, m) }
func (b Base) Chown(n string, uid, gid int) error        { return b.Next.Chown(n, uid, gid) }

func (b Base) Chtimes(n string, a, m time.Time) error { return b.Next.Chtimes(n, a, m) }

func (b Base) LstatIfPossible(n string) (os.FileInfo, bool, error) {
	return b.Next.LstatIfPossible(n)
}

func (b Base) SymlinkIfPossible(target, n string) error {
	return b.Next.SymlinkIfPossible(target, n)
}

func (b Base) ReadlinkIfPossible(n string) (string, error) { return b.Next.ReadlinkIfPossible(n) }
func (b Base) LinkIfPossible(o, n string) error            { return b.Next.LinkIfPossible(o, n) }

// BaseFile is a file a layer wraps. Embed it to override some of a
// file's methods (Write, to count or record what is written, say); its
// Unwrap tells the workspace that reads and directory listings may go to
// the wrapped file directly, which keeps the fast directory read of the
// disk (getdents, not a stat per entry) under any number of layers. A
// layer whose files change what is read or listed (an overlay merging
// directories) must return its own type without Unwrap instead.
type BaseFile struct{ afero.File }

// Unwrap returns the wrapped file.
func (f BaseFile) Unwrap() afero.File { return f.File }

// RawFile returns the innermost file behind f: through the workspace's
// own wrapper and every layer's [BaseFile]. Reads and directory listings
// of the result are those of f.
func RawFile(f afero.File) afero.File {
	for {
		switch w := f.(type) {
		case named:
			f = w.File
		case interface{ Unwrap() afero.File }:
			f = w.Unwrap()
		default:
			return f
		}
	}
}
