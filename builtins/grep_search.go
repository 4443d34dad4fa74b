package builtins

import (
	"bytes"
	"io"
	"io/fs"
	"math"
	"strconv"
)

// grepRun holds what lasts across the files of one grep.
type grepRun struct {
	p        *Proc
	o        *grepOpts
	m        grepMatcher
	eol      byte
	names    int // 1: print file names, 0: do not, -1: decide on the first operand
	omitDot  bool
	showName bool // print the name of the current file
	before   int
	after    int
	groupSep bool // print separators between groups of context
	quietOut bool // GNU's out_quiet: no lines are printed (-c -l -L -q)
	used     bool // some line was printed (no separator before the first)
	matched  bool // some line was selected
	errSeen  bool
	quit     bool // stop searching (-q matched, write failed, cancelled)
	status   int  // exit status of a failed write
	buf      []byte
	out      []byte
	outFile  fs.FileInfo // standard output when it is a regular file
}

// grepFile is the state of the search of one input.
type grepFile struct {
	name    string
	in      io.Reader
	regular bool
	size    int64 // of a regular file, -1 if unknown
	nread   int64
	width   int   // -T: width of line numbers and offsets
	bufOff  int64 // offset in the input of the buffer's first byte
	lnPos   int64 // offset of the line numbered lnNum
	lnNum   int64
	lastOut int64 // offset after the last printed line, -1 for none
	pending int   // lines of trailing context still to print
	count   int64 // selected lines
	left    int64 // lines -m still allows
	quiet   bool  // print no lines
	onMatch bool  // stop at the first selected line (-l -L, binary files)
	stopped bool  // -m reached: only trailing context is left
	done    bool
	nulls   bool  // a NUL byte was seen: the rest is binary
	nullAt  int64 // count when it was seen
	encErr  bool  // a line to print was not valid UTF-8
}

// grepChunk is the size of GNU grep's reads; a NUL byte makes the file
// binary from the chunk that holds it on.
const grepChunk = 96 << 10

func newGrepRun(p *Proc, o *grepOpts) (*grepRun, error) {
	eol := byte('\n')
	if o.nullData {
		eol = 0
	}
	var m grepMatcher = neverMatcher{}
	if len(o.patterns) > 0 {
		var err error
		if m, err = p.newGrepMatcher(o, eol); err != nil {
			return nil, &grepError{"" + err.Error(), 2}
		}
	}
	g := &grepRun{p: p, o: o, m: m, eol: eol}
	before, after := o.before, o.after
	if before < 0 {
		before = o.context
	}
	if after < 0 {
		after = o.context
	}
	if o.quiet || o.list != 0 {
		o.count = false
		before, after = 0, 0
	}
	g.groupSep = (before >= 0 || after >= 0) && !o.noGroupSep
	g.before, g.after = max(before, 0), max(after, 0)
	g.quietOut = o.quiet || o.list != 0 || o.count
	if !g.quietOut && (o.maxCount < 0 || o.maxCount > 1) {
		g.outFile = p.OutputFile()
	}
	return g, nil
}

// neverMatcher stands for an empty list of patterns.
type neverMatcher struct{}

func (neverMatcher) lines([]byte) func(int) (int, int, bool) {
	return func(int) (int, int, bool) { return 0, 0, false }
}
func (neverMatcher) matches([]byte) [][]int { return nil }

// isOutput reports an input that is the file grep's output goes to
// (grep -r x . > out): GNU skips it with a message, and exits 2.
func (g *grepRun) isOutput(display string, fi fs.FileInfo) bool {
	if g.outFile == nil || !fi.Mode().IsRegular() || !sameFile(fi, g.outFile, "", "/") {
		return false
	}
	g.errSeen = true
	if !g.o.noMessages {
		g.p.Errorf("%s: input file is also the output", display)
	}
	return true
}

// search searches one open input and prints what the options ask for.
// size is the input's size, -1 if it is not a regular file.
func (g *grepRun) search(in io.Reader, name string, size int64) {
	f := &grepFile{name: name, in: in, regular: size >= 0, size: size, lastOut: -1, lnNum: 1,
		left: math.MaxInt64, quiet: g.quietOut, onMatch: g.o.quiet || g.o.list != 0}
	if g.o.maxCount > 0 {
		f.left = g.o.maxCount
	}
	f.width = g.tabWidth(size)
	if err := g.scan(f); err != nil {
		if we, ok := err.(writeErr); ok {
			g.quit, g.status = true, g.p.WriteFailed(we.error)
			return
		}
		g.suppressible(name, err)
	}
	g.fileDone(f)
}

// tabWidth is the width GNU grep -T gives numbers: that of the file size.
func (g *grepRun) tabWidth(size int64) int {
	if !g.o.initialTab {
		return 0
	}
	if size < 0 {
		return len(strconv.FormatInt(math.MaxInt64, 10))
	}
	if g.o.lineNumber {
		size++
	}
	return len(strconv.FormatInt(size, 10))
}

// fileDone prints -c, -l and -L results and the binary file notice.
func (g *grepRun) fileDone(f *grepFile) {
	if g.quit && g.status != 0 {
		return
	}
	switch {
	case g.o.quiet:
	case g.o.list == 'l' && f.count > 0, g.o.list == 'L' && f.count == 0:
		g.printName(f.name)
	case g.o.count:
		g.printCount(f)
	}
	if f.count > 0 {
		g.matched = true
		if g.o.quiet {
			g.quit = true
		}
	}
	if !g.quietOut && (f.encErr || f.nulls && f.nullAt < f.count) {
		g.p.Flush()
		g.p.Errorf("%s: binary file matches", f.name)
	}
}

// scan reads the input in chunks and searches the complete lines.
func (g *grepRun) scan(f *grepFile) error {
	buf := g.buf[:0]
	defer func() { g.buf = buf[:0] }()
	start := 0
	for !f.done && !g.quit {
		keep := g.keepFrom(f, buf, start)
		g.countLines(f, buf, keep)
		buf = buf[:copy(buf, buf[keep:])]
		start -= keep
		f.bufOff += int64(keep)
		if cap(buf)-len(buf) < grepChunk {
			nb := make([]byte, len(buf), 2*cap(buf)+grepChunk)
			copy(nb, buf)
			buf = nb
		}
		old := len(buf)
		n, err := g.read(f, buf[old:old+grepChunk])
		buf = buf[:old+n]
		eof := err == io.EOF
		if err != nil && !eof {
			return err
		}
		if g.p.Cancelled() {
			g.quit = true
			return nil
		}
		g.checkBinary(f, buf[start:])
		lim := len(buf)
		if !eof {
			lim = old + bytes.LastIndexByte(buf[old:], g.eol) + 1
			if lim == old {
				lim = start
			}
		}
		if lim > start {
			if err := g.region(f, buf, start, lim); err != nil {
				return err
			}
			start = lim
		}
		if eof {
			break
		}
	}
	return nil
}

// read fills b as GNU's reads would: whole chunks from regular files,
// what is there from pipes. It returns io.EOF with the last bytes. A
// regular file ends at its size: no read is spent learning it (most
// files of a tree take one read).
func (g *grepRun) read(f *grepFile, b []byte) (int, error) {
	if f.regular {
		n := 0
		var err error
		for n < len(b) && f.nread < f.size && err == nil {
			var m int
			m, err = f.in.Read(b[n:])
			n += m
			f.nread += int64(m)
		}
		if err == nil && f.nread >= f.size {
			err = io.EOF
		}
		return n, err
	}
	for {
		n, err := f.in.Read(b)
		if n > 0 || err != nil {
			if err == nil && n == 0 {
				continue
			}
			return n, err
		}
	}
}

// checkBinary looks for NUL bytes in newly read data. From the first one
// on, the input is binary: NULs end lines, and unless -a, -c or
// --binary-files=without-match, grep stops quietly at the next selected
// line.
func (g *grepRun) checkBinary(f *grepFile, b []byte) {
	if g.eol != '\n' || g.o.binary == "text" {
		return
	}
	if !f.nulls {
		if bytes.IndexByte(b, 0) < 0 {
			return
		}
		f.nulls, f.nullAt = true, f.count
		if g.o.binary == "without-match" {
			f.done, f.count = true, 0
			return
		}
		if !g.o.count {
			f.onMatch, f.quiet = true, true
		}
	}
	for i := bytes.IndexByte(b, 0); i >= 0; i = bytes.IndexByte(b, 0) {
		b[i] = '\n'
		b = b[i+1:]
	}
}

// keepFrom returns how much of the buffer can be dropped before the next
// read: everything before the unread part but the lines of leading
// context not printed yet.
func (g *grepRun) keepFrom(f *grepFile, b []byte, start int) int {
	floor := 0
	if f.lastOut >= f.bufOff {
		floor = int(f.lastOut - f.bufOff)
	}
	p := start
	for i := 0; i < g.before && p > floor; i++ {
		p = bytes.LastIndexByte(b[:p-1], g.eol) + 1
	}
	return p
}

// countLines keeps line numbering right when the first n bytes of the
// buffer are dropped.
func (g *grepRun) countLines(f *grepFile, b []byte, n int) {
	if !g.o.lineNumber || n == 0 {
		return
	}
	end := f.bufOff + int64(n)
	if f.lnPos < end {
		f.lnNum += int64(bytes.Count(b[f.lnPos-f.bufOff:n], []byte{g.eol}))
		f.lnPos = end
	}
}

// lineNo returns the number of the line starting at b[i].
func (g *grepRun) lineNo(f *grepFile, b []byte, i int) int64 {
	at := f.bufOff + int64(i)
	if at > f.lnPos {
		f.lnNum += int64(bytes.Count(b[f.lnPos-f.bufOff:i], []byte{g.eol}))
		f.lnPos = at
	}
	return f.lnNum
}

// region searches the complete lines b[start:lim].
func (g *grepRun) region(f *grepFile, b []byte, start, lim int) error {
	pos := start
	if !f.stopped {
		next := g.m.lines(b[:lim])
		for pos < lim && !f.done && !f.stopped && !g.quit {
			ms, me, ok := next(pos)
			if !ok {
				ms, me = lim, lim
			}
			for g.o.invert && pos < ms && !f.done && !f.stopped {
				le := lineEnd(b[:lim], pos, g.eol)
				if err := g.selectLine(f, b, pos, le); err != nil {
					return err
				}
				pos = le
			}
			if ok && !g.o.invert {
				if err := g.selectLine(f, b, ms, me); err != nil {
					return err
				}
			}
			if !f.stopped {
				pos = me
			}
		}
	}
	if f.pending > 0 && !f.done {
		if err := g.printPending(f, b, lim); err != nil {
			return err
		}
	}
	if f.stopped && f.pending == 0 {
		f.done = true
	}
	return nil
}

// selectLine handles the selected line b[ls:le].
func (g *grepRun) selectLine(f *grepFile, b []byte, ls, le int) error {
	f.count++
	if f.onMatch {
		f.done = true
		return nil
	}
	if !f.quiet {
		if err := g.prtext(f, b, ls, le); err != nil {
			return err
		}
	}
	if f.left--; f.left == 0 {
		f.stopped = true
	}
	return nil
}
