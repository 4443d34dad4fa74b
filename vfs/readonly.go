package vfs

import (
	"io/fs"
	"os"
	"time"

	"github.com/spf13/afero"
)

// readOnly refuses every write with [ErrReadOnly]; reads pass through.
type readOnly struct{ Base }

const writeFlags = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREATE | os.O_TRUNC

func roErr(op, name string) error { return &fs.PathError{Op: op, Path: name, Err: ErrReadOnly} }

func (r readOnly) Create(n string) (afero.File, error) { return nil, roErr("open", n) }

func (r readOnly) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	if flag&writeFlags != 0 {
		return nil, roErr("open", n)
	}
	return r.Next.OpenFile(n, flag, perm)
}

func (r readOnly) Mkdir(n string, _ os.FileMode) error    { return roErr("mkdir", n) }
func (r readOnly) MkdirAll(n string, _ os.FileMode) error { return roErr("mkdir", n) }
func (r readOnly) Remove(n string) error                  { return roErr("remove", n) }
func (r readOnly) RemoveAll(n string) error               { return roErr("remove", n) }
func (r readOnly) Chmod(n string, _ os.FileMode) error    { return roErr("chmod", n) }
func (r readOnly) Chown(n string, _, _ int) error         { return roErr("chown", n) }

func (r readOnly) Chtimes(n string, _, _ time.Time) error { return roErr("chtimes", n) }

func (r readOnly) Rename(o, n string) error {
	return &os.LinkError{Op: "rename", Old: o, New: n, Err: ErrReadOnly}
}

func (r readOnly) SymlinkIfPossible(o, n string) error {
	return &os.LinkError{Op: "symlink", Old: o, New: n, Err: ErrReadOnly}
}

func (r readOnly) LinkIfPossible(o, n string) error {
	return &os.LinkError{Op: "link", Old: o, New: n, Err: ErrReadOnly}
}
