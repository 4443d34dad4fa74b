package edit

import (
	"bufio"
	"errors"
	"io"
)

// input is the stream of input lines across the input files.
type input struct {
	m       *machine
	names   []string // files not opened yet
	name    string   // the current file, as F prints it
	r       *bufio.Reader
	closer  io.Closer // nil for standard input
	lineNo  int64
	bad     int  // files that could not be read
	reset   bool // reset line numbers and hold space at the next file
	chunk   []byte
	isStdin bool
}

// readLine appends the next line of the current file to dst, without its
// delimiter. ok is false at the end of the file.
func (in *input) readLine(dst []byte, delim byte) (out []byte, chomped, ok bool) {
	if in.r == nil {
		return dst, true, false
	}
	start := len(dst)
	for {
		frag, err := in.r.ReadSlice(delim)
		dst = append(in.m.room(dst, len(frag)), frag...)
		switch {
		case err == nil:
			return dst[:len(dst)-1], true, true
		case errors.Is(err, bufio.ErrBufferFull): // a long line: keep the budget in step
			in.m.chargeFor(cap(dst))
			continue
		case err == io.EOF:
			return dst, false, len(dst) > start
		default:
			in.m.die(fatalf("read error on %s: %s", in.displayName(), errText(err)))
		}
	}
}

func (in *input) displayName() string {
	if in.isStdin {
		return "stdin"
	}
	return in.name
}

// atEOF reports whether the current file has no more data.
func (in *input) atEOF() bool {
	if in.r == nil {
		return true
	}
	_, err := in.r.Peek(1)
	if err != nil && err != io.EOF && !errors.Is(err, bufio.ErrBufferFull) {
		in.m.die(fatalf("read error on %s: %s", in.displayName(), errText(err)))
	}
	return err != nil
}

// open makes name the current input file. A file that cannot be read is
// reported and counted, and leaves no current file.
func (in *input) open(name string) {
	m := in.m
	in.name, in.isStdin = name, false
	if name == "-" && !m.env.InPlace {
		in.r, in.closer, in.isStdin = bufio.NewReaderSize(m.env.Stdin, 64<<10), nil, true
		return
	}
	target := name
	if m.env.FollowSymlinks {
		target = m.followLinks(name)
		in.name = target
	}
	f, err := m.env.Files.Open(target)
	if err != nil {
		m.errorf("can't read %s: %s", name, errText(err))
		in.bad++
		in.r, in.closer = nil, nil
		return
	}
	in.r, in.closer = bufio.NewReaderSize(f, 64<<10), f
	if m.env.InPlace {
		m.startInPlace(target)
	}
}

// close ends the current file (and commits its in-place edit).
func (in *input) close() {
	if in.r == nil {
		return
	}
	if in.closer != nil {
		in.closer.Close()
	}
	in.r, in.closer = nil, nil
	if in.m.inPlace != nil {
		in.m.finishInPlace()
	}
}

// next reads the next input line into the pattern space (appending to it
// when add is set, for N). It returns false when the input is exhausted.
func (m *machine) next(add bool) bool {
	if len(m.appendQ) > 0 {
		m.dumpAppend()
	}
	m.replaced = false
	in := &m.in
	if !add {
		m.ps = m.ps[:0]
	}
	for {
		var ok, chomped bool
		m.ps, chomped, ok = in.readLine(m.ps, m.delim)
		if ok {
			m.chomped = chomped
			break
		}
		in.close()
		if len(in.names) == 0 {
			return false
		}
		if in.reset {
			m.resetFile()
			in.reset = m.env.Separate || m.env.InPlace
		}
		name := in.names[0]
		in.names = in.names[1:]
		in.open(name)
	}
	in.lineNo++
	return true
}

// resetFile starts a new file in separate mode (-s, -i): line numbers,
// hold space, ranges and R files start again.
func (m *machine) resetFile() {
	m.in.lineNo = 0
	m.hold = m.hold[:0] // GNU empties it but keeps its chomped state
	for _, c := range m.prog.cmds {
		c.state = rangeInactive
		if c.a1 != nil && c.a1.kind == addrLine && c.a1.line == 0 {
			c.state = rangeActive
		}
	}
	for _, f := range m.prog.reads {
		f.rewind(m.env.Files)
	}
}

// isLast reports whether the current line is the last one ($): the end
// of the current file in separate mode, else of the last file with data.
func (m *machine) isLast() bool {
	in := &m.in
	if !in.atEOF() {
		return false
	}
	if m.env.Separate || m.env.InPlace {
		return true
	}
	for {
		in.close()
		if len(in.names) == 0 {
			return true
		}
		name := in.names[0]
		in.names = in.names[1:]
		in.open(name)
		if !in.atEOF() {
			return false
		}
	}
}
