package builtins

// tail - output the last part of files
//
//	tail [OPTION]... [FILE]...
//
// Options: -c, --bytes=[+]NUM; -n, --lines=[+]NUM (+NUM starts at item
// NUM); NUM takes head's multiplier suffixes; -q, --quiet, --silent; -v,
// --verbose; -z, --zero-terminated; the obsolete forms -NUM[bcl][f] and
// +NUM[bcl][f] as the only option. -f, --follow[=name|descriptor], -F,
// --retry, -s, --sleep-interval=N and --max-unchanged-stats=N are
// accepted and checked as GNU does. Regular files are read from the end.
//
// Differences from GNU: there is no terminal session to keep open, so -f
// and -F print what the files hold and end (exit 0) instead of waiting for
// more; on a pipe GNU ignores -f too. --pid is not supported.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type tailOpts struct {
	n         uint64
	lines     bool
	fromStart bool
	follow    bool
	byName    bool
	retry     bool
	headers   int // -1 never, 0 with several files, 1 always
	eol       byte
}

func tail(p *Proc) int {
	o := tailOpts{n: 10, lines: true, eol: '\n'}
	args := p.Args[1:]
	if ok, bad := tailObsolete(args, &o); ok {
		if bad {
			p.Errorf("invalid number: %s: Numerical result out of range", quote.Locale(args[0]))
			return 1
		}
		args = args[1:]
	}
	files, code := p.tailParse(args, &o)
	if code >= 0 {
		return code
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	if o.fromStart && o.n > 0 {
		o.n--
	}
	if o.follow && o.byName {
		for _, f := range files {
			if f == "-" {
				p.Errorf("cannot follow %s by name", quote.ShellAlways(f))
				return 1
			}
		}
	}
	if o.n == 0 && !o.follow && !o.fromStart {
		return 0
	}
	return p.tailFiles(files, o)
}

func (p *Proc) tailFiles(files []string, o tailOpts) int {
	show := o.headers > 0 || o.headers == 0 && len(files) > 1
	hdr := &fileHeader{}
	status, followed := 0, 0
	for _, name := range files {
		code, ok := p.tailFile(name, o, show, hdr)
		if code > 1 {
			return code
		}
		status |= code
		if ok {
			followed++
		}
	}
	if o.follow && followed == 0 && !o.retry {
		p.Errorf("no files remaining")
		return 1
	}
	return status
}

// tailFile prints the end of one file. followable tells whether -f could
// go on following it (a regular file or a pipe).
func (p *Proc) tailFile(name string, o tailOpts, show bool, hdr *fileHeader) (code int, followable bool) {
	in, err := p.openText(name)
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(name), ErrText(err))
		return 1, false
	}
	defer in.done()
	if show {
		if err := hdr.write(p.Stdout, prettyName(name)); err != nil {
			return p.WriteFailed(err), false
		}
	}
	err = p.tailRun(in, o)
	code = p.endStatus(err, func() string { return "error reading " + quote.ShellAlways(prettyName(name)) })
	if !o.follow || code > 1 {
		return code, false
	}
	if in.info != nil && in.info.IsDir() {
		p.Errorf("%s: cannot follow end of this type of file; giving up on this name", quote.Shell(prettyName(name)))
		return 1, false
	}
	return code, code == 0
}

// tailParse parses the options; code is -1 when the command should run.
func (p *Proc) tailParse(args []string, o *tailOpts) ([]string, int) {
	flags := p.newOpts(1)
	count := func(lines bool) func(string, string) error {
		return func(_, v string) error {
			o.lines = lines
			if strings.HasPrefix(v, "+") {
				o.fromStart = true
			} else if strings.HasPrefix(v, "-") {
				v = v[1:]
			}
			n, err := headNumber(p.Name(), v, lines)
			o.n = n
			return err
		}
	}
	flags.Value('c', "bytes", count(false))
	flags.Value('n', "lines", count(true))
	flags.Add(opt.Option{Short: 'f', Long: "follow", Arg: opt.Optional, Do: func(_, v string) error {
		o.follow = true
		return p.tailFollowMode(v, o)
	}})
	flags.Func('F', "", func() { o.follow, o.byName, o.retry = true, true, true })
	flags.Func(0, "retry", func() { o.retry = true })
	flags.Value('s', "sleep-interval", func(_, v string) error { return tailSeconds(p.Name(), v) })
	flags.Value(0, "max-unchanged-stats", func(_, v string) error { return tailStats(p.Name(), v) })
	flags.Func('q', "quiet", func() { o.headers = -1 })
	flags.Func(0, "silent", func() { o.headers = -1 })
	flags.Func('v', "verbose", func() { o.headers = 1 })
	flags.Func('z', "zero-terminated", func() { o.eol = 0 })
	flags.Func(0, "-presume-input-pipe", func() {}) // GNU's hidden test option; output is the same
	flags.Unsupported("", "pid")
	for d := '0'; d <= '9'; d++ {
		flags.Add(opt.Option{Short: d, Do: func(string, string) error {
			return &opt.Error{Msg: fmt.Sprintf("%s: option used in invalid context -- %c", p.Name(), d), Status: 1}
		}})
	}
	addToolInfo(flags, "tail")
	files, err := flags.Parse(args)
	if err != nil {
		return nil, p.usage(err, 1)
	}
	if o.retry && !o.follow {
		p.Errorf("warning: --retry ignored; --retry is useful only when following")
	} else if o.retry && !o.byName {
		p.Errorf("warning: --retry only effective for the initial open")
	}
	return files, -1
}

func (p *Proc) tailFollowMode(v string, o *tailOpts) error {
	switch {
	case v == "" || strings.HasPrefix("descriptor", v):
		o.byName = false
	case strings.HasPrefix("name", v):
		o.byName = true
	default:
		msg := fmt.Sprintf("%s: invalid argument %s for %s\nValid arguments are:\n  - %s\n  - %s\nTry '%s --help' for more information.",
			p.Name(), quote.Locale(v), quote.Locale("--follow"), quote.Locale("descriptor"), quote.Locale("name"), p.Name())
		return &opt.Error{Msg: msg, Status: 1}
	}
	return nil
}

func tailSeconds(name, v string) error {
	f, err := strconv.ParseFloat(strings.TrimLeft(v, " \t\n\v\f\r"), 64)
	if err != nil || f < 0 {
		return &opt.Error{Msg: fmt.Sprintf("%s: invalid number of seconds: %s", name, quote.Locale(v)), Status: 1}
	}
	return nil
}

func tailStats(name, v string) error {
	if _, err := xstrtol.Umax(v, 10, ""); err != 0 {
		return &opt.Error{Msg: fmt.Sprintf("%s: invalid maximum number of unchanged stats between opens: %s", name, quote.Locale(v)), Status: 1}
	}
	return nil
}

// tailObsolete recognizes "-NUM[bcl][f]" and "+NUM[bcl][f]" as the only
// option (with at most one operand); bad reports an out-of-range NUM.
func tailObsolete(args []string, o *tailOpts) (ok, bad bool) {
	switch {
	case len(args) == 1, len(args) == 2 && !(strings.HasPrefix(args[1], "-") && len(args[1]) > 1),
		(len(args) == 2 || len(args) == 3) && args[1] == "--":
	default:
		return false, false
	}
	a := args[0]
	if a == "" || a[0] != '+' && a[0] != '-' {
		return false, false
	}
	s := a[1:]
	if a[0] == '-' && (s == "" || s == "c") {
		return false, false
	}
	i := 0
	for i < len(s) && ctype.IsDigit(s[i]) {
		i++
	}
	num, rest := s[:i], s[i:]
	def, lines := uint64(10), true
	if rest != "" {
		switch rest[0] {
		case 'b':
			def, lines, rest = 10*512, false, rest[1:]
		case 'c':
			lines, rest = false, rest[1:]
		case 'l':
			rest = rest[1:]
		}
	}
	follow := rest == "f"
	if follow {
		rest = ""
	}
	if rest != "" {
		return false, false
	}
	o.n = def
	if num != "" {
		unit := ""
		if i < len(s) && s[i] == 'b' {
			unit = "b"
		}
		n, err := xstrtol.Umax(num+unit, 10, "b")
		if err&^xstrtol.InvalidSuffixChar != 0 {
			return true, true
		}
		o.n = n
	}
	o.fromStart, o.lines, o.follow = a[0] == '+', lines, follow
	return true, false
}
