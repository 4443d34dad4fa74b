package builtins

// Character classes of glibc's C.UTF-8 locale, as wc (and anything that
// measures display columns) needs them.

import (
	"unicode"

	"golang.org/x/text/width"
)

// printRanges are the categories glibc's C.UTF-8 counts as printable
// (besides the exclusions in isPrintRune).
var printRanges = []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P,
	unicode.S, unicode.Zs, unicode.Co, unicode.Cf}

// isPrintRune is iswprint in C.UTF-8: assigned characters other than
// controls and the line and paragraph separators.
func isPrintRune(r rune) bool {
	switch {
	case r < 0x20 || 0x7f <= r && r < 0xa0:
		return false
	case r < 0x7f:
		return true
	}
	return unicode.In(r, printRanges...)
}

// runeWidth is wcwidth in C.UTF-8: -1 for characters that do not print,
// 0 for combining and format characters, 2 for East Asian wide and
// fullwidth ones, 1 otherwise.
func runeWidth(r rune) int {
	switch {
	case r < 0x7f:
		if r < 0x20 {
			return -1
		}
		return 1
	case !isPrintRune(r):
		return -1
	case r == 0xad:
		return 1
	case 0x1160 <= r && r <= 0x11ff, unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// isSpaceRune is iswspace in C.UTF-8: the C spaces and the Unicode
// separators that are not no-break spaces.
func isSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1680, 0x2028, 0x2029, 0x205f, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200a && r != 0x2007
}

// isNoBreakSpace is wc's iswnbspace: the no-break spaces GNU wc also
// treats as word separators.
func isNoBreakSpace(r rune) bool {
	return r == 0xa0 || r == 0x2007 || r == 0x202f || r == 0x2060
}
