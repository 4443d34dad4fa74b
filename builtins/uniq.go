package builtins

// uniq - report or omit repeated lines
//
//	uniq [OPTION]... [INPUT [OUTPUT]]
//
// Options: -c, --count (GNU's "%7d " prefix); -d, --repeated;
// -D, --all-repeated[=none|prepend|separate]; --group[=separate|prepend|
// append|both]; -f, --skip-fields=N; -s, --skip-chars=N;
// -w, --check-chars=N; -i, --ignore-case; -u, --unique;
// -z, --zero-terminated; the obsolete -N (skip N fields) and +N (skip N
// characters). OUTPUT is truncated and written as GNU does. No
// differences from GNU are known.

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type uniqOpts struct {
	count                 bool
	unique, first, later  bool // print lines seen once, the first of a repeated run, the others
	allRepeated           string
	group                 string
	skipFields, skipChars uint64
	checkChars            uint64
	ignoreCase            bool
	eol                   byte
}

func uniq(p *Proc) int {
	o := uniqOpts{unique: true, first: true, checkChars: math.MaxUint64, eol: '\n'}
	files, code := p.uniqParse(&o)
	if code >= 0 {
		return code
	}
	in, out := "-", "-"
	if len(files) > 0 {
		in = files[0]
	}
	if len(files) > 1 {
		out = files[1]
	}
	return p.uniqRun(in, out, &o)
}

func (p *Proc) uniqParse(o *uniqOpts) ([]string, int) {
	var files []string
	obsolete := false // the last field count came from -N
	flags := p.newOpts(1)
	flags.Flag('c', "count", &o.count)
	flags.Func('d', "repeated", func() { o.unique = false })
	flags.Add(opt.Option{Short: 'D', Long: "all-repeated", Arg: opt.Optional, Do: func(_, v string) error {
		o.unique, o.later, o.allRepeated = false, true, "none"
		if v == "" {
			return nil
		}
		m, err := argChoice(p.Name(), "--all-repeated", v, []string{"none", "prepend", "separate"})
		o.allRepeated = m
		return err
	}})
	flags.Add(opt.Option{Long: "group", Arg: opt.Optional, Do: func(_, v string) error {
		o.group = "separate"
		if v == "" {
			return nil
		}
		m, err := argChoice(p.Name(), "--group", v, []string{"prepend", "append", "separate", "both"})
		o.group = m
		return err
	}})
	sizeOpt := func(dst *uint64, what string, setNew bool) func(string, string) error {
		return func(_, v string) error {
			n, err := xstrtol.Umax(v, 10, "")
			if err > xstrtol.Overflow {
				return &opt.Error{Msg: fmt.Sprintf("%s: %s: %s", p.Name(), v, what), Status: 1}
			}
			*dst = n
			if setNew {
				obsolete = false
			}
			return nil
		}
	}
	flags.Value('f', "skip-fields", sizeOpt(&o.skipFields, "invalid number of fields to skip", true))
	flags.Value('s', "skip-chars", sizeOpt(&o.skipChars, "invalid number of bytes to skip", false))
	flags.Value('w', "check-chars", sizeOpt(&o.checkChars, "invalid number of bytes to compare", false))
	flags.Flag('i', "ignore-case", &o.ignoreCase)
	flags.Func('u', "unique", func() { o.first = false })
	flags.Func('z', "zero-terminated", func() { o.eol = 0 })
	for d := '0'; d <= '9'; d++ {
		flags.Func(d, "", func() {
			if !obsolete {
				o.skipFields = 0
			}
			obsolete = true
			if o.skipFields > (math.MaxUint64-uint64(d-'0'))/10 {
				o.skipFields = math.MaxUint64
			} else {
				o.skipFields = o.skipFields*10 + uint64(d-'0')
			}
		})
	}
	addToolInfo(flags, "uniq")
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		return nil, p.usage(err, 1)
	}
	for _, a := range operands {
		if len(a) > 1 && a[0] == '+' {
			if n, e := xstrtol.Umax(a, 10, ""); e == 0 {
				o.skipChars = n
				continue
			}
		}
		if len(files) == 2 {
			return nil, p.usage(fmt.Errorf("extra operand %s\nTry '%s --help' for more information.", quote.Locale(a), p.Name()), 1)
		}
		files = append(files, a)
	}
	return files, p.uniqCheck(o)
}

// uniqCheck rejects GNU's meaningless combinations; -1 means fine.
func (p *Proc) uniqCheck(o *uniqOpts) int {
	try := fmt.Sprintf("\nTry '%s --help' for more information.", p.Name())
	switch {
	case o.group != "" && (o.count || !o.unique || !o.first || o.later):
		return p.usage(fmt.Errorf("--group is mutually exclusive with -c/-d/-D/-u%s", try), 1)
	case o.count && o.later:
		return p.usage(fmt.Errorf("printing all duplicated lines and repeat counts is meaningless%s", try), 1)
	}
	return -1
}

func (p *Proc) uniqRun(inName, outName string, o *uniqOpts) int {
	in, err := p.openText(inName)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(inName), ErrText(err))
		return 1
	}
	defer in.done()
	if outName != "-" {
		f, err := p.Create(outName)
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(outName), ErrText(err))
			return 1
		}
		defer f.Close()
		w := newBuffered(f)
		defer w.Flush()
		q := *p
		q.Stdout = w
		p = &q
	}
	u := &uniqRun{p: p, o: o, r: bufio.NewReaderSize(in.r, 64<<10)}
	err = u.run()
	switch e := err.(type) {
	case nil:
		return 0
	case writeErr:
		return p.WriteFailed(e.error)
	}
	if err == errStopped {
		return 130
	}
	p.Errorf("error reading %s", quote.ShellAlways(inName))
	return 1
}

// readWholeLine reads one whole line, its end included (added when missing);
// grow, when not nil, makes room for it (see [Proc.growLine]).
func readWholeLine(r *bufio.Reader, eol byte, buf []byte, grow func([]byte, int) ([]byte, error)) ([]byte, error) {
	buf, err := lineInto(r, eol, buf, grow)
	if err == io.EOF {
		if len(buf) == 0 {
			return nil, io.EOF
		}
		return append(buf, eol), nil
	}
	return buf, err
}
