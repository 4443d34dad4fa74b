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
// temporary file beside name (.NAME.XXXXXXXXXXXX, mode 0600 until it is
// complete) and renames it over name, so that name is never half-written;
// on error name is left as it was, and the error names name, not the
// temporary file. A process killed in the middle leaves name as it was
// and the temporary file, which nothing removes later (another process
// may be writing it). Nothing is synced to the disk: the new content
// survives the process, not a power cut.
func (f *FS) WriteAtomic(name string, data []byte, mode fs.FileMode) error {
	if _, err := f.resolve("open", name); err != nil {
		return err
	}
	w, tmp, err := f.CreateTemp(path.Dir(f.abs(name)), "."+path.Base(name)+".", 0o600)
	if err != nil {
		return asPathError(err, name)
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
		return asPathError(err, name)
	}
	return nil
}

// asPathError is err about name: a path or link error's cause under its
// operation, anything else (a budget's error) as the cause of a write.
func asPathError(err error, name string) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &fs.PathError{Op: pe.Op, Path: name, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: le.Op, Path: name, Err: le.Err}
	}
	return &fs.PathError{Op: "write", Path: name, Err: err}
}
