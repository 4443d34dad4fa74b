package builtins

// touch - change file timestamps
//
//	touch [OPTION]... FILE...
//
// Options: -a, -m, -c (--no-create), -d STRING (--date), -t STAMP,
// -r FILE (--reference), --time=WORD, -f (ignored, as in GNU). A FILE that
// does not exist is created empty unless -c is given. -d reads GNU date
// strings ("2024-01-02 03:04", "@EPOCH", "1 day ago", "next monday"),
// relative to -r's times when given. -h (--no-dereference) is not
// supported: the workspace cannot set a symlink's own times.

import (
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/datetime"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

type touchOpts struct {
	atime, mtime, noCreate bool
	date, stamp, ref       string
	hasDate, hasStamp      bool
	when                   [2]time.Time // atime, mtime to set
	explicit               bool
}

func touch(p *Proc) int {
	var o touchOpts
	flags := p.newOpts(1)
	flags.Flag('a', "", &o.atime)
	flags.Flag('m', "", &o.mtime)
	flags.Flag('c', "no-create", &o.noCreate)
	flags.Value('d', "date", func(_, v string) error { o.date, o.hasDate = v, true; return nil })
	flags.Value('t', "", func(_, v string) error { o.stamp, o.hasStamp = v, true; return nil })
	flags.String('r', "reference", &o.ref)
	flags.Value(0, "time", func(name, v string) error { return o.timeWord(p, name, v) })
	flags.Func('f', "", func() {})
	flags.Unsupported("h", "no-dereference")
	addToolInfo(flags, "touch")
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	if code := o.setTimes(p); code != 0 {
		return code
	}
	if len(files) == 0 {
		return p.usageErr("missing file operand")
	}
	if !o.atime && !o.mtime {
		o.atime, o.mtime = true, true
	}
	status := 0
	for _, f := range files {
		if !p.touchOne(f, &o) {
			status = 1
		}
	}
	return status
}

// timeWord handles --time=WORD.
func (o *touchOpts) timeWord(p *Proc, name, v string) error {
	groups := [][]string{{"atime", "access", "use"}, {"mtime", "modify"}}
	switch i, err := p.argMatch(v, name, groups); i {
	case 0:
		o.atime = true
	case 1:
		o.mtime = true
	default:
		return err
	}
	return nil
}

// setTimes works out the times to set from -r, -d and -t.
func (o *touchOpts) setTimes(p *Proc) int {
	now := p.Now()
	o.when = [2]time.Time{now, now}
	if o.ref != "" {
		fi, err := p.Stat(o.ref)
		if err != nil {
			p.Errorf("failed to get attributes of %s: %s", quote.ShellAlways(o.ref), ErrText(err))
			return 1
		}
		o.when = [2]time.Time{vfs.MetaOf(fi).Atime, fi.ModTime()}
		o.explicit = true
	}
	if o.hasDate {
		at, ok1 := datetime.Parse(o.date, o.when[0], p.Loc())
		mt, ok2 := datetime.Parse(o.date, o.when[1], p.Loc())
		if !ok1 || !ok2 {
			p.Errorf("invalid date format %s", quote.Locale(o.date))
			return 1
		}
		o.when = [2]time.Time{at, mt}
		o.explicit = true
	}
	if o.hasStamp {
		if o.hasDate || o.ref != "" {
			return p.usageErr("cannot specify times from more than one source")
		}
		t, ok := parseStamp(o.stamp, now, p.Loc())
		if !ok {
			p.Errorf("invalid date format %s", quote.Locale(o.stamp))
			return 1
		}
		o.when = [2]time.Time{t, t}
		o.explicit = true
	}
	return 0
}

// touchOne creates name if needed and sets its times.
func (p *Proc) touchOne(name string, o *touchOpts) bool {
	if name == "-" {
		return true
	}
	fi, err := p.Stat(name)
	if err = dirSlashErr(name, fi, err); err != nil && strings.HasSuffix(name, "/") {
		if o.noCreate && isNotExist(err) {
			return true
		}
		p.Errorf("setting times of %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	if err != nil && !isNotExist(err) {
		p.Errorf("cannot touch %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	if err != nil {
		if o.noCreate {
			return true
		}
		if fi, err = p.touchCreate(name); err != nil {
			p.Errorf("cannot touch %s: %s", quote.ShellAlways(name), ErrText(err))
			return false
		}
	}
	at, mt := o.when[0], o.when[1]
	if !o.atime {
		at = vfs.MetaOf(fi).Atime
	}
	if !o.mtime {
		mt = fi.ModTime()
	}
	if err := p.Chtimes(name, at, mt); err != nil {
		p.Errorf("setting times of %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	return true
}

func (p *Proc) touchCreate(name string) (fs.FileInfo, error) {
	f, err := p.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Stat()
}

// parseStamp reads touch -t's [[CC]YY]MMDDhhmm[.ss] in loc.
func parseStamp(s string, now time.Time, loc *time.Location) (time.Time, bool) {
	digits, sec := s, "00"
	if i := len(s) - 3; i >= 0 && s[i] == '.' {
		digits, sec = s[:i], s[i+1:]
	}
	if !allDigits(digits) || !allDigits(sec) || len(sec) != 2 {
		return time.Time{}, false
	}
	year := now.Year()
	switch len(digits) {
	case 8:
	case 10:
		yy := atoi(digits[:2])
		year = 1900 + yy
		if yy < 69 {
			year = 2000 + yy
		}
		digits = digits[2:]
	case 12:
		year, digits = atoi(digits[:4]), digits[4:]
	default:
		return time.Time{}, false
	}
	return validTime(year, atoi(digits[0:2]), atoi(digits[2:4]), atoi(digits[4:6]), atoi(digits[6:8]), atoi(sec), loc)
}

// validTime builds a time, refusing fields out of range.
func validTime(y, mo, d, h, mi, s int, loc *time.Location) (time.Time, bool) {
	leap := 0
	if s == 60 {
		s, leap = 59, 1
	}
	t := time.Date(y, time.Month(mo), d, h, mi, s, 0, loc)
	if t.Year() != y || int(t.Month()) != mo || t.Day() != d || t.Hour() != h || t.Minute() != mi || t.Second() != s {
		return time.Time{}, false
	}
	return t.Add(time.Duration(leap) * time.Second), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
