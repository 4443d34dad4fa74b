package builtins

import (
	"bytes"
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
)

// rgMatcher finds ripgrep's matches in one line (without its
// terminator). Rust's regex syntax is Go's but for the Unicode classes,
// which rgTranslate widens.
type rgMatcher struct {
	re   *regexp.Regexp
	word bool // re is (?:^|\W)(pattern)(?:\W|$): the match is group 1
	// lit is a string every match holds (the pattern, when it is a
	// literal), looked for first; fold says to ignore ASCII case; exact
	// says that finding it is the match
	lit    []byte
	fold   bool
	exact  bool
	wordIn bool // -w of a literal: an occurrence between non-word characters is the match
}

// Unicode classes as Rust defines \w, \d and \s.
const (
	rgWordClass  = `\p{L}\p{M}\p{Nd}\p{Pc}`
	rgDigitClass = `\p{Nd}`
	rgSpaceClass = `\t\n\v\f\r \x{85}\p{Z}`
)

// newRgMatcher compiles the patterns as rg combines them.
func newRgMatcher(o *rgOpts) (*rgMatcher, error) {
	alts := make([]string, len(o.patterns))
	for i, pat := range o.patterns {
		if o.fixed {
			alts[i] = regexp.QuoteMeta(pat)
			continue
		}
		if err := rgCheck(pat); err != nil {
			return nil, err
		}
		alts[i] = rgTranslate(pat)
	}
	pat := strings.Join(alts, "|")
	if len(alts) > 1 {
		pat = "(?:" + strings.Join(alts, ")|(?:") + ")"
	}
	inner := pat
	m := &rgMatcher{}
	switch {
	case o.line:
		pat = "^(?:" + pat + ")$"
	case o.word:
		pat = `(?:^|[^` + rgWordClass + `])(` + pat + `)(?:[^` + rgWordClass + `]|$)`
		m.word = true
	}
	fold := o.caseMode == 'i' || o.caseMode == 'S' && !rgHasUpper(o.patterns, o.fixed)
	m.literal(inner, fold, !o.line && !o.word)
	m.wordIn = len(m.lit) > 0 && o.word && !o.line
	if fold {
		pat = "(?i)" + pat
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, rgRegexError(strings.Join(o.patterns, "|"), err)
	}
	m.re = re
	return m, nil
}

// literal sets up the search for a string first when the pattern is one
// (what agents search for most): bytes.Index, or ASCII case folding,
// finds it many times faster than the regex engine, which then runs
// only on the lines that hold it. Folding is left to the engine for a
// string with k or s, which Unicode folds from K (Kelvin) and ſ too.
func (m *rgMatcher) literal(pat string, fold, whole bool) {
	re, err := syntax.Parse(pat, syntax.Perl)
	if err != nil {
		return
	}
	re = re.Simplify()
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase != 0 {
		return
	}
	lit := string(re.Rune)
	if fold && (strings.ContainsAny(lit, "kKsS") || !rgASCII(lit)) {
		return
	}
	m.lit, m.fold, m.exact = []byte(lit), fold, whole
}

func rgASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// rgHasUpper reports whether a pattern has an uppercase letter of its
// own (not in an escape such as \S): smart case then stays sensitive.
func rgHasUpper(pats []string, fixed bool) bool {
	for _, p := range pats {
		for i := 0; i < len(p); i++ {
			if p[i] == '\\' && !fixed {
				i++
				continue
			}
			if r := rune(p[i]); r < 0x80 && unicode.IsUpper(r) {
				return true
			}
		}
		for _, r := range p {
			if r >= 0x80 && unicode.IsUpper(r) {
				return true
			}
		}
	}
	return false
}

// rgTranslate rewrites \w \d \s (and their negations) as Rust's Unicode
// classes; the rest of the syntax is Go's already.
func rgTranslate(pat string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\' && i+1 < len(pat):
			b.WriteString(rgClassEscape(pat[i+1], inClass))
			i++
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			if strings.HasPrefix(pat[i+1:], "^") {
				b.WriteByte('^')
				i++
			}
			if strings.HasPrefix(pat[i+1:], "]") {
				b.WriteString(`\]`)
				i++
			}
		case c == '[' && strings.HasPrefix(pat[i:], "[:"):
			end := strings.Index(pat[i:], ":]")
			if end < 0 {
				b.WriteByte(c)
				continue
			}
			b.WriteString(pat[i : i+end+2])
			i += end + 1
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// rgClassEscape translates the escape \c.
func rgClassEscape(c byte, inClass bool) string {
	var class string
	switch c {
	case 'w':
		class = rgWordClass
	case 'd':
		class = rgDigitClass
	case 's':
		class = rgSpaceClass
	case 'W', 'D', 'S':
		if inClass {
			return `\` + string(c) // no nested negation in Go: ASCII
		}
		return "[^" + map[byte]string{'W': rgWordClass, 'D': rgDigitClass, 'S': rgSpaceClass}[c] + "]"
	default:
		return `\` + string(c)
	}
	if inClass {
		return class
	}
	return "[" + class + "]"
}

// find returns the first match in line at or after from: its bounds,
// then the submatch indexes of the whole expression (for -r); nil for
// none.
func (m *rgMatcher) find(line []byte, from int) []int {
	loc := m.re.FindSubmatchIndex(line[from:])
	if loc == nil {
		return nil
	}
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += from
		}
	}
	if m.word {
		return append([]int{loc[2], loc[3]}, loc...)
	}
	return append([]int{loc[0], loc[1]}, loc...)
}

// expand appends the replacement tmpl for the match loc (from find), with
// Rust's $N, ${N}, $name and $$. Under -w, group numbers are those of the
// pattern as given, not of its wrapping.
func (m *rgMatcher) expand(out []byte, tmpl string, line []byte, loc []int) []byte {
	if m.word {
		tmpl = rgShiftGroups(tmpl)
	}
	return m.re.Expand(out, []byte(tmpl), line, loc[2:])
}

// rgShiftGroups adds one to the group numbers a template names.
func rgShiftGroups(tmpl string) string {
	var b strings.Builder
	for i := 0; i < len(tmpl); i++ {
		if tmpl[i] != '$' || i+1 >= len(tmpl) {
			b.WriteByte(tmpl[i])
			continue
		}
		if tmpl[i+1] == '$' {
			b.WriteString("$$")
			i++
			continue
		}
		j, braced := i+1, tmpl[i+1] == '{'
		if braced {
			j++
		}
		k := j
		for k < len(tmpl) && (tmpl[k] == '_' || tmpl[k] >= '0' && tmpl[k] <= '9' || unicode.IsLetter(rune(tmpl[k]))) {
			k++
		}
		name := tmpl[j:k]
		if n, err := strconv.Atoi(name); err == nil && (!braced || k < len(tmpl) && tmpl[k] == '}') {
			b.WriteString("${" + strconv.Itoa(n+1) + "}")
			if braced {
				k++
			}
			i = k - 1
			continue
		}
		b.WriteByte('$')
	}
	return b.String()
}

// matchAll returns the non-overlapping matches of line.
func (m *rgMatcher) matchAll(line []byte) [][]int {
	var out [][]int
	for from := 0; from <= len(line); {
		loc := m.find(line, from)
		if loc == nil {
			break
		}
		out = append(out, loc)
		switch {
		case loc[1] > loc[0]:
			from = loc[1]
		default:
			from = loc[1] + 1
		}
	}
	return out
}

// matches reports whether line has a match.
func (m *rgMatcher) matches(line []byte) bool {
	if len(m.lit) > 0 {
		index := bytes.Index
		if m.fold {
			index = indexFold
		}
		i := index(line, m.lit)
		switch {
		case i < 0:
			return false
		case m.exact:
			return true
		case m.wordIn:
			return m.wordAt(line, i, index)
		}
	}
	return m.re.Match(line)
}

// wordAt reports whether an occurrence of the literal, the first at i,
// has no word character on either side.
func (m *rgMatcher) wordAt(line []byte, i int, index func(b, lit []byte) int) bool {
	for i >= 0 {
		end := i + len(m.lit)
		if !grepWordAt(line, i) && !grepWordAt(line, -end) {
			return true
		}
		j := index(line[i+1:], m.lit)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// rgCheck finds the mistakes Rust's parser reports with a position,
// so that the message can point at them.
func rgCheck(pat string) error {
	var open []int
	inClass := -1
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\':
			if i+1 < len(pat) && !rgKnownEscape(pat[i+1]) && inClass < 0 {
				return rgParseError(pat, i, 2, "unrecognized escape sequence")
			}
			i++
		case inClass >= 0:
			if c == '[' && strings.HasPrefix(pat[i:], "[:") {
				if end := strings.Index(pat[i:], ":]"); end > 0 {
					i += end + 1
				}
			}
			if c == ']' && i > inClass+1 && !(i == inClass+2 && pat[inClass+1] == '^') {
				inClass = -1
			}
		case c == '[':
			inClass = i
		case c == '(':
			open = append(open, i)
		case c == ')':
			if len(open) == 0 {
				return rgParseError(pat, i, 1, "unopened group")
			}
			open = open[:len(open)-1]
		case c == '*' || c == '+' || c == '?':
			if i == 0 || pat[i-1] == '(' && c != '?' || pat[i-1] == '|' {
				return rgParseError(pat, i, 1, "repetition operator missing expression")
			}
		}
	}
	switch {
	case inClass >= 0:
		return rgParseError(pat, inClass, 1, "unclosed character class")
	case len(open) > 0:
		return rgParseError(pat, open[len(open)-1], 1, "unclosed group")
	}
	return nil
}

// rgKnownEscape reports the escapes Rust's regex syntax accepts.
func rgKnownEscape(c byte) bool {
	return strings.IndexByte(`wWdDsSbBAzpPxnrtfvau0123456789.+*?()|[]{}^$#&-~\ /"'`, c) >= 0 ||
		c < 'A' || c > 'z' || c > 'Z' && c < 'a'
}

// rgParseError words a pattern error as ripgrep does, with a caret
// under the spot.
func rgParseError(pat string, at, width int, msg string) error {
	return errors.New("regex parse error:\n    " + pat + "\n    " + strings.Repeat(" ", at) +
		strings.Repeat("^", width) + "\nerror: " + msg)
}

// rgRegexError words an error from Go's parser.
func rgRegexError(pat string, err error) error {
	var se *syntax.Error
	if errors.As(err, &se) {
		return errors.New("regex parse error:\n    " + pat + "\nerror: " + string(se.Code))
	}
	return err
}
