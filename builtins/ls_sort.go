package builtins

// ls: sorting (GNU's sort_files and its comparison functions; -v uses
// internal/filevercmp).

import (
	"cmp"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/filevercmp"
)

// sortFiles sorts the table as the options ask.
func (r *lsRun) sortFiles() {
	c := r.c
	if c.sortType == lsSortWidth || c.lineLen != 0 && (c.format == lsManyPerLine || c.format == lsHorizontal) {
		for _, f := range r.files {
			f.width = r.nameWidth(f)
		}
	}
	if c.sortType == lsSortNone {
		return
	}
	cmp := r.compare()
	less := func(a, b *lsFile) bool { return cmp(a, b) < 0 }
	if c.reverse {
		less = func(a, b *lsFile) bool { return cmp(b, a) < 0 }
	}
	if c.dirsFirst {
		inner := less
		less = func(a, b *lsFile) bool {
			da, db := lsLinkedDir(a), lsLinkedDir(b)
			if da != db {
				return da
			}
			return inner(a, b)
		}
	}
	sort.SliceStable(r.files, func(i, j int) bool { return less(r.files[i], r.files[j]) })
}

// compare returns the comparison of the sort key, name as tie-breaker.
func (r *lsRun) compare() func(a, b *lsFile) int {
	switch r.c.sortType {
	case lsSortExtension:
		return func(a, b *lsFile) int {
			if d := strings.Compare(lsExtension(a.name), lsExtension(b.name)); d != 0 {
				return d
			}
			return strings.Compare(a.name, b.name)
		}
	case lsSortWidth:
		return func(a, b *lsFile) int {
			if d := a.width - b.width; d != 0 {
				return d
			}
			return strings.Compare(a.name, b.name)
		}
	case lsSortSize:
		return func(a, b *lsFile) int {
			if d := cmp.Compare(lsSize(b), lsSize(a)); d != 0 {
				return d
			}
			return strings.Compare(a.name, b.name)
		}
	case lsSortVersion:
		return func(a, b *lsFile) int {
			if d := filevercmp.Compare(a.name, b.name); d != 0 {
				return d
			}
			return strings.Compare(a.name, b.name)
		}
	case lsSortTime:
		tt := r.c.timeType
		return func(a, b *lsFile) int {
			if d := lsFileTime(b, tt).Compare(lsFileTime(a, tt)); d != 0 {
				return d
			}
			return strings.Compare(a.name, b.name)
		}
	}
	return func(a, b *lsFile) int { return strings.Compare(a.name, b.name) }
}

// lsExtension is the name's last dot and what follows, or "".
func lsExtension(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i:]
	}
	return ""
}

func lsSize(f *lsFile) int64 {
	if !f.statOK {
		return 0
	}
	return f.fi.Size()
}

// lsFileTime is the file's time of the given kind (zero if not stat'ed).
func lsFileTime(f *lsFile, tt lsTimeType) time.Time {
	if !f.statOK {
		return time.Unix(0, 0)
	}
	switch tt {
	case lsCtime:
		return f.meta.Ctime
	case lsAtime:
		return f.meta.Atime
	}
	return f.fi.ModTime()
}

// lsLinkedDir reports whether f is a directory or a symlink to one.
func lsLinkedDir(f *lsFile) bool {
	return f.ftype == lsDirectory || f.ftype == lsArgDirectory || f.linkMode&fs.ModeDir != 0
}
