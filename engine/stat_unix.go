//go:build unix

package engine

import (
	"io/fs"
	"syscall"

	"github.com/shellfence/shellfence/vfs"
)

// withStatT gives fi a Sys() of type *syscall.Stat_t: the interpreter's
// test -O and -G assert that type, and a memory filesystem's nil would
// panic inside a pipeline goroutine and take the whole process down.
func withStatT(fi fs.FileInfo) fs.FileInfo {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st != nil {
		return fi
	}
	m := vfs.MetaOf(fi)
	return statT{fi, &syscall.Stat_t{Uid: m.Uid, Gid: m.Gid}}
}

type statT struct {
	fs.FileInfo
	st *syscall.Stat_t
}

func (s statT) Sys() any { return s.st }
