package builtins

import (
	"strconv"
)

// matchLine prints a selected line with the leading context before it.
func (r *rgRun) matchLine(f *rgFile, text []byte, no, off int64) {
	if r.json != nil {
		r.flushBefore(f)
		r.json.line(r, f, "match", text, no, off)
		f.last = no
		f.after = max(r.o.after, 0)
		return
	}
	r.flushBefore(f)
	r.separate(f, no)
	switch {
	case r.o.vimgrep && !r.o.invert:
		for _, m := range r.m.matchAll(text) {
			out := r.prefix(r.out[:0], f, no, off+int64(m[0]), m[0]+1, ':')
			if r.o.only {
				out = r.expandOne(out, text, m)
			} else {
				out = r.replaced(out, text)
			}
			out = append(out, '\n')
			r.out = out
			r.write(out)
		}
	case r.o.only && !r.o.invert:
		for _, m := range r.m.matchAll(text) {
			out := r.prefix(r.out[:0], f, no, off+int64(m[0]), m[0]+1, ':')
			out = append(r.expandOne(out, text, m), '\n')
			r.out = out
			r.write(out)
		}
	default:
		col := 0
		if r.o.column {
			col = 1
			if m := r.m.find(text, 0); m != nil && !r.o.invert {
				col = m[0] + 1
			}
		}
		out := r.prefix(r.out[:0], f, no, off, col, ':')
		out = append(r.replaced(out, text), '\n')
		r.out = out
		r.write(out)
	}
	f.last = no
	f.after = max(r.o.after, 0)
}

// context prints a line of trailing context.
func (r *rgRun) context(f *rgFile, text []byte, no, off int64) {
	f.after--
	if r.json != nil {
		r.json.line(r, f, "context", text, no, off)
		f.last = no
		return
	}
	r.separate(f, no)
	out := append(r.prefix(r.out[:0], f, no, off, 0, '-'), text...)
	out = append(out, '\n')
	r.out = out
	r.write(out)
	f.last = no
}

// flushBefore prints the held lines of leading context not printed yet.
func (r *rgRun) flushBefore(f *rgFile) {
	for _, l := range f.before {
		if l.no <= f.last {
			continue
		}
		if r.json != nil {
			r.json.line(r, f, "context", l.text, l.no, l.off)
			f.last = l.no
			continue
		}
		r.separate(f, l.no)
		out := append(r.prefix(r.out[:0], f, l.no, l.off, 0, '-'), l.text...)
		out = append(out, '\n')
		r.out = out
		r.write(out)
		f.last = l.no
	}
	f.before = f.before[:0]
}

// separate prints the file's heading before its first line, and the
// "--" between groups of context that do not touch.
func (r *rgRun) separate(f *rgFile, no int64) {
	if !f.started {
		f.started = true
		if r.heading && r.showName {
			out := r.out[:0]
			if r.printed {
				out = append(out, '\n')
			}
			out = append(out, f.name...)
			if r.o.null {
				out = append(out, 0)
			} else {
				out = append(out, '\n')
			}
			r.out = out
			r.write(out)
			r.printed = true
			return
		}
	}
	if r.withCtx && r.printed && (f.last == 0 && !r.heading || f.last > 0 && no != f.last+1) {
		r.write([]byte("--\n"))
	}
	r.printed = true
}

// prefix appends the file name, line number, column and byte offset of
// an output line; sep is ':' for a match and '-' for context.
func (r *rgRun) prefix(out []byte, f *rgFile, no, off int64, col int, sep byte) []byte {
	if r.showName && !r.heading {
		out = append(out, f.name...)
		if r.o.null {
			out = append(out, 0)
		} else {
			out = append(out, sep)
		}
	}
	if r.lineNum {
		out = append(strconv.AppendInt(out, no, 10), sep)
	}
	if r.o.column && col > 0 {
		out = append(strconv.AppendInt(out, int64(col), 10), sep)
	}
	if r.o.byteOffset {
		out = append(strconv.AppendInt(out, off, 10), sep)
	}
	return out
}

// replaced appends the line, with every match replaced under -r.
func (r *rgRun) replaced(out, text []byte) []byte {
	if r.o.replace == nil || r.o.invert {
		return append(out, text...)
	}
	prev := 0
	for _, m := range r.m.matchAll(text) {
		out = append(out, text[prev:m[0]]...)
		out = r.expandOne(out, text, m)
		prev = m[1]
	}
	return append(out, text[prev:]...)
}

// expandOne appends a match, or its replacement under -r.
func (r *rgRun) expandOne(out, text []byte, m []int) []byte {
	if r.o.replace == nil {
		return append(out, text[m[0]:m[1]]...)
	}
	return r.m.expand(out, *r.o.replace, text, m)
}

// printName prints a path for -l and --files-without-match.
func (r *rgRun) printName(name string) {
	out := append(r.out[:0], name...)
	if r.o.null {
		out = append(out, 0)
	} else {
		out = append(out, '\n')
	}
	r.out = out
	r.write(out)
}

// printCount prints a file's count for -c and --count-matches.
func (r *rgRun) printCount(f *rgFile, n int64) {
	out := r.out[:0]
	if r.showName {
		out = append(out, f.name...)
		if r.o.null {
			out = append(out, 0)
		} else {
			out = append(out, ':')
		}
	}
	out = append(strconv.AppendInt(out, n, 10), '\n')
	r.out = out
	r.write(out)
}

// binaryNotice says that a file given by name matched but holds binary
// data, as ripgrep does instead of printing its lines.
func (r *rgRun) binaryNotice(f *rgFile, what string) {
	out := r.out[:0]
	if r.showName {
		out = append(append(out, f.name...), ": "...)
	}
	out = append(out, what+` (found "\0" byte around offset `...)
	out = append(strconv.AppendInt(out, f.binAt, 10), ")\n"...)
	r.out = out
	r.write(out)
}
