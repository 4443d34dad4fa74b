package edit

import (
	"bytes"
	"unicode/utf8"

	"github.com/shellfence/shellfence/edit/regex"
)

// address reads an address starting at ch. It reports false, reading
// nothing, when ch does not start one.
func (c *Compiler) address(ch int) (*address, bool, error) {
	a := &address{kind: addrNull, line: -1}
	switch {
	case ch == '/' || ch == '\\':
		if ch == '\\' {
			ch = c.src.get()
		}
		return a, true, c.regexAddress(a, ch)
	case isDigit(ch):
		a.kind, a.line = addrLine, c.src.integer(ch)
		ch = c.src.nonblank()
		if ch != '~' || c.Posix {
			c.src.unget(ch)
		} else if step := c.src.integer(c.src.nonblank()); step > 0 {
			a.kind, a.step = addrLineMod, step
		}
	case (ch == '+' || ch == '~') && !c.Posix:
		a.step = c.src.integer(c.src.nonblank())
		switch {
		case a.step == 0:
		case ch == '+':
			a.kind = addrPlus
		default:
			a.kind = addrMult
		}
		a.flags = string(rune(ch))
	case ch == '$':
		a.kind = addrLast
	default:
		return nil, false, nil
	}
	return a, true, nil
}

func (c *Compiler) regexAddress(a *address, slash int) error {
	a.kind = addrRegex
	if slash >= utf8.RuneSelf {
		return c.fail(errDelim)
	}
	b, ok := c.matchSlash(slash, true)
	if !ok {
		return c.fail(errUntermAddr)
	}
	var o regex.Options
	for {
		ch := c.src.nonblank()
		if !c.Posix && ch == 'I' {
			o.IgnoreCase = true
			a.flags += "I"
			continue
		}
		if !c.Posix && ch == 'M' {
			o.Multiline = true
			a.flags += "M"
			continue
		}
		c.src.unget(ch)
		break
	}
	a.src = string(b)
	re, err := c.compileRegex(b, o, 0)
	a.re = re
	if re != nil && !o.IgnoreCase {
		a.lit = literal(b, c.Extended)
		if a.lit == nil && !o.Multiline {
			a.lits = literalChain(b, c.Extended)
		}
	}
	return err
}

// literalChain splits a pattern of the form lit.*lit(.*lit)... into its
// plain ASCII texts: on an ASCII line it matches exactly when the texts
// occur in order without overlap. Else nil.
func literalChain(pat []byte, ere bool) [][]byte {
	parts := bytes.Split(pat, []byte(".*"))
	if len(parts) < 2 {
		return nil
	}
	for _, p := range parts {
		if len(p) == 0 || literal(p, ere) == nil {
			return nil
		}
	}
	return parts
}

// compileRegex compiles a pattern; an empty one means the last regex used
// (nil). needed is the highest group the replacement refers to.
func (c *Compiler) compileRegex(b []byte, o regex.Options, needed int) (*regex.Regexp, error) {
	if len(b) == 0 {
		if o.IgnoreCase || o.Multiline {
			return nil, c.fail(errEmptyModifier)
		}
		return nil, nil
	}
	o.ERE = c.Extended
	o.SedEscapes = true
	if c.NullData {
		o.Multiline = false
	}
	if c.Posix {
		b = posixPattern(b, o.ERE)
	}
	re, err := regex.Compile(string(b), o)
	if err != nil {
		return nil, c.fail(err.Error())
	}
	if needed > 0 && re.NumSubexp() < needed && !c.Posix {
		return nil, c.failf(errBadRef, needed)
	}
	return re, nil
}

// substCmd reads s/REGEX/REPLACEMENT/FLAGS.
func (c *Compiler) substCmd(cmd *command) error {
	slash := c.src.get()
	if slash >= utf8.RuneSelf {
		return c.fail(errDelim)
	}
	pat, ok := c.matchSlash(slash, true)
	if !ok {
		return c.fail(errUntermS)
	}
	rep, ok := c.matchSlash(slash, false)
	if !ok {
		return c.fail(errUntermS)
	}
	s := &subst{src: string(pat), replSrc: string(rep)}
	cmd.sub = s
	if err := c.replacement(s, rep); err != nil {
		return err
	}
	o, err := c.substFlags(s)
	if err != nil {
		return err
	}
	if s.re, err = c.compileRegex(pat, o, s.maxRef); err != nil {
		return err
	}
	if s.re != nil && !o.IgnoreCase {
		s.lit = literal(pat, c.Extended)
	}
	if s.eval && c.Sandbox {
		return c.fail(errSandbox)
	}
	return nil
}

// substFlags reads the flags of s, as GNU's mark_subst_opts.
func (c *Compiler) substFlags(s *subst) (regex.Options, error) {
	var o regex.Options
	for {
		ch := c.src.nonblank()
		switch ch {
		case 'i', 'I', 'm', 'M', 'e':
			if c.Posix {
				return o, c.fail(errSOpt)
			}
			switch ch {
			case 'i', 'I':
				o.IgnoreCase = true
			case 'm', 'M':
				o.Multiline = true
			default:
				s.eval = true
			}
		case 'p':
			if s.print != 0 {
				return o, c.fail(errSMultiP)
			}
			s.print = 1
			if s.eval {
				s.print = 2
			}
		case 'g':
			if s.global {
				return o, c.fail(errSMultiG)
			}
			s.global = true
		case 'w':
			out, err := c.openWrite()
			s.out = out
			return o, err
		case '}', '#':
			c.src.unget(ch)
			return o, nil
		case eof, '\n', ';':
			return o, nil
		case '\r':
			if c.src.get() == '\n' {
				return o, nil
			}
			return o, c.fail(errSOpt)
		default:
			if !isDigit(ch) {
				return o, c.fail(errSOpt)
			}
			if s.numb != 0 {
				return o, c.fail(errSMultiN)
			}
			if s.numb = c.src.integer(ch); s.numb == 0 {
				return o, c.fail(errSZero)
			}
		}
		if ch >= 0 {
			s.flags += string(rune(ch))
		}
	}
}

// replacement parses the right side of s into parts, as GNU's
// setup_replacement.
func (c *Compiler) replacement(s *subst, raw []byte) error {
	text, msg := normalize(raw, textReplacement)
	if msg != "" {
		return c.fail(msg)
	}
	var parts []replPart
	cur, save := caseAsIs, caseAsIs
	var lit []byte
	flush := func(ref int) {
		parts = append(parts, replPart{lit: lit, ref: ref, typ: cur})
		lit = nil
		cur = save
	}
	for p := 0; p < len(text); p++ {
		switch text[p] {
		case '&':
			flush(0)
		case '\\':
			p++
			if p == len(text) {
				lit = append(lit, '\\')
				flush(-1)
				break
			}
			e := text[p]
			if c.Posix && !(e >= '0' && e <= '9') {
				lit = append(lit, e)
				continue
			}
			switch e {
			case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				flush(int(e - '0'))
				s.maxRef = max(s.maxRef, int(e-'0'))
			case 'L':
				flush(-1)
				cur, save = caseLower, caseLower
			case 'U':
				flush(-1)
				cur, save = caseUpper, caseUpper
			case 'E':
				flush(-1)
				cur, save = caseAsIs, caseAsIs
			case 'l':
				flush(-1)
				save = cur
				cur |= caseLowerFirst
			case 'u':
				flush(-1)
				save = cur
				cur |= caseUpperFirst
			default:
				lit = append(lit, e)
			}
		default:
			lit = append(lit, text[p])
		}
	}
	if len(lit) > 0 {
		parts = append(parts, replPart{lit: lit, ref: -1, typ: cur})
	}
	s.repl = parts
	return nil
}

// translitCmd reads y/SOURCE/DEST/.
func (c *Compiler) translitCmd(cmd *command) error {
	slash := c.src.get()
	if slash >= utf8.RuneSelf {
		return c.fail(errDelim)
	}
	a, ok := c.matchSlash(slash, false)
	if !ok {
		return c.fail(errUntermY)
	}
	src, msg := normalize(a, textBuffer)
	if msg != "" {
		return c.fail(msg)
	}
	b, ok := c.matchSlash(slash, false)
	if !ok {
		return c.fail(errUntermY)
	}
	dst, msg := normalize(b, textBuffer)
	if msg != "" {
		return c.fail(msg)
	}
	sc, dc := splitChars(src), splitChars(dst)
	if len(sc) != len(dc) {
		return c.fail(errYLen)
	}
	cmd.y = newTranslit(sc, dc)
	cmd.y.src, cmd.y.dst = src, dst
	return c.endOfCmd()
}

// splitChars splits b into UTF-8 characters; an invalid byte is a
// character of its own.
func splitChars(b []byte) []string {
	var out []string
	for len(b) > 0 {
		_, n := utf8.DecodeRune(b)
		out = append(out, string(b[:n]))
		b = b[n:]
	}
	return out
}

func newTranslit(src, dst []string) *translit {
	single := true
	for i := range src {
		if len(src[i]) != 1 || src[i][0] >= utf8.RuneSelf || len(dst[i]) != 1 {
			single = false
		}
	}
	t := &translit{}
	if single {
		t.table = new([256]byte)
		seen := [256]bool{}
		for i := range t.table {
			t.table[i] = byte(i)
		}
		for i := range src {
			if k := src[i][0]; !seen[k] {
				seen[k] = true
				t.table[k] = dst[i][0]
			}
		}
		return t
	}
	t.multi = map[string]string{}
	for i := range src {
		if _, ok := t.multi[src[i]]; !ok {
			t.multi[src[i]] = dst[i]
		}
	}
	return t
}

// posixPattern drops GNU's regex operators for --posix: \+ \? \| (in
// BRE) and \w \W \s \S \b \B \< \> \` \' stand for the plain characters.
func posixPattern(b []byte, ere bool) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '[':
			j := bracketEnd(b, i)
			out = append(out, b[i:j]...)
			i = j - 1
		case c == '\\' && i+1 < len(b):
			e := b[i+1]
			switch {
			case !ere && (e == '+' || e == '?' || e == '|'):
				out = append(out, e)
			case bytes.IndexByte([]byte("wWsSbB<>`'"), e) >= 0:
				out = append(out, e)
			default:
				out = append(out, c, e)
			}
			i++
		default:
			out = append(out, c)
		}
	}
	return out
}

// bracketEnd returns the index after the bracket expression starting at
// b[i], or len(b) when it is not closed.
func bracketEnd(b []byte, i int) int {
	j := i + 1
	if j < len(b) && b[j] == '^' {
		j++
	}
	if j < len(b) && b[j] == ']' {
		j++
	}
	for ; j < len(b); j++ {
		switch {
		case b[j] == ']':
			return j + 1
		case b[j] == '[' && j+1 < len(b) && (b[j+1] == ':' || b[j+1] == '.' || b[j+1] == '='):
			d := b[j+1]
			for k := j + 2; k+1 < len(b); k++ {
				if b[k] == d && b[k+1] == ']' {
					j = k + 1
					break
				}
			}
		}
	}
	return len(b)
}

// literal returns pat when it is plain ASCII text that matches only
// itself, so that sed can find it with bytes.Index; else nil.
func literal(pat []byte, ere bool) []byte {
	special := `\.[*^$`
	if ere {
		special += "+?(){}|"
	}
	for _, c := range pat {
		if c >= utf8.RuneSelf || c == '\n' || bytes.IndexByte([]byte(special), c) >= 0 {
			return nil
		}
	}
	return pat
}
