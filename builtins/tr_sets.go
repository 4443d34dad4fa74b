package builtins

// The sets of tr (see tr.go): escapes, ranges, [:class:], [=c=], [c*n],
// and GNU's checks that the two sets fit the operation.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type trKind int

const (
	trNormal trKind = iota
	trRange
	trClass
	trEquiv
	trRepeat
)

var trClassNames = []string{"alnum", "alpha", "blank", "cntrl", "digit", "graph",
	"lower", "print", "punct", "space", "upper", "xdigit"}

const (
	clLower = 6
	clUpper = 10
)

// trElem is one construct of a set.
type trElem struct {
	kind  trKind
	a, b  byte   // the character; a range's ends; the repeated character
	class int    // index into trClassNames
	count uint64 // repeat count; 0 for [c*] and [c*0]
}

// trSet is a parsed set and what GNU's get_spec_stats learns about it.
type trSet struct {
	elems          []trElem
	length         uint64
	indefinite     int // number of [c*] constructs
	indefiniteAt   int // index of the last one
	hasEquiv       bool
	hasClass       bool
	restrictedCls  bool
	iter           trIter
	complemented   bool
	complementSize uint64
}

// isClassMember is glibc's ctype in C.UTF-8 for single bytes: ASCII only.
func isClassMember(class int, c int) bool {
	if c >= 128 {
		return false
	}
	b := byte(c)
	switch trClassNames[class] {
	case "alnum":
		return ctype.IsAlpha(b) || ctype.IsDigit(b)
	case "alpha":
		return ctype.IsAlpha(b)
	case "blank":
		return b == ' ' || b == '\t'
	case "cntrl":
		return b < 32 || b == 127
	case "digit":
		return ctype.IsDigit(b)
	case "graph":
		return b > 32 && b < 127
	case "lower":
		return b >= 'a' && b <= 'z'
	case "print":
		return b >= 32 && b < 127
	case "punct":
		return b > 32 && b < 127 && !ctype.IsAlpha(b) && !ctype.IsDigit(b)
	case "space":
		return ctype.IsSpace(b)
	case "upper":
		return b >= 'A' && b <= 'Z'
	}
	return ctype.IsDigit(b) || (b|0x20 >= 'a' && b|0x20 <= 'f')
}

// trError is a message tr prints before exiting with status 1.
type trError struct{ msg string }

func (e *trError) Error() string { return e.msg }

func trErrorf(format string, args ...any) error {
	return &trError{fmt.Sprintf(format, args...)}
}

// unquote converts the escapes of a set operand; escaped marks the
// characters that came from an escape. Warnings go to warn.
func trUnquote(s string, warn func(string)) ([]byte, []bool) {
	var out []byte
	var escaped []bool
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			out, escaped = append(out, s[i]), append(escaped, false)
			continue
		}
		if i+1 >= len(s) {
			warn("warning: an unescaped backslash at end of string is not portable")
			out, escaped = append(out, '\\'), append(escaped, false)
			continue
		}
		var c byte
		switch n := s[i+1]; n {
		case 'a':
			c = '\a'
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'v':
			c = '\v'
		case '0', '1', '2', '3', '4', '5', '6', '7':
			c, i = trOctal(s, i, warn)
		default:
			c = n
		}
		i++
		out, escaped = append(out, c), append(escaped, true)
	}
	return out, escaped
}

// trOctal reads \N, \NN or \NNN at s[i] (the backslash); it returns the
// byte and the index of the last digit but one, as GNU's loop leaves it.
func trOctal(s string, i int, warn func(string)) (byte, int) {
	oct := func(j int) (int, bool) {
		if j < len(s) && s[j] >= '0' && s[j] <= '7' {
			return int(s[j] - '0'), true
		}
		return 0, false
	}
	c := int(s[i+1] - '0')
	if d, ok := oct(i + 2); ok {
		c = 8*c + d
		i++
		if d, ok := oct(i + 2); ok {
			if 8*c+d < 256 {
				c = 8*c + d
				i++
			} else {
				warn(fmt.Sprintf("warning: the ambiguous octal escape \\%c%c%c is being\n"+
					"\tinterpreted as the 2-byte sequence \\0%c%c, %c",
					s[i], s[i+1], s[i+2], s[i], s[i+1], s[i+2]))
			}
		}
	}
	return byte(c), i
}

// printableChar is GNU's make_printable_char: the byte, or \ooo.
func printableChar(c byte) string {
	if c >= 32 && c < 127 {
		return string(c)
	}
	return fmt.Sprintf("\\%03o", c)
}

// printableStr is GNU's make_printable_str.
func printableStr(s []byte) string {
	var b strings.Builder
	names := map[byte]string{'\\': "\\", '\a': "\\a", '\b': "\\b", '\f': "\\f",
		'\n': "\\n", '\r': "\\r", '\t': "\\t", '\v': "\\v"}
	for _, c := range s {
		if n, ok := names[c]; ok {
			b.WriteString(n)
		} else {
			b.WriteString(printableChar(c))
		}
	}
	return b.String()
}

// parseTrSet builds the constructs of a set (GNU's build_spec_list).
func parseTrSet(arg string, warn func(string)) (*trSet, error) {
	p, esc := trUnquote(arg, warn)
	match := func(i int, c byte) bool { return i < len(p) && p[i] == c && !esc[i] }
	set := &trSet{}
	i := 0
	for i+2 < len(p) {
		if match(i, '[') {
			next, ok, err := set.bracket(p, esc, i, match)
			if err != nil {
				return nil, err
			}
			if ok {
				i = next
				continue
			}
		}
		if match(i+1, '-') {
			if p[i+2] < p[i] {
				return nil, trErrorf("range-endpoints of '%s-%s' are in reverse collating sequence order",
					printableChar(p[i]), printableChar(p[i+2]))
			}
			set.elems = append(set.elems, trElem{kind: trRange, a: p[i], b: p[i+2]})
			i += 3
			continue
		}
		set.elems = append(set.elems, trElem{kind: trNormal, a: p[i]})
		i++
	}
	for ; i < len(p); i++ {
		set.elems = append(set.elems, trElem{kind: trNormal, a: p[i]})
	}
	return set, nil
}

// bracket tries [:class:], [=c=] and [c*n] at p[i] == '['.
func (set *trSet) bracket(p []byte, esc []bool, i int, match func(int, byte) bool) (int, bool, error) {
	if match(i+1, ':') || match(i+1, '=') {
		delim := p[i+1]
		if end, ok := closingDelim(p, esc, i+2, delim); ok {
			opnd := p[i+2 : end]
			if len(opnd) == 0 {
				if delim == ':' {
					return 0, false, trErrorf("missing character class name '[::]'")
				}
				return 0, false, trErrorf("missing equivalence class character '[==]'")
			}
			if set.classOrEquiv(delim, opnd) {
				return end + 2, true, nil
			}
			if !starDigitsBracket(p, esc, i+2) {
				if delim == ':' {
					return 0, false, trErrorf("invalid character class %s", quote.Locale(printableStr(opnd)))
				}
				return 0, false, trErrorf("%s: equivalence class operand must be a single character", printableStr(opnd))
			}
		}
	}
	return set.repeat(p, esc, i+1, match)
}

func (set *trSet) classOrEquiv(delim byte, opnd []byte) bool {
	if delim == '=' {
		if len(opnd) != 1 {
			return false
		}
		set.elems = append(set.elems, trElem{kind: trEquiv, a: opnd[0]})
		return true
	}
	for k, n := range trClassNames {
		if n == string(opnd) {
			set.elems = append(set.elems, trElem{kind: trClass, class: k})
			return true
		}
	}
	return false
}

func closingDelim(p []byte, esc []bool, start int, delim byte) (int, bool) {
	for i := start; i < len(p)-1; i++ {
		if p[i] == delim && p[i+1] == ']' && !esc[i] && !esc[i+1] {
			return i, true
		}
	}
	return 0, false
}

// starDigitsBracket reports whether p[idx:] starts with \*[0-9]*] unescaped.
func starDigitsBracket(p []byte, esc []bool, idx int) bool {
	if idx >= len(p) || p[idx] != '*' || esc[idx] {
		return false
	}
	for i := idx + 1; i < len(p); i++ {
		if !ctype.IsDigit(p[i]) || esc[i] {
			return p[i] == ']' && !esc[i]
		}
	}
	return false
}

// repeat tries [c*n] with the c at p[start].
func (set *trSet) repeat(p []byte, esc []bool, start int, match func(int, byte) bool) (int, bool, error) {
	if !match(start+1, '*') {
		return 0, false, nil
	}
	for i := start + 2; i < len(p) && !esc[i]; i++ {
		if p[i] != ']' {
			continue
		}
		digits := p[start+2 : i]
		var n uint64
		if len(digits) > 0 {
			var ok bool
			if n, ok = repeatCount(string(digits)); !ok {
				return 0, false, trErrorf("invalid repeat count %s in [c*n] construct", quote.Locale(printableStr(digits)))
			}
		}
		set.elems = append(set.elems, trElem{kind: trRepeat, a: p[start], count: n})
		return i + 1, true, nil
	}
	return 0, false, nil
}

// repeatCount parses n of [c*n]: octal when it starts with 0, else
// decimal (xstrtoumax: leading blanks and + allowed, no -).
func repeatCount(s string) (uint64, bool) {
	base := 10
	if s[0] == '0' {
		base = 8
	}
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	t = strings.TrimPrefix(t, "+")
	if t == "" || t[0] == '+' || t[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(t, base, 64)
	if err != nil || n > 1<<64-3 {
		return 0, false
	}
	return n, true
}
