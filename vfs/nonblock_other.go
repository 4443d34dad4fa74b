//go:build !unix

package vfs

// openNonblock is added to every open (see nonblock_unix.go).
const openNonblock = 0
