package builtins

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/edit/regex"
)

// grepMatcher finds the lines a grep pattern selects.
type grepMatcher interface {
	// lines prepares a search of b, which holds whole lines ending in eol
	// (the last may lack it). The returned func finds the first matching
	// line at or after from, a line start, and returns its bounds
	// (end includes the eol); ok is false when there is none.
	lines(b []byte) func(from int) (start, end int, ok bool)
	// matches returns the non-overlapping matches in one line (without
	// its eol), for -o and --color.
	matches(line []byte) [][]int
}

// newGrepMatcher compiles the patterns for o.
func (p *Proc) newGrepMatcher(o *grepOpts, eol byte) (grepMatcher, error) {
	pattern := strings.Join(o.patterns, "\n")
	if o.matcher == 'P' {
		return newPerlMatcher(pattern, o, eol)
	}
	ro := regex.Options{ERE: o.matcher == 'E', Fixed: o.matcher == 'F', Grep: true,
		IgnoreCase: o.ignoreCase, WordMatch: o.word, LineMatch: o.line,
		Warn: func(msg string) { p.Errorf("warning: %s", msg) }}
	line, err := regex.Compile(pattern, ro)
	if err != nil {
		return nil, err
	}
	m := &regexMatcher{line: line, eol: eol, o: o}
	if eol == '\n' {
		ro.Buffer, ro.Warn = true, nil
		if m.buf, err = regex.Compile(pattern, ro); err != nil {
			return nil, err
		}
		m.dfa = m.buf.LineDFA()
	}
	return m, nil
}

// regexMatcher runs GNU BRE, ERE and -F patterns (edit/regex). Like GNU
// it searches a whole buffer at once and only then finds the line around
// a match: by a string every match must contain (bytes.Index), else with
// a lazy DFA, else with the regex engines.
type regexMatcher struct {
	line *regex.Regexp  // one line at a time
	buf  *regex.Regexp  // a buffer of lines (nil with -z)
	dfa  *regex.LineDFA // nil when the expression needs more
	eol  byte
	o    *grepOpts
}

func (m *regexMatcher) lines(b []byte) func(int) (int, int, bool) {
	if lit := m.line.Literal(); len(lit) > 0 {
		return m.literalLines(b, lit)
	}
	if m.dfa != nil {
		return m.dfaLines(b)
	}
	if m.buf == nil {
		return perLine(b, m.eol, m.line.Match)
	}
	return m.searchLines(b)
}

// searchLines finds the next matching line with the regex engines.
func (m *regexMatcher) searchLines(b []byte) func(int) (int, int, bool) {
	search := m.buf.Searcher(b)
	return func(from int) (int, int, bool) {
		loc := search(from)
		if loc == nil || phantomLine(b, loc[0]) {
			return 0, 0, false
		}
		start := bytes.LastIndexByte(b[:loc[0]], '\n') + 1
		return start, lineEnd(b, loc[0], '\n'), true
	}
}

// dfaLines finds the next matching line with the automaton.
func (m *regexMatcher) dfaLines(b []byte) func(int) (int, int, bool) {
	var search func(int) (int, int, bool)
	return func(from int) (int, int, bool) {
		if search != nil {
			return search(from)
		}
		e := m.dfa.Find(b[from:])
		switch {
		case e == -2:
			m.dfa = nil
			search = m.searchLines(b)
			return search(from)
		case e < 0 || phantomLine(b, e+from):
			return 0, 0, false
		}
		e += from
		start := bytes.LastIndexByte(b[:e], '\n') + 1
		return start, lineEnd(b, e, '\n'), true
	}
}

// phantomLine reports whether a match at b[i] is on the empty "line"
// after the final newline, which is no line (GNU: "Avoid matching the
// empty line at the end of the buffer").
func phantomLine(b []byte, i int) bool {
	return i == len(b) && i > 0 && b[i-1] == '\n'
}

// matchLine reports whether one line (without its eol) matches.
func (m *regexMatcher) matchLine(line []byte) bool {
	if m.dfa != nil {
		switch m.dfa.Find(line) {
		case -1:
			return false
		case -2:
			m.dfa = nil
		default:
			return true
		}
	}
	return m.line.Match(line)
}

func (m *regexMatcher) matches(line []byte) [][]int {
	return m.line.FindAllSubmatchIndex(line, -1)
}

// lineEnd returns the end of the line holding b[i], after its eol.
func lineEnd(b []byte, i int, eol byte) int {
	if j := bytes.IndexByte(b[i:], eol); j >= 0 {
		return i + j + 1
	}
	return len(b)
}

// perLine searches line by line with match.
func perLine(b []byte, eol byte, match func([]byte) bool) func(int) (int, int, bool) {
	return func(from int) (int, int, bool) {
		for from < len(b) {
			end := lineEnd(b, from, eol)
			line := b[from:end]
			if len(line) > 0 && line[len(line)-1] == eol {
				line = line[:len(line)-1]
			}
			if match(line) {
				return from, end, true
			}
			from = end
		}
		return 0, 0, false
	}
}

// literalLines finds candidate lines by a string every match contains,
// at memchr speed, and checks only those lines with the expression. When
// the expression is that string, -w checks the neighbours of each
// occurrence instead, and a plain search needs no check at all.
func (m *regexMatcher) literalLines(b, lit []byte) func(int) (int, int, bool) {
	index := bytes.Index
	if m.o.ignoreCase {
		index = indexFold
	}
	exact := m.line.LiteralExact() && !m.o.line
	return func(from int) (int, int, bool) {
		floor := from // a line starts at floor or later, before the match
		for from < len(b) {
			i := index(b[from:], lit)
			if i < 0 {
				return 0, 0, false
			}
			i += from
			start := bytes.LastIndexByte(b[floor:i], m.eol) + 1 + floor
			floor = start
			end := lineEnd(b, i, m.eol)
			switch {
			case exact && m.o.word:
				if !grepWordAt(b, i) && !grepWordAt(b, -(i+len(lit))) {
					return start, end, true
				}
				from = i + 1
				continue
			case exact:
				return start, end, true
			}
			line := b[start:end]
			if len(line) > 0 && line[len(line)-1] == m.eol {
				line = line[:len(line)-1]
			}
			if m.matchLine(line) {
				return start, end, true
			}
			from = end
		}
		return 0, 0, false
	}
}

// grepWordAt reports whether a word character is just before b[i] (i >=
// 0) or at b[-i] (i < 0).
func grepWordAt(b []byte, i int) bool {
	var r rune
	var w int
	if i >= 0 {
		r, w = utf8.DecodeLastRune(b[:i])
	} else {
		r, w = utf8.DecodeRune(b[-i:])
	}
	return w > 0 && !(r == utf8.RuneError && w == 1) && regex.IsWordRune(r)
}

// indexFold is bytes.Index ignoring ASCII case.
func indexFold(b, lit []byte) int {
	lo, up := lit[0], lit[0]
	if c := lit[0] | 0x20; c >= 'a' && c <= 'z' {
		lo, up = c, c&^0x20
	}
	last := len(b) - len(lit) + 1
	nlo, nup := -2, -2 // next index of each case at or after i; -1 none
	for i := 0; i < last; {
		nlo = nextByte(b[:last], lo, i, nlo)
		nup = nextByte(b[:last], up, i, nup)
		switch {
		case nlo < 0 && nup < 0:
			return -1
		case nlo < 0 || nup >= 0 && nup < nlo:
			i = nup
		default:
			i = nlo
		}
		if bytes.EqualFold(b[i:i+len(lit)], lit) {
			return i
		}
		i++
	}
	return -1
}

// nextByte returns the first index of c in b at or after i, reusing the
// previous answer prev when it is still ahead (-1 means none is left).
func nextByte(b []byte, c byte, i, prev int) int {
	if prev == -1 || prev >= i {
		return prev
	}
	if j := bytes.IndexByte(b[i:], c); j >= 0 {
		return i + j
	}
	return -1
}
