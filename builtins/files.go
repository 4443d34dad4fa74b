package builtins

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"sort"
	"syscall"
	"time"

	"github.com/shellfence/shellfence/vfs"
)

// File is an open file: a workspace file or a device such as /dev/null.
// Workspace files also implement io.Seeker and io.ReaderAt.
type File interface {
	io.Reader
	io.Writer
	io.Closer
	Stat() (fs.FileInfo, error)
}

// Open opens name for reading. Device names (/dev/null, /dev/stdin,
// /dev/fd/N, ...) are served without touching the host; every other name
// goes through the workspace.
func (p *Proc) Open(name string) (File, error) {
	return p.OpenFile(name, os.O_RDONLY, 0)
}

// Create creates or truncates name for writing.
func (p *Proc) Create(name string) (File, error) {
	return p.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
}

// OpenFile opens name with the given flags, like [os.OpenFile].
func (p *Proc) OpenFile(name string, flag int, perm os.FileMode) (File, error) {
	if name == "" {
		return nil, emptyName("open")
	}
	abs := p.Abs(name)
	if d, ok := p.device(abs, flag); ok && d == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.ENXIO}
	} else if ok {
		return d, nil
	} else if isDevPath(abs) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if dirOnly(name) {
		if err := p.mustBeDir("open", name, flag); err != nil {
			return nil, err
		}
	}
	if flag&os.O_CREATE != 0 {
		perm &^= p.Sys.Umask()
	}
	f, err := p.FS.OpenFile(abs, flag, perm)
	if err != nil {
		return nil, renamed(err, name)
	}
	return f, nil
}

// dirOnly reports whether name ends in a slash, which (as for the kernel)
// makes it name a directory only.
func dirOnly(name string) bool {
	return len(name) > 1 && name[len(name)-1] == '/'
}

// mustBeDir applies Linux's trailing-slash rule to an open: "file/" is
// "Not a directory", but with O_CREAT, "file/" and "new/" are "Is a
// directory".
func (p *Proc) mustBeDir(op, name string, flag int) error {
	fi, err := p.FS.Stat(p.Abs(name))
	create := flag&os.O_CREATE != 0
	switch {
	case err == nil && !fi.IsDir() && create:
		return &fs.PathError{Op: op, Path: name, Err: syscall.EISDIR}
	case err == nil && !fi.IsDir():
		return &fs.PathError{Op: op, Path: name, Err: syscall.ENOTDIR}
	case err != nil && create && errors.Is(err, fs.ErrNotExist):
		return &fs.PathError{Op: op, Path: name, Err: syscall.EISDIR}
	}
	return nil
}

// Stat returns information about name, following symlinks.
func (p *Proc) Stat(name string) (fs.FileInfo, error) {
	if name == "" {
		return nil, emptyName("stat")
	}
	abs := p.Abs(name)
	if fi, ok := p.devStat(abs); ok {
		return fi, nil
	}
	fi, err := p.FS.Stat(abs)
	if err == nil && dirOnly(name) && !fi.IsDir() {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: syscall.ENOTDIR}
	}
	return fi, renamed(err, name)
}

// Lstat returns information about name without following a final symlink.
func (p *Proc) Lstat(name string) (fs.FileInfo, error) {
	if name == "" {
		return nil, emptyName("lstat")
	}
	abs := p.Abs(name)
	if fi, ok := p.devStat(abs); ok {
		return fi, nil
	}
	fi, err := p.FS.Lstat(abs)
	return fi, renamed(err, name)
}

// Chtimes sets the access and modification times of name. A device's
// times are the host's: setting them succeeds and changes nothing.
func (p *Proc) Chtimes(name string, atime, mtime time.Time) error {
	abs := p.Abs(name)
	if _, ok := p.devStat(abs); ok {
		return nil
	}
	return renamed(p.FS.Chtimes(abs, atime, mtime), name)
}

// ReadDir returns the entries of directory name in the filesystem's order
// (GNU find and grep -r do not sort).
func (p *Proc) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == "" {
		return nil, emptyName("open")
	}
	ents, err := p.FS.ReadDir(p.Abs(name))
	return ents, renamed(err, name)
}

// ReadDirSorted returns the entries of name sorted by name bytes, as ls and
// glob expansion order them in the C.UTF-8 locale.
func (p *Proc) ReadDirSorted(name string) ([]fs.DirEntry, error) {
	ents, err := p.ReadDir(name)
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents, err
}

// Readlink returns the target of the symlink name.
func (p *Proc) Readlink(name string) (string, error) {
	if name == "" {
		return "", emptyName("readlink")
	}
	t, err := p.FS.ReadlinkIfPossible(p.Abs(name))
	return t, renamed(err, name)
}

// renamed makes a path error name the path as the user wrote it.
func renamed(err error, name string) error {
	switch e := err.(type) {
	case *fs.PathError:
		return &fs.PathError{Op: e.Op, Path: name, Err: e.Err}
	}
	return err
}

// ErrText returns the GNU text for err's cause, such as "No such file or
// directory" or "outside the workspace".
func ErrText(err error) string { return vfs.Text(err) }

// emptyName is the error for an empty file name, which the kernel refuses
// (it must not mean the working directory).
func emptyName(op string) error {
	return &fs.PathError{Op: op, Path: "", Err: fs.ErrNotExist}
}

// fileType names the kind of file as GNU's file_type does (stat %F, rm
// and diff messages).
func fileType(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsRegular() && fi.Size() == 0:
		return "regular empty file"
	case m.IsRegular():
		return "regular file"
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character special file"
	case m&fs.ModeDevice != 0:
		return "block special file"
	}
	return "weird file"
}
