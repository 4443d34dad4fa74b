package regex

import "unicode/utf8"

// op is the kind of a node of a parsed expression.
type op uint8

const (
	opEmpty   op = iota // matches the empty string
	opLit               // the rune r
	opByte              // the byte r, a byte that is not valid UTF-8
	opAny               // . (nl says whether it matches a newline)
	opSet               // a bracket expression or \w \W \s \S
	opCat               // subs in sequence
	opAlt               // one of subs
	opGroup             // capturing group number cap around subs[0]
	opRepeat            // subs[0] from min to max times (max -1: no limit)
	opBackref           // the text of group cap again
	opAssert            // the empty-width assertion as
)

// assertion is an empty-width test of the text around a position.
type assertion uint8

const (
	aLineStart    assertion = iota // ^ (at a newline too in multiline mode)
	aLineEnd                       // $
	aTextStart                     // \`
	aTextEnd                       // \'
	aWordBound                     // \b
	aNotWordBound                  // \B
	aWordStart                     // \<
	aWordEnd                       // \>
	aNotWordPrev                   // grep -w: no word character before
	aNotWordNext                   // grep -w: no word character after
)

type node struct {
	op       op
	r        rune
	nl       bool
	set      *charSet
	subs     []*node
	min, max int
	cap      int
	as       assertion
}

func lit(r rune) *node { return &node{op: opLit, r: r} }

func cat(subs ...*node) *node {
	if len(subs) == 0 {
		return &node{op: opEmpty}
	}
	if len(subs) == 1 {
		return subs[0]
	}
	return &node{op: opCat, subs: subs}
}

func alt(subs ...*node) *node {
	if len(subs) == 1 {
		return subs[0]
	}
	return &node{op: opAlt, subs: subs}
}

func assert(a assertion) *node { return &node{op: opAssert, as: a} }

// literalNodes turns s into literal nodes, one per rune, with bytes that
// are not UTF-8 kept as bytes.
func literalNodes(s string) []*node {
	var out []*node
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			out = append(out, &node{op: opByte, r: rune(s[i])})
		} else {
			out = append(out, lit(r))
		}
		i += n
	}
	return out
}

// walk calls f on n and every node below it.
func walk(n *node, f func(*node)) {
	f(n)
	for _, s := range n.subs {
		walk(s, f)
	}
}

// mustStartWord reports whether every match of n is non-empty and starts
// with a word character.
func mustStartWord(n *node) bool {
	switch n.op {
	case opLit:
		return isWordRune(n.r)
	case opSet:
		return n.set.allWord()
	case opGroup:
		return mustStartWord(n.subs[0])
	case opRepeat:
		return n.min > 0 && mustStartWord(n.subs[0])
	case opCat:
		return len(n.subs) > 0 && mustStartWord(n.subs[0])
	case opAlt:
		for _, s := range n.subs {
			if !mustStartWord(s) {
				return false
			}
		}
		return true
	}
	return false
}

// mustEndWord reports whether every match of n is non-empty and ends with
// a word character.
func mustEndWord(n *node) bool {
	switch n.op {
	case opCat:
		return len(n.subs) > 0 && mustEndWord(n.subs[len(n.subs)-1])
	case opGroup:
		return mustEndWord(n.subs[0])
	case opRepeat:
		return n.min > 0 && mustEndWord(n.subs[0])
	case opAlt:
		for _, s := range n.subs {
			if !mustEndWord(s) {
				return false
			}
		}
		return true
	}
	return mustStartWord(n)
}
