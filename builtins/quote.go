package builtins

// GNU tools quote file names in messages in three styles (gnulib
// quotearg), and which one a message uses is part of matching GNU:
//
//	QuoteShell        cat: 'a b': No such file or directory      (quotef)
//	QuoteShellAlways  ls: cannot access 'x': No such file ...     (quoteaf)
//	QuoteLocale       mkdir: cannot create directory ‘x’: ...     (quote)
//
// All three are styles of the general engine in quotearg.go.

import "fmt"

// colonQuoter is quotef's style: shell-escape, quoting ':' too (gnulib's
// quotearg_colon), so that the name cannot be confused with the message.
var colonQuoter = newQuoter(shellEscapeQuoting, ":")

// QuoteShell quotes s for a shell only when it needs it.
func QuoteShell(s string) string { return colonQuoter.quote(s) }

// QuoteShellAlways quotes s for a shell, always.
func QuoteShellAlways(s string) string { return quoteArg(s, shellEscapeAlwaysQuoting) }

// QuoteLocale wraps s in ‘ ’, with C escapes for control characters.
func QuoteLocale(s string) string { return quoteArg(s, localeQuoting) }

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
