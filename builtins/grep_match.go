package builtins

import (
	"bytes"
	"strings"

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
	m := &regexMatcher{line: line, eol: eol}
	if eol == '\n' {
		ro.Buffer, ro.Warn = true, nil
		if m.buf, err = regex.Compile(pattern, ro); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// regexMatcher runs GNU BRE, ERE and -F patterns (edit/regex). With
// newline-terminated lines it searches the whole buffer at once, as GNU
// does, and only then finds the line around a match.
type regexMatcher struct {
	line *regex.Regexp // one line at a time
	buf  *regex.Regexp // a buffer of lines (nil with -z)
	eol  byte
}

func (m *regexMatcher) lines(b []byte) func(int) (int, int, bool) {
	if m.buf == nil {
		return perLine(b, m.eol, m.line.Match)
	}
	search := m.buf.Searcher(b)
	return func(from int) (int, int, bool) {
		loc := search(from)
		if loc == nil {
			return 0, 0, false
		}
		start := bytes.LastIndexByte(b[:loc[0]], '\n') + 1
		return start, lineEnd(b, loc[0], '\n'), true
	}
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
