// Package gitfs shows a directory of a workspace ([vfs.FS]) as a
// go-billy filesystem, which go-git stores repositories in and reads work
// trees from. Every name is resolved under the directory and then by the
// workspace, so nothing git does can reach past the workspace.
package gitfs

import (
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// FS is the directory root (a visible absolute path) of a workspace.
type FS struct {
	ws   *vfs.FS
	root string
}

// New returns the directory root of ws as a billy filesystem.
func New(ws *vfs.FS, root string) *FS { return &FS{ws: ws, root: path.Clean(root)} }

var _ billy.Filesystem = (*FS)(nil)

// abs is name, relative to the root (a leading / too), as a visible path.
func (f *FS) abs(name string) string {
	return path.Join(f.root, strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(name, "\\", "/")), "/"))
}

func (f *FS) Create(name string) (billy.File, error) {
	return f.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

func (f *FS) Open(name string) (billy.File, error) { return f.OpenFile(name, os.O_RDONLY, 0) }

func (f *FS) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	abs := f.abs(name)
	if flag&os.O_CREATE != 0 {
		if err := f.ws.MkdirAll(path.Dir(abs), 0o777); err != nil {
			return nil, err
		}
	}
	file, err := f.ws.OpenFile(abs, flag, perm&os.ModePerm)
	if err != nil {
		return nil, err
	}
	return &File{File: file, name: name}, nil
}

func (f *FS) Stat(name string) (os.FileInfo, error)  { return f.ws.Stat(f.abs(name)) }
func (f *FS) Lstat(name string) (os.FileInfo, error) { return f.ws.Lstat(f.abs(name)) }

func (f *FS) Rename(from, to string) error {
	if err := f.ws.MkdirAll(path.Dir(f.abs(to)), 0o777); err != nil {
		return err
	}
	return f.ws.Rename(f.abs(from), f.abs(to))
}

func (f *FS) Remove(name string) error   { return f.ws.Remove(f.abs(name)) }
func (f *FS) Join(elem ...string) string { return path.Join(elem...) }
func (f *FS) Root() string               { return f.root }
func (f *FS) Readlink(name string) (string, error) {
	return f.ws.ReadlinkIfPossible(f.abs(name))
}

func (f *FS) Symlink(target, link string) error {
	if err := f.ws.MkdirAll(path.Dir(f.abs(link)), 0o777); err != nil {
		return err
	}
	return f.ws.SymlinkIfPossible(target, f.abs(link))
}

func (f *FS) Chmod(name string, mode os.FileMode) error {
	return f.ws.Chmod(f.abs(name), mode&os.ModePerm)
}

func (f *FS) MkdirAll(name string, perm os.FileMode) error {
	return f.ws.MkdirAll(f.abs(name), perm&os.ModePerm)
}

func (f *FS) ReadDir(name string) ([]os.FileInfo, error) {
	ents, err := f.ws.ReadDirStat(f.abs(name))
	if err != nil {
		return nil, err
	}
	infos := make([]os.FileInfo, 0, len(ents))
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			return nil, err
		}
		infos = append(infos, info)
	}
	return infos, nil
}

func (f *FS) TempFile(dir, prefix string) (billy.File, error) {
	if err := f.ws.MkdirAll(f.abs(dir), 0o777); err != nil {
		return nil, err
	}
	file, name, err := f.ws.CreateTemp(f.abs(dir), prefix, 0o666)
	if err != nil {
		return nil, err
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(name, f.root), "/")
	return &File{File: file, name: rel}, nil
}

func (f *FS) Chroot(dir string) (billy.Filesystem, error) { return New(f.ws, f.abs(dir)), nil }

// Capabilities says what the files can do: no locks.
func (f *FS) Capabilities() billy.Capability {
	return billy.WriteCapability | billy.ReadCapability | billy.ReadAndWriteCapability |
		billy.SeekCapability | billy.TruncateCapability
}

// File is an open file of an [FS], named as the FS names it.
type File struct {
	afero.File
	name string
}

func (f *File) Name() string               { return f.name }
func (f *File) Lock() error                { return nil }
func (f *File) Unlock() error              { return nil }
func (f *File) Stat() (fs.FileInfo, error) { return f.File.Stat() }
