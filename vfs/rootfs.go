package vfs

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/afero"
)

// rootFs is an [afero.Fs] on an [os.Root]: the kernel, not a string check,
// keeps every operation inside the directory. Names are rooted at "/".
// Where the kernel can resolve a whole path beneath a directory in one
// call (Linux's openat2 with RESOLVE_BENEATH), opens use that instead of
// os.Root's walk of one openat per component.
type rootFs struct {
	r       *os.Root
	beneath *beneath
}

// OpenDir opens the host directory dir as a workspace whose visible root is
// dir's absolute path. Close the returned FS's root with [FS.Close] when
// done.
func OpenDir(dir string) (*FS, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	r, err := os.OpenRoot(abs)
	if err != nil {
		return nil, err
	}
	rfs := rootFs{r, openBeneath(abs)}
	f := New(rfs, filepath.ToSlash(abs))
	f.users, f.closer = hostIDs, rfs
	return f, nil
}

// Close releases the host directory behind f, if any. Views made from f
// ([FS.Wrap], [FS.ReadOnly]) share it: close it once, when the workspace
// is no longer used.
func (f *FS) Close() error {
	if f.closer != nil {
		return f.closer.Close()
	}
	return nil
}

// rel turns an inner name into a name relative to the root.
func rel(n string) string {
	if !strings.HasPrefix(n, "/") {
		n = "/" + n
	}
	c := path.Clean(n) // n itself, when it is clean
	if c == "/" {
		return "."
	}
	return filepath.FromSlash(c[1:])
}

func (r rootFs) Close() error {
	r.beneath.close()
	return r.r.Close()
}

func (r rootFs) Name() string { return "root" }

func (r rootFs) Create(n string) (afero.File, error) {
	return r.OpenFile(n, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

func (r rootFs) Open(n string) (afero.File, error) { return r.OpenFile(n, os.O_RDONLY, 0) }

func (r rootFs) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	flag |= openNonblock
	if f, err, ok := r.beneath.open(rel(n), flag, perm); ok {
		if err != nil {
			return nil, err
		}
		return f, nil
	}
	f, err := r.r.OpenFile(rel(n), flag, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (r rootFs) Mkdir(n string, perm os.FileMode) error    { return r.r.Mkdir(rel(n), perm) }
func (r rootFs) MkdirAll(n string, perm os.FileMode) error { return r.r.MkdirAll(rel(n), perm) }
func (r rootFs) Remove(n string) error                     { return r.r.Remove(rel(n)) }
func (r rootFs) RemoveAll(n string) error                  { return r.r.RemoveAll(rel(n)) }
func (r rootFs) Rename(o, n string) error                  { return r.r.Rename(rel(o), rel(n)) }
func (r rootFs) Stat(n string) (os.FileInfo, error)        { return r.r.Stat(rel(n)) }
func (r rootFs) Chmod(n string, m os.FileMode) error       { return r.r.Chmod(rel(n), m) }
func (r rootFs) Chown(n string, uid, gid int) error        { return r.r.Chown(rel(n), uid, gid) }

func (r rootFs) Chtimes(n string, a, m time.Time) error { return r.r.Chtimes(rel(n), a, m) }

func (r rootFs) LstatIfPossible(n string) (os.FileInfo, bool, error) {
	fi, err := r.r.Lstat(rel(n))
	return fi, true, err
}

func (r rootFs) SymlinkIfPossible(target, n string) error {
	return r.r.Symlink(filepath.FromSlash(target), rel(n))
}

func (r rootFs) ReadlinkIfPossible(n string) (string, error) {
	t, err := r.r.Readlink(rel(n))
	return filepath.ToSlash(t), err
}

func (r rootFs) LinkIfPossible(o, n string) error { return r.r.Link(rel(o), rel(n)) }
