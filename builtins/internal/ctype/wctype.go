package ctype

// Character classes of glibc's C.UTF-8 locale beyond ASCII, as wc needs
// them to split words.

// IsSpaceRune is iswspace in C.UTF-8: the C spaces and the Unicode
// separators that are not no-break spaces.
func IsSpaceRune(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x1680, 0x2028, 0x2029, 0x205f, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200a && r != 0x2007
}

// IsNoBreakSpace is wc's iswnbspace: the no-break spaces GNU wc also
// treats as word separators.
func IsNoBreakSpace(r rune) bool {
	return r == 0xa0 || r == 0x2007 || r == 0x202f || r == 0x2060
}
