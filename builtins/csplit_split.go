package builtins

// csplit's splitting, after GNU's split_file, process_regexp and
// process_line_count: the same line arithmetic, so that offsets, repeat
// counts and --suppress-matched give the same pieces.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func (c *csplitRun) split(pats []*csplitPattern) {
	for _, pat := range pats {
		for j := int64(0); pat.forever || j <= pat.repeat; j++ {
			if c.failed || c.finished || c.p.Cancelled() {
				return
			}
			if pat.regex {
				c.regexPiece(pat, j)
			} else {
				c.linePiece(pat, j)
			}
		}
	}
	if c.failed || c.finished {
		return
	}
	c.create()
	if c.o.supp && c.current > 0 {
		c.removeLine()
	}
	c.dumpRest()
	c.closeOut()
}

// regexPiece is one application of /RE/ or %RE%.
func (c *csplitRun) regexPiece(pat *csplitPattern, rep int64) {
	if !pat.ignore {
		c.create()
	}
	if c.o.supp && c.current > 0 {
		c.removeLine()
	}
	for {
		c.current++
		line, ok := c.findLine(c.current)
		if !ok {
			if c.failed {
				return
			}
			if pat.forever {
				if !pat.ignore {
					c.dumpRest()
					c.closeOut()
				}
				c.finished = true
				return
			}
			c.regexError(pat, rep)
			return
		}
		if pat.re.Match([]byte(strings.TrimSuffix(line, "\n"))) {
			break
		}
		if pat.offset >= 0 {
			if first, ok := c.removeLine(); ok && !pat.ignore {
				c.save(first)
			}
		}
		if c.failed {
			return
		}
	}
	breakLine := c.current + pat.offset
	c.writeTo(breakLine, pat.ignore, pat.arg)
	if !pat.ignore {
		c.closeOut()
	}
	if pat.offset > 0 {
		c.current = breakLine
	}
}

func (c *csplitRun) regexError(pat *csplitPattern, rep int64) {
	c.p.Flush()
	msg := fmt.Sprintf("%s: match not found", quote.Locale(pat.arg))
	if rep > 0 {
		msg += fmt.Sprintf(" on repetition %d", rep)
	}
	if !pat.ignore {
		c.dumpRest()
		c.closeOut()
	}
	c.fatal("%s", msg)
}

// writeTo gives out the lines before lastLine, to the piece unless
// ignore.
func (c *csplitRun) writeTo(lastLine int64, ignore bool, arg string) {
	if len(c.buf) == 0 && !c.load() {
		c.fatal("input disappeared")
		return
	}
	if c.first > lastLine {
		c.fatal("%s: line number out of range", quote.Locale(arg))
		return
	}
	for i := c.first; i < lastLine; i++ {
		line, ok := c.removeLine()
		if !ok {
			c.fatal("%s: line number out of range", quote.Locale(arg))
			return
		}
		if !ignore {
			c.save(line)
		}
	}
}

// linePiece is one application of a line number.
func (c *csplitRun) linePiece(pat *csplitPattern, rep int64) {
	last := pat.lines * (rep + 1)
	c.create()
	if c.o.supp && c.noMoreLines() {
		c.lineError(pat, rep)
		return
	}
	if len(c.buf) == 0 && !c.load() {
		c.fatal("input disappeared")
		return
	}
	for n := c.first; n < last; n++ {
		line, ok := c.removeLine()
		if !ok {
			c.lineError(pat, rep)
			return
		}
		c.save(line)
	}
	c.closeOut()
	if c.o.supp {
		c.removeLine()
	}
	if !c.o.supp && c.noMoreLines() {
		c.lineError(pat, rep)
	}
}

func (c *csplitRun) lineError(pat *csplitPattern, rep int64) {
	msg := fmt.Sprintf("%s: line number out of range", quote.Locale(pat.arg))
	if rep > 0 {
		msg += fmt.Sprintf(" on repetition %d", rep)
	}
	c.fatal("%s", msg)
}

func (c *csplitRun) dumpRest() {
	for !c.failed {
		line, ok := c.removeLine()
		if !ok {
			return
		}
		c.save(line)
	}
}

// create opens the next piece.
func (c *csplitRun) create() {
	if c.failed {
		return
	}
	c.outName = c.name(len(c.files))
	f, err := c.p.Create(c.outName)
	if err != nil {
		c.fatal("%s: %s", quote.ShellAlways(c.outName), ErrText(err))
		return
	}
	c.out, c.written = f, 0
	c.files = append(c.files, c.outName)
}

func (c *csplitRun) save(line string) {
	if c.out == nil || c.failed {
		return
	}
	if _, err := c.out.Write([]byte(line)); err != nil {
		c.fatal("write error for %s: %s", quote.ShellAlways(c.outName), ErrText(err))
		return
	}
	c.written += int64(len(line))
}

// closeOut closes the piece and prints its size (or removes it, empty,
// with -z).
func (c *csplitRun) closeOut() {
	if c.out == nil {
		return
	}
	if err := c.out.Close(); err != nil && !c.failed {
		c.fatal("%s: %s", quote.ShellAlways(c.outName), ErrText(err))
	}
	c.out = nil
	if c.written == 0 && c.o.elide {
		c.p.FS.Remove(c.p.Abs(c.outName))
		c.files = c.files[:len(c.files)-1]
		return
	}
	if !c.o.quiet {
		c.p.printf("%d\n", c.written)
	}
}

// cleanup removes the pieces after an error, unless -k.
func (c *csplitRun) cleanup() {
	c.closeOut()
	if c.o.keep {
		return
	}
	for _, f := range c.files {
		c.p.FS.Remove(c.p.Abs(f))
	}
}
