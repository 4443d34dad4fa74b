package builtins

import (
	"bytes"
	"io"
)

// rgFill is the size of ripgrep's line buffer: each read fills what the
// buffer has free after the unfinished line, and binary detection looks
// at each read as it comes in. The buffer doubles for a longer line.
const rgFill = 64 << 10

// rgFile is the state of the search of one input.
type rgFile struct {
	name     string
	explicit bool
	lineNo   int64
	offset   int64 // of the next line's start
	count    int64 // selected lines
	matches  int64 // matches in them
	binAt    int64 // offset of the first NUL byte, -1 for none
	binStop  bool  // a match after binary data: ripgrep's notice instead of lines
	// binQuitHit: the search of a file met in a directory stopped at
	// binary data (its count is void, its lines so far get a warning)
	binQuitHit bool
	last       int64 // number of the last line printed, 0 for none
	after      int   // trailing context lines still to print
	before     []rgLine
	started    bool // the file's heading (or JSON begin) is out
	stopped    bool // -m reached: only trailing context is left
	done       bool
	searched   int64
}

// rgLine is a line held for leading context.
type rgLine struct {
	text []byte
	no   int64
	off  int64
}

// binQuit reports whether a NUL byte ends the search of f silently (a
// file met in a directory, without --binary or -a).
func (r *rgRun) binQuit(f *rgFile) bool { return !f.explicit && !r.o.binary && !r.o.text }

// findNUL looks for binary data in a new read that starts at offset
// base in the input. A file given by name is searched as ripgrep searches
// a memory map: only its first 64 KiB are looked at before the search,
// and a NUL byte further on is found in a line that matches.
func (r *rgRun) findNUL(f *rgFile, b []byte, base int64) int {
	if f.binAt >= 0 || r.o.text {
		return -1
	}
	if !r.binQuit(f) {
		if base >= rgFill {
			return -1
		}
		b = b[:min(int64(len(b)), rgFill-base)]
	}
	return bytes.IndexByte(b, 0)
}

// search searches one open input.
func (r *rgRun) search(in io.Reader, name string, explicit bool) {
	f := &rgFile{name: name, explicit: explicit, binAt: -1}
	if err := r.scan(f, in); err != nil {
		r.fail(name, err)
	}
	r.fileDone(f)
}

// scan reads the input a fill at a time and hands each line to line.
func (r *rgRun) scan(f *rgFile, in io.Reader) error {
	buf := r.buf[:0]
	defer func() { r.buf = buf[:0] }()
	for !f.done && !r.quit {
		if cap(buf) == 0 || len(buf) == cap(buf) {
			n := max(2*cap(buf), rgFill)
			if err := r.p.hold(int64(n)); err != nil {
				return err
			}
			nb := make([]byte, len(buf), n)
			copy(nb, buf)
			buf = nb
		}
		old := len(buf)
		n, err := in.Read(buf[old:cap(buf)])
		buf = buf[:old+n]
		eof := err == io.EOF
		if err != nil && !eof {
			return err
		}
		if r.p.Cancelled() {
			r.quit = true
			return nil
		}
		if i := r.findNUL(f, buf[old:], f.offset+int64(old)); i >= 0 {
			f.binAt = f.offset + int64(old+i)
			if r.binQuit(f) {
				f.binQuitHit = true
				return nil
			}
		}
		f.searched += int64(n)
		start := 0
		for !f.done && !r.quit {
			i := bytes.IndexByte(buf[start:], '\n')
			if i < 0 {
				break
			}
			r.line(f, buf[start:start+i+1])
			start += i + 1
		}
		buf = buf[:copy(buf, buf[start:])]
		if eof {
			if len(buf) > 0 && !f.done && !r.quit {
				r.line(f, buf)
			}
			break
		}
	}
	return nil
}

// line handles one line (with its terminator, if it has one).
func (r *rgRun) line(f *rgFile, raw []byte) {
	text := bytes.TrimSuffix(raw, []byte{'\n'})
	f.lineNo++
	off := f.offset
	f.offset += int64(len(raw))
	if f.stopped {
		switch {
		case f.after == 0:
			f.done = true
		case r.m.matches(text) != r.o.invert && r.json == nil:
			left := f.after
			r.matchLine(f, text, f.lineNo, off)
			f.after = left - 1
		default:
			r.context(f, text, f.lineNo, off)
		}
		return
	}
	if r.m.matches(text) == r.o.invert {
		switch {
		case f.after > 0:
			r.context(f, text, f.lineNo, off)
		case r.o.before > 0:
			r.hold(f, text, f.lineNo, off)
		}
		return
	}
	f.count++
	if r.o.countMatches || r.json != nil {
		f.matches += int64(r.countIn(text))
	}
	switch {
	case r.o.quiet || r.o.list != 0:
		f.done = true
		return
	case r.o.count || r.o.countMatches:
	case r.json != nil:
		r.matchLine(f, text, f.lineNo, off)
	case f.binAt < 0 && !r.o.text && !r.binQuit(f) && bytes.IndexByte(text, 0) >= 0:
		f.binAt = off + int64(bytes.IndexByte(text, 0))
		fallthrough
	case f.binAt >= 0:
		f.binStop, f.done = true, true
		return
	default:
		r.matchLine(f, text, f.lineNo, off)
	}
	if r.o.maxCount >= 0 && f.count >= r.o.maxCount {
		f.stopped = true
		if f.after == 0 {
			f.done = true
		}
	}
}

// countIn counts the matches of a selected line (1 for an inverted one).
func (r *rgRun) countIn(text []byte) int {
	if r.o.invert {
		return 1
	}
	return len(r.m.matchAll(text))
}

// hold keeps a line for leading context.
func (r *rgRun) hold(f *rgFile, text []byte, no, off int64) {
	if len(f.before) == r.o.before {
		old := f.before[0]
		copy(f.before, f.before[1:])
		f.before = f.before[:len(f.before)-1]
		old.text = append(old.text[:0], text...)
		old.no, old.off = no, off
		f.before = append(f.before, old)
		return
	}
	f.before = append(f.before, rgLine{append([]byte(nil), text...), no, off})
}

// fileDone prints the per-file results: -c, -l, --files-without-match,
// the binary notice, and JSON's end.
func (r *rgRun) fileDone(f *rgFile) {
	if f.binQuitHit && (r.o.count || r.o.countMatches) {
		f.count = 0
	}
	if f.count > 0 && r.o.list != 'L' {
		r.matched = true
		if r.o.quiet {
			r.quit = true
			return
		}
	}
	switch {
	case r.o.quiet:
	case r.o.list == 'l' && f.count > 0, r.o.list == 'L' && f.count == 0:
		if r.o.list == 'L' {
			r.matched = true
		}
		r.printName(f.name)
	case r.o.list == 'L':
	case r.o.count && f.count > 0:
		r.printCount(f, f.count)
	case r.o.countMatches && f.count > 0:
		r.printCount(f, f.matches)
	case f.binStop:
		r.binaryNotice(f, "binary file matches")
	case f.binQuitHit && f.count > 0 && r.json == nil:
		r.binaryNotice(f, "WARNING: stopped searching binary file after match")
	}
	if r.json != nil {
		r.json.end(r, f)
	}
}
