//go:build linux

package vfs

import (
	"io/fs"
	"sort"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// readDirFast reads the entries of the open directory file with getdents,
// taking their types from the directory itself. A directory opened through
// an os.Root would otherwise be read with one lstat per entry; here an
// entry's Info is fetched (through the workspace) only when asked for, as
// GNU find does. ok is false when file is not a host file (a
// [*hostFile] or an [*os.File]).
func readDirFast(fsys *FS, name string, file any, withInfo, ftsOrder bool) ([]fs.DirEntry, bool, error) {
	f, ok := file.(interface {
		SyscallConn() (syscall.RawConn, error)
	})
	if !ok {
		return nil, false, nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, false, nil
	}
	var ents []fs.DirEntry
	bp := direntBufs.Get().(*[]byte)
	defer direntBufs.Put(bp)
	buf := *bp
	for {
		var n int
		var rerr error
		err := rc.Read(func(fd uintptr) bool {
			n, rerr = syscall.ReadDirent(int(fd), buf)
			return rerr != syscall.EAGAIN
		})
		if err == nil {
			err = rerr
		}
		if err != nil {
			return ents, true, err
		}
		if n <= 0 {
			if ftsOrder && len(ents) > ftsSortThreshold && ftsSortsOn(rc) {
				sort.Slice(ents, func(i, j int) bool { return ents[i].(*dirent).ino < ents[j].(*dirent).ino })
			}
			if withInfo {
				statDirents(rc, ents)
			}
			return ents, true, nil
		}
		ents = appendDirents(fsys, name, ents, buf[:n])
	}
}

// direntBufs holds getdents buffers: a walk reads many directories.
var direntBufs = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// appendDirents parses linux_dirent64 records.
func appendDirents(fsys *FS, dir string, ents []fs.DirEntry, b []byte) []fs.DirEntry {
	for len(b) >= 19 {
		ino := *(*uint64)(unsafe.Pointer(&b[0]))
		reclen := int(*(*uint16)(unsafe.Pointer(&b[16])))
		if reclen < 19 || reclen > len(b) {
			break
		}
		typ, raw := b[18], b[19:reclen]
		b = b[reclen:]
		n := 0
		for n < len(raw) && raw[n] != 0 {
			n++
		}
		name := string(raw[:n])
		if ino == 0 || name == "." || name == ".." {
			continue
		}
		d := newDirent(fsys, dir, name, direntType(typ))
		d.ino = ino
		ents = append(ents, d)
	}
	return ents
}

// direntType maps a d_type to file mode type bits; ok is false for
// DT_UNKNOWN.
func direntType(t byte) fs.FileMode {
	switch t {
	case syscall.DT_REG:
		return 0
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_SOCK:
		return fs.ModeSocket
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_BLK:
		return fs.ModeDevice
	}
	return ^fs.FileMode(0)
}

// statDirents fills in the Info of entries with fstatat on the open
// directory: one system call each, and no path that could lead out (the
// name is one element, and a final link is not followed).
func statDirents(rc syscall.RawConn, ents []fs.DirEntry) {
	rc.Control(func(fd uintptr) {
		for _, e := range ents {
			d := e.(*dirent)
			fi := &statFileInfo{name: d.name}
			st := (*unix.Stat_t)(unsafe.Pointer(&fi.st))
			if err := unix.Fstatat(int(fd), d.name, st, unix.AT_SYMLINK_NOFOLLOW); err == nil {
				fi.setMode()
				d.info = fi
			}
		}
	})
}

// The kernel's struct stat, as both packages declare it.
var _ [unsafe.Sizeof(unix.Stat_t{}) - unsafe.Sizeof(syscall.Stat_t{})]byte
var _ [unsafe.Sizeof(syscall.Stat_t{}) - unsafe.Sizeof(unix.Stat_t{})]byte

// statFileInfo is the FileInfo of a stat result, as os builds it (one
// allocation, the stat result within).
type statFileInfo struct {
	name string
	mode fs.FileMode
	st   syscall.Stat_t
}

// setMode sets the mode from the stat result.
func (s *statFileInfo) setMode() {
	st := &s.st
	mode := fs.FileMode(st.Mode & 0o777)
	switch st.Mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		mode |= fs.ModeDevice
	case syscall.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	case syscall.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		mode |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	if st.Mode&syscall.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if st.Mode&syscall.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if st.Mode&syscall.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	s.mode = mode
}

func (s *statFileInfo) Name() string       { return s.name }
func (s *statFileInfo) Size() int64        { return s.st.Size }
func (s *statFileInfo) Mode() fs.FileMode  { return s.mode }
func (s *statFileInfo) ModTime() time.Time { return time.Unix(s.st.Mtim.Unix()) }
func (s *statFileInfo) IsDir() bool        { return s.mode.IsDir() }
func (s *statFileInfo) Sys() any           { return &s.st }

// gnulib's fts sorts the entries of a directory of more than this many
// by inode number (to read them faster), except on file systems where
// that does not help.
const ftsSortThreshold = 10000

func ftsSortsOn(rc syscall.RawConn) bool {
	sorts := true
	rc.Control(func(fd uintptr) {
		var st unix.Statfs_t
		if unix.Fstatfs(int(fd), &st) == nil {
			switch uint32(st.Type) { // int32 on 32-bit platforms
			case unix.TMPFS_MAGIC, unix.NFS_SUPER_MAGIC, 0xFF534D42: // CIFS
				sorts = false
			}
		}
	})
	return sorts
}
