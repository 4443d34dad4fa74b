package regex

import (
	"unicode"
	"unicode/utf8"
)

// The program our own matchers run (pike.go without back-references,
// backtrack.go with them).

type instOp uint8

const (
	iRune    instOp = iota // the rune r
	iByte                  // the byte r, not UTF-8
	iAny                   // any character (a newline only when nl)
	iSet                   // a character of set
	iSplit                 // go on at x, else at y
	iJmp                   // go on at x
	iSave                  // slot x = position
	iMark                  // slot x = position (start of a loop body)
	iLoop                  // go on at x unless the body since mark y was empty
	iAssert                // the assertion as holds here
	iBackref               // the text of group x again
	iMatch
)

type inst struct {
	op   instOp
	nl   bool
	as   assertion
	r    rune
	x, y int
	set  *charSet
}

type prog struct {
	insts   []inst
	ncap    int // groups; capture slots are 0..2*ncap+1
	nslot   int // capture slots and loop marks
	fold    bool
	ml      bool // ^ and $ at newlines too
	buffer  bool // \` and \' at newlines too
	backref bool
}

// maxInsts bounds the size of a program (repeat counts multiply).
const maxInsts = 1 << 21

type compiler struct {
	p   *prog
	err error
}

func compileProg(n *node, ncap int, o Options) (*prog, error) {
	if size(n) > maxInsts {
		return nil, fail(errSize)
	}
	p := &prog{ncap: ncap, nslot: 2 * (ncap + 1), fold: o.IgnoreCase,
		ml: o.Multiline || o.Buffer, buffer: o.Buffer}
	c := &compiler{p: p}
	c.add(inst{op: iSave, x: 0})
	c.node(n)
	c.add(inst{op: iSave, x: 1})
	c.add(inst{op: iMatch})
	return p, nil
}

// size estimates the number of instructions for n, saturating.
func size(n *node) int {
	s := 1
	for _, sub := range n.subs {
		s += size(sub) + 2
	}
	if n.op == opRepeat {
		k := max(n.min, n.max) + 1
		if s > maxInsts/k {
			return maxInsts + 1
		}
		s *= k
	}
	return min(s, maxInsts+1)
}

func (c *compiler) add(in inst) int {
	c.p.insts = append(c.p.insts, in)
	return len(c.p.insts) - 1
}

func (c *compiler) pc() int { return len(c.p.insts) }

func (c *compiler) node(n *node) {
	switch n.op {
	case opLit:
		c.add(inst{op: iRune, r: n.r})
	case opByte:
		c.add(inst{op: iByte, r: n.r})
	case opAny:
		c.add(inst{op: iAny, nl: n.nl})
	case opSet:
		c.add(inst{op: iSet, set: n.set})
	case opCat:
		for _, s := range n.subs {
			c.node(s)
		}
	case opAlt:
		c.alt(n.subs)
	case opGroup:
		c.add(inst{op: iSave, x: 2 * n.cap})
		c.node(n.subs[0])
		c.add(inst{op: iSave, x: 2*n.cap + 1})
	case opRepeat:
		c.repeat(n)
	case opBackref:
		c.p.backref = true
		c.add(inst{op: iBackref, x: n.cap})
	case opAssert:
		c.add(inst{op: iAssert, as: n.as})
	}
}

func (c *compiler) alt(subs []*node) {
	var jmps []int
	for _, s := range subs[:len(subs)-1] {
		split := c.add(inst{op: iSplit})
		c.p.insts[split].x = split + 1
		c.node(s)
		jmps = append(jmps, c.add(inst{op: iJmp}))
		c.p.insts[split].y = c.pc()
	}
	c.node(subs[len(subs)-1])
	for _, j := range jmps {
		c.p.insts[j].x = c.pc()
	}
}

func (c *compiler) repeat(n *node) {
	sub := n.subs[0]
	for i := 0; i < n.min; i++ {
		c.node(sub)
	}
	if n.max == -1 {
		c.star(sub)
		return
	}
	var splits []int
	for i := n.min; i < n.max; i++ {
		s := c.add(inst{op: iSplit})
		c.p.insts[s].x = s + 1
		splits = append(splits, s)
		c.node(sub)
	}
	for _, s := range splits {
		c.p.insts[s].y = c.pc()
	}
}

// star compiles sub*: an iteration that matches nothing ends the loop.
func (c *compiler) star(sub *node) {
	mark := c.p.nslot
	c.p.nslot++
	l := c.add(inst{op: iSplit})
	c.p.insts[l].x = l + 1
	c.add(inst{op: iMark, x: mark})
	c.node(sub)
	c.add(inst{op: iLoop, x: l, y: mark})
	c.p.insts[l].y = c.pc()
}

// input is the text a matcher runs on, with the context assertions need.
type input struct {
	b      []byte
	ml     bool
	buffer bool
}

// at decodes the character at i; invalid is set for a byte that is not
// UTF-8 (r is then the byte). w is 0 at the end.
func (in *input) at(i int) (r rune, w int, invalid bool) {
	if i >= len(in.b) {
		return -1, 0, false
	}
	if c := in.b[i]; c < utf8.RuneSelf {
		return rune(c), 1, false
	}
	r, w = utf8.DecodeRune(in.b[i:])
	if r == utf8.RuneError && w == 1 {
		return rune(in.b[i]), 1, true
	}
	return r, w, false
}

func (in *input) wordBefore(i int) bool {
	if i == 0 {
		return false
	}
	if c := in.b[i-1]; c < utf8.RuneSelf {
		return isWordRune(rune(c))
	}
	r, w := utf8.DecodeLastRune(in.b[:i])
	return !(r == utf8.RuneError && w == 1) && isWordRune(r)
}

func (in *input) wordAfter(i int) bool {
	r, w, bad := in.at(i)
	return w > 0 && !bad && isWordRune(r)
}

func (in *input) assert(a assertion, i int) bool {
	switch a {
	case aLineStart:
		return i == 0 || in.ml && in.b[i-1] == '\n'
	case aLineEnd:
		return i == len(in.b) || in.ml && in.b[i] == '\n'
	case aTextStart:
		return i == 0 || in.buffer && in.b[i-1] == '\n'
	case aTextEnd:
		return i == len(in.b) || in.buffer && in.b[i] == '\n'
	case aWordBound:
		return in.wordBefore(i) != in.wordAfter(i)
	case aNotWordBound:
		return in.wordBefore(i) == in.wordAfter(i)
	case aWordStart:
		return !in.wordBefore(i) && in.wordAfter(i)
	case aWordEnd:
		return in.wordBefore(i) && !in.wordAfter(i)
	case aNotWordPrev:
		return !in.wordBefore(i)
	case aNotWordNext:
		return !in.wordAfter(i)
	}
	return false
}

// consumes reports whether the instruction matches the character at i
// and returns its width.
func (p *prog) consumes(in *inst, t *input, i int) (int, bool) {
	r, w, bad := t.at(i)
	if w == 0 {
		return 0, false
	}
	switch in.op {
	case iRune:
		return w, !bad && (r == in.r || p.fold && foldEq(r, in.r))
	case iByte:
		return w, bad && r == in.r
	case iAny:
		return w, !bad && (in.nl || r != '\n')
	case iSet:
		if bad {
			return w, in.set.matchesByte(byte(r))
		}
		return w, in.set.matches(r, p.fold)
	}
	return 0, false
}

func foldEq(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}
