package builtins

// nl - number lines of files
//
//	nl [-p] [-b STYLE] [-d CC] [-f STYLE] [-h STYLE] [-i N] [-l N]
//	   [-n FORMAT] [-s STRING] [-v N] [-w N] [FILE]...
//
// As GNU coreutils 9.1: styles a, t, n and pBRE (the project's GNU regex
// engine), formats ln, rn and rz, logical pages split by the section
// delimiters (\:\:\: header, \:\: body, \: footer, or -d's characters),
// numbering restarting at each section unless -p. Lines stream through.

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/edit/regex"
)

// nlStyle says which lines of a section get numbers.
type nlStyle struct {
	kind byte // 'a', 't', 'n' or 'p'
	re   *regex.Regexp
}

type nlOpts struct {
	styles   [3]nlStyle // header, body, footer
	delim    string
	incr     int64
	blanks   int64
	format   string
	sep      string
	start    int64
	width    int
	noRenum  bool
	section  int
	line     int64
	blankRun int64
}

func nl(p *Proc) int {
	o := &nlOpts{delim: "\\:", incr: 1, blanks: 1, format: "rn", sep: "\t", start: 1, width: 6, section: 1}
	o.styles = [3]nlStyle{{kind: 'n'}, {kind: 't'}, {kind: 'n'}}
	flags := p.newOpts(1)
	style := func(i int, what string) func(string, string) error {
		return func(_, v string) error { return o.setStyle(p, i, what, v) }
	}
	flags.Value('h', "header-numbering", style(0, "header"))
	flags.Value('b', "body-numbering", style(1, "body"))
	flags.Value('f', "footer-numbering", style(2, "footer"))
	flags.Value('d', "section-delimiter", func(_, v string) error { o.setDelim(v); return nil })
	flags.Value('i', "line-increment", nlNumber(p, &o.incr, "invalid line number increment", false))
	flags.Value('l', "join-blank-lines", nlNumber(p, &o.blanks, "invalid line number of blank lines", true))
	flags.Value('v', "starting-line-number", nlNumber(p, &o.start, "invalid starting line number", false))
	var width int64 = 6
	flags.Value('w', "number-width", nlNumber(p, &width, "invalid line number field width", true))
	flags.Value('n', "number-format", func(_, v string) error {
		if v != "ln" && v != "rn" && v != "rz" {
			return p.usageOptErr("invalid line numbering format: %s", quote.Locale(v))
		}
		o.format = v
		return nil
	})
	flags.String('s', "number-separator", &o.sep)
	flags.Flag('p', "no-renumber", &o.noRenum)
	addToolInfo(flags, "nl")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	o.width = int(min(width, 1<<20))
	o.line = o.start
	return p.eachInput(files, shellNames, func(in io.Reader, _ string) error { return o.number(p, in) })
}

// usageOptErr is an option value error followed by GNU's "Try" line.
func (p *Proc) usageOptErr(format string, args ...any) error {
	return p.optErrTry(p.optErr(format, args...).Error())
}

// nlNumber reads a numeric option; positive requires a value above 0.
func nlNumber(p *Proc, dst *int64, what string, positive bool) func(string, string) error {
	return func(_, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		switch {
		case err != nil && strings.Contains(err.Error(), "range"):
			return p.optErr("%s: %s: Numerical result out of range", what, quote.Locale(v))
		case err != nil:
			return p.optErr("%s: %s", what, quote.Locale(v))
		case positive && n < 1:
			return p.optErr("%s: %s: Numerical result out of range", what, quote.Locale(v))
		}
		*dst = n
		return nil
	}
}

func (o *nlOpts) setStyle(p *Proc, i int, what, v string) error {
	switch {
	case v == "a" || v == "t" || v == "n":
		o.styles[i] = nlStyle{kind: v[0]}
	case strings.HasPrefix(v, "p"):
		re, err := regex.Compile(v[1:], regex.Options{})
		if err != nil {
			return p.optErr("%s", err)
		}
		o.styles[i] = nlStyle{kind: 'p', re: re}
	default:
		return p.usageOptErr("invalid %s numbering style: %s", what, quote.Locale(v))
	}
	return nil
}

// setDelim sets -d: one character replaces only the first of the two.
func (o *nlOpts) setDelim(v string) {
	switch len(v) {
	case 1:
		o.delim = v + ":"
	default:
		o.delim = v
	}
}

// number copies one input, numbering its lines.
func (o *nlOpts) number(p *Proc, in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var out, line []byte
	for {
		var err error
		line, err = p.readLine(r, '\n', line)
		if len(line) > 0 {
			out = o.appendLine(out[:0], line)
			if werr := p.write(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if p.Cancelled() {
			return errStopped
		}
	}
}

// appendLine appends the output for one input line.
func (o *nlOpts) appendLine(out, line []byte) []byte {
	body := strings.TrimSuffix(string(line), "\n")
	if sec, ok := o.delimiter(body); ok {
		o.section = sec
		if !o.noRenum {
			o.line = o.start
		}
		o.blankRun = 0
		return append(out, '\n')
	}
	if !o.numbered(body) {
		out = append(out, strings.Repeat(" ", o.width+len(o.sep))...)
	} else {
		out = o.appendNumber(out, o.line)
		o.line += o.incr
		out = append(out, o.sep...)
	}
	return append(append(out, body...), '\n')
}

// delimiter reports whether the line is a section delimiter, and which.
func (o *nlOpts) delimiter(body string) (int, bool) {
	if o.delim == "" {
		return 0, false
	}
	switch body {
	case strings.Repeat(o.delim, 3):
		return 0, true
	case strings.Repeat(o.delim, 2):
		return 1, true
	case o.delim:
		return 2, true
	}
	return 0, false
}

// numbered applies the section's style to the line.
func (o *nlOpts) numbered(body string) bool {
	st := o.styles[o.section]
	switch st.kind {
	case 'a':
		if body != "" {
			o.blankRun = 0
			return true
		}
		o.blankRun++
		if o.blankRun >= o.blanks {
			o.blankRun = 0
			return true
		}
		return false
	case 't':
		return body != ""
	case 'p':
		return st.re.Match([]byte(body))
	}
	return false
}

func (o *nlOpts) appendNumber(out []byte, n int64) []byte {
	s := strconv.FormatInt(n, 10)
	pad := max(o.width-len(s), 0)
	switch o.format {
	case "ln":
		return append(append(out, s...), strings.Repeat(" ", pad)...)
	case "rz":
		if n < 0 {
			return append(append(out, '-'), strings.Repeat("0", max(pad, 0))+s[1:]...)
		}
		return append(append(out, strings.Repeat("0", pad)...), s...)
	}
	return append(append(out, strings.Repeat(" ", pad)...), s...)
}
