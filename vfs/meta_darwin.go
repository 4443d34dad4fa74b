//go:build darwin

package vfs

import (
	"io/fs"
	"syscall"
	"time"
)

func sysMeta(fi fs.FileInfo) (Meta, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st == nil {
		return Meta{}, false
	}
	return Meta{
		Uid:     st.Uid,
		Gid:     st.Gid,
		Nlink:   uint64(st.Nlink),
		Ino:     uint64(st.Ino),
		Dev:     uint64(st.Dev),
		Rdev:    uint64(st.Rdev),
		Blocks:  int64(st.Blocks),
		Blksize: int64(st.Blksize),
		Atime:   time.Unix(st.Atimespec.Unix()),
		Ctime:   time.Unix(st.Ctimespec.Unix()),
	}, true
}
