// Package filevercmp orders file names by version as gnulib's filevercmp
// does (coreutils 9.1): ls -v and sort -V.
package filevercmp

import (
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// Compare compares file names as gnulib's filevercmp: runs of digits
// compare as numbers, '~' sorts before everything, and file suffixes
// (like ".tar.gz") count only to break ties.
func Compare(a, b string) int {
	switch {
	case a == "" || b == "":
		return strings.Compare(a, b) // the empty name sorts first
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
		for i+1 < len(s) && s[i] == '.' && (ctype.IsAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (ctype.IsAlpha(s[i]) || ctype.IsDigit(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}

// verOrder is the weight of s[pos] in verrevcmp.
func verOrder(s string, pos int) int {
	if pos == len(s) {
		return -1
	}
	c := s[pos]
	switch {
	case ctype.IsDigit(c):
		return 0
	case ctype.IsAlpha(c):
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
		for i < len(a) && !ctype.IsDigit(a[i]) || j < len(b) && !ctype.IsDigit(b[j]) {
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
		for i < len(a) && j < len(b) && ctype.IsDigit(a[i]) && ctype.IsDigit(b[j]) {
			if firstDiff == 0 {
				firstDiff = int(a[i]) - int(b[j])
			}
			i++
			j++
		}
		if i < len(a) && ctype.IsDigit(a[i]) {
			return 1
		}
		if j < len(b) && ctype.IsDigit(b[j]) {
			return -1
		}
		if firstDiff != 0 {
			return firstDiff
		}
	}
	return 0
}
