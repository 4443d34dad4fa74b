// Package quote quotes file names and arguments as GNU tools do (gnulib's
// quotearg). Which style a message uses is part of matching GNU:
//
//	Shell        cat: 'a b': No such file or directory      (quotef)
//	ShellAlways  ls: cannot access 'x': No such file ...     (quoteaf)
//	Locale       mkdir: cannot create directory ‘x’: ...     (quote)
//
// All three are styles of the general engine in quotearg.go, which also
// serves ls --quoting-style, stat %N and QUOTING_STYLE through [Quoter].
package quote

import "fmt"

// colonQuoter is quotef's style: shell-escape, quoting ':' too (gnulib's
// quotearg_colon), so that the name cannot be confused with the message.
var colonQuoter = New(ShellEscapeQuoting, ":")

// Shell quotes s for a shell only when it needs it.
func Shell(s string) string { return colonQuoter.Quote(s) }

// ShellAlways quotes s for a shell, always.
func ShellAlways(s string) string { return Arg(s, ShellEscapeAlwaysQuoting) }

// Locale wraps s in ‘ ’, with C escapes for control characters.
func Locale(s string) string { return Arg(s, LocaleQuoting) }

// CEscape writes a byte the way C would in a string literal.
func CEscape(c byte) string {
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
