package builtins

// The time tests of find: -newer and -newerXY compare with a file or a
// date; -mtime and friends count days and -mmin and friends minutes from
// a reference point computed the way GNU does (with -daystart, from the
// start of today).

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/datetime"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func fpNewer(ps *fparser, name string) error {
	fi, err := ps.refInfo(name)
	if err != nil {
		return err
	}
	ref := fi.ModTime()
	which := map[string]byte{"-newer": 'm', "-anewer": 'a', "-cnewer": 'c'}[name]
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		t, ok := f.fileTime(e, which)
		return ok && t.After(ref)
	})
	return nil
}

// fpNewerXY handles -newerXY: X and Y among a, c, m (access, change,
// modification time), Y also t (a date string, read as date -d does).
func fpNewerXY(ps *fparser, name string) error {
	x, y := name[6], name[7]
	if !strings.ContainsRune("aBcm", rune(x)) || !strings.ContainsRune("aBcmt", rune(y)) {
		return findErrFindArg
	}
	if x == 'B' || y == 'B' {
		ps.f.p.Errorf("This system does not provide a way to find the birth time of a file.")
		return &findErr{fmt.Sprintf("invalid predicate `%s'", name)}
	}
	if ps.i >= len(ps.args) {
		return &findErr{fmt.Sprintf("The %s test needs an argument", quote.Locale(name))}
	}
	var ref time.Time
	if y == 't' {
		a, _ := ps.next()
		t, ok := datetime.Parse(a, ps.f.start, ps.f.start.Location())
		if !ok {
			return &findErr{fmt.Sprintf("I cannot figure out how to interpret %s as a date or time", quote.Locale(a))}
		}
		ref = t
	} else {
		fi, err := ps.refInfo(name)
		if err != nil {
			return err
		}
		ref, _ = findTimeOf(fi, y)
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		t, ok := f.fileTime(e, x)
		return ok && t.After(ref)
	})
	return nil
}

// The time tests: -mtime and friends count days, -mmin and friends
// minutes, from a reference point computed the way GNU does.

func fpTime(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	which := name[1]
	unit := 86400.0
	origin := ps.f.dayStart()
	if strings.HasSuffix(name, "min") {
		unit, origin = 60, origin.Add(24*time.Hour)
	} else if strings.HasPrefix(a, "-") {
		origin = origin.Add((86400 - 1) * time.Second)
	}
	w, ok := findRelTime(a, origin, unit)
	if !ok {
		return findErrFindArg
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		t, ok := f.fileTime(e, which)
		return ok && w.match(t, unit)
	})
	return nil
}

func fpUsed(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	cmp, s := byte('='), a
	if s != "" && (s[0] == '+' || s[0] == '-') {
		cmp, s = s[0], s[1:]
	}
	days, err := strconv.ParseFloat(s, 64)
	if err != nil || s == "" {
		return &findErr{fmt.Sprintf("Invalid argument %s to -used", a)}
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		at, ok1 := f.fileTime(e, 'a')
		ct, ok2 := f.fileTime(e, 'c')
		return ok1 && ok2 && findUsedMatch(cmp, days, at.Sub(ct).Seconds()/86400)
	})
	return nil
}

// findUsedMatch compares the days between a file's status change and its
// last access with -used's argument, as GNU 4.9 does: never for a file
// read before it changed.
func findUsedMatch(cmp byte, n, delta float64) bool {
	switch {
	case delta <= 0:
		return false
	case cmp == '+':
		return delta > n
	case cmp == '-':
		return delta < n
	}
	return delta > n-1 && delta <= n
}

// dayStart is GNU's cur_day_start: a day before now, or today's midnight
// after -daystart.
func (f *finder) dayStart() time.Time {
	if f.daystart {
		y, m, d := f.start.Date()
		return time.Date(y, m, d, 0, 0, 0, 0, f.start.Location())
	}
	return f.start.Add(-24 * time.Hour)
}

// findTimeWindow is GNU's relative timestamp: a reference time and a
// comparison, already inverted (+N days ago means before the reference).
type findTimeWindow struct {
	cmp byte
	ref time.Time
}

func findRelTime(a string, origin time.Time, unit float64) (findTimeWindow, bool) {
	w := findTimeWindow{cmp: '='}
	s := a
	switch {
	case strings.HasPrefix(s, "+"):
		w.cmp, s = '<', s[1:]
	case strings.HasPrefix(s, "-"):
		w.cmp, s = '>', s[1:]
	}
	if s == "" {
		return w, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return w, false
	}
	w.ref = origin.Add(-time.Duration(v * unit * float64(time.Second)))
	return w, true
}

func (w findTimeWindow) match(t time.Time, window float64) bool {
	switch w.cmp {
	case '>':
		return t.After(w.ref)
	case '<':
		return t.Before(w.ref)
	}
	d := t.Sub(w.ref).Seconds()
	return d > 0 && d <= window
}
