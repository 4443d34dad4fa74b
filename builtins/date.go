package builtins

// date - print the date and time
//
//	date [OPTION]... [+FORMAT]
//	date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]
//
// Options: -d/--date=STRING (a GNU date string, see internal/datetime),
// -f/--file=DATEFILE (one date string per line; - is standard input),
// -I[FMT]/--iso-8601[=FMT] (date, hours, minutes, seconds, ns),
// -R/--rfc-email (also --rfc-822, --rfc-2822), --rfc-3339=FMT (date,
// seconds, ns), -r/--reference=FILE (the file's modification time),
// -u/--utc/--universal (also --uct), -s/--set=STRING. FORMAT takes every
// conversion of GNU strftime (see internal/strftime). The time comes from the
// engine's clock and the zone from $TZ: a zone name, or a POSIX TZ string
// such as UTC+3 or CET-1CEST,M3.5.0,M10.5.0/3 (internal/datetime/posixtz.go).
//
// Differences from GNU: the clock is never set. -s and the MMDDhhmm
// operand print "cannot set date: Operation not permitted" and then the
// date, with exit status 1, as GNU does for a user who may not set the
// clock. --debug is not implemented.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/datetime"
	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

const defaultDateFormat = "%a %b %e %H:%M:%S %Z %Y"

type dateOpts struct {
	format    string
	hasFormat bool
	dateStr   *string
	file      *string
	reference *string
	set       *string
	posix     *string
	utc       bool
}

var (
	isoFormats = []string{"%Y-%m-%dT%H%:z", "%Y-%m-%dT%H:%M%:z", "%Y-%m-%d",
		"%Y-%m-%dT%H:%M:%S%:z", "%Y-%m-%dT%H:%M:%S,%N%:z"}
	isoNames     = []string{"hours", "minutes", "date", "seconds", "ns"}
	rfc3339Forms = []string{"%Y-%m-%d", "%Y-%m-%d %H:%M:%S%:z", "%Y-%m-%d %H:%M:%S.%N%:z"}
)

func date(p *Proc) int {
	o := &dateOpts{}
	flags := p.dateFlags(o)
	addToolInfo(flags, "date")
	args, err := flags.Parse(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	if err := o.operands(p, args); err != nil {
		return p.usage(err, 1)
	}
	if !o.hasFormat {
		o.format = defaultDateFormat
	}
	loc := p.Loc()
	if o.utc {
		loc = time.UTC
	}
	if o.file != nil {
		return p.dateBatch(*o.file, o.format, loc)
	}
	return p.dateOne(o, loc)
}

func (p *Proc) dateFlags(o *dateOpts) *opt.Parser {
	flags := p.newOpts(1)
	str := func(dst **string) func(string, string) error {
		return func(_, v string) error { *dst = &v; return nil }
	}
	flags.Value('d', "date", str(&o.dateStr))
	flags.Value('f', "file", str(&o.file))
	flags.Value('r', "reference", str(&o.reference))
	flags.Value('s', "set", str(&o.set))
	flags.Add(opt.Option{Short: 'I', Long: "iso-8601", Arg: opt.Optional, Do: func(_, v string) error {
		i := 2
		if v != "" {
			var err error
			if i, err = p.dateArg(v, "--iso-8601", isoNames); err != nil {
				return err
			}
		}
		return o.setFormat(isoFormats[i])
	}})
	flags.Value(0, "rfc-3339", func(_, v string) error {
		i, err := p.dateArg(v, "--rfc-3339", isoNames[2:])
		if err != nil {
			return err
		}
		return o.setFormat(rfc3339Forms[i])
	})
	for _, long := range []string{"rfc-email", "rfc-822", "rfc-2822"} {
		short := rune(0)
		if long == "rfc-email" {
			short = 'R'
		}
		flags.Add(opt.Option{Short: short, Long: long, Do: func(string, string) error {
			return o.setFormat("%a, %d %b %Y %H:%M:%S %z")
		}})
	}
	for _, long := range []string{"utc", "universal", "uct"} {
		short := rune(0)
		if long == "utc" {
			short = 'u'
		}
		flags.Add(opt.Option{Short: short, Long: long, Do: func(string, string) error { o.utc = true; return nil }})
	}
	flags.Unsupported("", "debug")
	return flags
}

var errMultipleFormats = errors.New("multiple output formats specified")

func (o *dateOpts) setFormat(f string) error {
	if o.hasFormat {
		return errMultipleFormats
	}
	o.format, o.hasFormat = f, true
	return nil
}

// operands handles +FORMAT and the MMDDhhmm[[CC]YY][.ss] operand.
func (o *dateOpts) operands(p *Proc, args []string) error {
	dates := 0
	for _, s := range []*string{o.dateStr, o.file, o.reference} {
		if s != nil {
			dates++
		}
	}
	if dates > 1 {
		return p.tryHelp("the options to specify dates for printing are mutually exclusive")
	}
	if o.set != nil && dates > 0 {
		return p.tryHelp("the options to print and set the time may not be used together")
	}
	if len(args) > 1 {
		return p.tryHelp("extra operand " + quote.Locale(args[1]))
	}
	if len(args) == 0 {
		return nil
	}
	if strings.HasPrefix(args[0], "+") {
		return o.setFormat(args[0][1:])
	}
	if o.set != nil || dates > 0 {
		return p.tryHelp(fmt.Sprintf("the argument %s lacks a leading '+';\n"+
			"when using an option to specify date(s), any non-option\n"+
			"argument must be a format string beginning with '+'", quote.Locale(args[0])))
	}
	o.posix = &args[0]
	return nil
}

// tryHelp is a usage error followed by GNU's "Try ... --help" line.
func (p *Proc) tryHelp(msg string) error {
	return &opt.Error{Msg: fmt.Sprintf("%s: %s\nTry '%s --help' for more information.", p.Name(), msg, p.Name()), Status: 1}
}

// dateArg matches an option's argument against names as gnulib's
// argmatch does: exactly, or by an unambiguous abbreviation.
func (p *Proc) dateArg(v, option string, names []string) (int, error) {
	found := -1
	for i, n := range names {
		if n == v {
			return i, nil
		}
		if strings.HasPrefix(n, v) {
			if found >= 0 {
				return -1, p.badArg("ambiguous", v, option, names)
			}
			found = i
		}
	}
	if found < 0 {
		return -1, p.badArg("invalid", v, option, names)
	}
	return found, nil
}

func (p *Proc) badArg(kind, v, option string, names []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s argument %s for %s\nValid arguments are:", p.Name(), kind, quote.Locale(v), quote.Locale(option))
	for _, n := range names {
		b.WriteString("\n  - " + quote.Locale(n))
	}
	fmt.Fprintf(&b, "\nTry '%s --help' for more information.", p.Name())
	return &opt.Error{Msg: b.String(), Status: 1}
}

// dateOne prints one date: now, -d, -r, -s or the MMDDhhmm operand.
func (p *Proc) dateOne(o *dateOpts, loc *time.Location) int {
	when := p.Now()
	var str *string
	switch {
	case o.reference != nil:
		fi, err := p.Stat(*o.reference)
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(*o.reference), ErrText(err))
			return 1
		}
		when = fi.ModTime()
	case o.dateStr != nil || o.set != nil:
		str = o.dateStr
		if str == nil {
			str = o.set
		}
		t, ok := datetime.Parse(*str, when, loc)
		if !ok {
			p.Errorf("invalid date %s", quote.Locale(*str))
			return 1
		}
		when = t
	case o.posix != nil:
		str = o.posix
		t, ok := posixTime(*o.posix, when.In(loc))
		if !ok {
			p.Errorf("invalid date %s", quote.Locale(*str))
			return 1
		}
		when = t
	}
	status := 0
	if o.set != nil || o.posix != nil {
		p.Errorf("cannot set date: Operation not permitted")
		status = 1
	}
	if code := p.showDate(o.format, when.In(loc)); code != 0 {
		return code
	}
	return status
}

// showDate prints t in format, with a newline.
func (p *Proc) showDate(format string, t time.Time) int {
	if _, err := io.WriteString(p.Stdout, strftime.Format(format, t)+"\n"); err != nil {
		return p.WriteFailed(err)
	}
	return 0
}

// dateBatch prints the date of every line of name (date -f).
func (p *Proc) dateBatch(name, format string, loc *time.Location) int {
	in, closeIn, err := p.openInput(name)
	if err != nil {
		p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
		return 1
	}
	defer closeIn()
	status := 0
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if t, ok := datetime.Parse(line, p.Now(), loc); ok {
				if code := p.showDate(format, t.In(loc)); code != 0 {
					return code
				}
			} else {
				p.Errorf("invalid date %s", quote.Locale(strings.TrimSuffix(line, "\n")))
				status = 1
			}
		}
		if err == io.EOF {
			return status
		}
		if err != nil {
			p.Errorf("%s: %s", quote.Shell(name), ErrText(err))
			return 1
		}
		if p.Cancelled() {
			return 130
		}
	}
}

// posixTime parses the MMDDhhmm[[CC]YY][.ss] operand of date, which
// would set the clock.
func posixTime(s string, now time.Time) (time.Time, bool) {
	digits, sec, hasSec := strings.Cut(s, ".")
	if hasSec && (len(sec) != 2 || !allDigits(sec)) {
		return time.Time{}, false
	}
	if !allDigits(digits) {
		return time.Time{}, false
	}
	year := now.Year()
	switch len(digits) {
	case 8:
	case 10:
		year = atoi(digits[8:])
		if year < 69 {
			year += 2000
		} else {
			year += 1900
		}
	case 12:
		year = atoi(digits[8:])
	default:
		return time.Time{}, false
	}
	tm := datetime.Tm{Year: int64(year), Mon: int64(atoi(digits[0:2])), Mday: int64(atoi(digits[2:4])),
		Hour: int64(atoi(digits[4:6])), Min: int64(atoi(digits[6:8]))}
	if hasSec {
		tm.Sec = int64(atoi(sec))
	}
	t, ok := tm.Mktime(-1, now.Location())
	if !ok || !tm.SameAs(t) {
		return time.Time{}, false
	}
	return t, true
}
