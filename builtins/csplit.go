package builtins

// csplit - split a file into sections determined by context lines
//
//	csplit [OPTION]... FILE PATTERN...
//
// Patterns: N (up to, not including, line N), /REGEXP/[OFFSET],
// %REGEXP%[OFFSET] (skip up to the match), {N} (repeat the previous
// pattern N more times), {*} (as many times as possible); REGEXP is a
// POSIX basic regular expression. Options: -b/--suffix-format=FORMAT,
// -f/--prefix=PREFIX, -k/--keep-files, -n/--digits=DIGITS,
// -s/-q/--quiet/--silent, -z/--elide-empty-files, --suppress-matched.
// The size of each piece is printed as it is closed; on an error the
// pieces are removed (unless -k) and the status is 1. Input is read line
// by line: only the lines a pattern with a negative offset may still
// give to the current piece are held, charged to the run's memory.

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/edit/regex"
	"github.com/shellfence/shellfence/vfs/budget"
)

type csplitPattern struct {
	arg            string
	re             *regex.Regexp
	ignore         bool
	offset, lines  int64
	repeat         int64
	forever, regex bool
}

type csplitOpts struct {
	prefix, suffix           string
	digits                   int
	keep, quiet, elide, supp bool
	hasSuffix                bool
}

type csplitRun struct {
	p        *Proc
	o        csplitOpts
	in       *bufio.Reader
	line     []byte // what lines are read into, charged as it grows
	eof      bool
	buf      []string // lines read and not yet given out; buf[0] is line first
	first    int64
	current  int64
	held     int64
	out      File
	outName  string
	written  int64
	files    []string
	failed   bool
	finished bool
}

func csplit(p *Proc) int {
	c := &csplitRun{p: p, o: csplitOpts{prefix: "xx", digits: 2}, first: 1}
	flags := p.newOpts(1)
	flags.Value('b', "suffix-format", func(_, v string) error { c.o.suffix, c.o.hasSuffix = v, true; return nil })
	flags.String('f', "prefix", &c.o.prefix)
	flags.Flag('k', "keep-files", &c.o.keep)
	flags.Value('n', "digits", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p.optErr("invalid number: %s", quote.Locale(v))
		}
		c.o.digits = n
		return nil
	})
	flags.Flag('s', "quiet", &c.o.quiet)
	flags.Alias('q', 's')
	flags.Flag(0, "silent", &c.o.quiet)
	flags.Flag('z', "elide-empty-files", &c.o.elide)
	flags.Flag(0, "suppress-matched", &c.o.supp)
	addToolInfo(flags, "csplit")
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	switch len(args) {
	case 0:
		return p.usageErr("missing operand")
	case 1:
		return p.usageErr("missing operand after %s", quote.Locale(args[0]))
	}
	if c.o.hasSuffix {
		if msg := csplitCheckSuffix(c.o.suffix); msg != "" {
			p.Errorf("%s", msg)
			return 1
		}
	}
	pats, ok := c.parsePatterns(args[1:])
	if !ok {
		return 1
	}
	in, done, err := p.openInput(args[0])
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(args[0]), ErrText(err))
		return 1
	}
	defer done()
	c.in = bufio.NewReaderSize(in, 64<<10)
	defer p.Budget().Release(budget.Memory, c.held)
	c.split(pats)
	if c.failed {
		c.cleanup()
		return 1
	}
	return 0
}

// parsePatterns reads the patterns and their repeat counts.
func (c *csplitRun) parsePatterns(args []string) ([]*csplitPattern, bool) {
	p := c.p
	var pats []*csplitPattern
	var lastLine int64
	for _, a := range args {
		if strings.HasPrefix(a, "{") && len(pats) > 0 {
			if !c.repeatCount(pats[len(pats)-1], a) {
				return nil, false
			}
			continue
		}
		pat := &csplitPattern{arg: a}
		switch {
		case strings.HasPrefix(a, "/"), strings.HasPrefix(a, "%"):
			if !c.regexPattern(pat, a) {
				return nil, false
			}
		case a != "" && a[0] >= '0' && a[0] <= '9':
			n, err := strconv.ParseInt(a, 10, 64)
			if err != nil {
				p.Errorf("%s: invalid pattern", quote.Locale(a))
				return nil, false
			}
			if n == 0 {
				p.Errorf("%s: line number must be greater than zero", a)
				return nil, false
			}
			if n < lastLine {
				p.Errorf("line number %s is smaller than preceding line number, %d", quote.Locale(a), lastLine)
				return nil, false
			}
			if n == lastLine {
				p.Errorf("warning: line number %s is the same as preceding line number", quote.Locale(a))
			}
			pat.lines, lastLine = n, n
		default:
			p.Errorf("%s: invalid pattern", quote.Locale(a))
			return nil, false
		}
		pats = append(pats, pat)
	}
	return pats, true
}

func (c *csplitRun) regexPattern(pat *csplitPattern, a string) bool {
	p := c.p
	delim := a[0]
	end := strings.LastIndexByte(a[1:], delim)
	if end < 0 {
		p.Errorf("%s: closing delimiter '%c' missing", a, delim)
		return false
	}
	end++
	if rest := a[end+1:]; rest != "" {
		n, err := strconv.ParseInt(rest, 10, 64)
		if err != nil {
			p.Errorf("%s: integer expected after delimiter", quote.Locale(a))
			return false
		}
		pat.offset = n
	}
	re, err := regex.Compile(a[1:end], regex.Options{})
	if err != nil {
		p.Errorf("%s: invalid regular expression: %s", quote.Locale(a), err.Error())
		return false
	}
	pat.re, pat.regex, pat.ignore = re, true, delim == '%'
	return true
}

// repeatCount reads {N} or {*} after a pattern.
func (c *csplitRun) repeatCount(pat *csplitPattern, a string) bool {
	p := c.p
	if !strings.HasSuffix(a, "}") {
		p.Errorf("%s: '}' is required in repeat count", quote.Locale(a))
		return false
	}
	body := a[1 : len(a)-1]
	if body == "*" {
		pat.forever = true
		return true
	}
	n, err := strconv.ParseInt(body, 10, 64)
	if err != nil || n < 0 || body == "" || body[0] == '+' {
		p.Errorf("%s}: integer required between '{' and '}'", quote.Locale(a[:len(a)-1]))
		return false
	}
	pat.repeat = n
	return true
}

// csplitCheckSuffix checks -b's format: exactly one integer conversion.
func csplitCheckSuffix(f string) string {
	count := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && strings.IndexByte("'-+ #0", f[i]) >= 0 {
			i++
		}
		for i < len(f) && (f[i] >= '0' && f[i] <= '9' || f[i] == '.') {
			i++
		}
		if i >= len(f) {
			return "missing conversion specifier in suffix"
		}
		if strings.IndexByte("diouxX", f[i]) < 0 {
			return fmt.Sprintf("invalid conversion specifier in suffix: %c", f[i])
		}
		count++
	}
	switch {
	case count == 0:
		return "missing % conversion specification in suffix"
	case count > 1:
		return "too many % conversion specifications in suffix"
	}
	return ""
}

// name is the file name of piece n.
func (c *csplitRun) name(n int) string {
	if !c.o.hasSuffix {
		return fmt.Sprintf("%s%0*d", c.o.prefix, c.o.digits, n)
	}
	f := strings.NewReplacer("%i", "%d", "%u", "%d").Replace(c.o.suffix)
	return c.o.prefix + fmt.Sprintf(f, n)
}

// load reads one more line into the buffer.
func (c *csplitRun) load() bool {
	if c.eof || c.failed {
		return false
	}
	var err error
	c.line, err = c.p.readLine(c.in, '\n', c.line)
	line := string(c.line)
	if line != "" {
		if herr := c.p.hold(int64(len(line))); herr != nil {
			c.fatal("%s", ErrText(herr))
			return false
		}
		c.held += int64(len(line))
		c.buf = append(c.buf, line)
	}
	if err != nil {
		c.eof = true
		if err != io.EOF {
			c.fatal("read error: %s", ErrText(err))
		}
	}
	return line != ""
}

// findLine returns line n, reading up to it, or false past the end.
func (c *csplitRun) findLine(n int64) (string, bool) {
	if n < c.first {
		return "", false
	}
	for n-c.first >= int64(len(c.buf)) {
		if !c.load() {
			return "", false
		}
	}
	return c.buf[n-c.first], true
}

// removeLine gives out the first line not yet given out.
func (c *csplitRun) removeLine() (string, bool) {
	if len(c.buf) == 0 && !c.load() {
		return "", false
	}
	line := c.buf[0]
	c.buf[0] = ""
	c.buf = c.buf[1:]
	c.first++
	c.p.Budget().Release(budget.Memory, int64(len(line)))
	c.held -= int64(len(line))
	return line, true
}

// noMoreLines reports whether every line has been given out.
func (c *csplitRun) noMoreLines() bool { return len(c.buf) == 0 && !c.load() }

// fatal reports an error; the run stops and the pieces are removed.
func (c *csplitRun) fatal(format string, args ...any) {
	if !c.failed {
		c.p.Flush()
		c.p.Errorf(format, args...)
	}
	c.failed = true
}
