package builtins

// sort's command line, parsed as GNU's getopt loop with operands kept in
// order (for the obsolete +POS1 -POS2 keys).

import (
	"fmt"
	"math"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

func (p *Proc) sortParse(o *sortOpts) ([]string, error) {
	flags := p.newOpts(2)
	p.sortOrderingFlags(flags, o)
	flags.Value('k', "key", func(_, v string) error {
		k, err := parseKeySpec(v)
		if err == nil {
			o.keys = append(o.keys, k)
		}
		return err
	})
	flags.Value('t', "field-separator", func(_, v string) error { return o.setTab(v) })
	flags.Flag('s', "stable", &o.stable)
	flags.Flag('u', "unique", &o.unique)
	flags.Flag('m', "merge", &o.merge)
	flags.Func('z', "zero-terminated", func() { o.eol = 0 })
	flags.Value('o', "output", func(_, v string) error {
		if o.hasOutput && o.output != v {
			return sortError("multiple output files specified")
		}
		o.output, o.hasOutput = v, true
		return nil
	})
	setCheck := func(c byte) error {
		if o.check != 0 && o.check != c {
			return sortError("options '-cC' are incompatible")
		}
		o.check = c
		return nil
	}
	flags.Add(opt.Option{Short: 'c', Do: func(string, string) error { return setCheck('c') }})
	flags.Add(opt.Option{Long: "check", Arg: opt.Optional, Do: func(_, v string) error {
		if v == "" {
			return setCheck('c')
		}
		m, err := argChoiceVals(p.Name(), "--check", v, []string{"quiet", "silent", "diagnose-first"}, []string{"C", "C", "c"})
		if err != nil {
			return err
		}
		return setCheck(m[0])
	}})
	flags.Add(opt.Option{Short: 'C', Do: func(string, string) error { return setCheck('C') }})
	flags.Value(0, "files0-from", func(_, v string) error {
		o.files0, o.hasFiles0 = v, true
		return nil
	})
	p.sortTuningFlags(flags, o)
	flags.Add(opt.Option{Short: 'y', Arg: opt.Optional, Do: func(string, string) error { return nil }})
	flags.Unsupported("", "debug", "compress-program", "random-source")
	addToolInfo(flags, "sort")
	return p.sortOperands(flags, o)
}

// sortOrderingFlags adds the global ordering options.
func (p *Proc) sortOrderingFlags(flags *opt.Parser, o *sortOpts) {
	for _, f := range []struct {
		c    rune
		long string
	}{{'b', "ignore-leading-blanks"}, {'d', "dictionary-order"}, {'f', "ignore-case"},
		{'g', "general-numeric-sort"}, {'h', "human-numeric-sort"}, {'i', "ignore-nonprinting"},
		{'M', "month-sort"}, {'n', "numeric-sort"}, {'R', "random-sort"}, {'r', "reverse"},
		{'V', "version-sort"}} {
		letter := string(f.c)
		flags.Func(f.c, f.long, func() { o.global.setOrdering(letter, true, true) })
	}
	words := []string{"general-numeric", "human-numeric", "month", "numeric", "random", "version"}
	flags.Value(0, "sort", func(_, v string) error {
		m, err := argChoice(p.Name(), "--sort", v, words)
		if err != nil {
			return err
		}
		letter := map[string]string{"general-numeric": "g", "human-numeric": "h", "month": "M",
			"numeric": "n", "random": "R", "version": "V"}[m]
		o.global.setOrdering(letter, true, true)
		return nil
	})
}

// sortTuningFlags adds the options that tune GNU's memory and threads:
// checked; -S sets how much sort holds before it spills to temporary
// files, the others have no effect here.
func (p *Proc) sortTuningFlags(flags *opt.Parser, o *sortOpts) {
	flags.Value('S', "buffer-size", func(name, v string) (err error) {
		o.bufSize, err = sortBufferSize(name, v)
		return err
	})
	flags.Value('T', "temporary-directory", func(string, string) error { return nil })
	flags.Value(0, "parallel", func(name, v string) error {
		n, err := xstrtol.Umax(v, 10, "")
		switch {
		case err == xstrtol.Overflow:
			return nil
		case err != 0:
			return xstrtolFatal(name, v, err)
		case n == 0:
			return sortError("number in parallel must be nonzero")
		}
		return nil
	})
	flags.Value(0, "batch-size", func(name, v string) error {
		n, err := xstrtol.Umax(v, 10, "")
		if err != 0 && err != xstrtol.Overflow {
			return xstrtolFatal(name, v, err)
		}
		if n < 2 {
			return sortError(fmt.Sprintf("invalid --batch-size argument %s\n%s: minimum --batch-size argument is %s",
				quote.Locale(v), p.Name(), quote.Locale("2")))
		}
		return nil
	})
}

// sortBufferSize reads -S SIZE: a number with an optional suffix (KiB by
// default, b for bytes, % of memory); a percentage is returned negative,
// for [sortOpts.share] to take of the run's memory budget.
func sortBufferSize(name, v string) (int64, error) {
	n, err := xstrtol.Umax(v, 10, "EgGkKmMPtTYZ")
	i := len(v) - len(strings.TrimLeft(v, " \t\n\v\f\r+0123456789"))
	endsDigit := i > 0 && ctype.IsDigit(v[i-1])
	switch {
	case err == 0 && endsDigit:
		if n > math.MaxUint64/1024 {
			err = xstrtol.Overflow
		}
	case err == xstrtol.InvalidSuffixChar && endsDigit && len(v) == i+1 && (v[i] == 'b' || v[i] == '%'):
		err = 0
	}
	if err != 0 {
		return 0, xstrtolFatal(name, v, err)
	}
	switch {
	case endsDigit:
		n = min(n, math.MaxInt64/1024) * 1024
	case strings.HasSuffix(v, "%"):
		return -int64(min(n, 100)), nil
	}
	return int64(min(n, math.MaxInt64)), nil
}

// xstrtolFatal is gnulib's message for a bad numeric option value.
func xstrtolFatal(name, v string, err xstrtol.Err) error {
	dash := "-"
	if strings.HasPrefix(name, "--") {
		dash, name = "--", name[2:]
	} else {
		name = name[1:]
	}
	switch {
	case err&xstrtol.Invalid != 0:
		return sortError(fmt.Sprintf("invalid %s%s argument '%s'", dash, name, v))
	case err&xstrtol.InvalidSuffixChar != 0:
		return sortError(fmt.Sprintf("invalid suffix in %s%s argument '%s'", dash, name, v))
	}
	return sortError(fmt.Sprintf("%s%s argument '%s' too large", dash, name, v))
}

// setTab sets -t: one byte, or "\0" for NUL.
func (o *sortOpts) setTab(v string) error {
	if v == "" {
		return sortError("empty tab")
	}
	tab := int(v[0])
	if len(v) > 1 {
		if v != `\0` {
			return sortError("multi-character tab " + quote.Locale(v))
		}
		tab = 0
	}
	if o.tab >= 0 && o.tab != tab {
		return sortError("incompatible tabs")
	}
	o.tab = tab
	return nil
}

// sortOperands parses the options and takes operands in order, turning
// "+POS1 [-POS2]" into keys.
func (p *Proc) sortOperands(flags *opt.Parser, o *sortOpts) ([]string, error) {
	args := p.Args[1:]
	var files []string
	for {
		flags.StopAtOperand = true
		rest, err := flags.Parse(args)
		if err != nil {
			return nil, err
		}
		if len(rest) == 0 {
			return files, nil
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(files, rest...), nil
		}
		a := rest[0]
		args = rest[1:]
		if len(a) > 1 && a[0] == '+' {
			hasPos2 := len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && ctype.IsDigit(args[0][1])
			pos2 := ""
			if hasPos2 {
				pos2 = args[0]
			}
			k, ok, err := parseObsoleteKey(a, pos2, hasPos2)
			if err != nil {
				return nil, err
			}
			if ok {
				if hasPos2 {
					args = args[1:]
				}
				o.keys = append(o.keys, k)
				continue
			}
		}
		files = append(files, a)
	}
}
