package edit

import (
	"bytes"
	"fmt"
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/shellfence/shellfence/edit/regex"
)

// matches reports whether c's addresses select the current line, moving
// its range along, as GNU's match_address_p.
func (m *machine) matches(c *command) bool {
	if c.a1 == nil {
		return true
	}
	line := m.in.lineNo
	a1, a2 := c.a1, c.a2
	if c.state != rangeActive {
		if a2 == nil {
			return m.matchAddr(a1)
		}
		if a1.kind == addrLine {
			if c.state == rangeClosed || line < a1.line {
				return false
			}
		} else if !m.matchAddr(a1) {
			return false
		}
		c.state = rangeActive
		switch a2.kind {
		case addrRegex:
			return true
		case addrLine:
			if line >= a2.line {
				c.state = rangeClosed
			}
			return line <= a2.line || m.matchAddr(a1)
		case addrPlus:
			a2.line = satAdd(line, a2.step)
			return true
		case addrMult:
			a2.line = satAdd(line, a2.step-line%a2.step)
			return true
		}
	}
	if a2.kind == addrLine {
		if line >= a2.line {
			c.state = rangeClosed
		}
		return line <= a2.line
	}
	if m.matchAddr(a2) {
		c.state = rangeClosed
	}
	return true
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// matchAddr reports whether one address matches the current line.
func (m *machine) matchAddr(a *address) bool {
	line := m.in.lineNo
	switch a.kind {
	case addrNull:
		return true
	case addrRegex:
		re := m.regex(a.re, 0)
		if a.lit != nil {
			return bytes.Contains(m.ps, a.lit)
		}
		if a.lits != nil && isASCII(m.ps) {
			return containsChain(m.ps, a.lits)
		}
		return re.Match(m.ps)
	case addrLineMod:
		return line >= a.line && (line-a.line)%a.step == 0
	case addrPlus, addrMult:
		return a.line <= line
	case addrLast:
		return m.isLast()
	case addrLine:
		return a.line == line
	}
	return false
}

// containsChain reports whether the texts occur in b in order, without
// overlap: whether lit.*lit... matches an ASCII line.
func containsChain(b []byte, lits [][]byte) bool {
	for _, l := range lits {
		i := bytes.Index(b, l)
		if i < 0 {
			return false
		}
		b = b[i+len(l):]
	}
	return true
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// regex returns re, or the last regex used when re is nil (the empty
// regex), and remembers it as the last one.
func (m *machine) regex(re *regex.Regexp, needed int) *regex.Regexp {
	if re == nil {
		if m.lastRe == nil {
			m.runtimeError(errNoPrevious)
		}
		if m.lastRe.NumSubexp() < needed {
			m.runtimeError(fmt.Sprintf(errBadRef, needed))
		}
		return m.lastRe
	}
	m.lastRe = re
	return re
}

// subst runs an s command.
func (m *machine) subst(s *subst) {
	re := m.regex(s.re, s.maxRef)
	n := max(int(min(s.numb, math.MaxInt32)), 1)
	limit := n
	if s.global {
		limit = -1
	}
	var found [][]int
	if s.lit != nil {
		found = m.findLiteral(s.lit, limit)
	} else {
		found = re.FindAllSubmatchIndex(m.ps, limit)
	}
	if len(found) > 0 {
		m.debugMatch(found[0])
	}
	if len(found) < n {
		return
	}
	m.replaced = true
	out := m.scratch[:0]
	prev := 0
	for _, mt := range found[n-1:] {
		out = append(out, m.ps[prev:mt[0]]...)
		out = m.appendRepl(out, s.repl, mt)
		prev = mt[1]
	}
	out = append(out, m.ps[prev:]...)
	m.scratch, m.ps = m.ps, out
	if s.print&1 != 0 {
		m.out.line(m.ps, m.chomped, m.delim)
	}
	if s.eval {
		m.ps = m.runForOutput(m.ps, m.ps)
	}
	if s.print&2 != 0 {
		m.out.line(m.ps, m.chomped, m.delim)
	}
	if s.out != nil {
		s.out.line(m.ps, m.chomped, m.delim)
		m.flushSpecial(s.out)
	}
}

// findLiteral finds up to limit (all when negative) occurrences of lit
// in the pattern space, without overlap.
func (m *machine) findLiteral(lit []byte, limit int) [][]int {
	idx := m.foundIdx[:0] // the bounds, two by two, reused across lines
	for pos := 0; limit < 0 || len(idx) < 2*limit; {
		i := bytes.Index(m.ps[pos:], lit)
		if i < 0 {
			break
		}
		idx = append(idx, pos+i, pos+i+len(lit))
		pos += i + len(lit)
	}
	m.foundIdx = idx
	found := m.found[:0]
	for k := 0; k < len(idx); k += 2 {
		found = append(found, idx[k:k+2:k+2])
	}
	m.found = found
	return found
}

// appendRepl appends the replacement for one match, as GNU's
// append_replacement: a \u or \l before an empty group applies to what
// follows.
func (m *machine) appendRepl(out []byte, parts []replPart, mt []int) []byte {
	var carry caseType
	for _, p := range parts {
		cur := p.typ
		if cur&caseFirst == 0 {
			cur |= carry
		}
		carry = 0
		if len(p.lit) > 0 {
			out = appendCase(out, p.lit, cur)
			cur &^= caseFirst
		}
		if p.ref < 0 || 2*p.ref+1 >= len(mt) {
			continue
		}
		start, end := mt[2*p.ref], mt[2*p.ref+1]
		switch {
		case start == end && p.typ&caseFirst != 0:
			carry = cur & caseFirst
		case start != end:
			out = appendCase(out, m.ps[start:end], cur)
		}
	}
	return out
}

// appendCase appends text converted by typ.
func appendCase(out, text []byte, typ caseType) []byte {
	if typ == caseAsIs {
		return append(out, text...)
	}
	for len(text) > 0 {
		r, n := utf8.DecodeRune(text)
		if r == utf8.RuneError && n <= 1 {
			typ &^= caseFirst
			if typ == caseAsIs {
				return append(out, text...)
			}
			out = append(out, text[0])
			text = text[1:]
			continue
		}
		if r == 0 {
			return append(out, text...)
		}
		text = text[n:]
		switch {
		case typ&caseFirst != 0:
			if typ&caseUpperFirst != 0 {
				r = unicode.ToUpper(r)
			} else {
				r = unicode.ToLower(r)
			}
			typ &^= caseFirst
			if typ == caseAsIs {
				out = utf8.AppendRune(out, r)
				return append(out, text...)
			}
		case typ&caseUpper != 0:
			r = unicode.ToUpper(r)
		default:
			r = unicode.ToLower(r)
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

// execCmd runs an e command: its text as a command whose output goes to
// the output, or without text the pattern space as a command whose output
// replaces it.
func (m *machine) execCmd(c *command) {
	if len(c.text) == 0 {
		m.ps = m.runForOutput(m.ps, m.ps)
		return
	}
	out := m.runCommand(c.text[:len(c.text)-1])
	m.out.fixNewline(m.delim)
	m.out.write(out)
}

// runForOutput runs cmd and returns its output, without one final
// delimiter, in dst's storage.
func (m *machine) runForOutput(dst, cmd []byte) []byte {
	out := m.runCommand(cmd)
	if n := len(out); n > 0 && out[n-1] == m.delim {
		out = out[:n-1]
	}
	return append(dst[:0], out...)
}

func (m *machine) runCommand(cmd []byte) []byte {
	if m.env.Exec == nil {
		m.die(fatalf("e/r/w commands disabled in sandbox mode"))
	}
	m.stdout.flush()
	out, err := m.env.Exec(string(bytes.Clone(cmd)))
	if err != nil {
		m.die(fatalf("error in subprocess"))
	}
	return out
}
