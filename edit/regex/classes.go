package regex

import (
	"sort"
	"unicode"
)

// charSet is a set of runes: a bracket expression or one of \w \W \s \S.
type charSet struct {
	neg    bool
	ranges []rune // sorted, merged, inclusive lo-hi pairs
	bytes  []byte // bytes that are not UTF-8, matched as themselves
}

func (s *charSet) add(lo, hi rune) { s.ranges = append(s.ranges, lo, hi) }

// addClass adds the POSIX class name; it reports false for an unknown name.
func (s *charSet) addClass(name string) bool {
	switch name {
	case "digit":
		s.add('0', '9')
	case "xdigit":
		s.add('0', '9')
		s.add('A', 'F')
		s.add('a', 'f')
	case "alnum":
		s.add('0', '9')
		s.ranges = append(s.ranges, gnuClasses["alpha"]...)
	default:
		t, ok := gnuClasses[name]
		if !ok {
			return false
		}
		s.ranges = append(s.ranges, t...)
	}
	return true
}

// finish sorts and merges the ranges.
func (s *charSet) finish() *charSet {
	s.ranges = mergeRanges(s.ranges)
	return s
}

func mergeRanges(rs []rune) []rune {
	type pair struct{ lo, hi rune }
	ps := make([]pair, 0, len(rs)/2)
	for i := 0; i+1 < len(rs); i += 2 {
		ps = append(ps, pair{rs[i], rs[i+1]})
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].lo < ps[j].lo })
	out := rs[:0:0]
	for _, p := range ps {
		if n := len(out); n > 0 && p.lo <= out[n-1]+1 {
			out[n-1] = max(out[n-1], p.hi)
			continue
		}
		out = append(out, p.lo, p.hi)
	}
	return out
}

// inRanges reports whether r is in the sorted pairs rs.
func inRanges(rs []rune, r rune) bool {
	n := len(rs) / 2
	i := sort.Search(n, func(i int) bool { return rs[2*i+1] >= r })
	return i < n && rs[2*i] <= r
}

// matches reports whether the valid rune r is in the set, ignoring case
// when fold is set.
func (s *charSet) matches(r rune, fold bool) bool {
	if inRanges(s.ranges, r) {
		return !s.neg
	}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if inRanges(s.ranges, f) {
				return !s.neg
			}
		}
	}
	return s.neg
}

// matchesByte reports whether the set holds the invalid byte c.
func (s *charSet) matchesByte(c byte) bool {
	for _, b := range s.bytes {
		if b == c {
			return true
		}
	}
	return false
}

// allWord reports whether every member of the set is a word character.
func (s *charSet) allWord() bool {
	if s.neg || len(s.bytes) > 0 || len(s.ranges) == 0 {
		return false
	}
	for i := 0; i < len(s.ranges); i += 2 {
		lo, hi := s.ranges[i], s.ranges[i+1]
		n := len(wordRanges) / 2
		j := sort.Search(n, func(j int) bool { return wordRanges[2*j+1] >= lo })
		if j == n || wordRanges[2*j] > lo || wordRanges[2*j+1] < hi {
			return false
		}
	}
	return true
}

// wordRanges holds GNU's word characters: [_[:alnum:]].
var wordRanges = func() []rune {
	s := &charSet{}
	s.addClass("alnum")
	s.add('_', '_')
	return s.finish().ranges
}()

// IsWordRune reports whether r is a word character for \w, \b, \< and
// \> (and grep -w): a letter, a digit or an underscore, as in glibc's
// C.UTF-8.
func IsWordRune(r rune) bool { return isWordRune(r) }

func isWordRune(r rune) bool {
	if r < 0x80 {
		return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return inRanges(wordRanges, r)
}

// namedSet returns the set for \w, \W, \s or \S.
func namedSet(c byte) *charSet {
	s := &charSet{}
	switch c {
	case 'w', 'W':
		s.ranges = append(s.ranges, wordRanges...)
	case 's', 'S':
		s.addClass("space")
	}
	s.neg = c == 'W' || c == 'S'
	return s.finish()
}

// removeRune returns the sorted pairs rs without r.
func removeRune(rs []rune, r rune) []rune {
	out := make([]rune, 0, len(rs)+2)
	for i := 0; i < len(rs); i += 2 {
		lo, hi := rs[i], rs[i+1]
		if r < lo || r > hi {
			out = append(out, lo, hi)
			continue
		}
		if lo < r {
			out = append(out, lo, r-1)
		}
		if r < hi {
			out = append(out, r+1, hi)
		}
	}
	return out
}
