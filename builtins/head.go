package builtins

// head - output the first part of files
//
//	head [OPTION]... [FILE]...
//
// Options: -c, --bytes=[-]NUM; -n, --lines=[-]NUM (a leading '-' prints
// all but the last NUM); NUM may have a multiplier suffix (b 512, kB 1000,
// K 1024, MB, M, GB, G, ... as in GNU); -q, --quiet, --silent; -v,
// --verbose; -z, --zero-terminated; the obsolete form -NUM[bcklmqvz] as
// the first argument. With more than one FILE, each is preceded by a
// "==> FILE <==" header. No differences from GNU are known.

import (
	"bytes"
	"fmt"
	"io"
	"math"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type headOpts struct {
	n       uint64
	lines   bool
	elide   bool // all but the last n
	headers int  // -1 never, 0 with several files, 1 always
	eol     byte
}

func head(p *Proc) int {
	o := headOpts{n: 10, lines: true, eol: '\n'}
	args := p.Args[1:]
	if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && ctype.IsDigit(args[0][1]) {
		if code, ok := p.headObsolete(args[0], &o); !ok {
			return code
		}
		args = args[1:]
	}
	files, code := p.headParse(args, &o)
	if code >= 0 {
		return code
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	show := o.headers > 0 || o.headers == 0 && len(files) > 1
	hdr := &fileHeader{}
	status := 0
	for _, name := range files {
		code := p.headFile(name, o, show, hdr)
		if code > 1 {
			return code
		}
		status |= code
	}
	return status
}

// headParse parses the options; code is -1 when the command should run.
func (p *Proc) headParse(args []string, o *headOpts) ([]string, int) {
	flags := p.newOpts(1)
	count := func(lines bool) func(string, string) error {
		return func(_, v string) error {
			o.lines = lines
			o.elide = len(v) > 0 && v[0] == '-'
			if o.elide {
				v = v[1:]
			}
			n, err := headNumber(p.Name(), v, lines)
			o.n = n
			return err
		}
	}
	flags.Value('c', "bytes", count(false))
	flags.Value('n', "lines", count(true))
	flags.Func('q', "quiet", func() { o.headers = -1 })
	flags.Func(0, "silent", func() { o.headers = -1 })
	flags.Func('v', "verbose", func() { o.headers = 1 })
	flags.Func('z', "zero-terminated", func() { o.eol = 0 })
	flags.Func(0, "-presume-input-pipe", func() {}) // GNU's hidden test option; output is the same
	for d := '0'; d <= '9'; d++ {
		flags.Add(opt.Option{Short: d, Do: func(string, string) error {
			return trailingOption(p.Name(), byte(d))
		}})
	}
	addToolInfo(flags, "head")
	files, err := flags.Parse(args)
	if err != nil {
		return nil, p.usage(err, 1)
	}
	return files, -1
}

// trailingOption is GNU's complaint about a digit option out of place.
func trailingOption(name string, c byte) error {
	return &opt.Error{Msg: fmt.Sprintf("%s: invalid trailing option -- %c\nTry '%s --help' for more information.", name, c, name), Status: 1}
}

// headNumber parses a count for -n or -c.
func headNumber(name, v string, lines bool) (uint64, error) {
	n, err := xstrtol.Umax(v, 10, "bkKmMGTPEZY0")
	if err == 0 {
		return n, nil
	}
	what := "invalid number of bytes"
	if lines {
		what = "invalid number of lines"
	}
	return 0, &opt.Error{Msg: name + ": " + xstrtol.DecError(what, v, err), Status: 1}
}

// headObsolete parses "-NUM[bcklmqvz]"; ok is false when the command must
// end with code.
func (p *Proc) headObsolete(arg string, o *headOpts) (code int, ok bool) {
	i := 1
	for i < len(arg) && ctype.IsDigit(arg[i]) {
		i++
	}
	num, mult := arg[1:i], ""
	for _, c := range []byte(arg[i:]) {
		switch c {
		case 'c':
			o.lines, mult = false, ""
		case 'b', 'k', 'm':
			o.lines, mult = false, string(c)
		case 'l':
			o.lines = true
		case 'q':
			o.headers = -1
		case 'v':
			o.headers = 1
		case 'z':
			o.eol = 0
		default:
			return p.usage(trailingOption(p.Name(), c), 1), false
		}
	}
	n, err := headNumber(p.Name(), num+mult, o.lines)
	if err != nil {
		return p.usage(err, 1), false
	}
	o.n = n
	return 0, true
}

// headFile prints the head of one file and returns its status.
func (p *Proc) headFile(name string, o headOpts, show bool, hdr *fileHeader) int {
	in, err := p.openText(name)
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
		return 1
	}
	defer in.done()
	if show {
		if err := hdr.write(p.Stdout, prettyName(name)); err != nil {
			return p.WriteFailed(err)
		}
	}
	err = p.headRun(in, o)
	return p.endStatus(err, func() string { return "error reading " + quote.ShellAlways(name) })
}

func (p *Proc) headRun(in *textInput, o headOpts) error {
	switch {
	case o.elide && o.lines:
		return p.headElideLines(in, o)
	case o.elide:
		return p.headElideBytes(in, o.n)
	case o.n == 0:
		return nil
	case o.lines:
		return p.headLines(in, o)
	}
	return p.headBytes(in, o.n)
}

// headBytes copies the first n bytes.
func (p *Proc) headBytes(in *textInput, n uint64) error {
	err := p.copyData(p.Stdout, io.LimitReader(in.r, int64(min(n, math.MaxInt64))))
	return err
}

// headLines copies the first n lines, then moves a seekable standard
// input back to just after them, as GNU does, so that the next command
// reading it goes on from there.
func (p *Proc) headLines(in *textInput, o headOpts) error {
	cr := newChunkReader(p, in.r)
	left := o.n
	for {
		b, err := cr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		i := 0
		for left > 0 {
			j := bytes.IndexByte(b[i:], o.eol)
			if j < 0 {
				i = len(b)
				break
			}
			i += j + 1
			left--
		}
		if err := p.write(b[:i]); err != nil {
			return err
		}
		if left == 0 {
			if s, ok := in.seeker(); ok && in.stdin() && i < len(b) {
				s.Seek(int64(i-len(b)), io.SeekCurrent)
			}
			return nil
		}
	}
}
