package builtins

// ls: sorting (GNU's sort_files and its comparison functions) and
// filevercmp, the version order of -v (also useful to sort -V).

import (
	"cmp"
	"io/fs"
	"sort"
	"strings"
	"time"
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
			if d := filevercmp(a.name, b.name); d != 0 {
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

// filevercmp compares file names as gnulib's filevercmp: runs of digits
// compare as numbers, '~' sorts before everything, and file suffixes
// (like ".tar.gz") count only to break ties.
func filevercmp(a, b string) int {
	switch {
	case a == "" || b == "":
		return b2i(a != "") - b2i(b != "")
	case a[0] == '.' && b[0] != '.':
		return -1
	case a[0] != '.' && b[0] == '.':
		return 1
	case a[0] == '.':
		for _, special := range []string{".", ".."} {
			if a == special || b == special {
				if a == b {
					return 0
				}
				if a == special {
					return -1
				}
				return 1
			}
		}
	}
	ap, bp := verPrefixLen(a), verPrefixLen(b)
	res := verrevcmp(a[:ap], b[:bp])
	if res != 0 || ap == len(a) && bp == len(b) {
		return res
	}
	return verrevcmp(a, b)
}

// verPrefixLen is the length of s without its file suffix, the longest
// match of (\.[A-Za-z~][A-Za-z0-9~]*)*$ that is not all of s.
func verPrefixLen(s string) int {
	prefix := 0
	for i := 0; ; {
		if i == len(s) {
			return prefix
		}
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (isAlphaByte(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlphaByte(s[i]) || isDigitByte(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}

func isAlphaByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

// verOrder is the weight of s[pos] in verrevcmp.
func verOrder(s string, pos int) int {
	if pos == len(s) {
		return -1
	}
	c := s[pos]
	switch {
	case isDigitByte(c):
		return 0
	case isAlphaByte(c):
		return int(c)
	case c == '~':
		return -2
	}
	return int(c) + 256
}

// verrevcmp is dpkg's version comparison, as gnulib has it.
func verrevcmp(a, b string) int {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		firstDiff := 0
		for i < len(a) && !isDigitByte(a[i]) || j < len(b) && !isDigitByte(b[j]) {
			ac, bc := verOrder(a, i), verOrder(b, j)
			if ac != bc {
				return ac - bc
			}
			i++
			j++
		}
		for i < len(a) && a[i] == '0' {
			i++
		}
		for j < len(b) && b[j] == '0' {
			j++
		}
		for i < len(a) && j < len(b) && isDigitByte(a[i]) && isDigitByte(b[j]) {
			if firstDiff == 0 {
				firstDiff = int(a[i]) - int(b[j])
			}
			i++
			j++
		}
		if i < len(a) && isDigitByte(a[i]) {
			return 1
		}
		if j < len(b) && isDigitByte(b[j]) {
			return -1
		}
		if firstDiff != 0 {
			return firstDiff
		}
	}
	return 0
}
