// Package strftime formats times as GNU date +FORMAT does (gnulib's nstrftime
// over glibc's C locale): every conversion of date(1), the flags - _ 0 + ^
// #, field widths, the E and O modifiers, %N with a width, and %:z %::z
// %:::z. An unknown conversion is copied as written.
package strftime

import (
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// Format formats t (in its own location) with the GNU format f.
func Format(f string, t time.Time) string {
	tm := newTmInfo(t)
	return string(tm.format(nil, f, false, 0, -1))
}

// tmInfo is a broken-down time, as C's struct tm.
type tmInfo struct {
	year, mon, mday, hour, min, sec, wday, yday int // mon 0-11, yday 0-365
	gmtoff                                      int
	zone                                        string
	ns                                          int
	unix                                        int64
}

func newTmInfo(t time.Time) *tmInfo {
	zone, off := t.Zone()
	return &tmInfo{
		year: t.Year(), mon: int(t.Month()) - 1, mday: t.Day(),
		hour: t.Hour(), min: t.Minute(), sec: t.Second(),
		wday: int(t.Weekday()), yday: t.YearDay() - 1,
		gmtoff: off, zone: zone, ns: t.Nanosecond(), unix: t.Unix(),
	}
}

// spec is one conversion being formatted: its flags and width.
type spec struct {
	pad            byte // '_', '-', '+', '0' or 0
	width          int  // -1 when none
	upper, lower   bool
	changeCase     bool
	modifier, conv byte
	text           string // the conversion as written, for bad formats
	yrSpec         byte
}

// widthAdd appends s padded to the width (GNU's width_add).
func widthAdd(out []byte, width int, pad byte, s string) []byte {
	w := width
	if pad == '-' || width < 0 {
		w = 0
	}
	if len(s) < w {
		fill := " "
		if pad == '0' || pad == '+' {
			fill = "0"
		}
		out = append(out, strings.Repeat(fill, w-len(s))...)
	}
	return append(out, s...)
}

// cpy appends s with the case change and padding of sp.
func (sp *spec) cpy(out []byte, s string) []byte {
	switch {
	case sp.lower:
		s = strings.ToLower(s)
	case sp.upper:
		s = strings.ToUpper(s)
	}
	return widthAdd(out, sp.width, sp.pad, s)
}

// format is __strftime_internal: upcase, yrSpec and width come from an
// enclosing conversion (%D, %F, %R, %T) and apply to the first one here.
func (tm *tmInfo) format(out []byte, f string, upcase bool, yrSpec byte, width int) []byte {
	for i := 0; i < len(f); i, width = i+1, -1 {
		if f[i] != '%' {
			out = widthAdd(out, width, 0, f[i:i+1])
			continue
		}
		sp := spec{width: width, upper: upcase, yrSpec: yrSpec}
		start := i
		i = sp.parse(f, i+1)
		if i >= len(f) {
			// A % at the end of the format is copied as written.
			sp.text = f[start:]
			out = sp.cpy(out, sp.text)
			break
		}
		sp.conv = f[i]
		sp.text = f[start : i+1]
		var n int
		out, n = tm.convert(out, &sp, f[i:])
		i += n
	}
	return out
}

// parse reads the flags, width and modifier after a '%' at f[i-1] and
// returns the index of the conversion character.
func (sp *spec) parse(f string, i int) int {
	for ; i < len(f); i++ {
		switch c := f[i]; c {
		case '_', '-', '+', '0':
			sp.pad = c
			continue
		case '^':
			sp.upper = true
			continue
		case '#':
			sp.changeCase = true
			continue
		}
		break
	}
	if i < len(f) && ctype.IsDigit(f[i]) {
		sp.width = 0
		for ; i < len(f) && ctype.IsDigit(f[i]); i++ {
			if sp.width > (1<<31-1-9)/10 {
				sp.width = 1<<31 - 1
			} else {
				sp.width = sp.width*10 + int(f[i]-'0')
			}
		}
	}
	if i < len(f) && (f[i] == 'E' || f[i] == 'O') {
		sp.modifier = f[i]
		i++
	}
	return i
}

// bad copies an invalid conversion as written.
func (sp *spec) bad(out []byte) []byte { return sp.cpy(out, sp.text) }

// upperWord makes # upper-case a name.
func (sp *spec) upperWord() {
	if sp.changeCase {
		sp.upper, sp.lower = true, false
	}
}

// convert formats the conversion at rest[0]; it returns how many extra
// format bytes it consumed (the colons of %:z), or -1 when rest[0] is to
// be read again.
func (tm *tmInfo) convert(out []byte, sp *spec, rest string) ([]byte, int) {
	switch sp.conv {
	case '%':
		if sp.modifier != 0 || sp.pad != 0 || sp.width >= 0 || sp.upper || sp.changeCase {
			// GNU copies the flags as written and rereads this '%' as
			// the start of the next conversion.
			sp.text = sp.text[:len(sp.text)-1]
			return sp.bad(out), -1
		}
		return sp.cpy(out, "%"), 0
	case 'n':
		return sp.cpy(out, "\n"), 0
	case 't':
		return sp.cpy(out, "\t"), 0
	case 'a', 'A', 'b', 'h', 'B', 'p', 'P', 'c', 'x', 'X', 'r':
		return tm.named(out, sp), 0
	case 'D', 'F', 'R', 'T':
		return tm.subformat(out, sp), 0
	case 'N':
		return tm.nanos(out, sp), 0
	case 's':
		return tm.seconds(out, sp), 0
	case 'Z':
		if sp.changeCase {
			sp.upper, sp.lower = false, true
		}
		return sp.cpy(out, tm.zone), 0
	case 'z':
		return tm.offset(out, sp, 0), 0
	case ':':
		colons := 1
		for colons < len(rest) && rest[colons] == ':' {
			colons++
		}
		if colons >= len(rest) || rest[colons] != 'z' {
			return sp.bad(out), 0
		}
		sp.text += rest[1 : colons+1]
		if colons > 3 {
			return sp.bad(out), colons
		}
		return tm.offset(out, sp, colons), colons
	}
	if out, ok := tm.numeric(out, sp); ok {
		return out, 0
	}
	return sp.bad(out), 0
}
