package patch

import "bytes"

// ctxHunk is a context diff hunk being read, laid out as GNU does: line
// 0 is "*** a,b ****", then the old lines, then the "--- c,d ----" line
// at replStart, then the new lines.
type ctxHunk struct {
	chars                           []byte
	texts                           [][]byte
	end                             int // index of the last line
	max                             int // lines expected (end may not pass it)
	replStart                       int
	ptrnPrefix, ptrnSuffix, replPre int
	ptrnCopiable, replCopiable      int
	context                         int
	someContext, replCouldBeMissing bool
	ptrnMissing, replMissing        bool
	spacesEaten                     bool
	fillsrc, filldst, fillcnt       int
	replMark                        mark
	replContext                     int
}

func (c *ctxHunk) set(i int, ch byte, text []byte) {
	for len(c.chars) <= i {
		c.chars = append(c.chars, 0)
		c.texts = append(c.texts, nil)
	}
	c.chars[i], c.texts[i] = ch, text
}

const unlimited = 1 << 30

// contextHunk reads a context diff hunk ("***************").
func (r *reader) contextHunk(typ diffType) (*phunk, error) {
	start := r.s.here()
	line, err := r.s.get(false)
	if err != nil {
		return nil, err
	}
	if len(line) <= 8 || !bytes.HasPrefix(line, []byte("********")) {
		r.s.seek(start)
		return nil, nil
	}
	hk := &phunk{typ: typ}
	if s := bytes.TrimLeft(line, "*"); len(s) > 0 && isBlank(s[0]) {
		hk.function = string(bytes.TrimSuffix(s, []byte{'\n'}))
	}
	hk.beg = r.s.line + 1
	c := &ctxHunk{end: -1, max: unlimited, ptrnPrefix: -1, ptrnSuffix: -1, replPre: -1, replCouldBeMissing: true}
	if err := r.contextLines(hk, c); err != nil {
		return nil, err
	}
	if err := r.contextFinish(hk, c); err != nil {
		return nil, err
	}
	r.prevPrefix = hk.prefixCtx
	return hk, nil
}

// contextLines reads lines until the hunk is complete.
func (r *reader) contextLines(hk *phunk, c *ctxHunk) error {
	for c.end < c.max {
		line, err := r.s.get(true)
		if err != nil {
			return err
		}
		if line == nil {
			if c.replStart > 0 && c.replCouldBeMissing {
				c.replMissing = true
				return nil
			}
			if c.max-c.end >= 4 {
				return fatalf("unexpected end of file in patch")
			}
			line = []byte("  \n")
		}
		c.end++
		c.set(c.end, line[0], nil)
		done, err := r.contextLine(hk, c, line)
		if err != nil || done {
			return err
		}
	}
	return nil
}

// contextLine handles one line; done is set when the replacement turns
// out to be missing.
func (r *reader) contextLine(hk *phunk, c *ctxHunk, line []byte) (bool, error) {
	missing := func() (bool, error) {
		if c.replStart > 0 && c.replCouldBeMissing {
			c.replMissing = true
			return true, nil
		}
		return false, nil
	}
	switch line[0] {
	case '*':
		if bytes.HasPrefix(line, []byte("********")) {
			if done, _ := missing(); done {
				return true, nil
			}
			return false, fatalf("unexpected end of hunk at line %d", r.s.line)
		}
		if c.end != 0 {
			if done, _ := missing(); done {
				return true, nil
			}
			return false, fatalf("unexpected '***' at line %d: %s", r.s.line, line)
		}
		return false, r.contextOld(hk, c, line)
	case '-':
		if len(line) > 1 && line[1] == '-' {
			return r.contextNew(hk, c, line)
		}
		return r.changeLine(hk, c, line)
	case '+', '!':
		c.replCouldBeMissing = false
		return r.changeLine(hk, c, line)
	case '\t', '\n':
		return r.eatenLine(hk, c, line)
	case ' ':
		s := line[1:]
		if len(s) > 0 && isBlank(s[0]) {
			s = s[1:]
		} else if done, _ := missing(); done {
			return true, nil
		}
		c.someContext = true
		c.context++
		c.copiable()
		c.texts[c.end] = r.contextIncomplete(hk, c, s)
		return false, nil
	}
	if done, _ := missing(); done {
		return true, nil
	}
	return false, r.malformed(line)
}

func (c *ctxHunk) copiable() {
	if c.replStart > 0 {
		c.replCopiable++
	} else {
		c.ptrnCopiable++
	}
}

// contextIncomplete copies text, without its newline when it is the last
// line of its part and a "\ No newline" line follows.
func (r *reader) contextIncomplete(hk *phunk, c *ctxHunk, s []byte) []byte {
	lastOf := hk.ptrnLines
	if c.replStart > 0 {
		lastOf = c.max
	}
	return r.cutIncomplete(append([]byte{}, s...), c.end == lastOf, 0)
}

// contextOld reads "*** a,b ****".
func (r *reader) contextOld(hk *phunk, c *ctxHunk, line []byte) error {
	c.context = 0
	c.texts[c.end] = line
	first, last, comma, err := r.contextRange(line)
	if err != nil {
		return err
	}
	hk.first = first
	switch {
	case comma:
		if first == 0 && last == 0 {
			hk.first = 1
		}
		hk.ptrnLines = last - hk.first + 1
		if hk.ptrnLines < 0 {
			return r.malformed(line)
		}
	case first != 0:
		hk.ptrnLines = 1
	default:
		hk.ptrnLines, hk.first = 0, 1
	}
	return nil
}

// contextRange reads the numbers of "*** a,b" or "--- a,b".
func (r *reader) contextRange(line []byte) (first, last int, comma bool, err error) {
	s := line
	for len(s) > 0 && !isDigit(s[0]) {
		s = s[1:]
	}
	if first, s, err = r.scanNum(s, line); err != nil {
		return
	}
	if len(s) > 0 && s[0] == ',' {
		comma = true
		last, _, err = r.scanNum(s[1:], line)
	}
	return
}

// contextNew reads "--- c,d ----", the start of the replacement.
func (r *reader) contextNew(hk *phunk, c *ctxHunk, line []byte) (bool, error) {
	if c.ptrnPrefix < 0 {
		c.ptrnPrefix = c.context
	}
	c.ptrnSuffix = c.context
	blank := c.end > 0 && c.chars[c.end-1] == '\n'
	if c.replStart > 0 || c.end <= 0 || c.end != hk.ptrnLines+1+b2i(blank) {
		switch {
		case c.end == 1:
			c.ptrnMissing = true
			c.end = hk.ptrnLines + 1
			c.ptrnPrefix, c.ptrnSuffix = -1, -1
			c.fillsrc, c.filldst, c.fillcnt = c.end+1, 1, hk.ptrnLines
		case c.replStart == 0:
			word := "Overdue"
			if c.end <= hk.ptrnLines {
				word = "Premature"
			}
			return false, fatalf("%s '---' at line %d; check line numbers at line %d", word, r.s.line, hk.beg)
		case !c.replCouldBeMissing:
			return false, fatalf("duplicate '---' at line %d; check line numbers at line %d", r.s.line, hk.beg+c.replStart)
		default:
			c.replMissing = true
			return true, nil
		}
	}
	c.replStart = c.end
	c.replMark, c.replContext = r.s.here(), c.context
	c.set(c.end, '=', line)
	first, last, comma, err := r.contextRange(line)
	if err != nil {
		return false, err
	}
	hk.newFirst = first
	switch {
	case comma:
		hk.replLines = last - first + 1
		if hk.replLines < 0 {
			return false, r.malformed(line)
		}
	case first != 0:
		hk.replLines = 1
	default:
		hk.replLines, hk.newFirst = 0, 1
	}
	c.max = hk.replLines + c.end
	if hk.replLines != c.ptrnCopiable && (r.prevPrefix != 0 || c.context != 0 || hk.replLines != 1) {
		c.replCouldBeMissing = false
	}
	c.context = 0
	return false, nil
}

// changeLine reads a "- ", "+ " or "! " line.
func (r *reader) changeLine(hk *phunk, c *ctxHunk, line []byte) (bool, error) {
	s := line[1:]
	if len(s) > 0 && isBlank(s[0]) {
		s = s[1:]
	} else if c.replStart > 0 && c.replCouldBeMissing {
		c.replMissing = true
		return true, nil
	}
	if c.replStart == 0 {
		if c.ptrnPrefix < 0 {
			c.ptrnPrefix = c.context
		}
	} else if c.replPre < 0 {
		c.replPre = c.context
	}
	c.texts[c.end] = r.contextIncompleteMin(hk, c, s)
	c.context = 0
	return false, nil
}

// contextIncompleteMin is contextIncomplete for change lines, where GNU
// leaves a line of one byte alone.
func (r *reader) contextIncompleteMin(hk *phunk, c *ctxHunk, s []byte) []byte {
	lastOf := hk.ptrnLines
	if c.replStart > 0 {
		lastOf = c.max
	}
	return r.cutIncomplete(append([]byte{}, s...), c.end == lastOf, 0)
}

// eatenLine reads a context line whose leading spaces were lost.
func (r *reader) eatenLine(hk *phunk, c *ctxHunk, line []byte) (bool, error) {
	s := line
	if s[0] == '\t' {
		s = s[1:]
	}
	if c.replStart > 0 && c.replCouldBeMissing && (!c.spacesEaten || hk.typ == newContextDiff) {
		c.replMissing = true
		return true, nil
	}
	c.texts[c.end] = r.contextIncomplete(hk, c, s)
	if c.end != hk.ptrnLines+1 {
		c.spacesEaten = c.spacesEaten || c.replStart != 0
		c.someContext = true
		c.context++
		c.copiable()
		c.chars[c.end] = ' '
	}
	return false, nil
}

// contextFinish completes a context hunk: it fills in omitted context
// lines, works out the context sizes, and builds the old and new lines.
func (r *reader) contextFinish(hk *phunk, c *ctxHunk) error {
	if c.end >= 0 && c.replStart == 0 {
		return fatalf("no '---' found in patch at line %d", hk.beg)
	}
	switch {
	case c.replMissing:
		r.s.seek(c.replMark)
		c.context = c.replContext
		c.chars, c.texts = c.chars[:c.replStart+1], c.texts[:c.replStart+1]
		c.fillsrc, c.filldst, c.fillcnt = 1, c.replStart+1, hk.replLines
		c.end = c.max
	case !c.ptrnMissing && c.ptrnCopiable != c.replCopiable:
		return fatalf("context mangled in hunk at line %d", hk.beg)
	case !c.someContext && c.fillcnt == 1:
		copy(c.chars[c.filldst:], c.chars[c.filldst+1:])
		copy(c.texts[c.filldst:], c.texts[c.filldst+1:])
		c.end--
		c.replStart--
		hk.first++
		c.fillcnt, hk.ptrnLines = 0, 0
	}
	hk.prefixCtx = c.ptrnPrefix
	if c.replPre >= 0 && !(c.ptrnPrefix >= 0 && c.ptrnPrefix < c.replPre) {
		hk.prefixCtx = c.replPre
	}
	hk.suffix = c.context
	if c.ptrnSuffix >= 0 && c.ptrnSuffix < c.context {
		hk.suffix = c.ptrnSuffix
	}
	if hk.prefixCtx < 0 || hk.suffix < 0 {
		return fatalf("replacement text or line numbers mangled in hunk at line %d", hk.beg)
	}
	if hk.typ == contextDiff && (c.fillcnt > 0 || hk.first > 1 && hk.prefixCtx+hk.suffix < c.ptrnCopiable) {
		hk.typ = newContextDiff
	}
	if err := c.fill(hk); err != nil {
		return err
	}
	c.build(hk)
	return nil
}

// fill copies the context lines that were left out of one part from the
// other.
func (c *ctxHunk) fill(hk *phunk) error {
	if c.fillcnt == 0 {
		return nil
	}
	mangled := fatalf("replacement text or line numbers mangled in hunk at line %d", hk.beg)
	c.set(c.end, c.charAt(c.end), c.textAt(c.end))
	for ; c.fillcnt > 0; c.fillcnt-- {
		for c.fillsrc <= c.end && c.fillsrc != c.replStart && c.charAt(c.fillsrc) != ' ' {
			c.fillsrc++
		}
		if c.end < c.fillsrc || c.fillsrc == c.replStart {
			return mangled
		}
		c.set(c.filldst, c.chars[c.fillsrc], c.texts[c.fillsrc])
		c.fillsrc++
		c.filldst++
	}
	for ; c.fillsrc <= c.end && c.fillsrc != c.replStart; c.fillsrc++ {
		if c.charAt(c.fillsrc) == ' ' {
			return mangled
		}
	}
	return nil
}

func (c *ctxHunk) charAt(i int) byte {
	if i < len(c.chars) {
		return c.chars[i]
	}
	return 0
}

func (c *ctxHunk) textAt(i int) []byte {
	if i < len(c.texts) {
		return c.texts[i]
	}
	return nil
}

// build turns the lines into the hunk's old and new lines.
func (c *ctxHunk) build(hk *phunk) {
	for i := 1; i <= hk.ptrnLines && i < len(c.chars); i++ {
		hk.old = append(hk.old, pline{c.chars[i], c.texts[i]})
	}
	for i := c.replStart + 1; i <= c.end && i < len(c.chars); i++ {
		if c.chars[i] == '\n' {
			continue
		}
		hk.new = append(hk.new, pline{c.chars[i], c.texts[i]})
	}
}
