package patch

import (
	"io"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// SideOptions shape side-by-side output (diff -y).
type SideOptions struct {
	Width          int  // total width (-W); 0 means 130
	SuppressCommon bool // --suppress-common-lines
	LeftColumn     bool // --left-column: common lines only on the left
}

const tabSize = 8

// sideWriter prints side-by-side lines.
type sideWriter struct {
	*errWriter
	half, col2 int // width of each half, and where the right half starts
	opts       SideOptions
}

// WriteSideBySide writes s as two columns, the old file on the left.
func (s *Script) WriteSideBySide(w io.Writer, opts SideOptions) error {
	wd := opts.Width
	if wd <= 0 {
		wd = 130
	}
	off := (wd + tabSize + 3) / (2 * tabSize) * tabSize
	sw := &sideWriter{errWriter: &errWriter{w: w}, opts: opts}
	sw.half = max(0, min(off-3, wd-off))
	sw.col2 = wd
	if sw.half != 0 {
		sw.col2 = off
	}
	next0, next1 := 0, 0
	for i := range s.Changes {
		sp := s.analyze(s.Changes[i : i+1])
		if sp.kind == unchanged {
			continue
		}
		sw.common(s, next0, next1, sp.first0, sp.first1)
		next0, next1 = sw.hunk(s, sp)
	}
	sw.common(s, next0, next1, s.old.lines(), s.new.lines())
	return sw.err
}

// common prints the unchanged lines [i0, lim0) and [i1, lim1).
func (sw *sideWriter) common(s *Script, i0, i1, lim0, lim1 int) {
	if sw.opts.SuppressCommon {
		return
	}
	for ; i0 != lim0 && i1 != lim1; i0, i1 = i0+1, i1+1 {
		if sw.opts.LeftColumn {
			sw.row(s.old.line(i0), '(', nil)
		} else {
			sw.row(s.old.line(i0), ' ', s.new.line(i1))
		}
	}
	// Lines of ignored changes (-B) are left over on one side.
	for ; i1 != lim1; i1++ {
		sw.row(nil, ')', s.new.line(i1))
	}
	for ; i0 != lim0; i0++ {
		sw.row(s.old.line(i0), '(', nil)
	}
}

// hunk prints one change and returns the next lines to print.
func (sw *sideWriter) hunk(s *Script, sp span) (int, int) {
	i, j := sp.first0, sp.first1
	if sp.kind == changes {
		for ; i <= sp.last0 && j <= sp.last1; i, j = i+1, j+1 {
			sw.row(s.old.line(i), '|', s.new.line(j))
		}
	}
	for ; j <= sp.last1; j++ {
		sw.row(nil, '>', s.new.line(j))
	}
	for ; i <= sp.last0; i++ {
		sw.row(s.old.line(i), '<', nil)
	}
	return i, j
}

// row prints one output line: left text, separator, right text. A nil
// side is empty.
func (sw *sideWriter) row(left []byte, sep byte, right []byte) {
	col := 0
	nl := false
	if left != nil {
		nl = hasNL(left)
		col = sw.halfLine(left, 0, sw.half)
	}
	if sep != ' ' {
		col = sw.tabTo(col, (sw.half+sw.col2-1)/2) + 1
		if sep == '|' && nl != hasNL(right) {
			sep = '\\'
			if nl {
				sep = '/'
			}
		}
		sw.write([]byte{sep})
	}
	if right != nil {
		nl = nl || hasNL(right)
		if len(right) > 0 && right[0] != '\n' {
			col = sw.tabTo(col, sw.col2)
			sw.halfLine(right, col, sw.half)
		}
	}
	if nl {
		sw.str("\n")
	}
}

func hasNL(b []byte) bool { return len(b) > 0 && b[len(b)-1] == '\n' }

// tabTo moves from column from to column to with tabs and spaces.
func (sw *sideWriter) tabTo(from, to int) int {
	for tab := from + tabSize - from%tabSize; tab <= to; tab += tabSize {
		sw.str("\t")
		from = tab
	}
	for ; from < to; from++ {
		sw.str(" ")
	}
	return to
}

// halfLine prints a line cut to bound columns, without its newline, and
// returns the last column written.
func (sw *sideWriter) halfLine(line []byte, indent, bound int) int {
	in, out := 0, 0
	for p := 0; p < len(line); {
		c := line[p]
		p++
		switch {
		case c == '\n':
			return out
		case c == '\t':
			spaces := tabSize - in%tabSize
			if in == out && out+spaces < bound {
				out += spaces
				sw.write([]byte{c})
			}
			in += spaces
		case c == '\r':
			sw.write([]byte{c})
			sw.tabTo(0, indent)
			in, out = 0, 0
		case c == '\b':
			if in != 0 {
				in--
				if in < bound {
					if out <= in {
						for ; out < in; out++ {
							sw.str(" ")
						}
					} else {
						out = in
						sw.write([]byte{c})
					}
				}
			}
		case c >= ' ' && c < 0x7f:
			if in < bound {
				in++
				out = in
				sw.write([]byte{c})
			} else {
				in++
			}
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(line[p-1:])
			if r == utf8.RuneError && size <= 1 {
				if in < bound {
					sw.write([]byte{c})
				}
				continue
			}
			in += runeWidth(r)
			if in <= bound {
				out = in
				sw.write(line[p-1 : p-1+size])
			}
			p += size - 1
		case c == '\f' || c == '\v' || c == 0:
			if in < bound {
				sw.write([]byte{c})
			}
		default: // other control characters have no width
			if in <= bound {
				out = in
				sw.write([]byte{c})
			}
		}
	}
	return out
}

// runeWidth is wcwidth for a printable rune: 0 for combining marks, 2
// for wide East Asian characters, else 1.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case !unicode.IsPrint(r):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
