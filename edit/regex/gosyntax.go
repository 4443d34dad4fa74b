package regex

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// goWriter writes a parsed expression in the syntax of Go's regexp
// package. Some expressions have no Go form (back-references, bytes that
// are not UTF-8, \< and \> not next to a word character); ok is then false.
type goWriter struct {
	b  strings.Builder
	o  Options
	ok bool
	// wordASCII: Go's \b only knows ASCII word characters, so the result
	// is exact only on ASCII text.
	wordASCII bool
	// negFFFD: Go reads a byte that is not UTF-8 as U+FFFD, which . and
	// [^...] match; they exclude U+FFFD here, so the result is exact only
	// on text without a real U+FFFD.
	negFFFD bool
}

func toGo(n *node, o Options) *goWriter {
	w := &goWriter{o: o, ok: true}
	if o.IgnoreCase {
		w.b.WriteString("(?i)")
	}
	w.node(n, nil, nil)
	return w
}

func (w *goWriter) multiline() bool { return w.o.Multiline || w.o.Buffer }

// node writes n; prev and next are its neighbours in a concatenation.
func (w *goWriter) node(n, prev, next *node) {
	switch n.op {
	case opEmpty:
		w.b.WriteString("(?:)")
	case opLit:
		// Go would match a byte that is not UTF-8 with a literal U+FFFD.
		w.ok = w.ok && n.r != utf8.RuneError
		w.b.WriteString(regexp.QuoteMeta(string(n.r)))
	case opByte, opBackref:
		w.ok = false
	case opAny:
		w.negFFFD = true
		if n.nl {
			w.b.WriteString(`[^\x{FFFD}]`)
		} else {
			w.b.WriteString(`[^\n\x{FFFD}]`)
		}
	case opSet:
		w.set(n.set)
	case opCat:
		for i, s := range n.subs {
			var p, x *node
			if i > 0 {
				p = n.subs[i-1]
			}
			if i+1 < len(n.subs) {
				x = n.subs[i+1]
			}
			w.node(s, p, x)
		}
	case opAlt:
		w.b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				w.b.WriteByte('|')
			}
			w.node(s, nil, nil)
		}
		w.b.WriteString(")")
	case opGroup:
		w.b.WriteString("(")
		w.node(n.subs[0], nil, nil)
		w.b.WriteString(")")
	case opRepeat:
		w.repeat(n)
	case opAssert:
		w.assert(n.as, prev, next)
	}
}

func (w *goWriter) set(s *charSet) {
	if len(s.bytes) > 0 {
		w.ok = false
		return
	}
	if !s.neg && len(s.ranges) == 0 {
		w.b.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	w.b.WriteByte('[')
	if s.neg {
		w.b.WriteString(`^\x{FFFD}`)
		w.negFFFD = true
	}
	for i := 0; i < len(s.ranges); i += 2 {
		lo, hi := s.ranges[i], s.ranges[i+1]
		if lo <= utf8.RuneError && utf8.RuneError <= hi && !s.neg {
			// Go reads a byte that is not UTF-8 as U+FFFD: leave it out
			// (exact on texts without a real U+FFFD).
			w.negFFFD = true
			w.rng(lo, utf8.RuneError-1)
			w.rng(utf8.RuneError+1, hi)
			continue
		}
		w.rng(lo, hi)
	}
	w.b.WriteByte(']')
}

// goMaxRepeat is the largest count Go's regexp accepts.
const goMaxRepeat = 1000

func (w *goWriter) repeat(n *node) {
	if n.min > goMaxRepeat || n.max > goMaxRepeat {
		w.ok = false
		return
	}
	w.b.WriteString("(?:")
	w.node(n.subs[0], nil, nil)
	w.b.WriteString(")")
	switch {
	case n.min == 0 && n.max == -1:
		w.b.WriteByte('*')
	case n.min == 1 && n.max == -1:
		w.b.WriteByte('+')
	case n.min == 0 && n.max == 1:
		w.b.WriteByte('?')
	case n.max == -1:
		fmt.Fprintf(&w.b, "{%d,}", n.min)
	default:
		fmt.Fprintf(&w.b, "{%d,%d}", n.min, n.max)
	}
}

func (w *goWriter) assert(a assertion, prev, next *node) {
	switch a {
	case aLineStart:
		w.b.WriteString(w.pick(w.multiline(), `(?m:^)`, `\A`))
	case aLineEnd:
		w.b.WriteString(w.pick(w.multiline(), `(?m:$)`, `\z`))
	case aTextStart:
		w.b.WriteString(w.pick(w.o.Buffer, `(?m:^)`, `\A`))
	case aTextEnd:
		w.b.WriteString(w.pick(w.o.Buffer, `(?m:$)`, `\z`))
	case aWordBound, aNotWordBound:
		w.wordASCII = true
		w.b.WriteString(w.pick(a == aWordBound, `\b`, `\B`))
	case aWordStart, aNotWordPrev:
		// Before a word character, "no word character before" is \b.
		w.wordASCII = true
		w.ok = w.ok && next != nil && mustStartWord(next)
		w.b.WriteString(`\b`)
	case aWordEnd, aNotWordNext:
		w.wordASCII = true
		w.ok = w.ok && prev != nil && mustEndWord(prev)
		w.b.WriteString(`\b`)
	}
}

func (w *goWriter) pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

func (w *goWriter) rng(lo, hi rune) {
	switch {
	case lo > hi:
	case lo == hi:
		fmt.Fprintf(&w.b, `\x{%x}`, lo)
	default:
		fmt.Fprintf(&w.b, `\x{%x}-\x{%x}`, lo, hi)
	}
}
