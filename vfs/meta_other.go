//go:build !linux && !darwin

package vfs

import "io/fs"

func sysMeta(fs.FileInfo) (Meta, bool) { return Meta{}, false }
