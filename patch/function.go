package patch

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// CFunction is diff -p's test for a line that starts a function: it
// begins with a letter, "_" or "$".
func CFunction(line []byte) bool {
	r, _ := utf8.DecodeRune(line)
	return r == '_' || r == '$' || unicode.IsLetter(r)
}

// funcFinder finds, for each hunk, the last line before it that starts a
// function (GNU's find_function), searching each line only once.
type funcFinder struct {
	match      func([]byte) bool
	lastSearch int
	lastMatch  int // -1: none yet
}

// find returns the text shown after a hunk header for a hunk whose first
// line is first: " " and up to 40 bytes of the function line, trimmed.
func (f *funcFinder) find(t *text, first int) string {
	if f == nil || f.match == nil {
		return ""
	}
	last := f.lastSearch
	f.lastSearch = first
	for i := first - 1; i >= last; i-- {
		if f.match(t.body(i)) {
			f.lastMatch = i
			return functionText(t.body(i))
		}
	}
	if f.lastMatch >= 0 {
		return functionText(t.body(f.lastMatch))
	}
	return ""
}

func functionText(line []byte) string {
	line = bytes.TrimLeft(line, " \t\n\v\f\r")
	if len(line) > 40 {
		line = line[:40]
	}
	return " " + string(bytes.TrimRight(line, " \t\n\v\f\r"))
}
