package builtins

// ShellEcho is bash 5.2's echo builtin, for the engine to run in place of
// the interpreter's (which takes one option per argument and lacks \c):
//
//	echo [-neE] [ARG]...
//
// Options are arguments made only of n, e and E after a dash. With -e:
// \a \b \c \e \E \f \n \r \t \v \\ \0NNN \xHH \uHHHH \UHHHHHHHH; unlike
// coreutils echo, \NNN without the leading 0 stays as written. It is not
// in the command table: the shell's echo is the engine's to route.

import (
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// ShellEcho runs bash's echo with p.Args.
func ShellEcho(p *Proc) int {
	args, newline, escapes := echoOptions(p.Args[1:])
	var b strings.Builder
	stopped := false
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if !escapes {
			b.WriteString(a)
			continue
		}
		if stopped = bashEchoEscapes(&b, a); stopped {
			break
		}
	}
	if newline && !stopped {
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(p.Stdout, b.String()); err != nil {
		return p.WriteFailed(err)
	}
	return 0
}

// bashEchoEscapes writes s with bash's echo -e escapes (ansicstr in echo
// mode); it reports \c.
func bashEchoEscapes(b *strings.Builder, s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch n := s[i]; n {
		case 'a', 'b', 'e', 'f', 'n', 'r', 't', 'v':
			b.WriteString(escChar(n))
		case 'E':
			b.WriteByte(0x1b)
		case '\\':
			b.WriteByte('\\')
		case 'c':
			return true
		case '0':
			v, j := 0, i+1
			for ; j < i+4 && j < len(s) && s[j] >= '0' && s[j] <= '7'; j++ {
				v = v*8 + int(s[j]-'0')
			}
			b.WriteByte(byte(v))
			i = j - 1
		case 'x', 'u', 'U':
			i = bashEchoHex(b, s, i)
		default:
			b.WriteByte('\\')
			b.WriteByte(n)
		}
	}
	return false
}

// bashEchoHex writes \xHH, \uHHHH or \UHHHHHHHH whose letter is at s[i]
// and returns the index of its last byte; with no digits it is literal.
func bashEchoHex(b *strings.Builder, s string, i int) int {
	n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[i]]
	v, j := 0, i+1
	for ; j < i+1+n && j < len(s) && ctype.IsHexDigit(s[j]); j++ {
		v = v*16 + ctype.DigitVal(s[j])
	}
	switch {
	case j == i+1:
		b.WriteByte('\\')
		b.WriteByte(s[i])
	case s[i] == 'x' || v <= 0x7f:
		b.WriteByte(byte(v))
	default:
		b.WriteString(string(rune(v)))
	}
	return j - 1
}
