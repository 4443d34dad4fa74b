package builtins

// strings - print the sequences of printable characters in files
//
//	strings [-afow] [-n MIN] [-t RADIX] [-s SEP] [FILE]...
//
// As GNU binutils 2.40 with -a (the whole file; the default): runs of at
// least MIN (4) printable ASCII characters or tabs, -w with all
// whitespace, -t o/d/x or -o for offsets, -f for file names. Object
// file sections (-d) and encodings other than 7-bit (-e) are not
// implemented.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type stringsOpts struct {
	min      int
	radix    byte
	names    bool
	allSpace bool
	sep      string
}

func stringsCmd(p *Proc) int {
	o := &stringsOpts{min: 4, sep: "\n"}
	flags := p.newOpts(1)
	flags.NoTry = true
	flags.Func('a', "all", func() {})
	flags.Flag('f', "print-file-name", &o.names)
	flags.Flag('w', "include-all-whitespace", &o.allSpace)
	flags.Func('o', "", func() { o.radix = 'o' })
	flags.String('s', "output-separator", &o.sep)
	var bad error
	flags.Value('n', "bytes", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			bad = p.optErr("invalid minimum string length %s", v)
			return bad
		}
		o.min = n
		return nil
	})
	flags.Value('t', "radix", func(_, v string) error {
		if len(v) != 1 || (v[0] != 'o' && v[0] != 'd' && v[0] != 'x') {
			return p.optErr("invalid radix")
		}
		o.radix = v[0]
		return nil
	})
	flags.Unsupported("deTU", "data", "encoding", "target", "unicode")
	help := func(string, string) error { return infoText(helpText("strings")) }
	version := func(string, string) error { return infoText(versionText("strings")) }
	flags.Add(opt.Option{Short: 'h', Long: "help", Do: help}, opt.Option{Short: 'v', Long: "version", Do: version},
		opt.Option{Short: 'V', Do: version})
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		var oe *opt.Error
		if errors.As(err, &oe) && bad == nil {
			fmt.Fprintln(p.Stderr, err.Error())
			fmt.Fprint(p.Stderr, helpText("strings"))
			return 1
		}
		return p.usage(err, 1)
	}
	return p.eachInput(files, stringsNames, func(in io.Reader, name string) error { return o.scan(p, in, name) })
}

func (o *stringsOpts) printable(c byte) bool {
	if c >= 32 && c < 127 || c == '\t' {
		return true
	}
	return o.allSpace && (c == '\n' || c == '\r' || c == '\v' || c == '\f')
}

// scan prints the runs of one input.
func (o *stringsOpts) scan(p *Proc, in io.Reader, name string) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var run []byte
	var start, off int64
	flush := func() error {
		if len(run) >= o.min {
			var out []byte
			if o.names {
				out = append(out, name+": "...)
			}
			switch o.radix {
			case 'o':
				out = fmt.Appendf(out, "%7o ", start)
			case 'd':
				out = fmt.Appendf(out, "%7d ", start)
			case 'x':
				out = fmt.Appendf(out, "%7x ", start)
			}
			out = append(append(out, run...), o.sep...)
			if err := p.write(out); err != nil {
				return err
			}
		}
		run = run[:0]
		return nil
	}
	for {
		c, err := r.ReadByte()
		if err != nil {
			if ferr := flush(); ferr != nil {
				return ferr
			}
			if err == io.EOF {
				return nil
			}
			return err
		}
		if o.printable(c) {
			if len(run) == 0 {
				start = off
			}
			run = append(run, c)
		} else if err := flush(); err != nil {
			return err
		}
		off++
		if off%65536 == 0 && p.Cancelled() {
			return errStopped
		}
	}
}

// stringsNames is binutils strings' naming, which says "No such file" for
// any operand it cannot open.
var stringsNames = inputNames{
	open: func(p *Proc, name string, _ error) { p.Errorf("'%s': No such file", name) },
	read: func(name string) string { return name },
}
