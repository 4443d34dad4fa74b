package vfs

import "io/fs"

// ModeBits returns the Unix mode bits of a Go file mode: the permissions,
// with setuid (04000), setgid (02000) and sticky (01000) above them.
func ModeBits(m fs.FileMode) uint32 {
	u := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		u |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		u |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		u |= 0o1000
	}
	return u
}

// GoMode turns Unix mode bits (permissions, setuid, setgid, sticky) into
// a Go file mode, for Chmod and friends; it is the inverse of [ModeBits].
func GoMode(u uint32) fs.FileMode {
	m := fs.FileMode(u & 0o777)
	if u&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if u&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if u&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}
