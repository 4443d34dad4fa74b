package builtins

// expand - convert tabs to spaces
//
//	expand [-i] [-t N|LIST] [-N] [FILE]...
//
// As GNU coreutils 9.1: tab stops every N (8) columns or at the listed
// columns, then single spaces, or every N after a last "/N" entry, or N
// further after a last "+N" entry; -i converts only the tabs before the
// first non-blank. Backspace moves one column back. Columns count bytes.

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// tabStops is a parsed -t list.
type tabStops struct {
	list     []int
	every    int // after the list: every N columns (/N), 0 for single spaces
	relative int // +N: N columns past the last listed stop
}

// parseTabs reads a -t value (numbers separated by commas or blanks).
func parseTabs(p *Proc, s string, t *tabStops) error {
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		prefix := byte(0)
		if f[0] == '/' || f[0] == '+' {
			prefix, f = f[0], f[1:]
		}
		n, err := strconv.Atoi(f)
		switch {
		case err != nil:
			return p.optErr("tab size contains invalid character(s): %s", quote.Locale(f))
		case n == 0 && prefix == 0:
			return p.optErr("tab size cannot be 0")
		case prefix == '/':
			t.every = n
		case prefix == '+':
			t.relative = n
		case len(t.list) > 0 && n <= t.list[len(t.list)-1]:
			return p.optErr("tab sizes must be ascending")
		default:
			t.list = append(t.list, n)
		}
	}
	return nil
}

// next returns the column of the tab stop after col, and false when
// there is none (a tab becomes one space).
func (t *tabStops) next(col int) (int, bool) {
	switch {
	case len(t.list) == 0:
		return col + 8 - col%8, true
	case len(t.list) == 1 && t.every == 0 && t.relative == 0:
		n := t.list[0]
		return col + n - col%n, true
	}
	for _, s := range t.list {
		if s > col {
			return s, true
		}
	}
	last := t.list[len(t.list)-1]
	switch {
	case t.every > 0:
		return col + t.every - col%t.every, true
	case t.relative > 0:
		return col + t.relative - (col-last)%t.relative, true
	}
	return col + 1, false
}

func expand(p *Proc) int {
	var t tabStops
	initial := false
	flags := p.newOpts(1)
	flags.Flag('i', "initial", &initial)
	flags.Value('t', "tabs", func(_, v string) error { return parseTabs(p, v, &t) })
	addToolInfo(flags, "expand")
	args := make([]string, 0, len(p.Args))
	for _, a := range p.Args[1:] {
		if obsoleteWidth.MatchString(a) {
			a = "-t" + a[1:]
		}
		args = append(args, a)
	}
	files, err := flags.Parse(args)
	if err != nil {
		return p.usage(err, 1)
	}
	return p.eachInput(files, shellNames, func(in io.Reader, _ string) error { return expandStream(p, in, &t, initial) })
}

func expandStream(p *Proc, in io.Reader, t *tabStops, initial bool) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var out []byte
	col, leading := 0, true
	for n := 0; ; n++ {
		c, err := r.ReadByte()
		if err != nil {
			if werr := p.write(out); werr != nil {
				return werr
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		switch {
		case c == '\t' && (!initial || leading):
			next, _ := t.next(col)
			var werr error
			if out, werr = p.blanks(out, next-col); werr != nil {
				return werr
			}
			col = next
		case c == '\b':
			out = append(out, c)
			col = max(col-1, 0)
		case c == '\n':
			out = append(out, c)
			col, leading = 0, true
		default:
			out = append(out, c)
			col++
			if c != ' ' && c != '\t' {
				leading = false
			}
		}
		if len(out) >= 32<<10 {
			if werr := p.write(out); werr != nil {
				return werr
			}
			out = out[:0]
			if p.Cancelled() {
				return errStopped
			}
		}
	}
}

// blankRun is what blanks appends at once: the spaces of a tab stop at
// column 1000000000 are written as they are made, not held.
var blankRun = bytes.Repeat([]byte{' '}, 32<<10)

// blanks appends n spaces to out, writing out whenever it holds 32 KiB.
func (p *Proc) blanks(out []byte, n int) ([]byte, error) {
	for n > 0 {
		k := min(n, len(blankRun))
		out, n = append(out, blankRun[:k]...), n-k
		if len(out) >= 32<<10 {
			if err := p.write(out); err != nil {
				return out, err
			}
			out = out[:0]
		}
	}
	return out, nil
}
