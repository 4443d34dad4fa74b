// Package ctype classifies characters as glibc does in the C.UTF-8
// locale, the locale whose output shellfence matches: bytes as <ctype.h>
// sees them ([IsSpace], [IsDigit], ...), characters as <wctype.h> sees
// them ([IsPrintRune], [IsSpaceRune]), and the columns text takes on a
// terminal ([RuneWidth], [StringWidth]).
package ctype

// IsSpace reports whether c is a C white-space byte: space, \t, \n, \v,
// \f or \r.
func IsSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// IsDigit reports whether c is a decimal digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsAlpha reports whether c is an ASCII letter.
func IsAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// IsHexDigit reports whether c is a hexadecimal digit.
func IsHexDigit(c byte) bool { return IsDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

// DigitVal returns the value of c as a digit in any base up to 36 (0-9,
// then a-z or A-Z), or 99 when c is no digit.
func DigitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}
