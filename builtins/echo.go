package builtins

// echo - display a line of text (the coreutils program, /usr/bin/echo)
//
//	echo [SHORT-OPTION]... [STRING]...
//
// Options: -n (no trailing newline), -e (interpret escapes), -E (do not;
// the default). An argument is an option only if it is made of these
// letters after the dash; the first one that is not ends the options, and
// -- is printed. Escapes with -e: \\ \a \b \c (stop) \e \f \n \r \t \v
// \0NNN \NNN \xHH. With POSIXLY_CORRECT set, options are not recognized
// (except a first -n) and escapes are always interpreted, as in GNU.
//
// Inside the shell, echo is the shell's builtin (as in bash); this one
// runs for /usr/bin/echo, env echo, xargs echo and find -exec.

import (
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

func echo(p *Proc) int {
	args := p.Args[1:]
	_, posix := p.LookupEnv("POSIXLY_CORRECT")
	allowOptions := !posix || (len(args) > 0 && args[0] == "-n")
	if allowOptions {
		if code, ok := p.soleInfoArg("echo", args); ok {
			return code
		}
	}
	newline, escapes := true, false
	if allowOptions {
		args, newline, escapes = echoOptions(args)
	}
	var b strings.Builder
	stopped := false
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if escapes || posix {
			if stopped = echoEscapes(&b, a); stopped {
				break
			}
		} else {
			b.WriteString(a)
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

func isEchoOptions(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	for i := 1; i < len(a); i++ {
		if a[i] != 'n' && a[i] != 'e' && a[i] != 'E' {
			return false
		}
	}
	return true
}

// echoEscapes writes s with echo -e's escapes; it reports \c.
func echoEscapes(b *strings.Builder, s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch n := s[i]; n {
		case 'c':
			return true
		case 'x':
			if i+1 >= len(s) || !ctype.IsHexDigit(s[i+1]) {
				b.WriteString("\\x")
				continue
			}
			v := ctype.DigitVal(s[i+1])
			i++
			if i+1 < len(s) && ctype.IsHexDigit(s[i+1]) {
				v = v*16 + ctype.DigitVal(s[i+1])
				i++
			}
			b.WriteByte(byte(v))
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, j := 0, i
			if n == '0' {
				j++
			}
			for k := 0; k < 3 && j < len(s) && s[j] >= '0' && s[j] <= '7'; k, j = k+1, j+1 {
				v = v*8 + int(s[j]-'0')
			}
			b.WriteByte(byte(v))
			i = j - 1
		case '\\':
			b.WriteByte('\\')
		case 'a', 'b', 'e', 'f', 'n', 'r', 't', 'v':
			b.WriteString(escChar(n))
		default:
			b.WriteByte('\\')
			b.WriteByte(n)
		}
	}
	return false
}

// echoOptions takes the leading option arguments (made only of n, e and E
// after a dash) off args, as both echos read them.
func echoOptions(args []string) (rest []string, newline, escapes bool) {
	newline = true
	for len(args) > 0 && isEchoOptions(args[0]) {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	return args, newline, escapes
}
