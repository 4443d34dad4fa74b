package builtins

// iconv - convert text from one character encoding to another
//
//	iconv [-c] [-s] [-f FROM] [-t TO[//TRANSLIT][//IGNORE]] [-o FILE] [FILE]...
//	iconv -l
//
// glibc 2.36's iconv for UTF-8, ASCII, ISO-8859-1..16, CP1250..1258,
// CP437, CP850, KOI8-R/U, UTF-16, UTF-32, UCS-2 and UCS-4 (with their
// glibc aliases), streaming. -c and //IGNORE drop what cannot be
// converted (//IGNORE then reports it at the end of the input, as
// glibc does); //TRANSLIT writes an approximation or "?". Errors as
// glibc's: "illegal input sequence at position N", "incomplete
// character or shift sequence at end of buffer", exit status 1.
//
// Differences: -l lists only the sets above; transliteration knows
// accents and the common symbols, not all of glibc's locale tables.

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type iconvOpts struct {
	from, to, output string
	omit, list       bool
}

func iconv(p *Proc) int {
	o := iconvOpts{from: "UTF-8", to: "UTF-8"}
	flags := p.newOpts(64)
	flags.String('f', "from-code", &o.from)
	flags.String('t', "to-code", &o.to)
	flags.String('o', "output", &o.output)
	flags.Flag('c', "", &o.omit)
	flags.Flag('l', "list", &o.list)
	var silent, verbose bool
	flags.Flag('s', "silent", &silent)
	flags.Flag(0, "verbose", &verbose)
	flags.Add(opt.Option{Short: '?', Do: func(string, string) error { return infoText(helpText("iconv")) }})
	flags.Add(opt.Option{Long: "usage", Do: func(string, string) error { return infoText(iconvShortUsage) }})
	addToolInfo(flags, "iconv", 'V')
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.iconvUsage(err)
	}
	if o.list {
		return p.iconvList()
	}
	from, _, _, okFrom := icLookup(o.from)
	to, translit, ignore, okTo := icLookup(o.to)
	if !okFrom || !okTo {
		p.Errorf("failed to start conversion processing: No such file or directory")
		return 1
	}
	c := &iconvConv{p: p, from: from, to: to, translit: translit, ignore: ignore && !o.omit, omit: o.omit || ignore, output: o.output}
	status := c.files(files)
	if err := c.close(); err != nil && status == 0 {
		p.Errorf("%s", ErrText(err))
		status = 1
	}
	return status
}

const iconvShortUsage = `Usage: iconv [-cls?V] [-f NAME] [-t NAME] [-o FILE] [--from-code=NAME]
            [--to-code=NAME] [--list] [--output=FILE] [--silent] [--verbose]
            [--help] [--usage] [--version] [FILE...]
`

func (p *Proc) iconvUsage(err error) int {
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	msg := err.Error()
	var oe *opt.Error
	if errors.As(err, &oe) {
		msg = strings.SplitN(oe.Msg, "\n", 2)[0]
	}
	if !strings.HasPrefix(msg, p.Name()+": ") {
		msg = p.Name() + ": " + msg
	}
	fmt.Fprintf(p.Stderr, "%s\nTry `%s --help' or `%s --usage' for more information.\n", msg, p.Name(), p.Name())
	return 64
}

// iconvList prints every name iconv knows, each followed by "//", as
// glibc's iconv -l does.
func (p *Proc) iconvList() int {
	names := make([]string, 0, len(icAliases))
	for a := range icAliases {
		names = append(names, a)
	}
	sort.Strings(names)
	for _, n := range names {
		p.printf("%s//\n", n)
	}
	return 0
}

// iconvConv converts the inputs into one output.
type iconvConv struct {
	p        *Proc
	from, to *icCharset
	translit bool
	ignore   bool // //IGNORE without -c: what was dropped is reported at the end
	omit     bool
	output   string
	out      io.Writer
	file     File
	buf      []byte
}

// files converts each input; an input that cannot be opened is reported
// and skipped, a conversion error stops everything.
func (c *iconvConv) files(names []string) int {
	if len(names) == 0 {
		names = []string{"-"}
	}
	status := 0
	for _, name := range names {
		in, err := c.p.openText(name)
		if err != nil {
			c.p.Errorf("cannot open input file `%s': %s", name, ErrText(err))
			status = 1
			continue
		}
		err = c.convert(in.r)
		in.done()
		if err == nil {
			continue
		}
		var ce iconvError
		switch {
		case errors.As(err, &ce):
			c.p.Errorf("%s", ce.msg)
		case err == errStopped:
			return 130
		default:
			if _, ok := err.(writeErr); ok {
				return c.p.WriteFailed(err)
			}
			c.p.Errorf("%s", ErrText(err))
		}
		return 1
	}
	return status
}

type iconvError struct{ msg string }

func (e iconvError) Error() string { return e.msg }

func illegalAt(pos int64) error {
	return iconvError{fmt.Sprintf("illegal input sequence at position %d", pos)}
}

// convert streams one input: pending holds the bytes of a character cut
// by the end of a read; pos is the input offset of pending's start.
func (c *iconvConv) convert(r io.Reader) error {
	cr := newChunkReader(c.p, r)
	dec, first, bomOut := c.from, true, c.to.bom != nil
	var pending []byte
	var pos int64
	omitted := false
	for {
		chunk, err := cr.next()
		eof := err == io.EOF
		if err != nil && !eof {
			return err
		}
		data := append(pending, chunk...)
		if first && dec.readBOM != nil {
			if len(data) < 4 && !eof {
				pending = data
				continue
			}
			var n int
			dec, n = dec.readBOM(data)
			data, pos = data[n:], pos+int64(n)
		}
		first = false
		fast := dec.ascii && c.to.ascii
		i := 0
		for i < len(data) {
			if fast && data[i] < 0x80 {
				c.buf = append(c.buf, data[i])
				i++
				continue
			}
			r, n := dec.decode(data[i:])
			if n == icIncomplete {
				if !eof {
					break
				}
				c.flush()
				return iconvError{"incomplete character or shift sequence at end of buffer"}
			}
			if n == icInvalid {
				if !c.omit {
					c.flush()
					return illegalAt(pos + int64(i))
				}
				omitted = true
				i++
				continue
			}
			if bomOut {
				c.buf = append(c.buf, c.to.bom...)
				bomOut = false
			}
			if !c.put(r) {
				if !c.omit {
					c.flush()
					return illegalAt(pos + int64(i))
				}
				omitted = true
			}
			i += n
		}
		pending = append([]byte(nil), data[i:]...)
		pos += int64(i)
		if err := c.flush(); err != nil {
			return err
		}
		if eof {
			if omitted && c.ignore {
				return illegalAt(pos)
			}
			return nil
		}
	}
}

// put encodes r, or its transliteration; false when neither can be.
func (c *iconvConv) put(r rune) bool {
	if b, ok := c.to.encode(c.buf, r); ok {
		c.buf = b
		return true
	}
	if !c.translit {
		return false
	}
	for _, alt := range icTranslit(r) {
		b := c.buf
		ok := true
		for _, ar := range alt {
			if b, ok = c.to.encode(b, ar); !ok {
				break
			}
		}
		if ok {
			c.buf = b
			return true
		}
	}
	return false
}

// flush writes what was converted, opening -o's file at the first byte.
func (c *iconvConv) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	if c.out == nil {
		if c.output == "" {
			c.out = c.p.Stdout
		} else {
			f, err := c.p.Create(c.output)
			if err != nil {
				return fmt.Errorf("cannot open output file: %w", err)
			}
			c.file, c.out = f, f
		}
	}
	_, err := c.out.Write(c.buf)
	c.buf = c.buf[:0]
	if err != nil {
		return writeErr{err}
	}
	return nil
}

func (c *iconvConv) close() error {
	if c.file != nil {
		return c.file.Close()
	}
	return nil
}
