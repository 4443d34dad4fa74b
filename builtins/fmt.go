package builtins

// fmt - simple optimal text formatter
//
//	fmt [-WIDTH] [-cstu] [-w WIDTH] [-g GOAL] [-p PREFIX] [FILE]...
//
// As GNU coreutils 9.1: paragraphs (runs of lines with the same
// indentation and prefix) are refilled to lines shorter than WIDTH (75),
// choosing the breaks of least total cost with GNU's penalties (distance
// from the goal width, 93% of WIDTH, raggedness, breaks after sentence
// ends and punctuation, widows and orphans). -c keeps the first two
// lines' indentation, -t the first line's apart, -s only splits long
// lines, -u puts one space between words and two after sentences, -p
// reformats only lines starting with PREFIX. Columns count bytes; a tab
// in the input makes indentation use tabs. Like GNU, a paragraph is
// held at most 5000 bytes and 1000 words at a time (then it is broken
// where that is cheapest and the rest read on), so memory stays fixed.

import (
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

func fmtCmd(p *Proc) int {
	f := &fmtState{maxWidth: 75}
	var widthOpt, goalOpt string
	args := p.Args[1:]
	if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && isDigit(args[0][1]) {
		widthOpt, args = args[0][1:], args[1:]
	}
	flags := p.newOpts(1)
	flags.Flag('c', "crown-margin", &f.crown)
	flags.Flag('s', "split-only", &f.splitOnly)
	flags.Flag('t', "tagged-paragraph", &f.tagged)
	flags.Flag('u', "uniform-spacing", &f.uniform)
	flags.String('w', "width", &widthOpt)
	flags.String('g', "goal", &goalOpt)
	flags.Value('p', "prefix", func(_, v string) error { f.setPrefix(v); return nil })
	for d := '0'; d <= '9'; d++ {
		flags.Add(opt.Option{Short: d, Do: func(string, string) error {
			return p.optErrTry(p.Name() + ": invalid option -- " + string(d) +
				"; -WIDTH is recognized only when it is the first\noption; use -w N instead")
		}})
	}
	addToolInfo(flags, "fmt")
	files, err := flags.Parse(args)
	if err != nil {
		return p.usage(err, 1)
	}
	if widthOpt != "" {
		n, err := fmtWidth(p, widthOpt, fmtMaxChars/2)
		if err != nil {
			return p.usage(err, 1)
		}
		f.maxWidth = n
	}
	if goalOpt != "" {
		n, err := fmtWidth(p, goalOpt, f.maxWidth)
		if err != nil {
			return p.usage(err, 1)
		}
		f.goalWidth = n
		if widthOpt == "" {
			f.maxWidth = n + 10
		}
	} else {
		f.goalWidth = f.maxWidth * (2*(100-fmtLeeway) + 1) / 200
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := 0
	for _, name := range files {
		in, err := p.openText(name)
		if err != nil {
			p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
			status = 1
			continue
		}
		err = f.run(p, in.r)
		in.done()
		if code := p.endStatus(err, func() string { return quote.Shell(name) }); code != 0 {
			if code == 141 || code == 130 {
				return code
			}
			status = code
		}
	}
	return status
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// fmtWidth reads a width as gnulib's xdectoumax does, between 0 and max.
func fmtWidth(p *Proc, v string, max int) (int, error) {
	n, e := xstrtol.Umax(v, 10, "")
	switch {
	case e == xstrtol.Overflow:
		return 0, p.optErr("invalid width: %s: Value too large for defined data type", quote.Locale(v))
	case e != xstrtol.OK:
		return 0, p.optErr("invalid width: %s", quote.Locale(v))
	case n > uint64(max):
		return 0, p.optErr("invalid width: %s: Numerical result out of range", quote.Locale(v))
	}
	return int(n), nil
}
