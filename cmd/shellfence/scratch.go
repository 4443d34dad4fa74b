package main

import (
	"os"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// scratch is a private temporary directory outside the workspace for
// commands' own temporary files (sort's runs), in $TMPDIR or the system's
// temporary directory, removed when the process is done with it.
type scratch struct {
	dir string
	fs  *vfs.FS
}

// openScratch makes the scratch directory. Where none can be made (a
// read-only root without /tmp), there is none: sort is then bounded by the
// memory budget alone.
func openScratch() *scratch {
	dir, err := os.MkdirTemp("", "shellfence-scratch-")
	if err != nil {
		return &scratch{}
	}
	fs, err := vfs.OpenDir(dir)
	if err != nil {
		os.Remove(dir)
		return &scratch{}
	}
	return &scratch{dir: dir, fs: fs}
}

// options are the engine options that lend it.
func (s *scratch) options() []engine.Option {
	if s.fs == nil {
		return nil
	}
	return []engine.Option{engine.WithScratch(s.fs)}
}

func (s *scratch) close() {
	if s.fs != nil {
		s.fs.Close()
		os.RemoveAll(s.dir)
	}
}
