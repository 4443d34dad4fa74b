package builtins

// Escapes and quoting of bash's printf (see bashprintf.go).

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// bashEscape reads the escape whose letter is at s[i] (bash's tescape).
// In %b (inB), \c stops the output, \0NNN takes three digits after the
// 0, and \' \" \? keep their backslash. It returns the text, how many
// bytes after the backslash it used, and whether it was \c.
func bashEscape(s string, i int, inB bool, p *Proc) (string, int, bool) {
	c := s[i]
	switch c {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', 'e':
		return escChar(c), 1, false
	case 'E':
		return "\x1b", 1, false
	case '\\':
		return "\\", 1, false
	case '\'', '"', '?':
		if inB {
			return "\\" + string(c), 1, false
		}
		return string(c), 1, false
	case 'c':
		if inB {
			return "", 1, true
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		more := 2
		if v == 0 && inB {
			more = 3
		}
		j := i + 1
		for ; more > 0 && j < len(s) && s[j] >= '0' && s[j] <= '7'; more, j = more-1, j+1 {
			v = v*8 + int(s[j]-'0')
		}
		return string([]byte{byte(v)}), j - i, false
	case 'x':
		v, j := 0, i+1
		for ; j < i+3 && j < len(s) && ctype.IsHexDigit(s[j]); j++ {
			v = v*16 + ctype.DigitVal(s[j])
		}
		if j == i+1 {
			p.Errorf("missing hex digit for \\x")
			return "\\", 0, false
		}
		return string([]byte{byte(v)}), j - i, false
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		v, j := 0, i+1
		for ; j < i+1+n && j < len(s) && ctype.IsHexDigit(s[j]); j++ {
			v = v*16 + ctype.DigitVal(s[j])
		}
		if j == i+1 {
			p.Errorf("missing unicode digit for \\%c", c)
			return "\\", 0, false
		}
		if v <= 0x7f {
			return string([]byte{byte(v)}), j - i, false
		}
		return string(rune(v)), j - i, false
	}
	return "\\", 0, false
}

// bashQuote is %q: ” for the empty string, $'...' when a character is
// not printable, else backslashes before the shell's special characters.
func bashQuote(s string) string {
	if s == "" {
		return "''"
	}
	if !bashPrintable(s) {
		return ansicQuote(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(" \t\n!\"$&'()*,;<>?[\\]^`{|}", c) >= 0,
			c == '#' && i == 0,
			c == '~' && (i == 0 || s[i-1] == ':' || s[i-1] == '='):
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

func bashPrintable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// ansicQuote is bash's $'...' quoting.
func ansicQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		c := s[i]
		switch {
		case c == 0x1b:
			b.WriteString(`\E`)
		case c == '\a' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t' || c == '\v':
			b.WriteString(quote.CEscape(c))
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case r == utf8.RuneError && n <= 1 || !unicode.IsPrint(r) && r != ' ':
			fmt.Fprintf(&b, "\\%03o", c)
			n = 1
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	return b.String()
}
