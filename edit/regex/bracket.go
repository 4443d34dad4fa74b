package regex

import (
	"strings"
	"unicode/utf8"
)

// bracket element kinds
const (
	elChar  = iota // a character (also from [.c.])
	elByte         // a byte that is not UTF-8
	elEquiv        // [=c=]: a character that cannot end a range
	elClass        // [:name:]
)

type belem struct {
	kind int
	r    rune
}

// bracket parses a bracket expression after its "[", as glibc does;
// backslash is an ordinary character inside it.
func (p *parser) bracket() (*node, error) {
	s := &charSet{}
	if p.has("^") {
		s.neg = true
		p.i++
	}
	colon := 0 // dfa.c's colon_warning_state
	if p.has(":") {
		colon = 1
	}
	if p.i >= len(p.s) {
		return nil, fail(errBadPat) // glibc: nothing after "[" or "[^"
	}
	for first := true; ; first = false {
		if p.i >= len(p.s) {
			return nil, fail(errBrack)
		}
		if !first && p.s[p.i] == ']' {
			p.i++
			break
		}
		c := p.s[p.i]
		start, err := p.belem(first)
		if err != nil {
			return nil, err
		}
		colon &^= 2
		if c == ':' {
			colon |= 2
		} else {
			colon |= 4
		}
		if p.s[p.i:] == "-" && start.kind != elClass && start.kind != elEquiv {
			return nil, fail(errBrack) // glibc: a range cut off by the end
		}
		if p.has("-") && !p.has("-]") && p.i+1 < len(p.s) {
			p.i++
			end, err := p.belem(true)
			if err != nil {
				return nil, err
			}
			if err := addRange(s, start, end); err != nil {
				return nil, err
			}
			continue
		}
		addElem(s, start)
	}
	if colon == 7 {
		p.colon = true
	}
	return &node{op: opSet, set: s.finish()}, nil
}

// belem parses one element of a bracket expression. A '-' is an element
// only first, last, or as the end of a range (accept).
func (p *parser) belem(accept bool) (belem, error) {
	if p.has("[.") || p.has("[=") || p.has("[:") {
		return p.bracketSymbol()
	}
	if p.s[p.i] == '-' && !accept && !p.has("-]") {
		return belem{}, fail(errRange)
	}
	r, w := utf8.DecodeRuneInString(p.s[p.i:])
	p.i += w
	if r == utf8.RuneError && w == 1 {
		return belem{kind: elByte, r: rune(p.s[p.i-1])}, nil
	}
	return belem{kind: elChar, r: r}, nil
}

// bracketSymbol parses [.c.], [=c=] or [:name:].
func (p *parser) bracketSymbol() (belem, error) {
	delim := p.s[p.i+1]
	p.i += 2
	end := strings.Index(p.s[p.i:], string(delim)+"]")
	if end < 0 || end >= 32 {
		return belem{}, fail(errBrack)
	}
	name := p.s[p.i : p.i+end]
	p.i += end + 2
	if delim == ':' {
		return belem{kind: elClass, r: classIndex(name)}, checkClass(name)
	}
	// In C.UTF-8 glibc knows only single-byte collating elements.
	if len(name) != 1 || name[0] >= utf8.RuneSelf {
		return belem{}, fail(errCollate)
	}
	if delim == '=' {
		return belem{kind: elEquiv, r: rune(name[0])}, nil
	}
	return belem{kind: elChar, r: rune(name[0])}, nil
}

var classNames = []string{"alpha", "upper", "lower", "digit", "xdigit", "space",
	"print", "punct", "graph", "cntrl", "blank", "alnum"}

func classIndex(name string) rune {
	for i, n := range classNames {
		if n == name {
			return rune(i)
		}
	}
	return -1
}

func checkClass(name string) error {
	if classIndex(name) < 0 {
		return fail(errCType)
	}
	return nil
}

func addElem(s *charSet, e belem) {
	switch e.kind {
	case elClass:
		s.addClass(classNames[e.r])
	case elByte:
		s.bytes = append(s.bytes, byte(e.r))
	default:
		s.add(e.r, e.r)
	}
}

// addRange adds lo-hi. As in glibc's C.UTF-8, a range may only join
// ASCII characters and bytes that are not UTF-8, which stand for the
// code point of their value ([\x80-\xff] is U+0080 to U+00FF).
func addRange(s *charSet, lo, hi belem) error {
	if lo.kind == elClass || hi.kind == elClass || lo.kind == elEquiv || hi.kind == elEquiv {
		return fail(errRange)
	}
	if lo.kind == elChar && lo.r >= utf8.RuneSelf || hi.kind == elChar && hi.r >= utf8.RuneSelf {
		return fail(errCollate)
	}
	if lo.r > hi.r {
		return fail(errRange)
	}
	s.add(lo.r, hi.r)
	return nil
}
