package builtins

import (
	"io"
	"io/fs"
	"path"
)

// procFiles gives the sed library its files through the Proc: confined
// to the workspace, with the devices (/dev/stdin, /dev/null, ...) the
// Proc serves.
type procFiles struct{ p *Proc }

func (f procFiles) Open(name string) (io.ReadCloser, error)    { return f.p.Open(name) }
func (f procFiles) Create(name string) (io.WriteCloser, error) { return f.p.Create(name) }
func (f procFiles) Stat(name string) (fs.FileInfo, error)      { return f.p.Stat(name) }
func (f procFiles) Lstat(name string) (fs.FileInfo, error)     { return f.p.Lstat(name) }
func (f procFiles) Readlink(name string) (string, error)       { return f.p.Readlink(name) }

func (f procFiles) Rename(oldname, newname string) error {
	return f.p.FS.Rename(f.p.Abs(oldname), f.p.Abs(newname))
}

func (f procFiles) Remove(name string) error { return f.p.FS.Remove(f.p.Abs(name)) }

func (f procFiles) Chmod(name string, mode fs.FileMode) error {
	return f.p.FS.Chmod(f.p.Abs(name), mode)
}

// CreateTemp creates dir/prefixXXXXXXXXXXXX with a random suffix, never
// reusing an existing name. The name is dir, a slash and the file's name,
// as GNU sed shows it ("./sed..."), also when the creation failed.
func (f procFiles) CreateTemp(dir, prefix string) (io.WriteCloser, string, error) {
	w, abs, err := f.p.FS.CreateTemp(f.p.Abs(dir), prefix, 0o600)
	if abs == "" {
		return w, "", err
	}
	return w, dir + "/" + path.Base(abs), err
}
