package vfs

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path"

	"github.com/spf13/afero"
)

// CreateTemp creates and opens for writing a new file in the directory
// dir, named prefix and a random suffix, never reusing an existing name.
// Replacing a file atomically (sed -i, patch, edit-file) starts here: the
// temporary file lives beside its target, so a rename puts it in place.
func (f *FS) CreateTemp(dir, prefix string, perm os.FileMode) (afero.File, string, error) {
	for range 100 {
		b := make([]byte, 6)
		rand.Read(b)
		name := path.Join(dir, prefix+hex.EncodeToString(b))
		file, err := f.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return file, name, err
		}
	}
	return nil, "", &fs.PathError{Op: "createtemp", Path: dir, Err: fs.ErrExist}
}

// WriteAtomic replaces name with data and gives it mode: it writes a
// temporary file beside name and renames it over name, so that name is
// never half-written; on error name is left as it was.
func (f *FS) WriteAtomic(name string, data []byte, mode fs.FileMode) error {
	w, tmp, err := f.CreateTemp(path.Dir(f.abs(name)), "."+path.Base(name)+".", 0o600)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = f.Chmod(tmp, mode&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky))
	}
	if err == nil {
		err = f.Rename(tmp, name)
	}
	if err != nil {
		f.Remove(tmp)
	}
	return err
}
