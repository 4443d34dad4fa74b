package regex

import (
	"strings"
	"unicode/utf8"
)

// dupMax is GNU's RE_DUP_MAX, the largest repeat count.
const dupMax = 0x7fff

// parser reads one GNU basic or extended regular expression.
type parser struct {
	s       string
	i       int
	o       Options
	capBase int    // number of the groups of earlier patterns in a list
	closed  []bool // closed[k-1]: group k has been closed
	colon   bool   // a bracket looked like [:space:] (reported last)
	// closeLiteral: a ")" here is a literal (see repeat)
	closeLiteral bool
}

// item kinds, for what a repetition operator may follow.
const (
	lastNone   = iota // start of a branch
	lastAnchor        // an anchor such as ^ or \<
	lastAtom          // something that can be repeated
	lastRepeat        // a repeated atom
)

// parsePattern parses one pattern whose groups are numbered after capBase
// earlier ones; it returns the tree and its number of groups.
func parsePattern(s string, o Options, capBase int) (*node, int, error) {
	p := &parser{s: s, o: o, capBase: capBase}
	n, err := p.alt(0)
	if err == nil && p.i < len(p.s) {
		err = fail(errRParen)
	}
	if err == nil && p.colon {
		err = &Error{Msg: errColon, NoPos: true}
	}
	return n, len(p.closed), err
}

func (p *parser) bre() bool { return !p.o.ERE }

// grepERE reports GNU grep's extended dialect, which is lenient where
// sed's is strict.
func (p *parser) grepERE() bool { return p.o.ERE && p.o.Grep }

func (p *parser) has(prefix string) bool { return strings.HasPrefix(p.s[p.i:], prefix) }

func (p *parser) atAlt() bool {
	if p.bre() {
		return p.has(`\|`)
	}
	return p.has("|")
}

func (p *parser) atClose() bool {
	if p.bre() {
		return p.has(`\)`)
	}
	return p.has(")")
}

func (p *parser) alt(depth int) (*node, error) {
	var alts []*node
	// As in glibc, a back-reference sees only the groups closed before
	// the alternation or in its own branch; after it, all of them.
	before := len(p.closed)
	var done []int
	for {
		b, err := p.branch(depth)
		if err != nil {
			return nil, err
		}
		alts = append(alts, b)
		if !p.atAlt() {
			for _, k := range done {
				p.closed[k] = true
			}
			return alt(alts...), nil
		}
		p.i += len(`\|`) - boolInt(p.o.ERE)
		for k := before; k < len(p.closed); k++ {
			if p.closed[k] {
				done = append(done, k)
			}
			p.closed[k] = false
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// branch parses a sequence of pieces up to |, ) or the end.
func (p *parser) branch(depth int) (*node, error) {
	var items []*node
	last := lastNone
	for p.i < len(p.s) && !p.atAlt() {
		if p.atClose() && p.closeLiteral && p.grepERE() {
			items, last = append(items, lit(')')), lastAtom
			p.i++
			p.closeLiteral = false
			continue
		}
		p.closeLiteral = false
		if p.atClose() {
			if depth > 0 {
				break
			}
			if !p.grepERE() {
				return nil, fail(errRParen)
			}
			items, last = append(items, lit(')')), lastAtom
			p.i++
			continue
		}
		if kind, width := p.dupOp(); kind != 0 {
			var err error
			items, last, err = p.repeat(items, last, kind, width)
			if err != nil {
				return nil, err
			}
			continue
		}
		n, isAnchor, err := p.atom(last)
		if err != nil {
			return nil, err
		}
		items, last = append(items, n), lastAtom
		if isAnchor {
			last = lastAnchor
		}
	}
	if len(items) == 0 {
		return &node{op: opEmpty}, nil
	}
	return cat(items...), nil
}

// dupOp returns the repetition operator at the current position ('*',
// '+', '?' or '{') and its width, or 0.
func (p *parser) dupOp() (byte, int) {
	c := p.s[p.i]
	if c == '*' {
		return '*', 1
	}
	if p.o.ERE {
		if c == '+' || c == '?' || c == '{' {
			return c, 1
		}
		return 0, 0
	}
	if c == '\\' && p.i+1 < len(p.s) {
		switch c2 := p.s[p.i+1]; c2 {
		case '+', '?', '{':
			return c2, 2
		}
	}
	return 0, 0
}

// repeat handles the repetition operator kind (width bytes long) at the
// current position, applied to the last item.
func (p *parser) repeat(items []*node, last int, kind byte, width int) ([]*node, int, error) {
	if last == lastNone || last == lastAnchor {
		switch {
		case p.bre() && kind == '{' && !p.o.Grep:
			return nil, 0, fail(errBadRpt)
		case p.bre():
			// A BRE operator with nothing to repeat is a literal.
			p.i += width
			return append(items, lit(rune(kind))), lastAtom, nil
		case !p.o.Grep:
			return nil, 0, fail(errBadRpt)
		}
	}
	if last == lastRepeat && p.bre() && !p.o.Grep {
		return nil, 0, fail(errBadRpt)
	}
	p.i += width
	lo, hi := 0, -1
	switch kind {
	case '+':
		lo = 1
	case '?':
		hi = 1
	case '{':
		var ok bool
		var err error
		if lo, hi, ok, err = p.interval(); err != nil {
			return nil, 0, err
		} else if !ok {
			return append(items, lit('{')), lastAtom, nil
		}
	}
	if last == lastNone || last == lastAnchor {
		// GNU grep -E drops a leading operator (after an anchor it repeats
		// the anchor), with a warning unless an atom came before; glibc
		// then reads a ")" right after it as a literal.
		p.closeLiteral = true
		if onlyAnchors(items) {
			p.warnStart(kind)
		}
		if last == lastNone {
			return items, last, nil
		}
	}
	prev := items[len(items)-1]
	items[len(items)-1] = &node{op: opRepeat, min: lo, max: hi, subs: []*node{prev}}
	return items, lastRepeat, nil
}

func (p *parser) warnStart(kind byte) {
	if p.o.Warn == nil {
		return
	}
	what := string(kind)
	if kind == '{' {
		what = "{...}"
	}
	p.o.Warn(what + " at start of expression")
}

// interval parses the counts of an interval after its opening brace, as
// glibc does. ok is false when GNU grep -E reads the brace as a literal.
func (p *parser) interval() (lo, hi int, ok bool, err error) {
	start := p.i
	lo, stop := p.number()
	if lo == -1 {
		if stop != ',' {
			return 0, 0, false, fail(errBadBR)
		}
		lo = 0
	}
	hi = lo
	if lo != -2 && stop == ',' {
		hi, stop = p.number()
	}
	if lo == -2 || hi == -2 {
		switch {
		case p.grepERE():
			p.i = start
			return 0, 0, false, nil
		case stop == 0:
			return 0, 0, false, fail(errBrace)
		}
		return 0, 0, false, fail(errBadBR)
	}
	if hi != -1 && lo > hi || stop != '}' {
		return 0, 0, false, fail(errBadBR)
	}
	if max(lo, hi) > dupMax {
		return 0, 0, false, fail(errSize)
	}
	return lo, hi, true, nil
}

// number reads a repeat count up to a comma or closing brace, as glibc's
// fetch_number: -1 for no digits, -2 for anything else or the end of the
// pattern (stop 0).
func (p *parser) number() (int, byte) {
	n := -1
	for p.i < len(p.s) {
		if p.bre() && p.has(`\}`) || !p.bre() && p.has("}") {
			p.i += 1 + boolInt(p.bre())
			return n, '}'
		}
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			p.i = min(p.i+1, len(p.s))
			n = -2
		case c == ',':
			return n, ','
		case c < '0' || c > '9' || n == -2:
			n = -2
		case n == -1:
			n = int(c - '0')
		default:
			n = min(dupMax+1, n*10+int(c-'0'))
		}
	}
	return -2, 0
}

// atom parses one thing that is not a repetition operator; anchor is set
// for the empty-width assertions.
func (p *parser) atom(last int) (n *node, anchor bool, err error) {
	switch p.s[p.i] {
	case '^':
		if p.o.ERE || last == lastNone {
			p.i++
			return assert(aLineStart), true, nil
		}
	case '$':
		p.i++
		if p.o.ERE || p.i == len(p.s) || p.atClose() || p.atAlt() {
			return assert(aLineEnd), true, nil
		}
		return lit('$'), false, nil
	case '.':
		p.i++
		return &node{op: opAny}, false, nil
	case '[':
		p.i++
		n, err := p.bracket()
		return n, false, err
	case '(':
		if p.o.ERE {
			p.i++
			return p.group()
		}
	case '\\':
		return p.escape()
	}
	return p.literal(), false, nil
}

// literal reads one character, or one byte that is not UTF-8.
func (p *parser) literal() *node {
	r, w := utf8.DecodeRuneInString(p.s[p.i:])
	if r == utf8.RuneError && w == 1 {
		p.i++
		return &node{op: opByte, r: rune(p.s[p.i-1])}
	}
	p.i += w
	return lit(r)
}

var escAsserts = map[byte]assertion{
	'<': aWordStart, '>': aWordEnd, 'b': aWordBound, 'B': aNotWordBound,
	'`': aTextStart, '\'': aTextEnd,
}

// escape parses a backslash sequence other than an operator.
func (p *parser) escape() (*node, bool, error) {
	if p.i+1 >= len(p.s) {
		return nil, false, fail(errEscape)
	}
	c := p.s[p.i+1]
	switch {
	case c == '(' && p.bre():
		p.i += 2
		return p.group()
	case '1' <= c && c <= '9':
		k := int(c - '0')
		if k > len(p.closed) || !p.closed[k-1] {
			return nil, false, fail(errSubReg)
		}
		p.i += 2
		return &node{op: opBackref, cap: p.capBase + k}, false, nil
	case c == 'w' || c == 'W' || c == 's' || c == 'S':
		p.i += 2
		return &node{op: opSet, set: namedSet(c)}, false, nil
	}
	if a, ok := escAsserts[c]; ok {
		p.i += 2
		return assert(a), true, nil
	}
	p.i++
	return p.literal(), false, nil
}

// group parses a group after its opening parenthesis.
func (p *parser) group() (*node, bool, error) {
	p.closed = append(p.closed, false)
	k := len(p.closed)
	inner, err := p.alt(1)
	if err != nil {
		return nil, false, err
	}
	if !p.atClose() {
		return nil, false, fail(errParen)
	}
	p.i += 1 + boolInt(p.bre())
	p.closed[k-1] = true
	return &node{op: opGroup, cap: p.capBase + k, subs: []*node{inner}}, false, nil
}

func onlyAnchors(items []*node) bool {
	for _, n := range items {
		if n.op != opAssert {
			return false
		}
	}
	return true
}
