package regex

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// LineDFA answers grep's question, "which is the first line with a
// match?", with a lazily built deterministic automaton: one table lookup
// per byte, as GNU's dfa.c does. It exists for Buffer-mode expressions
// without back-references or word assertions; it is not safe for
// concurrent use.
type LineDFA struct {
	p      *prog
	cache  map[string]*dstate
	start  [2]*dstate // [1] at a line start
	failed bool       // too many states: use the other engines
}

type dstate struct {
	pcs      []int        // instructions that consume, in no particular order
	match    bool         // a match ends here
	matchEOL bool         // a match ends here if a newline or the end follows
	next     [256]*dstate // cached transitions on ASCII bytes (and newline)
	toMatch  [256]*dstate // cached transitions into a state where a match ends
}

// maxDFAStates bounds the automaton; beyond it the search gives up.
const maxDFAStates = 2000

// LineDFA returns an automaton for re, or nil when re has no Buffer mode
// or uses what an automaton cannot (back-references, \b \< \> and -w).
func (re *Regexp) LineDFA() *LineDFA {
	if !re.o.Buffer || re.prog.backref {
		return nil
	}
	for _, in := range re.prog.insts {
		if in.op == iAssert && in.as >= aWordBound {
			return nil
		}
	}
	d := &LineDFA{p: re.prog, cache: map[string]*dstate{}}
	d.start[0] = d.state(d.closure(nil, false))
	d.start[1] = d.state(d.closure(nil, true))
	return d
}

// closure follows the instructions that consume nothing from the start
// of the program (every position may start a match) and from pcs.
func (d *LineDFA) closure(pcs []int, lineStart bool) *dstate {
	s := &dstate{}
	seen := [2][]bool{make([]bool, len(d.p.insts)), make([]bool, len(d.p.insts))}
	var add func(pc int, eol bool)
	add = func(pc int, eol bool) {
		e := boolInt(eol)
		if seen[e][pc] {
			return
		}
		seen[e][pc] = true
		in := &d.p.insts[pc]
		switch in.op {
		case iSplit:
			add(in.x, eol)
			add(in.y, eol)
		case iJmp, iLoop:
			add(in.x, eol)
		case iSave, iMark:
			add(pc+1, eol)
		case iAssert:
			switch in.as {
			case aLineStart, aTextStart:
				if lineStart {
					add(pc+1, eol)
				}
			case aLineEnd, aTextEnd:
				add(pc+1, true)
			}
		case iMatch:
			if eol {
				s.matchEOL = true
			} else {
				s.match = true
			}
		default:
			if !eol {
				s.pcs = append(s.pcs, pc)
			}
		}
	}
	for _, pc := range pcs {
		add(pc, false)
	}
	add(0, false)
	return s
}

// state returns the cached state equal to s.
func (d *LineDFA) state(s *dstate) *dstate {
	slices.Sort(s.pcs)
	var k strings.Builder
	if s.match {
		k.WriteByte('m')
	}
	if s.matchEOL {
		k.WriteByte('e')
	}
	for _, pc := range s.pcs {
		k.WriteString(strconv.Itoa(pc))
		k.WriteByte(',')
	}
	if old, ok := d.cache[k.String()]; ok {
		return old
	}
	if len(d.cache) >= maxDFAStates {
		d.failed = true
	}
	d.cache[k.String()] = s
	return s
}

// step returns the state after the character at t.b[i].
func (d *LineDFA) step(s *dstate, t *input, i int) *dstate {
	var next []int
	for _, pc := range s.pcs {
		if _, ok := d.p.consumes(&d.p.insts[pc], t, i); ok {
			next = append(next, pc+1)
		}
	}
	return d.state(d.closure(next, false))
}

// Find returns the end of the first match to end in b (a buffer of
// lines, as in Buffer mode), -1 if there is none, or -2 when the
// automaton grew too big (search with [Regexp.Searcher] instead).
func (d *LineDFA) Find(b []byte) int {
	t := &input{b: b, ml: true, buffer: true}
	s := d.start[1]
	if s.match {
		return 0
	}
	for i := 0; i < len(b); {
		// The hot loop: one table lookup per byte while no match ends
		// and the byte has a cached transition.
		for ; i < len(b); i++ {
			ns := s.next[b[i]]
			if ns == nil {
				break
			}
			s = ns
		}
		if i == len(b) {
			break
		}
		ns, w := d.slowStep(s, t, i)
		switch {
		case d.failed:
			return -2
		case ns == nil:
			return i // a match ends before this newline
		case ns.match:
			return i + w
		}
		s, i = ns, i+w
	}
	if s.matchEOL {
		return len(b)
	}
	return -1
}

// slowStep makes the transition on the character at t.b[i] and caches it
// for ASCII bytes. A newline goes back to the start state, or returns nil
// when a match ends at it.
func (d *LineDFA) slowStep(s *dstate, t *input, i int) (*dstate, int) {
	c := t.b[i]
	if c == '\n' {
		if s.matchEOL {
			return nil, 1
		}
		s.next[c] = d.start[1]
		return d.start[1], 1
	}
	if c < utf8.RuneSelf {
		if ns := s.toMatch[c]; ns != nil {
			return ns, 1
		}
		ns := d.step(s, t, i)
		if ns.match {
			s.toMatch[c] = ns
		} else {
			s.next[c] = ns
		}
		return ns, 1
	}
	_, w, _ := t.at(i)
	return d.step(s, t, i), w
}
