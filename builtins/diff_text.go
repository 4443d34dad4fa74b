package builtins

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/patch"
)

// compareFiles reads and compares two files and prints their
// differences; inDir says the pair came from a directory comparison, so
// a "diff ..." line names it before its output.
func (d *differ) compareFiles(a, b *side, inDir bool) {
	data := [2][]byte{}
	for i, s := range []*side{a, b} {
		var err error
		if data[i], err = d.read(s); err != nil {
			d.p.Errorf("%s: %s", s.name, ErrText(err))
			d.note(2)
			return
		}
	}
	if d.o.stripCR {
		data[0], data[1] = stripCR(data[0]), stripCR(data[1])
	}
	c := d.o.cmp
	exact := c.IgnoreLine == nil && !c.IgnoreCase && !c.IgnoreAllSpace && !c.IgnoreSpaceChange &&
		!c.IgnoreTrailingSpace && !c.IgnoreTabExpansion && !c.IgnoreBlankLines
	if d.o.brief && exact || !d.o.text && (binary(data[0]) || binary(data[1])) {
		d.compareBytes(a, b, data[0], data[1])
		return
	}
	ctx := 0
	if d.o.style == styleUnified || d.o.style == styleContext {
		ctx = d.o.context
	}
	s := patch.Compare(data[0], data[1], max(ctx, d.o.horizon), d.o.cmp)
	if s.Equal() && d.o.style != styleSide {
		d.identical(a, b)
		return
	}
	same := s.Equal()
	if !same {
		d.note(1)
	}
	if d.o.brief && same {
		d.identical(a, b)
		return
	}
	if d.o.brief {
		fmt.Fprintf(d.p.Stdout, "Files %s and %s differ\n", d.label(0, a.name), d.label(1, b.name))
		return
	}
	if inDir {
		fmt.Fprintf(d.p.Stdout, "diff%s %s %s\n", d.o.switches, d.headerName(0, a), d.headerName(1, b))
	}
	d.write(s, a, b, ctx)
	if same {
		d.identical(a, b)
	}
}

// headerName is how file f is named in headers: its label, or its name
// quoted when needed.
func (d *differ) headerName(f int, s *side) string {
	if f < len(d.o.labels) {
		return d.o.labels[f]
	}
	return quoteC(s.name)
}

// compareBytes compares files as binary: it only says whether they
// differ.
func (d *differ) compareBytes(a, b *side, x, y []byte) {
	if bytes.Equal(x, y) {
		d.identical(a, b)
		return
	}
	d.note(1)
	what := "Binary files"
	if d.o.brief {
		what = "Files"
	}
	fmt.Fprintf(d.p.Stdout, "%s %s and %s differ\n", what, d.label(0, a.name), d.label(1, b.name))
}

// write prints the script in the chosen style.
func (d *differ) write(s *patch.Script, a, b *side, ctx int) {
	h := patch.Header{OldName: d.headerName(0, a), NewName: d.headerName(1, b), OldTime: d.mtime(a), NewTime: d.mtime(b)}
	if len(d.o.labels) > 0 {
		h.OldName, h.OldTime = d.o.labels[0], time.Time{}
	}
	if len(d.o.labels) > 1 {
		h.NewName, h.NewTime = d.o.labels[1], time.Time{}
	}
	if d.o.showFunction {
		h.Function = patch.CFunction
	}
	switch d.o.style {
	case styleUnified:
		s.WriteUnified(d.p.Stdout, h, ctx)
	case styleContext:
		s.WriteContext(d.p.Stdout, h, ctx)
	case styleSide:
		s.WriteSideBySide(d.p.Stdout, d.o.side)
	default:
		s.WriteNormal(d.p.Stdout)
	}
}

// stripCR removes a carriage return before each newline
// (--strip-trailing-cr).
func stripCR(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n' {
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// quoteC quotes a file name for diff's headers the way GNU diff does: in
// double quotes with C escapes when it holds a space, a quote, a
// backslash, a control character or a non-ASCII byte; else as it is.
func quoteC(s string) string {
	need := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte(c)
		case c < ' ' || c >= 0x7f:
			b.WriteString(quote.CEscape(c))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
