// Package fnmatch matches shell wildcard patterns as glibc's fnmatch(3)
// does in the C.UTF-8 locale: [Match] with fnmatch's flags (ls --hide,
// --ignore and colours, du --exclude, grep --include, diff --exclude),
// and [Glob], the variant find -name and -path use.
package fnmatch

// Match: * ? [...] with ranges, [!...] and [^...], [:class:] names and
// backslash escapes, character by character.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// Flags are fnmatch's flags.
type Flags int

// The flags, as in <fnmatch.h>.
const (
	NoEscape Flags = 1 << iota // backslash is an ordinary character
	Pathname                   // wildcards never match '/'
	Period                     // a leading '.' must be matched by a '.'
	Casefold                   // ignore case
)

// Match reports whether name matches the shell pattern.
func Match(pattern, name string, flags Flags) bool {
	return fnmatchAt(pattern, name, flags, true)
}

// fnmatchAt matches with start telling whether name begins a file name
// component (for [Period]).
func fnmatchAt(pat, name string, flags Flags, start bool) bool {
	for len(pat) > 0 {
		prev, before := name, len(name)
		pc, pn := utf8.DecodeRuneInString(pat)
		switch {
		case pc == '*':
			return fnmStar(pat, name, flags, start)
		case pc == '?':
			if name == "" || !fnmWildOK(name, flags, start) {
				return false
			}
			_, nn := utf8.DecodeRuneInString(name)
			pat, name = pat[pn:], name[nn:]
		case pc == '[':
			if name == "" || !fnmWildOK(name, flags, start) {
				return false
			}
			nc, nn := utf8.DecodeRuneInString(name)
			ok, rest, valid := fnmBracket(pat[1:], nc, flags)
			if !valid {
				if name[0] != '[' {
					return false
				}
				pat, name = pat[1:], name[1:]
				break
			}
			if !ok {
				return false
			}
			pat, name = rest, name[nn:]
		default:
			if pc == '\\' && flags&NoEscape == 0 && len(pat) > 1 {
				pat = pat[1:]
				pc, pn = utf8.DecodeRuneInString(pat)
			}
			nc, nn := utf8.DecodeRuneInString(name)
			if name == "" || !fnmSame(pc, nc, flags) || pat[:pn] != name[:nn] && flags&Casefold == 0 {
				return false
			}
			pat, name = pat[pn:], name[nn:]
		}
		start = flags&Pathname != 0 && len(name) < before && prev[len(prev)-len(name)-1] == '/'
	}
	return name == ""
}

// fnmWildOK reports whether a wildcard may match the first character of
// name.
func fnmWildOK(name string, flags Flags, start bool) bool {
	if flags&Pathname != 0 && name[0] == '/' {
		return false
	}
	return !(flags&Period != 0 && start && name[0] == '.')
}

func fnmStar(pat, name string, flags Flags, start bool) bool {
	for strings.HasPrefix(pat, "*") {
		pat = pat[1:]
	}
	if name != "" && !fnmWildOK(name, flags, start) {
		return false
	}
	for i := 0; ; {
		if fnmatchAt(pat, name[i:], flags, i == 0 && start) {
			return true
		}
		if i >= len(name) || flags&Pathname != 0 && name[i] == '/' {
			return false
		}
		_, n := utf8.DecodeRuneInString(name[i:])
		i += n
	}
}

func fnmSame(a, b rune, flags Flags) bool {
	if a == b {
		return true
	}
	return flags&Casefold != 0 && unicode.SimpleFold(a) != a && unicode.ToLower(a) == unicode.ToLower(b)
}

// fnmBracket matches c against the bracket expression that starts after
// '['. valid is false when the expression has no closing ']'.
func fnmBracket(pat string, c rune, flags Flags) (ok bool, rest string, valid bool) {
	negate := false
	if pat != "" && (pat[0] == '!' || pat[0] == '^') {
		negate, pat = true, pat[1:]
	}
	first := true
	for {
		if pat == "" {
			return false, "", false
		}
		if pat[0] == ']' && !first {
			return ok != negate, pat[1:], true
		}
		first = false
		if strings.HasPrefix(pat, "[:") {
			if end := strings.Index(pat[2:], ":]"); end >= 0 {
				if fnmClass(pat[2:2+end], c) {
					ok = true
				}
				pat = pat[2+end+2:]
				continue
			}
		}
		lo, n := fnmBracketChar(pat, flags)
		pat = pat[n:]
		hi := lo
		if len(pat) > 1 && pat[0] == '-' && pat[1] != ']' {
			hi, n = fnmBracketChar(pat[1:], flags)
			pat = pat[1+n:]
		}
		if lo <= c && c <= hi || lo == hi && fnmSame(lo, c, flags) {
			ok = true
		}
	}
}

func fnmBracketChar(pat string, flags Flags) (rune, int) {
	if pat[0] == '\\' && flags&NoEscape == 0 && len(pat) > 1 {
		r, n := utf8.DecodeRuneInString(pat[1:])
		return r, n + 1
	}
	return utf8.DecodeRuneInString(pat)
}

// fnmClass reports whether c is in the named POSIX class.
func fnmClass(name string, c rune) bool {
	switch name {
	case "alpha":
		return unicode.IsLetter(c)
	case "digit":
		return c >= '0' && c <= '9'
	case "alnum":
		return unicode.IsLetter(c) || unicode.IsDigit(c)
	case "upper":
		return unicode.IsUpper(c)
	case "lower":
		return unicode.IsLower(c)
	case "space":
		return unicode.IsSpace(c)
	case "blank":
		return c == ' ' || c == '\t'
	case "punct":
		return c < 0x80 && unicode.IsPunct(c) || c < 0x80 && unicode.IsSymbol(c)
	case "print":
		return ctype.IsPrintRune(c)
	case "graph":
		return ctype.IsPrintRune(c) && c != ' '
	case "cntrl":
		return unicode.IsControl(c)
	case "xdigit":
		return strings.ContainsRune("0123456789abcdefABCDEF", c)
	}
	return false
}
