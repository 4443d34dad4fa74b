package regex

import (
	"encoding/binary"
	"unicode/utf8"
)

// backtrack runs a program with back-references by trying every path
// from each start position and keeping the longest match (POSIX
// leftmost-longest; among paths of that length, the first in priority
// order, as Go's regexp picks submatches). Its time can grow
// exponentially, so it stops after a budget of steps.
type backtrack struct {
	p      *prog
	in     input
	regs   []int
	stack  []job
	steps  int
	budget int
	// seen holds the states (split, position, groups that back-references
	// read) already explored in this search: their futures are the same,
	// so a second visit cannot find a longer match. This keeps patterns
	// such as \(a*\)*\1 polynomial.
	seen    map[string]struct{}
	keyRegs []int
	key     []byte
	noMemo  bool
}

// maxSeen bounds the memory of the seen set.
const maxSeen = 1 << 20

// job is a path to try later, or (slot >= 0) a register to restore.
type job struct {
	pc, pos   int
	slot, old int
}

// backtrackBudget bounds the steps of one search.
const backtrackBudget = 50_000_000

func newBacktrack(p *prog, in input) *backtrack {
	bt := &backtrack{p: p, in: in, regs: make([]int, p.nslot), budget: backtrackBudget}
	for _, in := range p.insts {
		if in.op == iBackref {
			bt.keyRegs = append(bt.keyRegs, 2*in.x, 2*in.x+1)
		}
	}
	return bt
}

// visit reports whether the state at the split pc was explored before,
// and records it.
func (bt *backtrack) visit(pc, pos int) bool {
	if bt.noMemo {
		return false
	}
	k := binary.AppendUvarint(bt.key[:0], uint64(pc))
	k = binary.AppendUvarint(k, uint64(pos))
	for _, r := range bt.keyRegs {
		k = binary.AppendVarint(k, int64(bt.regs[r]))
	}
	bt.key = k
	if _, ok := bt.seen[string(k)]; ok {
		return true
	}
	if len(bt.seen) < maxSeen {
		bt.seen[string(k)] = struct{}{}
	}
	return false
}

// find returns the leftmost-longest match starting at or after from, or
// nil (also when the budget ran out).
func (bt *backtrack) find(from int) []int {
	bt.seen = map[string]struct{}{}
	for pos := from; pos <= len(bt.in.b); {
		if m := bt.tryAt(pos); m != nil {
			return m
		}
		if bt.steps > bt.budget {
			return nil
		}
		_, w, _ := bt.in.at(pos)
		pos += max(w, 1)
	}
	return nil
}

func (bt *backtrack) push(j job) { bt.stack = append(bt.stack, j) }

// tryAt returns the longest match starting at start.
func (bt *backtrack) tryAt(start int) []int {
	for i := range bt.regs {
		bt.regs[i] = -1
	}
	var best []int
	bt.stack = append(bt.stack[:0], job{pc: 0, pos: start, slot: -1})
	for len(bt.stack) > 0 {
		j := bt.stack[len(bt.stack)-1]
		bt.stack = bt.stack[:len(bt.stack)-1]
		if j.slot >= 0 {
			bt.regs[j.slot] = j.old
			continue
		}
		end, ok := bt.run(j.pc, j.pos)
		if ok && (best == nil || end > best[1]) {
			best = append(best[:0], bt.regs[:2*(bt.p.ncap+1)]...)
			best[1] = end
			if end == len(bt.in.b) {
				break
			}
		}
		if bt.steps > bt.budget {
			break
		}
	}
	return best
}

// run follows one path until it fails or matches; it returns the end of
// the match.
func (bt *backtrack) run(pc, pos int) (int, bool) {
	p := bt.p
	for {
		bt.steps++
		in := &p.insts[pc]
		switch in.op {
		case iSplit:
			if bt.visit(pc, pos) {
				return 0, false
			}
			bt.push(job{pc: in.y, pos: pos, slot: -1})
			pc = in.x
		case iJmp:
			pc = in.x
		case iSave, iMark:
			bt.push(job{slot: in.x, old: bt.regs[in.x]})
			bt.regs[in.x] = pos
			pc++
		case iLoop:
			if bt.regs[in.y] == pos {
				return 0, false
			}
			pc = in.x
		case iAssert:
			if !bt.in.assert(in.as, pos) {
				return 0, false
			}
			pc++
		case iBackref:
			n, ok := bt.backref(in.x, pos)
			if !ok {
				return 0, false
			}
			pos += n
			pc++
		case iMatch:
			return pos, true
		default:
			w, ok := p.consumes(in, &bt.in, pos)
			if !ok {
				return 0, false
			}
			pos += w
			pc++
		}
		if bt.steps > bt.budget {
			return 0, false
		}
	}
}

// backref matches the text of group k at pos and returns its length. A
// group that did not take part fails the match.
func (bt *backtrack) backref(k, pos int) (int, bool) {
	s, e := bt.regs[2*k], bt.regs[2*k+1]
	if s < 0 || e < s {
		return 0, false
	}
	want, text := bt.in.b[s:e], bt.in.b[pos:]
	if !bt.p.fold {
		if len(text) < len(want) || string(text[:len(want)]) != string(want) {
			return 0, false
		}
		return len(want), true
	}
	n := 0
	for len(want) > 0 {
		r1, w1 := utf8.DecodeRune(want)
		r2, w2 := utf8.DecodeRune(text[n:])
		if w2 == 0 || r1 != r2 && !foldEq(r1, r2) || r1 == utf8.RuneError && want[0] != text[n] {
			return 0, false
		}
		want, n = want[w1:], n+w2
	}
	return n, true
}
