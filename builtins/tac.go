package builtins

// tac - concatenate and print files in reverse
//
//	tac [-br] [-s SEP] [FILE]...
//
// As GNU coreutils 9.1: records end with SEP (a newline by default), or
// begin with it with -b (--before); -r (--regex) reads SEP as a basic
// regular expression, found from the end as GNU's backward search does.
// Each input is held whole (GNU copies a pipe to a temporary file), and
// what is held is charged to the run's memory budget.

import (
	"bytes"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/edit/regex"
)

type tacOpts struct {
	before bool
	sep    string
	re     *regex.Regexp
}

func tac(p *Proc) int {
	o := tacOpts{sep: "\n"}
	var isRegex bool
	flags := p.newOpts(1)
	flags.Flag('b', "before", &o.before)
	flags.Flag('r', "regex", &isRegex)
	flags.String('s', "separator", &o.sep)
	addToolInfo(flags, "tac")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if isRegex && o.sep != "" {
		if o.re, err = regex.Compile("^\\("+emacsToBRE(o.sep)+"\\)", regex.Options{}); err != nil {
			p.Errorf("%s", err)
			return 1
		}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		if code := p.tacOne(name, &o); code != 0 {
			if code == 141 || code == 130 {
				return code
			}
			status = code
		}
	}
	return status
}

func (p *Proc) tacOne(name string, o *tacOpts) int {
	in, err := p.openText(name)
	if err != nil {
		p.Errorf("failed to open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
		return 1
	}
	defer in.done()
	size := int64(0)
	if in.regular() {
		size = in.info.Size()
	}
	data, err := p.readHeld(in.r, size)
	if err != nil {
		if err == errStopped {
			return 130
		}
		p.Errorf("%s: read error: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	return p.endStatus(o.emit(p, data, o.separators(data)), func() string { return quote.Shell(name) })
}

// separators returns the [start, end) of every separator, last first.
func (o *tacOpts) separators(data []byte) [][2]int {
	var out [][2]int
	if o.sep == "" {
		return nil
	}
	if o.re == nil {
		sep := []byte(o.sep)
		end := len(data)
		for {
			i := bytes.LastIndex(data[:end], sep)
			if i < 0 {
				return out
			}
			out = append(out, [2]int{i, i + len(sep)})
			end = i
		}
	}
	end := len(data)
	for s := end - 1; s >= 0; s-- {
		m := o.re.FindIndex(data[s:end])
		if m == nil || m[0] != 0 || m[1] == 0 {
			continue
		}
		out = append(out, [2]int{s, s + m[1]})
		end = s
	}
	return out
}

// emacsToBRE rewrites a regular expression in GNU's default (Emacs)
// syntax, which tac -r reads, as a basic one: + and ? are operators and
// \+, \?, \{ and \} literals; the rest reads alike.
func emacsToBRE(s string) string {
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inBracket:
			b.WriteByte(c)
			if c == ']' {
				inBracket = false
			}
		case c == '[':
			inBracket = true
			b.WriteByte(c)
			if i+1 < len(s) && s[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(s) && s[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
		case (c == '+' || c == '?') && b.Len() > 0:
			b.WriteString("\\" + string(c))
		case c == '\\' && i+1 < len(s) && strings.IndexByte("+?{}", s[i+1]) >= 0:
			i++
			b.WriteByte(s[i])
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(c)
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// emit writes the records in reverse order: each ends with its
// separator, or with -b starts with it.
func (o *tacOpts) emit(p *Proc, data []byte, seps [][2]int) error {
	end := len(data)
	for _, s := range seps {
		cut := s[1]
		if o.before {
			cut = s[0]
		}
		if err := p.write(data[cut:end]); err != nil {
			return err
		}
		end = cut
	}
	return p.write(data[:end])
}
