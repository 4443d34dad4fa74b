package edit

import (
	"bytes"
	"math"
)

// execute runs the program on the pattern space: one cycle. It returns
// the exit status when sed must quit (q, Q), else -1.
func (m *machine) execute() int {
	cmds := m.prog.cmds
	steps := 0
	for pc := 0; pc < len(cmds); {
		if steps++; steps&1023 == 0 && m.env.Ctx != nil && m.env.Ctx.Err() != nil {
			m.die(errCancelled)
		}
		c := cmds[pc]
		if m.prog.debug {
			m.debugCommand(c)
		}
		if m.matches(c) == c.bang {
			if c.name == '{' {
				pc = c.jump
				continue
			}
			pc++
			continue
		}
		switch c.name {
		case '{', ':', '}':
		case 'b':
			pc = c.jump
			continue
		case 't':
			if m.replaced {
				m.replaced = false
				pc = c.jump
				continue
			}
		case 'T':
			if !m.replaced {
				pc = c.jump
				continue
			}
			m.replaced = false
		case 'D':
			i := bytes.IndexByte(m.ps, m.delim)
			if i < 0 {
				return -1
			}
			m.ps = append(m.ps[:0], m.ps[i+1:]...)
			if m.prog.debug {
				m.debugSpace("PATTERN:", m.ps)
			}
			pc = 0
			continue
		default:
			if st, done := m.simple(c); done {
				return st
			}
		}
		pc++
	}
	return m.endCycle(!m.quiet)
}

// endCycle ends the cycle, printing the pattern space if asked.
func (m *machine) endCycle(print bool) int {
	if m.prog.debug {
		m.debugf("END-OF-CYCLE:\n")
	}
	if print {
		m.out.line(m.ps, m.chomped, m.delim)
		m.flushUnbuffered()
	}
	return -1
}

// simple runs a command that does not jump. done reports that the cycle
// or the run ends, with st the exit status (-1 to go on).
func (m *machine) simple(c *command) (st int, done bool) {
	switch c.name {
	case 'c', 'd', 'n', 'N', 'q', 'Q':
		if st, done = m.flowCmd(c); done {
			return st, done
		}
	case 'g', 'G', 'h', 'H', 's', 'x', 'y', 'z':
		m.spaceCmd(c)
	default:
		m.outputCmd(c)
	}
	m.charge()
	m.flushUnbuffered()
	return -1, false
}

// flowCmd runs the commands that may end the cycle or the run.
func (m *machine) flowCmd(c *command) (st int, done bool) {
	switch c.name {
	case 'c':
		if c.state != rangeActive && c.text != nil {
			m.out.line(c.text[:len(c.text)-1], true, m.delim)
		}
		return m.endCycleQuiet(), true
	case 'd':
		return m.endCycleQuiet(), true
	case 'n':
		if !m.quiet {
			m.out.line(m.ps, m.chomped, m.delim)
		}
		if m.isLast() || !m.next(false) {
			return m.endCycleQuiet(), true
		}
		m.debugPattern()
	case 'N':
		m.ps = append(m.room(m.ps, 1), m.delim)
		if m.isLast() || !m.next(true) {
			if m.prog.debug {
				m.debugf("END-OF-CYCLE:\n")
			}
			m.ps = m.ps[:len(m.ps)-1]
			if !m.env.Posix && !m.quiet {
				m.out.line(m.ps, m.chomped, m.delim)
			}
			return -1, true
		}
		m.debugPattern()
	case 'q':
		if !m.quiet {
			m.out.line(m.ps, m.chomped, m.delim)
		}
		m.dumpAppend()
		return exitCode(c.num), true
	case 'Q':
		return exitCode(c.num), true
	}
	return -1, false
}

// spaceCmd runs the commands that change the pattern or hold space.
func (m *machine) spaceCmd(c *command) {
	switch c.name {
	case 'g':
		m.ps = append(m.room(m.ps[:0], len(m.hold)), m.hold...)
		m.chomped = m.holdChomped
		m.debugHold()
	case 'G':
		m.ps = append(append(m.room(m.ps, 1+len(m.hold)), m.delim), m.hold...)
		m.chomped = m.holdChomped
		m.debugPattern()
	case 'h':
		m.hold = append(m.room(m.hold[:0], len(m.ps)), m.ps...)
		m.holdChomped = m.chomped
		m.debugHold()
	case 'H':
		m.hold = append(append(m.room(m.hold, 1+len(m.ps)), m.delim), m.ps...)
		m.holdChomped = m.chomped
		m.debugHold()
	case 's':
		m.subst(c.sub)
		m.debugPattern()
	case 'x':
		m.ps, m.hold = m.hold, m.ps
		m.chomped, m.holdChomped = m.holdChomped, m.chomped
		m.debugPattern()
		m.debugHold()
	case 'y':
		m.translit(c.y)
		m.debugPattern()
	case 'z':
		m.ps = m.ps[:0]
		m.debugPattern()
	}
}

// outputCmd runs the commands that write or queue output, and e.
func (m *machine) outputCmd(c *command) {
	switch c.name {
	case 'a':
		m.appendQ = append(m.appendQ, appendItem{text: c.text})
	case 'e':
		m.execCmd(c)
	case 'F':
		m.out.fixNewline(m.delim)
		m.out.write([]byte(m.in.name))
		m.out.writeByte(m.delim)
	case 'i':
		if c.text != nil {
			m.out.line(c.text[:len(c.text)-1], true, m.delim)
		}
	case 'l':
		width := c.num
		if width == -1 {
			width = m.env.LineLength
		}
		m.out.list(m.ps, width, m.delim)
	case 'L':
		m.die(fatalf("INTERNAL ERROR: Bad cmd L"))
	case 'p':
		m.out.line(m.ps, m.chomped, m.delim)
	case 'P':
		m.out.line(m.firstLine())
	case 'r':
		if c.prepend {
			m.copyFile(c.fname)
		} else {
			m.appendQ = append(m.appendQ, appendItem{fname: c.fname})
		}
	case 'R':
		if line, ok := c.in.next(m.delim); ok {
			m.appendQ = append(m.appendQ, appendItem{text: line})
		}
	case 'w':
		c.out.line(m.ps, m.chomped, m.delim)
		m.flushSpecial(c.out)
	case 'W':
		c.out.line(m.firstLine())
		m.flushSpecial(c.out)
	case '=':
		m.out.number(m.in.lineNo, m.delim)
	}
}

// firstLine returns the pattern space up to its first newline, whether
// it ends with one, and the delimiter: the arguments of output.line for P
// and W.
func (m *machine) firstLine() ([]byte, bool, byte) {
	if i := bytes.IndexByte(m.ps, m.delim); i >= 0 {
		return m.ps[:i], true, m.delim
	}
	return m.ps, m.chomped, m.delim
}

// endCycleQuiet ends the cycle without the automatic print.
func (m *machine) endCycleQuiet() int { return m.endCycle(false) }

func exitCode(n int64) int {
	if n < 0 {
		return 0
	}
	return int(min(n, math.MaxInt32))
}

func (m *machine) flushUnbuffered() {
	if m.env.Unbuffered {
		m.out.flush()
	}
}

// flushSpecial writes w /dev/stderr at once, as GNU's unbuffered stderr.
func (m *machine) flushSpecial(o *output) {
	if o.special == specialStderr {
		m.stdout.flush()
		o.flush()
	}
}

// dumpAppend writes the text queued by a, r and R.
func (m *machine) dumpAppend() {
	m.out.fixNewline(m.delim)
	for _, a := range m.appendQ {
		if a.text != nil {
			m.out.write(a.text)
		}
		if a.fname != "" {
			m.copyFile(a.fname)
		}
	}
	m.appendQ = m.appendQ[:0]
	m.flushUnbuffered()
}

// copyFile copies a file to the output (r); a file that cannot be read
// is treated as empty.
func (m *machine) copyFile(name string) {
	if m.env.Files == nil {
		return
	}
	f, err := m.env.Files.Open(name)
	if err != nil {
		return
	}
	defer f.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := f.Read(buf)
		m.out.write(buf[:n])
		if err != nil {
			return
		}
	}
}

// translit applies a y command to the pattern space.
func (m *machine) translit(t *translit) {
	if t.table != nil {
		for i, c := range m.ps {
			m.ps[i] = t.table[c]
		}
		return
	}
	out := m.scratch[:0]
	for _, ch := range splitChars(m.ps) {
		if r, ok := t.multi[ch]; ok {
			out = append(out, r...)
		} else {
			out = append(out, ch...)
		}
	}
	m.scratch = m.ps
	m.ps = out
}
