package vfs

import (
	"io/fs"
	"path"
)

// dirent is a directory entry whose type came from the directory; its
// Info is an Lstat through the workspace, made when asked for.
type dirent struct {
	fsys      *FS
	dir, name string
	typ       fs.FileMode
	info      fs.FileInfo
	ino       uint64
}

// newDirent returns the entry; an unknown type (^0) is looked up at once.
func newDirent(fsys *FS, dir, name string, typ fs.FileMode) *dirent {
	d := &dirent{fsys: fsys, dir: dir, name: name, typ: typ}
	if typ == ^fs.FileMode(0) {
		d.typ = 0
		if fi, err := d.Info(); err == nil {
			d.typ = fi.Mode().Type()
		}
	}
	return d
}

func (d *dirent) Name() string      { return d.name }
func (d *dirent) IsDir() bool       { return d.typ.IsDir() }
func (d *dirent) Type() fs.FileMode { return d.typ }
func (d *dirent) String() string    { return fs.FormatDirEntry(d) }

// Info returns the entry's Lstat information.
func (d *dirent) Info() (fs.FileInfo, error) {
	if d.info != nil {
		return d.info, nil
	}
	fi, err := d.fsys.Lstat(path.Join(d.dir, d.name))
	if err == nil {
		d.info = fi
	}
	return fi, err
}
