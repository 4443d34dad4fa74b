package vfs

import (
	"os"

	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/vfs/budget"
)

// WithBudget returns a view of f whose writes are charged to b's
// [budget.FileBytes]: a write that would go past it fails with the
// budget's [*budget.Exceeded] error, before any of its bytes reach the
// file, and the budget stops the run. Growing a file with truncate counts
// as writing the bytes it adds. A nil budget returns f.
func (f *FS) WithBudget(b *budget.Budget) *FS {
	if b == nil || b.Limits().FileBytes <= 0 {
		return f
	}
	return f.Wrap(func(in Layer) Layer { return quota{Base{in}, b} })
}

// quota is the layer of [FS.WithBudget].
type quota struct {
	Base
	b *budget.Budget
}

func (q quota) Create(n string) (afero.File, error) {
	return q.OpenFile(n, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

func (q quota) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	file, err := q.Next.OpenFile(n, flag, perm)
	if err != nil || flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		return file, err
	}
	return quotaFile{BaseFile{file}, q.b}, nil
}

// quotaFile charges what is written to it.
type quotaFile struct {
	BaseFile
	b *budget.Budget
}

func (f quotaFile) Write(p []byte) (int, error) {
	if err := f.b.Charge(budget.FileBytes, int64(len(p))); err != nil {
		return 0, err
	}
	return f.File.Write(p)
}

func (f quotaFile) WriteAt(p []byte, off int64) (int, error) {
	if err := f.b.Charge(budget.FileBytes, int64(len(p))); err != nil {
		return 0, err
	}
	return f.File.WriteAt(p, off)
}

func (f quotaFile) WriteString(s string) (int, error) { return f.Write([]byte(s)) }

func (f quotaFile) Truncate(size int64) error {
	if fi, err := f.File.Stat(); err == nil && size > fi.Size() {
		if err := f.b.Charge(budget.FileBytes, size-fi.Size()); err != nil {
			return err
		}
	}
	return f.File.Truncate(size)
}
