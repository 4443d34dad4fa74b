package builtins

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// GNU grep's default colors (GREP_COLORS unset).
const (
	grepColorMatch = "01;31"
	grepColorName  = "35"
	grepColorNum   = "32"
	grepColorSep   = "36"
)

// prtext prints the selected line b[ls:le] with its leading context, as
// GNU's prtext does.
func (g *grepRun) prtext(f *grepFile, b []byte, ls, le int) error {
	if f.pending > 0 {
		if err := g.printPending(f, b, ls); err != nil {
			return err
		}
	}
	floor := 0
	if f.lastOut >= f.bufOff {
		floor = int(f.lastOut - f.bufOff)
	}
	p := ls
	for i := 0; i < g.before && p > floor; i++ {
		p = bytes.LastIndexByte(b[:p-1], g.eol) + 1
	}
	if g.groupSep && g.used && f.lastOut != f.bufOff+int64(p) {
		g.out = append(g.colored(g.out[:0], grepColorSep, g.o.groupSep), '\n')
		if err := g.write(g.out); err != nil {
			return err
		}
	}
	for p < ls {
		nl := lineEnd(b, p, g.eol)
		if _, err := g.prline(f, b, p, nl, '-'); err != nil {
			return err
		}
		p = nl
	}
	_, err := g.prline(f, b, ls, le, ':')
	f.pending = g.after
	g.used = true
	return err
}

// printPending prints trailing context up to b[lim]. A line that cannot
// be printed (not UTF-8) uses up the rest, as in GNU.
func (g *grepRun) printPending(f *grepFile, b []byte, lim int) error {
	p := int(f.lastOut - f.bufOff)
	for ; f.pending > 0 && p < lim; f.pending-- {
		nl := lineEnd(b[:lim], p, g.eol)
		ok, err := g.prline(f, b, p, nl, '-')
		if err != nil {
			return err
		}
		if ok {
			p = nl
		}
	}
	return nil
}

// prline prints the line b[ls:le] (or its matches with -o); sep is ':'
// for a selected line and '-' for context. It reports false when the
// line was withheld for not being UTF-8.
func (g *grepRun) prline(f *grepFile, b []byte, ls, le int, sep byte) (bool, error) {
	line := b[ls:le]
	if len(line) > 0 && line[len(line)-1] == g.eol {
		line = line[:len(line)-1]
	}
	matching := (sep == ':') != g.o.invert
	out := g.out[:0]
	if g.o.only {
		if matching {
			var ok bool
			if out, ok = g.onlyMatches(f, b, ls, line, out); !ok {
				return false, nil
			}
		}
	} else {
		var ok bool
		if out, ok = g.head(f, b, ls, f.bufOff+int64(ls), line, sep, out); !ok {
			return false, nil
		}
		if g.o.color && matching {
			out = g.colorMatches(line, out)
		} else {
			out = append(out, line...)
		}
		out = append(out, g.eol)
	}
	g.out = out
	f.lastOut = f.bufOff + int64(le)
	return true, g.write(out)
}

// onlyMatches appends each non-empty match of a line on its own line.
func (g *grepRun) onlyMatches(f *grepFile, b []byte, ls int, line, out []byte) ([]byte, bool) {
	sep := byte(':')
	if g.o.invert {
		sep = '-'
	}
	for _, m := range g.m.matches(line) {
		if m[1] == m[0] {
			continue
		}
		var ok bool
		if out, ok = g.head(f, b, ls, f.bufOff+int64(ls+m[0]), line[m[0]:m[1]], sep, out); !ok {
			return out, false
		}
		out = append(g.colored(out, g.matchColor(), string(line[m[0]:m[1]])), g.eol)
	}
	return out, true
}

func (g *grepRun) matchColor() string {
	if g.o.color {
		return grepColorMatch
	}
	return ""
}

// colorMatches appends line with its non-empty matches colored.
func (g *grepRun) colorMatches(line, out []byte) []byte {
	prev := 0
	for _, m := range g.m.matches(line) {
		if m[1] == m[0] {
			continue
		}
		out = append(out, line[prev:m[0]]...)
		out = g.colored(out, grepColorMatch, string(line[m[0]:m[1]]))
		prev = m[1]
	}
	return append(out, line[prev:]...)
}

// head appends the prefix of an output line: file name, line number,
// byte offset and -T's tab. text is what will follow; it is refused (ok
// false) when it is not UTF-8, unless -a.
func (g *grepRun) head(f *grepFile, b []byte, ls int, off int64, text []byte, sep byte, out []byte) ([]byte, bool) {
	if g.o.binary != "text" && !utf8.Valid(text) {
		f.encErr = true
		return out, false
	}
	if g.showName {
		out = g.colored(out, grepColorName, f.name)
		if g.o.nullName {
			out = append(out, 0)
		} else {
			out = g.sepChar(out, sep)
		}
	}
	if g.o.lineNumber {
		out = g.number(out, g.lineNo(f, b, ls), f.width)
		out = g.sepChar(out, sep)
	}
	if g.o.byteOffset {
		out = g.number(out, off, f.width)
		out = g.sepChar(out, sep)
	}
	if g.o.initialTab && (g.showName || g.o.lineNumber || g.o.byteOffset) && len(text) > 0 {
		out = append(out, '\t')
	}
	return out, true
}

func (g *grepRun) number(out []byte, n int64, width int) []byte {
	var digits [24]byte
	d := strconv.AppendInt(digits[:0], n, 10)
	if g.o.color {
		out = append(out, "\x1b["+grepColorNum+"m\x1b[K"...)
	}
	for i := len(d); i < width; i++ {
		out = append(out, ' ')
	}
	out = append(out, d...)
	if g.o.color {
		out = append(out, "\x1b[m\x1b[K"...)
	}
	return out
}

func (g *grepRun) sepChar(out []byte, sep byte) []byte {
	return g.colored(out, grepColorSep, string(sep))
}

// colored appends s, in color when --color is on.
func (g *grepRun) colored(out []byte, color, s string) []byte {
	if !g.o.color || color == "" {
		return append(out, s...)
	}
	out = append(out, "\x1b["+color+"m\x1b[K"...)
	out = append(out, s...)
	return append(out, "\x1b[m\x1b[K"...)
}

// printName prints a file name for -l and -L.
func (g *grepRun) printName(name string) {
	out := g.colored(g.out[:0], grepColorName, name)
	if g.o.nullName {
		out = append(out, 0)
	} else {
		out = append(out, '\n')
	}
	g.out = out
	g.writeOrQuit(out)
}

// printCount prints a file's count for -c.
func (g *grepRun) printCount(f *grepFile) {
	out := g.out[:0]
	if g.showName {
		out = g.colored(out, grepColorName, f.name)
		if g.o.nullName {
			out = append(out, 0)
		} else {
			out = g.sepChar(out, ':')
		}
	}
	out = append(strconv.AppendInt(out, f.count, 10), '\n')
	g.out = out
	g.writeOrQuit(out)
}

func (g *grepRun) writeOrQuit(b []byte) {
	if err := g.write(b); err != nil {
		g.quit, g.status = true, g.p.WriteFailed(err)
	}
}

// write writes output, flushing at once with --line-buffered. A failed
// write comes back as a writeErr.
func (g *grepRun) write(b []byte) error {
	if _, err := g.p.Stdout.Write(b); err != nil {
		return writeErr{err}
	}
	if g.o.lineBuf {
		if err := g.p.Flush(); err != nil {
			return writeErr{err}
		}
	}
	return nil
}
