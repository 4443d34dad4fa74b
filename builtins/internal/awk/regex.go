package awk

import (
	"strings"

	"github.com/shellfence/shellfence/edit/regex"
)

// awkRegex is a compiled awk regular expression.
type awkRegex struct {
	src string
	re  *regex.Regexp
	// lit, when set, is a plain string the expression matches exactly.
	lit   string
	isLit bool
}

func (r *awkRegex) match(s string) bool {
	if r.isLit {
		return strings.Contains(s, r.lit)
	}
	return r.re.Match([]byte(s))
}

// find returns the leftmost-longest match in s, or -1.
func (r *awkRegex) find(s string) (int, int) {
	if r.isLit {
		i := strings.Index(s, r.lit)
		if i < 0 {
			return -1, -1
		}
		return i, i + len(r.lit)
	}
	loc := r.re.FindIndex([]byte(s))
	if loc == nil {
		return -1, -1
	}
	return loc[0], loc[1]
}

// findAll returns the successive matches as sub and gsub see them.
func (r *awkRegex) findAll(s string, n int) [][]int {
	return r.re.FindAllSubmatchIndex([]byte(s), n)
}

// regexCache holds compiled dynamic expressions.
type regexCache struct{ m map[string]*awkRegex }

const regexCacheMax = 500

func (c *regexCache) compile(src string, literal bool) (*awkRegex, error) {
	if r, ok := c.m[src]; ok {
		return r, nil
	}
	ere := translateRegex(src)
	re, err := regex.Compile(ere, regex.Options{ERE: true})
	if err != nil {
		return nil, err
	}
	r := &awkRegex{src: src, re: re}
	if re.LiteralExact() {
		r.lit, r.isLit = string(re.Literal()), true
	}
	if c.m == nil || len(c.m) >= regexCacheMax {
		c.m = map[string]*awkRegex{}
	}
	c.m[src] = r
	return r, nil
}

const ereSpecial = `.[]()*+?{}|^$\`

// translateRegex turns awk's escapes into GNU ERE: \/ \" \n \t ... \ddd
// become the characters they stand for, \y is a word boundary, and an
// escaped ordinary character is that character.
func translateRegex(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '[' {
			i = bracketExpr(&b, s, i)
			continue
		}
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		ch, n, ok := regexEscape(s[i:])
		switch {
		case ok:
			i += n - 1
			if strings.IndexByte(ereSpecial, ch) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(ch)
		case s[i] == 'y':
			b.WriteString(`\b`)
		case strings.IndexByte(ereSpecial, s[i]) >= 0 || strings.IndexByte("<>`'BwWsS", s[i]) >= 0:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// regexEscape decodes a character escape (the text after a backslash).
func regexEscape(s string) (byte, int, bool) {
	switch s[0] {
	case 'n':
		return '\n', 1, true
	case 't':
		return '\t', 1, true
	case 'r':
		return '\r', 1, true
	case 'f':
		return '\f', 1, true
	case 'v':
		return '\v', 1, true
	case 'a':
		return '\a', 1, true
	case 'b':
		return '\b', 1, true
	case '/', '"':
		return s[0], 1, true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, n := 0, 0
		for n < 3 && n < len(s) && '0' <= s[n] && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		return byte(v), n, true
	}
	return 0, 0, false
}

// bracketExpr copies the bracket expression at s[i] (a "["), decoding
// escapes inside it; it returns the index of its last byte.
func bracketExpr(b *strings.Builder, s string, i int) int {
	j := i + 1
	var body strings.Builder
	neg := false
	if j < len(s) && s[j] == '^' {
		neg = true
		j++
	}
	closeFirst, dash := false, false
	if j < len(s) && s[j] == ']' {
		closeFirst = true
		j++
	}
	for ; j < len(s); j++ {
		c := s[j]
		switch {
		case c == ']':
			writeBracket(b, neg, closeFirst, dash, body.String())
			return j
		case c == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '.' || s[j+1] == '='):
			end := strings.Index(s[j+2:], string(s[j+1])+"]")
			if end < 0 {
				body.WriteString(s[j:])
				j = len(s)
				continue
			}
			body.WriteString(s[j : j+2+end+2])
			j += 2 + end + 1
		case c == '\\' && j+1 < len(s):
			j++
			if ch, n, ok := regexEscape(s[j:]); ok {
				body.WriteByte(ch)
				j += n - 1
				continue
			}
			switch s[j] {
			case ']':
				closeFirst = true
			case '-':
				dash = true
			default:
				body.WriteByte(s[j])
			}
		default:
			body.WriteByte(c)
		}
	}
	// unterminated: let the engine report it
	b.WriteString(s[i:])
	return len(s) - 1
}

func writeBracket(b *strings.Builder, neg, closeFirst, dash bool, body string) {
	b.WriteByte('[')
	if neg {
		b.WriteByte('^')
	}
	if closeFirst {
		b.WriteByte(']')
	}
	b.WriteString(body)
	if dash {
		b.WriteByte('-')
	}
	b.WriteByte(']')
}
