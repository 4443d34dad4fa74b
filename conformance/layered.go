package conformance

import (
	"os"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs"
)

// PassLayer is a [vfs.Layer] that changes nothing but wraps every file it
// opens, the way a journal or a quota does: the corpus run over it
// (go test ./conformance -layered) proves that layers built with the
// kit keep every command's behaviour.
type PassLayer struct{ vfs.Base }

// OpenFile implements [vfs.Layer].
func (l PassLayer) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	f, err := l.Next.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return passFile{vfs.BaseFile{File: f}}, nil
}

// Create implements [vfs.Layer].
func (l PassLayer) Create(name string) (afero.File, error) {
	return l.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// Open implements [vfs.Layer].
func (l PassLayer) Open(name string) (afero.File, error) {
	return l.OpenFile(name, os.O_RDONLY, 0)
}

// passFile is a file PassLayer wrapped.
type passFile struct{ vfs.BaseFile }

// Layered returns ws seen through a [PassLayer].
func Layered(ws *vfs.FS) *vfs.FS {
	return ws.Wrap(func(in vfs.Layer) vfs.Layer { return PassLayer{vfs.Base{Next: in}} })
}
