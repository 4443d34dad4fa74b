package fnmatch

// Glob matches shell wildcard patterns the way glibc's fnmatch does in a
// UTF-8 locale, as find -name, -path and their -i forms need it: * ? [...]
// (with ! or ^, ranges and [:class:]) and backslash quoting; '*' and '?'
// match '/' unless pathname is set, and a leading '.' is not special.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Glob reports whether name matches pattern. fold ignores case;
// pathname keeps wildcards from matching '/'.
func Glob(pattern, name string, fold, pathname bool) bool {
	if !fold && !pathname {
		if ok, done := globFast(pattern, name); done {
			return ok
		}
	}
	return globAt(pattern, name, fold, pathname)
}

// globFast handles patterns without special characters, and "*suffix"
// and "prefix*" forms, without the general matcher.
func globFast(pattern, name string) (bool, bool) {
	if !strings.ContainsAny(pattern, "*?[\\") {
		return pattern == name, true
	}
	if pattern[0] == '*' && !strings.ContainsAny(pattern[1:], "*?[\\") {
		return strings.HasSuffix(name, pattern[1:]), true
	}
	n := len(pattern) - 1
	if pattern[n] == '*' && !strings.ContainsAny(pattern[:n], "*?[\\") {
		return strings.HasPrefix(name, pattern[:n]), true
	}
	return false, false
}

func globAt(p, s string, fold, pathname bool) bool {
	// Backtracking on the last star is enough: a later star can always
	// absorb what an earlier one would have.
	var starP, starS = -1, -1
	pi, si := 0, 0
	for si < len(s) || pi < len(p) {
		if pi < len(p) {
			if p[pi] == '*' {
				for pi < len(p) && p[pi] == '*' {
					pi++
				}
				starP, starS = pi, si
				continue
			}
			if si < len(s) {
				if n, m, ok := globOne(p[pi:], s[si:], fold, pathname); ok {
					pi += n
					si += m
					continue
				}
			}
		}
		if starP < 0 || starS >= len(s) {
			return false
		}
		r, w := utf8.DecodeRuneInString(s[starS:])
		if pathname && r == '/' {
			return false
		}
		starS += w
		pi, si = starP, starS
	}
	return true
}

// globOne matches one pattern element against the start of s and returns
// the bytes used in each.
func globOne(p, s string, fold, pathname bool) (int, int, bool) {
	r, w := utf8.DecodeRuneInString(s)
	switch p[0] {
	case '?':
		return 1, w, !(pathname && r == '/')
	case '[':
		if n, ok, valid := globBracket(p, r, fold); valid {
			return n, w, ok && !(pathname && r == '/')
		}
		return 1, 1, s[0] == '['
	case '\\':
		if len(p) > 1 {
			pr, pw := utf8.DecodeRuneInString(p[1:])
			return 1 + pw, w, globRuneEq(pr, r, fold)
		}
	}
	pr, pw := utf8.DecodeRuneInString(p)
	return pw, w, globRuneEq(pr, r, fold)
}

func globRuneEq(a, b rune, fold bool) bool {
	if a == b {
		return true
	}
	return fold && unicode.ToLower(a) == unicode.ToLower(b)
}

// globBracket matches r against the bracket expression at the start of p.
// valid is false when the bracket is not closed (then '[' is literal).
func globBracket(p string, r rune, fold bool) (n int, ok, valid bool) {
	i := 1
	negate := false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negate = true
		i++
	}
	matched := false
	for first := true; ; first = false {
		if i >= len(p) {
			return 0, false, false
		}
		if p[i] == ']' && !first {
			i++
			break
		}
		if p[i] == '[' && i+1 < len(p) && p[i+1] == ':' {
			end := strings.Index(p[i+2:], ":]")
			if end >= 0 {
				if globClass(p[i+2:i+2+end], r, fold) {
					matched = true
				}
				i += end + 4
				continue
			}
		}
		lo, w := globBracketRune(p, i)
		i += w
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			hi, w = globBracketRune(p, i+1)
			i += 1 + w
		}
		if globInRange(r, lo, hi, fold) {
			matched = true
		}
	}
	return i, matched != negate, true
}

func globBracketRune(p string, i int) (rune, int) {
	if p[i] == '\\' && i+1 < len(p) {
		r, w := utf8.DecodeRuneInString(p[i+1:])
		return r, w + 1
	}
	return utf8.DecodeRuneInString(p[i:])
}

func globInRange(r, lo, hi rune, fold bool) bool {
	if lo <= r && r <= hi {
		return true
	}
	if !fold {
		return false
	}
	l, u := unicode.ToLower(r), unicode.ToUpper(r)
	return lo <= l && l <= hi || lo <= u && u <= hi
}

func globClass(class string, r rune, fold bool) bool {
	switch class {
	case "alpha":
		return unicode.IsLetter(r)
	case "digit":
		return r >= '0' && r <= '9'
	case "alnum":
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	case "upper":
		return unicode.IsUpper(r) || fold && unicode.IsLower(r)
	case "lower":
		return unicode.IsLower(r) || fold && unicode.IsUpper(r)
	case "space":
		return unicode.IsSpace(r)
	case "blank":
		return r == ' ' || r == '\t'
	case "punct":
		return r < 128 && unicode.IsPunct(r) || r < 128 && unicode.IsSymbol(r)
	case "print":
		return unicode.IsPrint(r)
	case "graph":
		return unicode.IsPrint(r) && r != ' '
	case "cntrl":
		return unicode.IsControl(r)
	case "xdigit":
		return strings.ContainsRune("0123456789abcdefABCDEF", r)
	}
	return false
}
