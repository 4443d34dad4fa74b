package vfs

import (
	"io/fs"
	"os"
	"sync/atomic"

	"github.com/spf13/afero"

	"golang.org/x/sys/unix"
)

// beneath opens paths relative to a directory with openat2 and
// RESOLVE_BENEATH: the kernel refuses, atomically, any resolution that
// leaves the directory (.., absolute or escaping symlinks), exactly what
// os.Root guarantees, in one system call instead of one per component.
type beneath struct {
	fd  int
	off atomic.Bool // set when the kernel lacks openat2
}

func openBeneath(dir string) *beneath {
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	return &beneath{fd: fd}
}

func (b *beneath) close() {
	if b != nil {
		unix.Close(b.fd)
	}
}

// open opens rel (relative to the directory). ok is false when openat2 is
// not available and the caller must fall back to os.Root.
func (b *beneath) open(rel string, flag int, perm os.FileMode) (f afero.File, err error, ok bool) {
	if b == nil || b.off.Load() {
		return nil, nil, false
	}
	how := unix.OpenHow{
		Flags:   uint64(flag | unix.O_CLOEXEC),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS,
	}
	if flag&os.O_CREATE != 0 {
		how.Mode = uint64(perm.Perm())
	}
	for {
		fd, err := unix.Openat2(b.fd, rel, &how)
		switch err {
		case nil:
			return newHostFile(fd, rel), nil, true
		case unix.EINTR:
			continue
		case unix.ENOSYS, unix.EPERM:
			b.off.Store(true) // no openat2 (or a seccomp filter): use os.Root
			return nil, nil, false
		case unix.EXDEV:
			return nil, &fs.PathError{Op: "open", Path: rel, Err: ErrOutside}, true
		}
		return nil, &fs.PathError{Op: "open", Path: rel, Err: err}, true
	}
}
