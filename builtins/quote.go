package builtins

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// GNU tools quote file names in messages in three styles (gnulib
// quotearg), and which one a message uses is part of matching GNU:
//
//	QuoteShell        cat: 'a b': No such file or directory      (quotef)
//	QuoteShellAlways  ls: cannot access 'x': No such file ...     (quoteaf)
//	QuoteLocale       mkdir: cannot create directory ‘x’: ...     (quote)

// QuoteShell quotes s for a shell only when it needs it.
func QuoteShell(s string) string {
	if s != "" && !needsQuote(s) {
		return s
	}
	return shellQuote(s)
}

// QuoteShellAlways quotes s for a shell, always.
func QuoteShellAlways(s string) string { return shellQuote(s) }

// QuoteLocale wraps s in ‘ ’, with C escapes for control characters.
func QuoteLocale(s string) string {
	var b strings.Builder
	b.WriteString("‘")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "\\%03o", s[i])
		case r < 0x20 || r == 0x7f:
			b.WriteString(cEscape(byte(r)))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteString("’")
	return b.String()
}

const shellSpecial = " !\"$&'()*:;<=>?[\\]^`|"

func needsQuote(s string) bool {
	if s[0] == '#' || s[0] == '~' {
		return true
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) && r != ' ' {
			return true
		}
		if r < utf8.RuneSelf && strings.ContainsRune(shellSpecial, r) && r != ']' {
			return true
		}
		i += n
	}
	return false
}

// shellQuote quotes s as GNU's shell-escape-always style: double quotes
// when s holds a single quote and nothing special inside double quotes;
// otherwise single quotes, with '\” for a quote and $'\n' for control
// characters.
func shellQuote(s string) string {
	if strings.Contains(s, "'") && !strings.ContainsAny(s, "\"$`\\!") && printable(s) {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\'':
			b.WriteString(`'\''`)
		case r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) && r != ' ':
			for j := i; j < i+n; j++ {
				b.WriteString("'$'" + cEscape(s[j]) + "''")
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	b.WriteByte('\'')
	out := b.String()
	if len(out) > 2 && strings.HasSuffix(out, "''") && !strings.HasSuffix(out, `\''`) {
		out = out[:len(out)-2]
	}
	return out
}

func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

// cEscape writes a byte the way C would in a string literal.
func cEscape(c byte) string {
	switch c {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	return fmt.Sprintf("\\%03o", c)
}
