package vfs

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"github.com/spf13/afero"
)

// Dir is a directory held open while a walk goes through its entries, as
// fts holds it: entries are opened relative to it, by one path element
// that the kernel resolves beneath the open directory without following
// a symlink (see [Dir.Open]), instead of by their whole path from the
// workspace root. Layers see every open as usual: only on the disk
// itself, and under the workspace's own read-only and budget views
// (which pass reads through), are entries opened relative to the
// directory; through any other layer, Dir's methods are the path-based
// ones of its FS.
type Dir struct {
	fsys *FS
	name string
	file afero.File
	info fs.FileInfo // nil until asked for
	at   dirAt       // nil: entries are opened by path
}

// dirAt opens the entries of an open directory relative to it (Linux).
type dirAt interface {
	// openAt opens the entry name (one path element, not a symlink) for
	// reading; the error is ELOOP when it is a symlink.
	openAt(name string, dir bool) (afero.File, error)
}

// Dir opens the directory name for a walk. Close it when its entries
// are done with.
func (f *FS) Dir(name string) (*Dir, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	d := &Dir{fsys: f, name: name, file: file}
	if fi, err := d.Stat(); err != nil || !fi.IsDir() {
		file.Close()
		if err == nil {
			err = &fs.PathError{Op: "open", Path: name, Err: syscall.ENOTDIR}
		}
		return nil, err
	}
	if at, ok := RawFile(file).(dirAt); ok && f.readsThrough() {
		d.at = at
	}
	return d, nil
}

// readsThrough reports whether f reads the disk as it is: no layer but
// the workspace's own read-only, budget and journal views, which pass reads to
// the layer below.
func (f *FS) readsThrough() bool {
	l := f.inner
	for {
		switch v := l.(type) {
		case rootFs:
			return true
		case readOnly:
			l = v.Next
		case quota:
			l = v.Next
		case journal:
			l = v.Next
		default:
			return false
		}
	}
}

// Name returns the visible name the directory was opened by.
func (d *Dir) Name() string { return d.name }

// Stat returns the directory's own information (an fstat on the disk).
func (d *Dir) Stat() (fs.FileInfo, error) {
	if d.info != nil {
		return d.info, nil
	}
	fi, err := d.file.Stat()
	if err != nil {
		return nil, fixErr(err, "stat", d.name)
	}
	d.info = fi
	return fi, nil
}

// ReadFTS reads the entries as [FS.ReadDirFTS] does. Call it once.
func (d *Dir) ReadFTS(withInfo bool) ([]fs.DirEntry, error) {
	return d.fsys.entries(d.name, d.file, withInfo, true)
}

// Close closes the directory.
func (d *Dir) Close() error { return d.file.Close() }

// join returns the visible name of the entry name.
func (d *Dir) join(name string) string {
	if strings.HasSuffix(d.name, "/") {
		return d.name + name
	}
	return d.name + "/" + name
}

// element reports whether name is one path element: an entry's name.
func element(name string) bool {
	return name != "" && name != "." && name != ".." && !strings.Contains(name, "/")
}

// Open opens the entry name for reading. An entry that is a symlink is
// opened by its path instead, which follows it within the workspace.
func (d *Dir) Open(name string) (afero.File, error) {
	full := d.join(name)
	if d.at == nil || !element(name) {
		return d.fsys.Open(full)
	}
	file, err := d.at.openAt(name, false)
	switch {
	case isLoop(err):
		return d.fsys.Open(full)
	case err != nil:
		return nil, fixErr(err, "open", full)
	}
	return named{file, full}, nil
}

// Sub opens the entry name, a directory, for the walk to go into it. An
// entry that is a symlink (or not a directory) is opened by its path
// instead.
func (d *Dir) Sub(name string) (*Dir, error) {
	full := d.join(name)
	if d.at == nil || !element(name) {
		return d.fsys.Dir(full)
	}
	file, err := d.at.openAt(name, true)
	switch {
	case isLoop(err), errors.Is(err, syscall.ENOTDIR):
		return d.fsys.Dir(full)
	case err != nil:
		return nil, fixErr(err, "open", full)
	}
	sub := &Dir{fsys: d.fsys, name: full, file: named{file, full}}
	sub.at, _ = file.(dirAt)
	return sub, nil
}

// entries reads the open directory file, shown as name.
func (f *FS) entries(name string, file afero.File, withInfo, ftsOrder bool) ([]fs.DirEntry, error) {
	if ents, ok, err := readDirFast(f, name, RawFile(file), withInfo, ftsOrder); ok {
		return ents, fixErr(err, "readdir", name)
	}
	rd, ok := file.(interface {
		ReadDir(int) ([]fs.DirEntry, error)
	})
	if !ok {
		rd = named{file, name}
	}
	ents, err := rd.ReadDir(-1)
	return ents, fixErr(err, "readdir", name)
}

// isLoop reports the error of opening a symlink without following it.
func isLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
