package builtins

// cut - remove sections from each line of files
//
//	cut OPTION... [FILE]...
//
// Options: -b, --bytes=LIST; -c, --characters=LIST (bytes, as in GNU
// coreutils 9.1, which has no multibyte support); -f, --fields=LIST;
// -d, --delimiter=DELIM (one byte; '' is NUL); -s, --only-delimited;
// --complement; --output-delimiter=STRING ('' is NUL, as in GNU);
// -z, --zero-terminated; -n (ignored, as in GNU). LIST is made of N, N-M,
// N- and -M separated by commas or blanks. Long lines are cut as they
// stream. No differences from GNU are known.

import (
	"bufio"
	"fmt"
	"io"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

type cutOpts struct {
	mode       byte // 'b' or 'f'
	spec       string
	delim      byte
	hasDelim   bool
	outDelim   []byte
	hasOut     bool
	suppress   bool
	complement bool
	eol        byte
	list       cutList
}

func cut(p *Proc) int {
	o := cutOpts{delim: '\t', eol: '\n'}
	files, err := p.cutParse(&o)
	if err == nil {
		err = o.check()
	}
	if err == nil {
		o.list, err = parseCutList(o.spec, o.mode == 'b', o.complement)
	}
	if err != nil {
		if le, ok := err.(cutListError); ok {
			fmt.Fprintf(p.Stderr, "%s: %s\nTry '%s --help' for more information.\n", p.Name(), string(le), p.Name())
			return 1
		}
		return p.usage(err, 1)
	}
	if !o.hasOut {
		o.outDelim = []byte{o.delim}
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		code := p.cutFile(name, &o)
		if code > 1 {
			return code
		}
		status |= code
	}
	return status
}

func (p *Proc) cutParse(o *cutOpts) ([]string, error) {
	var err error
	list := func(mode byte) func(string, string) error {
		return func(_, v string) error {
			if o.mode != 0 && err == nil {
				err = cutListError("only one list may be specified")
			}
			o.mode, o.spec = mode, v
			return nil
		}
	}
	flags := p.newOpts(1)
	flags.Value('b', "bytes", list('b'))
	flags.Value('c', "characters", list('b'))
	flags.Value('f', "fields", list('f'))
	flags.Value('d', "delimiter", func(_, v string) error {
		if len(v) > 1 && err == nil {
			err = cutListError("the delimiter must be a single character")
		}
		o.delim, o.hasDelim = 0, true
		if v != "" {
			o.delim = v[0]
		}
		return nil
	})
	flags.Flag('s', "only-delimited", &o.suppress)
	flags.Flag(0, "complement", &o.complement)
	flags.Value(0, "output-delimiter", func(_, v string) error {
		o.outDelim, o.hasOut = []byte(v), true
		if v == "" {
			o.outDelim = []byte{0}
		}
		return nil
	})
	flags.Func('z', "zero-terminated", func() { o.eol = 0 })
	flags.Func('n', "", func() {})
	addToolInfo(flags, "cut")
	files, perr := flags.Parse(p.Args[1:])
	if perr != nil {
		return nil, perr
	}
	return files, err
}

// check applies GNU's checks of the option combination.
func (o *cutOpts) check() error {
	switch {
	case o.mode == 0:
		return cutListError("you must specify a list of bytes, characters, or fields")
	case o.hasDelim && o.mode != 'f':
		return cutListError("an input delimiter may be specified only when operating on fields")
	case o.suppress && o.mode != 'f':
		return cutListError("suppressing non-delimited lines makes sense\n\tonly when operating on fields")
	}
	return nil
}

func (p *Proc) cutFile(name string, o *cutOpts) int {
	in, err := p.openText(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer in.done()
	r := bufio.NewReaderSize(in.r, 64<<10)
	switch {
	case o.mode == 'b':
		err = p.cutBytes(r, o)
	case o.delim == o.eol:
		err = p.cutWholeInput(r, o)
	default:
		err = p.cutFields(r, o)
	}
	return p.endStatus(err, func() string { return quote.Shell(name) })
}

// cutBytes prints the selected bytes of each line. With an output
// delimiter given, it goes between the pieces of different ranges.
func (p *Proc) cutBytes(r *bufio.Reader, o *cutOpts) error {
	var pos uint64 // bytes of the current line seen so far
	at, printed := 0, false
	var buf []byte // reused for every line's output
	for {
		piece, err := r.ReadSlice(o.eol)
		if len(piece) > 0 {
			ended := piece[len(piece)-1] == o.eol && err == nil
			body := piece
			if ended {
				body = piece[:len(piece)-1]
			}
			out := o.cutPiece(buf[:0], body, &pos, &at, &printed)
			if ended || err == io.EOF && pos > 0 {
				out = append(out, o.eol)
				pos, at, printed = 0, 0, false
			}
			if werr := p.write(out); werr != nil {
				return werr
			}
			buf = out
		}
		switch {
		case err == bufio.ErrBufferFull:
			if p.Cancelled() {
				return errStopped
			}
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
	}
}

// cutPiece appends the selected bytes of body, the continuation of a line
// of which *pos bytes came before.
func (o *cutOpts) cutPiece(out, body []byte, pos *uint64, at *int, printed *bool) []byte {
	start := *pos
	end := start + uint64(len(body))
	*pos = end
	for ; *at < len(o.list); *at++ {
		rg := o.list[*at]
		if rg.lo > end {
			break
		}
		lo, hi := max(rg.lo, start+1), min(rg.hi, end)
		if lo <= hi {
			if o.hasOut && *printed && lo == rg.lo {
				out = append(out, o.outDelim...)
			}
			*printed = true
			out = append(out, body[lo-1-start:hi-start]...)
		}
		if rg.hi > end {
			break
		}
	}
	return out
}
