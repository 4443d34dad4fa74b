package builtins

import (
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// perlMatcher runs grep -P patterns: Go's regexp (Perl syntax,
// leftmost-first like PCRE) when it accepts the pattern, else regexp2
// (lookaround, back-references, atomic groups). \K at the top level
// becomes a lookbehind.
type perlMatcher struct {
	goRe *regexp.Regexp
	re2  *regexp2.Regexp
	eol  byte
}

func newPerlMatcher(pattern string, o *grepOpts, eol byte) (grepMatcher, error) {
	if strings.Contains(pattern, "\n") {
		return nil, errors.New("the -P option only supports a single pattern")
	}
	pat, needRE2 := perlKeep(pattern)
	switch {
	case o.line:
		pat = "^(?:" + pat + ")$"
	case o.word:
		pat, needRE2 = `(?<!\w)(?:`+pat+`)(?!\w)`, true
	}
	m := &perlMatcher{eol: eol}
	if !needRE2 {
		goPat := pat
		if o.ignoreCase {
			goPat = "(?i)" + goPat
		}
		if re, err := regexp.Compile(goPat); err == nil {
			m.goRe = re
			return m, nil
		}
	}
	opts := regexp2.RegexOptions(0)
	if o.ignoreCase {
		opts |= regexp2.IgnoreCase
	}
	re, err := regexp2.Compile(pat, opts)
	if err != nil {
		return nil, errors.New(perlError(err))
	}
	re.MatchTimeout = 30 * time.Second
	m.re2 = re
	return m, nil
}

// perlKeep rewrites A\KB (\K outside groups and brackets) as (?<=A)B.
func perlKeep(pat string) (string, bool) {
	depth, inClass := 0, false
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\' && i+1 < len(pat):
			if pat[i+1] == 'K' && depth == 0 && !inClass {
				return "(?<=" + pat[:i] + ")" + pat[i+2:], true
			}
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if strings.HasPrefix(pat[i+1:], "]") || strings.HasPrefix(pat[i+1:], "^]") {
				i += strings.IndexByte(pat[i+1:], ']') + 1
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		}
	}
	return pat, false
}

// perlErrors maps regexp2's messages to PCRE2's for the same mistakes.
var perlErrors = []struct{ regexp2, pcre string }{
	{"unexpected )", "unmatched closing parenthesis"},
	{"missing closing )", "missing closing parenthesis"},
	{"unterminated [] set", "missing terminating ] for character class"},
	{"illegal \\ at end of pattern", "\\ at end of pattern"},
	{"missing argument to repetition operator", "quantifier does not follow a repeatable item"},
	{"invalid nested repetition operator", "quantifier does not follow a repeatable item"},
	{"range in reverse order", "range out of order in character class"},
	{"invalid repeat count", "numbers out of order in {} quantifier"},
	{"unrecognized grouping construct", "unrecognized character after (? or (?-"},
	{"unknown unicode category", "unknown property after \\P or \\p"},
}

// perlError words a regexp2 error as PCRE2 does where they share a cause.
func perlError(err error) string {
	msg := err.Error()
	for _, e := range perlErrors {
		if strings.Contains(msg, e.regexp2) {
			return e.pcre
		}
	}
	return msg
}

func (m *perlMatcher) lines(b []byte) func(int) (int, int, bool) {
	return perLine(b, m.eol, func(line []byte) bool {
		if m.goRe != nil {
			return m.goRe.Match(line)
		}
		ok, _ := m.re2.MatchString(string(line))
		return ok
	})
}

func (m *perlMatcher) matches(line []byte) [][]int {
	if m.goRe != nil {
		return m.goRe.FindAllIndex(line, -1)
	}
	s := string(line)
	var out [][]int
	match, _ := m.re2.FindStringMatch(s)
	for ; match != nil; match, _ = m.re2.FindNextMatch(match) {
		start := runeOffset(s, match.Index)
		out = append(out, []int{start, start + runeOffset(s[start:], match.Length)})
	}
	return out
}

// runeOffset returns the byte offset of the n-th rune of s.
func runeOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}
