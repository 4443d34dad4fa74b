package edit

import (
	"fmt"
	"strconv"
	"strings"
)

// --debug: the program as GNU sed 4.9 prints it, then a trace of every
// input line, command and buffer change, on standard output.

func (m *machine) debugf(format string, args ...any) {
	m.stdout.write([]byte(fmt.Sprintf(format, args...)))
}

// debugProgram prints "SED PROGRAM:" and the commands, indented by block.
func (m *machine) debugProgram() {
	m.debugf("SED PROGRAM:\n")
	m.block = 1
	for _, c := range m.prog.cmds {
		m.stdout.write([]byte(m.commandText(c)))
	}
	m.block = 0
}

func (m *machine) debugInput() {
	name := m.in.name
	if m.in.isStdin {
		name = "STDIN"
	}
	m.debugf("INPUT:   '%s' line %d\n", name, m.in.lineNo)
	m.debugSpace("PATTERN:", m.ps)
}

func (m *machine) debugCommand(c *command) {
	m.debugf("COMMAND: %s", m.commandText(c))
}

// debugPattern prints the pattern space after a command changed it.
func (m *machine) debugPattern() {
	if m.prog.debug {
		m.debugSpace("PATTERN:", m.ps)
	}
}

func (m *machine) debugHold() {
	if m.prog.debug {
		m.debugSpace("HOLD:   ", m.hold)
	}
}

func (m *machine) debugSpace(label string, b []byte) {
	var sb strings.Builder
	sb.WriteString(label + " ")
	for _, c := range b {
		debugChar(&sb, c)
	}
	sb.WriteByte('\n')
	m.stdout.write([]byte(sb.String()))
}

// debugMatch prints the groups of the first match of s, up to the first
// group that took no part.
func (m *machine) debugMatch(mt []int) {
	if !m.prog.debug || len(mt) < 2 || mt[0] < 0 {
		return
	}
	m.debugf("MATCHED REGEX REGISTERS\n")
	for i := 0; 2*i+1 < len(mt) && mt[2*i] >= 0; i++ {
		m.debugf("  regex[%d] = %d-%d '%s'\n", i, mt[2*i], mt[2*i+1], m.ps[mt[2*i]:mt[2*i+1]])
	}
}

// debugChar writes c as GNU's debug_print_char: printable ASCII as is,
// C escapes, and other bytes in octal as a sign-extended C char.
func debugChar(sb *strings.Builder, c byte) {
	if c >= 0x20 && c < 0x7f && c != '\\' {
		sb.WriteByte(c)
		return
	}
	sb.WriteByte('\\')
	switch c {
	case '\a':
		sb.WriteByte('a')
	case '\f':
		sb.WriteByte('f')
	case '\r':
		sb.WriteByte('r')
	case '\t':
		sb.WriteByte('t')
	case '\v':
		sb.WriteByte('v')
	case '\n':
		sb.WriteByte('n')
	case '\\':
		sb.WriteByte('\\')
	default:
		v := uint32(c)
		if c >= 0x80 {
			v |= 0xffffff00
		}
		fmt.Fprintf(sb, "o%03o", v)
	}
}

// commandText is one command as --debug prints it, with its newline.
func (m *machine) commandText(c *command) string {
	var sb strings.Builder
	if c.name == '}' {
		m.block--
	}
	for i := 0; i < m.block; i++ {
		sb.WriteString("  ")
	}
	debugAddr(&sb, c.a1)
	if c.a2 != nil {
		sb.WriteByte(',')
		debugAddr(&sb, c.a2)
	}
	if c.bang {
		sb.WriteByte('!')
	}
	if c.a1 != nil {
		sb.WriteByte(' ')
	}
	sb.WriteByte(c.name)
	m.debugArgs(&sb, c)
	sb.WriteByte('\n')
	if c.name == '{' {
		m.block++
	}
	return sb.String()
}

func debugAddr(sb *strings.Builder, a *address) {
	if a == nil {
		return
	}
	switch a.kind {
	case addrNull:
		sb.WriteString("[ADDR-NULL]")
	case addrRegex:
		debugRegex(sb, a.re == nil, a.src)
		if strings.Contains(a.flags, "I") {
			sb.WriteByte('I')
		}
		if strings.Contains(a.flags, "M") {
			sb.WriteByte('M')
		}
	case addrLine:
		sb.WriteString(strconv.FormatInt(a.line, 10))
	case addrLineMod:
		fmt.Fprintf(sb, "%d~%d", a.line, a.step)
	case addrPlus:
		fmt.Fprintf(sb, "+%d", a.step)
	case addrMult:
		fmt.Fprintf(sb, "~%d", a.step)
	case addrLast:
		sb.WriteByte('$')
	}
}

// debugRegex writes a regex as GNU stores it: \n made a newline, GNU's
// character escapes applied, / escaped.
func debugRegex(sb *strings.Builder, empty bool, src string) {
	if empty {
		sb.WriteString("//")
		return
	}
	sb.WriteByte('/')
	text, _ := normalize(regexNewlines([]byte(src)), textRegex)
	for _, c := range text {
		if c == '/' {
			sb.WriteByte('\\')
		}
		debugChar(sb, c)
	}
	sb.WriteByte('/')
}

// regexNewlines turns \n into a newline, as GNU's match_slash does for
// regexes.
func regexNewlines(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			if b[i+1] == 'n' {
				out = append(out, '\n')
			} else {
				out = append(out, b[i], b[i+1])
			}
			i++
			continue
		}
		out = append(out, b[i])
	}
	return out
}

func (m *machine) debugArgs(sb *strings.Builder, c *command) {
	switch c.name {
	case ':':
		sb.WriteString(c.label)
	case 'a', 'i', 'c':
		sb.WriteByte('\\')
		sb.Write(c.text)
	case 'b', 't', 'T':
		if c.jump < len(m.prog.cmds) && m.prog.cmds[c.jump].name == ':' {
			sb.WriteString(" " + m.prog.cmds[c.jump].label)
		}
	case 'e':
		sb.WriteByte(' ')
		sb.Write(c.text)
	case 'L', 'l', 'q', 'Q':
		if c.num != -1 {
			fmt.Fprintf(sb, " %d", c.num)
		}
	case 'r':
		sb.WriteString(" " + c.fname)
	case 'R':
		sb.WriteString(" " + c.in.name)
	case 'w', 'W':
		sb.WriteString(c.out.name)
	case 's':
		debugSubst(sb, c.sub)
	case 'y':
		sb.WriteByte('/')
		sb.Write(c.y.src)
		sb.WriteByte('/')
		sb.Write(c.y.dst)
		sb.WriteByte('/')
	}
}

func debugSubst(sb *strings.Builder, s *subst) {
	debugRegex(sb, s.re == nil, s.src)
	last := caseAsIs
	for _, p := range s.repl {
		if p.typ != last {
			sb.WriteByte('\\')
			switch {
			case p.typ == caseAsIs:
				sb.WriteByte('E')
			case p.typ == caseUpper:
				sb.WriteByte('U')
			case p.typ == caseLower:
				sb.WriteByte('L')
			case p.typ&caseFirst == caseUpperFirst:
				sb.WriteByte('u')
			case p.typ&caseFirst == caseLowerFirst:
				sb.WriteByte('l')
			}
			last = p.typ
		}
		sb.Write(p.lit)
		switch {
		case p.ref == 0:
			sb.WriteByte('&')
		case p.ref > 0:
			fmt.Fprintf(sb, "\\%d", p.ref)
		}
	}
	sb.WriteByte('/')
	if strings.ContainsAny(s.flags, "iI") {
		sb.WriteByte('i')
	}
	if strings.ContainsAny(s.flags, "mM") {
		sb.WriteByte('m')
	}
	if s.global {
		sb.WriteByte('g')
	}
	if s.eval {
		sb.WriteByte('e')
	}
	if s.print != 0 {
		sb.WriteByte('p')
	}
	if s.numb != 0 {
		fmt.Fprintf(sb, "%d", s.numb)
	}
	if s.out != nil {
		sb.WriteString("w" + s.out.name)
	}
}
