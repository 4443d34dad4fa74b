package builtins

// fmt's paragraph reader and line breaker, after GNU coreutils 9.1's
// algorithm: words are read into a fixed buffer, then each paragraph's
// breaks are chosen from the last word back to the first, each word's
// best cost being the cheapest line starting there plus the best cost of
// the word that line ends before.

import (
	"bufio"
	"io"
	"strings"
)

const (
	fmtMaxChars  = 5000 // bytes of one paragraph held at a time
	fmtMaxWords  = 1000 // words of one paragraph held at a time
	fmtLeeway    = 7    // the goal is this percentage under the width
	fmtTabWidth  = 8
	fmtDefIndent = 3 // tagged paragraphs of one line: the second indent
)

// Costs of a line break, as GNU's fmt counts them.
const (
	fmtLineCost       = 70 * 70
	fmtSentenceBonus  = 50 * 50
	fmtNoBreakCost    = 600 * 600
	fmtParenBonus     = 40 * 40
	fmtPunctBonus     = 40 * 40
	fmtMaxCost        = int64(^uint64(0) >> 1)
	fmtEOF            = -1
	fmtFlushThreshold = 32 << 10
)

func fmtShortCost(n int) int64  { return int64(n*10) * int64(n*10) }
func fmtRaggedCost(n int) int64 { return fmtShortCost(n) / 2 }
func fmtWidowCost(n int) int64  { return 200 * 200 / int64(n+2) }
func fmtOrphanCost(n int) int64 { return 150 * 150 / int64(n+2) }

type fmtWord struct {
	start, length int // the word's bytes in fmtState.buf
	space         int // columns of space after it
	paren         bool
	period        bool // ends with . ? or ! (before closing brackets/quotes)
	punct         bool // ends with punctuation
	final         bool // ends a sentence
	lineLength    int  // of the best line starting here
	bestCost      int64
	nextBreak     int // the word the best line starting here ends before
}

type fmtState struct {
	maxWidth, goalWidth               int
	crown, splitOnly, tagged, uniform bool
	prefix                            string // without blanks around
	prefixLeadSpace, prefixFullLength int

	p       *Proc
	r       *bufio.Reader
	out     []byte
	err     error
	tabs    bool
	inCol   int
	outCol  int
	lastLen int
	next    int
	// Indentation of the paragraph: of its prefix, of its first line
	// and of the others; nextPrefixIndent is the line being read's.
	prefixIndent, nextPrefixIndent, firstIndent, otherIndent int

	buf   []byte
	words []fmtWord
	limit int // words[limit] follows the last word
}

func (f *fmtState) setPrefix(s string) {
	f.prefixLeadSpace = len(s) - len(strings.TrimLeft(s, " "))
	s = s[f.prefixLeadSpace:]
	f.prefixFullLength = len(s)
	f.prefix = strings.TrimRight(s, " ")
}

// run formats one input.
func (f *fmtState) run(p *Proc, in io.Reader) error {
	f.p, f.r, f.err = p, bufio.NewReaderSize(in, 64<<10), nil
	if f.buf == nil {
		f.buf = make([]byte, 0, fmtMaxChars)
		f.words = make([]fmtWord, fmtMaxWords)
	}
	f.tabs, f.otherIndent = false, 0
	f.next = f.getPrefix()
	for f.err == nil && f.getParagraph() {
		f.fmtParagraph()
		f.putParagraph(f.limit)
		f.flushOut(false)
	}
	f.flushOut(true)
	return f.err
}

func (f *fmtState) getc() int {
	if f.err != nil {
		return fmtEOF
	}
	c, err := f.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			f.err = err
		}
		return fmtEOF
	}
	return int(c)
}

func (f *fmtState) flushOut(force bool) {
	if len(f.out) == 0 || (!force && len(f.out) < fmtFlushThreshold) || f.err != nil {
		return
	}
	if err := f.p.write(f.out); err != nil {
		f.err = err
	}
	f.out = f.out[:0]
	if f.err == nil && f.p.Cancelled() {
		f.err = errStopped
	}
}

func (f *fmtState) putc(c byte) { f.out = append(f.out, c) }

// getSpace skips blanks from c on, counting columns.
func (f *fmtState) getSpace(c int) int {
	for {
		switch c {
		case ' ':
			f.inCol++
		case '\t':
			f.tabs = true
			f.inCol = (f.inCol/fmtTabWidth + 1) * fmtTabWidth
		default:
			return c
		}
		c = f.getc()
	}
}

// getPrefix reads a line's indentation and prefix, returning the first
// character after them (or the first that does not match the prefix).
func (f *fmtState) getPrefix() int {
	f.inCol = 0
	c := f.getSpace(f.getc())
	if f.prefix == "" {
		f.nextPrefixIndent = min(f.prefixLeadSpace, f.inCol)
		return c
	}
	f.nextPrefixIndent = f.inCol
	for i := 0; i < len(f.prefix); i++ {
		if c != int(f.prefix[i]) {
			return c
		}
		f.inCol++
		c = f.getc()
	}
	return f.getSpace(c)
}

// getParagraph copies the lines that are not part of a paragraph, then
// reads one; false at the end of the input.
func (f *fmtState) getParagraph() bool {
	f.lastLen = 0
	c := f.next
	for c == '\n' || c == fmtEOF || f.nextPrefixIndent < f.prefixLeadSpace ||
		f.inCol < f.nextPrefixIndent+f.prefixFullLength {
		c = f.copyRest(c)
		if c == fmtEOF {
			f.next = fmtEOF
			return false
		}
		f.putc('\n')
		c = f.getPrefix()
	}
	f.prefixIndent = f.nextPrefixIndent
	f.firstIndent = f.inCol
	f.buf = f.buf[:0]
	f.limit = 0
	c = f.getLine(c)
	f.setOtherIndent(f.samePara(c))
	switch {
	case f.splitOnly:
	case f.crown:
		for f.samePara(c) {
			c = f.getLine(c)
			if !f.samePara(c) || f.inCol != f.otherIndent {
				break
			}
		}
	case f.tagged:
		if f.samePara(c) && f.inCol != f.firstIndent {
			for {
				c = f.getLine(c)
				if !f.samePara(c) || f.inCol != f.otherIndent {
					break
				}
			}
		}
	default:
		for f.samePara(c) && f.inCol == f.otherIndent {
			c = f.getLine(c)
		}
	}
	last := &f.words[f.limit-1]
	last.period, last.final = true, true
	f.next = c
	return true
}

// copyRest copies the rest of a line that is not formatted, with the
// indentation and prefix read so far.
func (f *fmtState) copyRest(c int) int {
	f.outCol = 0
	if f.inCol > f.nextPrefixIndent || (c != '\n' && c != fmtEOF) {
		f.putSpace(f.nextPrefixIndent)
		for i := 0; f.outCol != f.inCol && i < len(f.prefix); i++ {
			f.putc(f.prefix[i])
			f.outCol++
		}
		if c != fmtEOF && c != '\n' {
			f.putSpace(f.inCol - f.outCol)
		}
		if c == fmtEOF && f.inCol >= f.nextPrefixIndent+len(f.prefix) {
			f.putc('\n')
		}
	}
	for c != '\n' && c != fmtEOF {
		f.putc(byte(c))
		c = f.getc()
	}
	return c
}

// samePara reports whether the line just started continues the paragraph.
func (f *fmtState) samePara(c int) bool {
	return f.nextPrefixIndent == f.prefixIndent &&
		f.inCol >= f.nextPrefixIndent+f.prefixFullLength && c != '\n' && c != fmtEOF
}

func (f *fmtState) setOtherIndent(same bool) {
	switch {
	case f.splitOnly:
		f.otherIndent = f.firstIndent
	case f.crown:
		f.otherIndent = f.firstIndent
		if same {
			f.otherIndent = f.inCol
		}
	case f.tagged:
		if same && f.inCol != f.firstIndent {
			f.otherIndent = f.inCol
		} else if f.otherIndent == f.firstIndent {
			f.otherIndent = 0
			if f.firstIndent == 0 {
				f.otherIndent = fmtDefIndent
			}
		}
	default:
		f.otherIndent = f.firstIndent
	}
}

// getLine reads the words of one line, from its first character c, and
// returns the first character after the next line's prefix.
func (f *fmtState) getLine(c int) int {
	for {
		w := &f.words[f.limit]
		w.start = len(f.buf)
		for {
			if len(f.buf) == fmtMaxChars {
				f.setOtherIndent(true)
				f.flushParagraph()
				w = &f.words[f.limit]
			}
			f.buf = append(f.buf, byte(c))
			c = f.getc()
			if c == fmtEOF || isCSpace(byte(c)) {
				break
			}
		}
		w.length = len(f.buf) - w.start
		f.inCol += w.length
		f.checkPunctuation(w)
		start := f.inCol
		c = f.getSpace(c)
		w.space = f.inCol - start
		w.final = c == fmtEOF || (w.period && (c == '\n' || w.space > 1))
		if c == '\n' || c == fmtEOF || f.uniform {
			w.space = 1
			if w.final {
				w.space = 2
			}
		}
		if f.limit == fmtMaxWords-2 {
			f.setOtherIndent(true)
			f.flushParagraph()
		}
		f.limit++
		if c == '\n' || c == fmtEOF {
			return f.getPrefix()
		}
	}
}

func isCSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

func (f *fmtState) checkPunctuation(w *fmtWord) {
	text := f.buf[w.start : w.start+w.length]
	w.paren = inSetNUL("(['`\"", text[0])
	fin := len(text) - 1
	w.punct = isCPunct(text[fin])
	for fin > 0 && inSetNUL(")]'\"", text[fin]) {
		fin--
	}
	w.period = inSetNUL(".?!", text[fin])
}

// inSetNUL is C's strchr(set, c) != NULL, which a NUL byte also meets.
func inSetNUL(set string, c byte) bool { return c == 0 || strings.IndexByte(set, c) >= 0 }

func isCPunct(c byte) bool { return c > ' ' && c < 0x7f && !isAlnum(c) }

func isAlnum(c byte) bool {
	return isDigit(c) || (c|0x20) >= 'a' && (c|0x20) <= 'z'
}

// flushParagraph puts out the lines of a paragraph too long to hold up
// to its cheapest break near the end, and keeps the rest.
func (f *fmtState) flushParagraph() {
	if f.limit == 0 {
		// One word longer than the paragraph buffer: it goes out as it
		// comes (f.out held all of an endless one: 543 MiB of /dev/zero).
		f.out = append(f.out, f.buf...)
		f.buf = f.buf[:0]
		f.words[0].start = 0
		f.flushOut(false)
		return
	}
	f.fmtParagraph()
	split, best := f.limit, fmtMaxCost
	for w := f.words[0].nextBreak; w != f.limit; w = f.words[w].nextBreak {
		if c := f.words[w].bestCost - f.words[f.words[w].nextBreak].bestCost; c < best {
			split, best = w, c
		}
		if best <= fmtMaxCost-fmtLineCost {
			best += fmtLineCost
		}
	}
	f.putParagraph(split)
	shift := f.words[split].start
	n := copy(f.buf, f.buf[shift:])
	f.buf = f.buf[:n]
	copy(f.words, f.words[split:f.limit+1])
	f.limit -= split
	for i := 0; i <= f.limit; i++ {
		f.words[i].start -= shift
	}
}

// fmtParagraph chooses the breaks of the words held.
func (f *fmtState) fmtParagraph() {
	words, limit := f.words, f.limit
	words[limit].bestCost = 0
	for start := limit - 1; start >= 0; start-- {
		best := fmtMaxCost
		n := f.otherIndent
		if start == 0 {
			n = f.firstIndent
		}
		n += words[start].length
		for w := start + 1; ; w++ {
			cost := f.lineCost(w, n) + words[w].bestCost
			if start == 0 && f.lastLen > 0 {
				cost += fmtRaggedCost(n - f.lastLen)
			}
			if cost < best {
				best = cost
				words[start].nextBreak = w
				words[start].lineLength = n
			}
			if w == limit {
				break
			}
			n += words[w-1].space + words[w].length
			if n >= f.maxWidth {
				break
			}
		}
		words[start].bestCost = best + f.baseCost(start)
	}
}

// lineCost is the cost of a line of n columns ending before word next.
func (f *fmtState) lineCost(next, n int) int64 {
	if next == f.limit {
		return 0
	}
	cost := fmtShortCost(f.goalWidth - n)
	if w := &f.words[next]; w.nextBreak != f.limit {
		cost += fmtRaggedCost(n - w.lineLength)
	}
	return cost
}

// baseCost is the cost of breaking a line before word i.
func (f *fmtState) baseCost(i int) int64 {
	cost := int64(fmtLineCost)
	w := f.words
	if i > 0 {
		switch {
		case w[i-1].period && w[i-1].final:
			cost -= fmtSentenceBonus
		case w[i-1].period:
			cost += fmtNoBreakCost
		case w[i-1].punct:
			cost -= fmtPunctBonus
		case i > 1 && w[i-2].final:
			cost += fmtWidowCost(w[i-1].length)
		}
	}
	if w[i].paren {
		cost -= fmtParenBonus
	} else if w[i].final {
		cost += fmtOrphanCost(w[i].length)
	}
	return cost
}

// putParagraph puts out the lines from the first word to word finish.
func (f *fmtState) putParagraph(finish int) {
	f.putLine(0, f.firstIndent)
	for w := f.words[0].nextBreak; w != finish; w = f.words[w].nextBreak {
		f.putLine(w, f.otherIndent)
	}
}

func (f *fmtState) putLine(w, indent int) {
	f.outCol = 0
	f.putSpace(f.prefixIndent)
	f.out = append(f.out, f.prefix...)
	f.outCol += len(f.prefix)
	f.putSpace(indent - f.outCol)
	end := f.words[w].nextBreak - 1
	for ; w != end; w++ {
		f.putWord(w)
		f.putSpace(f.words[w].space)
	}
	f.putWord(w)
	f.lastLen = f.outCol
	f.putc('\n')
}

func (f *fmtState) putWord(i int) {
	w := &f.words[i]
	f.out = append(f.out, f.buf[w.start:w.start+w.length]...)
	f.outCol += w.length
}

// putSpace moves n columns right, with tabs when the input had any.
func (f *fmtState) putSpace(n int) {
	target := f.outCol + n
	if f.tabs {
		tab := target / fmtTabWidth * fmtTabWidth
		if f.outCol+1 < tab {
			for f.outCol < tab {
				f.putc('\t')
				f.outCol = (f.outCol/fmtTabWidth + 1) * fmtTabWidth
			}
		}
	}
	for f.outCol < target {
		f.putc(' ')
		f.outCol++
	}
}
