//go:build !linux

package vfs

import "io/fs"

// readDirFast is Linux-only; elsewhere the File's own ReadDir is used.
func readDirFast(*FS, string, any, bool, bool) ([]fs.DirEntry, bool, error) {
	return nil, false, nil
}
