package regex

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Options select the dialect and the matching rules.
type Options struct {
	ERE        bool // extended syntax (grep -E, sed -E/-r); false = basic
	IgnoreCase bool
	// Multiline is sed's M flag: ^ and $ also match at embedded newlines,
	// ` and ' only at the ends of the text, and . and [^...] do not match
	// a newline (glibc's REG_NEWLINE).
	Multiline bool
	// SedEscapes turns sed's escapes \n \t \f \v \a \r \cX \dNNN \oNNN
	// \xHH into the characters they stand for before the pattern is read
	// (as GNU sed does, so \x5e is an anchor, like ^).
	SedEscapes bool

	// Grep selects GNU grep's reading where it differs from sed's: the
	// pattern is a list of patterns separated by newlines; in -E a leading
	// *, +, ? or {n} is dropped with a warning, a brace that does not start
	// a valid interval is a literal, and ) alone is a literal; in basic
	// syntax a repeat may follow a repeat (a**) and a leading \{ is literal.
	Grep bool
	// Warn, if set, receives GNU grep's warnings ("* at start of
	// expression").
	Warn func(msg string)
	// Fixed reads each pattern as a literal string (grep -F).
	Fixed bool
	// WordMatch (grep -w) matches only where no word character is next to
	// either end of the match; LineMatch (grep -x) only whole lines.
	WordMatch, LineMatch bool
	// Buffer says the text holds whole '\n'-terminated lines (grep's
	// buffer search): ^ \` and $ \' match at every line start and end, and
	// . and [^...] never match a newline.
	Buffer bool
}

// Regexp is a compiled GNU regular expression. It is safe for concurrent
// use.
type Regexp struct {
	o    Options
	ncap int
	prog *prog
	// goRe is Go's compiled form, nil when the expression has none;
	// wordASCII and negFFFD say on which texts it is exact (see goWriter).
	goRe      *regexp.Regexp
	wordASCII bool
	negFFFD   bool
	literal   []byte
	exact     bool // the expression, before WordMatch and LineMatch, is literal
}

// Compile parses pattern as GNU grep or sed would (see [Options]). The
// error text is GNU's message (an [*Error]).
func Compile(pattern string, o Options) (*Regexp, error) {
	if o.SedEscapes {
		pattern = sedEscapes(pattern)
	}
	pats := []string{pattern}
	if o.Grep {
		pats = strings.Split(pattern, "\n")
	}
	var alts []*node
	ncap := 0
	for _, s := range pats {
		if o.Fixed {
			alts = append(alts, cat(literalNodes(s)...))
			continue
		}
		n, k, err := parsePattern(s, o, ncap)
		if err != nil {
			return nil, err
		}
		alts, ncap = append(alts, n), ncap+k
	}
	root := alt(alts...)
	exact := onlyText(root) && len(requiredLiteral(root, o.IgnoreCase)) > 0
	switch {
	case o.LineMatch:
		root = cat(assert(aLineStart), root, assert(aLineEnd))
	case o.WordMatch:
		root = cat(assert(aNotWordPrev), root, assert(aNotWordNext))
	}
	re, err := build(root, ncap, o)
	if err == nil {
		re.exact = exact
	}
	return re, err
}

// MustCompile is Compile for patterns known to be valid; it panics
// otherwise.
func MustCompile(pattern string, o Options) *Regexp {
	re, err := Compile(pattern, o)
	if err != nil {
		panic(`regex: Compile(` + pattern + `): ` + err.Error())
	}
	return re
}

func build(root *node, ncap int, o Options) (*Regexp, error) {
	dotNL := !o.Multiline && !o.Buffer
	walk(root, func(n *node) {
		switch {
		case n.op == opAny:
			n.nl = dotNL
		case n.op == opSet && n.set.neg && !dotNL:
			n.set.add('\n', '\n')
			n.set.finish()
		case n.op == opSet && o.Buffer:
			// No match crosses a line: leave newline out of every set.
			n.set.ranges = removeRune(n.set.ranges, '\n')
		case n.op == opLit && n.r == '\n' && o.Buffer:
			n.op, n.set = opSet, &charSet{}
		}
	})
	p, err := compileProg(root, ncap, o)
	if err != nil {
		return nil, err
	}
	re := &Regexp{o: o, ncap: ncap, prog: p, literal: requiredLiteral(root, o.IgnoreCase)}
	if w := toGo(root, o); w.ok {
		if g, err := regexp.Compile(w.b.String()); err == nil {
			g.Longest()
			re.goRe, re.wordASCII, re.negFFFD = g, w.wordASCII, w.negFFFD
		}
	}
	return re, nil
}

// Literal returns a string every match contains (the longest found; nil
// if there is none), so that a search can skip text without it. With
// IgnoreCase the string is matched ignoring ASCII case; it then holds no
// other letters.
func (re *Regexp) Literal() []byte { return re.literal }

// LiteralExact reports whether the expression, before WordMatch or
// LineMatch apply, matches exactly [Regexp.Literal] and nothing else.
func (re *Regexp) LiteralExact() bool { return re.exact }

// Options returns the options re was compiled with.
func (re *Regexp) Options() Options { return re.o }

// NumSubexp returns the number of groups.
func (re *Regexp) NumSubexp() int { return re.ncap }

// useGo reports whether Go's regexp gives GNU's answer on b.
func (re *Regexp) useGo(b []byte) bool {
	if re.goRe == nil {
		return false
	}
	if re.wordASCII && !isASCII(b) {
		return false
	}
	return !re.negFFFD || !bytes.Contains(b, fffd)
}

var fffd = []byte(string(utf8.RuneError))

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// matcher finds the leftmost-longest match at or after a position.
type matcher interface{ find(from int) []int }

func (re *Regexp) matcher(b []byte) matcher {
	in := input{b: b, ml: re.prog.ml, buffer: re.prog.buffer}
	if re.prog.backref {
		return newBacktrack(re.prog, in)
	}
	return newPike(re.prog, in)
}

// Match reports whether b contains a match.
func (re *Regexp) Match(b []byte) bool {
	if re.useGo(b) {
		return re.goRe.Match(b)
	}
	return re.matcher(b).find(0) != nil
}

// FindIndex returns the leftmost-longest match as b[loc[0]:loc[1]], or nil.
func (re *Regexp) FindIndex(b []byte) []int {
	if re.useGo(b) {
		return re.goRe.FindIndex(b)
	}
	if m := re.matcher(b).find(0); m != nil {
		return m[:2]
	}
	return nil
}

// FindSubmatchIndex returns the leftmost-longest match and its groups as
// pairs of offsets (-1 for a group that took no part), or nil.
func (re *Regexp) FindSubmatchIndex(b []byte) []int {
	if re.useGo(b) {
		return re.goRe.FindSubmatchIndex(b)
	}
	return re.matcher(b).find(0)
}

// Searcher returns a function that finds the leftmost-longest match
// starting at or after from in b, choosing the engine once for all of b
// (so a grep buffer is scanned once, not once per match). Matches are
// offsets in b. from must be 0 or, in Buffer mode, a line start: Go's
// engine sees the text as starting there.
func (re *Regexp) Searcher(b []byte) func(from int) []int {
	if re.useGo(b) {
		return func(from int) []int {
			loc := re.goRe.FindIndex(b[from:])
			if loc == nil {
				return nil
			}
			return []int{loc[0] + from, loc[1] + from}
		}
	}
	m := re.matcher(b)
	return func(from int) []int {
		if loc := m.find(from); loc != nil {
			return loc[:2]
		}
		return nil
	}
}

// FindAllSubmatchIndex returns up to n (all if n < 0) successive matches
// with their groups. As in GNU sed's s///g, an empty match right after the
// previous match is skipped: s/x*/-/g turns abc into -a-b-c-.
func (re *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	if re.useGo(b) {
		return re.goRe.FindAllSubmatchIndex(b, n)
	}
	m := re.matcher(b)
	var out [][]int
	for pos, prevEnd := 0, -1; (n < 0 || len(out) < n) && pos <= len(b); {
		loc := m.find(pos)
		if loc == nil {
			break
		}
		accept := true
		if loc[1] == pos {
			accept = loc[0] != prevEnd
			_, w := utf8.DecodeRune(b[pos:])
			pos += max(w, 1)
		} else {
			pos = loc[1]
		}
		prevEnd = loc[1]
		if accept {
			out = append(out, loc)
		}
	}
	return out
}

// sedEscapes replaces sed's character escapes by the characters.
func sedEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		c, n := sedEscape(s[i+1:])
		if n == 0 {
			b.WriteString(s[i : i+2])
			i++
			continue
		}
		b.WriteByte(c)
		i += n
	}
	return b.String()
}

// sedEscape decodes the escape after a backslash in s; n is the number of
// bytes it used, 0 when it is not one.
func sedEscape(s string) (byte, int) {
	switch s[0] {
	case 'a':
		return '\a', 1
	case 'f':
		return '\f', 1
	case 'n':
		return '\n', 1
	case 'r':
		return '\r', 1
	case 't':
		return '\t', 1
	case 'v':
		return '\v', 1
	case 'c':
		if len(s) > 1 {
			c := s[1]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			return c ^ 0x40, 2
		}
	case 'd':
		return number(s, 10, 3)
	case 'o':
		return number(s, 8, 3)
	case 'x':
		return number(s, 16, 2)
	}
	return 0, 0
}

// number reads up to max digits in base after the letter at s[0].
func number(s string, base, maxDigits int) (byte, int) {
	v, n := 0, 0
	for n < maxDigits && 1+n < len(s) {
		d := digitVal(s[1+n])
		if d < 0 || d >= base {
			break
		}
		v = v*base + d
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return byte(v), 1 + n
}

func digitVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
