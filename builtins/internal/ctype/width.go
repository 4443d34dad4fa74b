package ctype

// Display widths of text in the C.UTF-8 locale, as glibc's wcwidth and
// gnulib's mbsnwidth compute them (ls columns, printf %*s padding).

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// IsPrintRune reports whether r is printable, like glibc's iswprint in
// C.UTF-8.
func IsPrintRune(r rune) bool {
	if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 {
		return false
	}
	return unicode.IsPrint(r) || r == 0xa0 || unicode.Is(unicode.Cf, r) && r != 0xfeff ||
		unicode.IsSpace(r) && r != 0x85 || unicode.Is(unicode.Co, r)
}

// RuneWidth returns the columns r takes on a terminal: 0 for combining
// and format characters, 2 for wide East Asian ones, -1 if unprintable.
func RuneWidth(r rune) int {
	switch {
	case r == 0:
		return 0
	case !IsPrintRune(r):
		return -1
	case r == 0xad:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf), r == 0x200b,
		r >= 0x1160 && r <= 0x11ff:
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// StringWidth returns the columns s takes, as gnulib's mbsnwidth with no
// flags: an invalid byte counts 1, an incomplete character at the end 1,
// a control character 0 and another unprintable character 1.
func StringWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			n++
			if !utf8.FullRuneInString(s[i:]) {
				return n
			}
			i++
			continue
		}
		switch w := RuneWidth(r); {
		case w >= 0:
			n += w
		case !unicode.IsControl(r):
			n++
		}
		i += size
	}
	return n
}
