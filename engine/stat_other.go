//go:build !unix

package engine

import "io/fs"

func withStatT(fi fs.FileInfo) fs.FileInfo { return fi }
