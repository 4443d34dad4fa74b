package patch

import (
	"bytes"
	"fmt"
)

// A patch file is read line by line as GNU patch reads it: with up to
// indent columns of indentation and RFC 934 "- " prefixes removed,
// comment lines ("#...") skipped, and trailing CRs removed when the
// headers had them.

// pscan reads the lines of a patch.
type pscan struct {
	lines [][]byte // every line with its newline; the last may lack one
	pos   int      // index of the next line to read
	// line is the number (1-based) of the last line read.
	line int
	// Per-patch reading settings.
	indent, rfc934 int
	stripCR        bool
	passComments   bool
	say            func(format string, args ...any)
}

func newPscan(data []byte, say func(string, ...any)) *pscan {
	s := &pscan{say: say, lines: make([][]byte, 0, bytes.Count(data, []byte{'\n'})+1)}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			s.lines = append(s.lines, data)
			break
		}
		s.lines = append(s.lines, data[:i+1])
		data = data[i+1:]
	}
	return s
}

// fatalError is an error that ends patch with status 2 ("patch: ****").
type fatalError struct{ msg string }

func (e *fatalError) Error() string { return e.msg }

func fatalf(format string, args ...any) error {
	return &fatalError{fmt.Sprintf(format, args...)}
}

// mark is a place in the patch: the index of the next line and the
// number of the last line read (they differ once a "\ No newline" line
// has been skipped, which GNU does not count).
type mark struct{ pos, line int }

func (s *pscan) here() mark  { return mark{s.pos, s.line} }
func (s *pscan) seek(m mark) { s.pos, s.line = m.pos, m.line }

// get reads the next line with the current settings; nil at the end.
func (s *pscan) get(allowNul bool) ([]byte, error) {
	return s.getWith(s.indent, s.rfc934, s.stripCR, s.passComments, allowNul)
}

// getWith reads the next line, dropping indentation, "- " prefixes and
// comment lines. A last line without a newline is not a line: GNU warns
// and ignores it.
func (s *pscan) getWith(indent, rfc934 int, stripCR, passComments, allowNul bool) ([]byte, error) {
	for {
		if s.pos >= len(s.lines) {
			return nil, nil
		}
		raw := s.lines[s.pos]
		if raw[len(raw)-1] != '\n' {
			s.pos++
			s.say("patch unexpectedly ends in middle of line\n")
			return nil, nil
		}
		s.pos++
		s.line++
		b := dropIndent(raw, indent)
		for n := rfc934; n > 0 && len(b) >= 2 && b[0] == '-' && b[1] == ' '; n-- {
			b = b[2:]
		}
		if len(b) > 0 && b[0] == '#' && !passComments {
			continue
		}
		if !allowNul && bytes.IndexByte(b, 0) >= 0 {
			return nil, fatalf("patch line %d contains NUL byte", s.line)
		}
		if stripCR && len(b) >= 2 && b[len(b)-2] == '\r' {
			b = append(append([]byte{}, b[:len(b)-2]...), '\n')
		}
		return b, nil
	}
}

// dropIndent removes up to indent columns of leading blanks and X's.
func dropIndent(b []byte, indent int) []byte {
	col := 0
	for len(b) > 0 && col < indent {
		switch b[0] {
		case ' ', 'X':
			col++
		case '\t':
			col = (col + 8) &^ 7
		default:
			return b
		}
		b = b[1:]
	}
	return b
}

// peekIncomplete consumes a "\ No newline at end of file" line if it is
// next, and reports whether it was there.
func (s *pscan) peekIncomplete() bool {
	if s.pos < len(s.lines) && len(s.lines[s.pos]) > 0 && s.lines[s.pos][0] == '\\' {
		s.pos++
		return true
	}
	return false
}

// atEnd reports whether no line is left.
func (s *pscan) atEnd() bool { return s.pos >= len(s.lines) }
