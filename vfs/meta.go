package vfs

import (
	"io/fs"
	"os/user"
	"strconv"
	"sync"
	"time"
)

// Meta is what a stat(2) call tells beyond [fs.FileInfo]: ownership, link
// count, inode and block usage. Filesystems without it (memory) get
// plausible values: uid and gid 0, one link, blocks from the size.
type Meta struct {
	Uid, Gid uint32
	Nlink    uint64
	Ino      uint64
	Dev      uint64
	Rdev     uint64
	Blocks   int64 // 512-byte blocks
	Blksize  int64
	Atime    time.Time
	Ctime    time.Time
}

// MetaOf returns fi's [Meta]. A FileInfo whose Sys is a *Meta (a file
// the caller serves itself, such as a device) gives that.
func MetaOf(fi fs.FileInfo) Meta {
	if m, ok := fi.Sys().(*Meta); ok && m != nil {
		return *m
	}
	if m, ok := sysMeta(fi); ok {
		return m
	}
	m := Meta{Nlink: 1, Blksize: 4096, Atime: fi.ModTime(), Ctime: fi.ModTime()}
	if fi.IsDir() {
		m.Nlink = 2
	}
	if fi.Mode().IsRegular() || fi.IsDir() {
		m.Blocks = (fi.Size() + 4095) / 4096 * 8
	}
	return m
}

// UserName returns the name of the user uid, or its number if it has none.
func (f *FS) UserName(uid uint32) string {
	u, _ := f.users(uid, 0)
	return u
}

// GroupName returns the name of the group gid, or its number if it has none.
func (f *FS) GroupName(gid uint32) string {
	_, g := f.users(0, gid)
	return g
}

func numericIDs(uid, gid uint32) (string, string) {
	return strconv.FormatUint(uint64(uid), 10), strconv.FormatUint(uint64(gid), 10)
}

var idCache sync.Map // "u<id>" or "g<id>" -> name

// hostIDs names owners from the host's user database, as ls -l does. Only
// names are read; nothing of the workspace's content depends on them.
func hostIDs(uid, gid uint32) (string, string) {
	us, gs := numericIDs(uid, gid)
	return cachedName("u"+us, us, func() (string, error) {
			u, err := user.LookupId(us)
			if err != nil {
				return "", err
			}
			return u.Username, nil
		}), cachedName("g"+gs, gs, func() (string, error) {
			g, err := user.LookupGroupId(gs)
			if err != nil {
				return "", err
			}
			return g.Name, nil
		})
}

// cachedName looks a name up once. When the user database has no entry
// for id 0 (a host without /etc/passwd whose C library synthesizes root,
// as nss-systemd does, which Go's own lookup cannot consult), it is root.
func cachedName(key, fallback string, look func() (string, error)) string {
	if v, ok := idCache.Load(key); ok {
		return v.(string)
	}
	name, err := look()
	if err != nil || name == "" {
		name = fallback
		if fallback == "0" {
			name = "root"
		}
	}
	idCache.Store(key, name)
	return name
}
