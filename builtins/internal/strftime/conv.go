package strftime

// The conversions of strftime.go: names and locale formats (which GNU
// takes from glibc's C locale), numbers, nanoseconds and zone offsets.

import (
	"fmt"
	"strconv"
)

var (
	weekdayNames = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	monthNames   = []string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"}
)

// named formats the conversions gnulib hands to the C library: names,
// AM/PM and the locale's date and time formats.
func (tm *tmInfo) named(out []byte, sp *spec) []byte {
	var s string
	switch sp.conv {
	case 'a', 'A':
		if sp.modifier != 0 {
			return sp.bad(out)
		}
		sp.upperWord()
		s = weekdayNames[tm.wday]
		if sp.conv == 'a' {
			s = s[:3]
		}
	case 'b', 'h', 'B':
		if sp.modifier == 'E' {
			return sp.bad(out)
		}
		sp.upperWord()
		s = monthNames[tm.mon]
		if sp.conv != 'B' {
			s = s[:3]
		}
	case 'p', 'P':
		if sp.conv == 'P' || sp.changeCase {
			sp.upper, sp.lower = false, true
		}
		s = tm.ampm()
	case 'c', 'x', 'X':
		if sp.modifier == 'O' {
			return sp.bad(out)
		}
		s = tm.cLocale(sp.conv)
	case 'r':
		s = tm.cLocale('r')
	}
	return sp.cpy(out, s)
}

func (tm *tmInfo) ampm() string {
	if tm.hour > 11 {
		return "PM"
	}
	return "AM"
}

// cLocale is glibc's C-locale output for %c, %x, %X and %r (glibc
// prints the year of %c with no leading zeros).
func (tm *tmInfo) cLocale(c byte) string {
	var f string
	switch c {
	case 'c':
		return string(tm.format(nil, "%a %b %e %H:%M:%S ", false, 0, -1)) + strconv.Itoa(tm.year)
	case 'x':
		f = "%m/%d/%y"
	case 'X':
		f = "%H:%M:%S"
	case 'r':
		f = "%I:%M:%S %p"
	}
	return string(tm.format(nil, f, false, 0, -1))
}

// subformat formats %D, %F, %R and %T through their expansions; the pad
// flag reaches the years inside and the width pads the whole.
func (tm *tmInfo) subformat(out []byte, sp *spec) []byte {
	subwidth := -1
	var f string
	switch sp.conv {
	case 'D':
		if sp.modifier != 0 {
			return sp.bad(out)
		}
		f = "%m/%d/%y"
	case 'F':
		if sp.modifier != 0 {
			return sp.bad(out)
		}
		if sp.pad == 0 && sp.width < 0 {
			sp.pad, subwidth = '+', 4
		} else {
			subwidth = max(sp.width-6, 0)
		}
		f = "%Y-%m-%d"
	case 'R':
		f = "%H:%M"
	case 'T':
		f = "%H:%M:%S"
	}
	s := tm.format(nil, f, sp.upper, sp.pad, subwidth)
	return widthAdd(out, sp.width, sp.pad, string(s))
}

// nanos formats %N: nanoseconds, cut to the width (default 9).
func (tm *tmInfo) nanos(out []byte, sp *spec) []byte {
	if sp.modifier == 'E' {
		return sp.bad(out)
	}
	n, ndigs := tm.ns, 9
	width := sp.width
	if sp.pad == '-' && width < 0 {
		// coreutils 9.1 prints all nine digits for %-N.
		return append(out, fmt.Sprintf("%09d", n)...)
	}
	if width <= 0 {
		width = 9
	}
	for width < ndigs || (ndigs > 1 && n%10 == 0) {
		ndigs--
		n /= 10
	}
	digits := strconv.Itoa(n)
	for len(digits) < ndigs {
		digits = "0" + digits
	}
	pad := sp.pad
	if pad == 0 {
		pad = '0'
	}
	out = append(out, digits...)
	return widthAdd(out, width-ndigs, pad, "")
}

// seconds formats %s, the seconds since the epoch.
func (tm *tmInfo) seconds(out []byte, sp *spec) []byte {
	v := tm.unix
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	return sp.number(out, strconv.FormatUint(u, 10), 1, neg, false)
}

// offset formats %z (colons 0), %:z, %::z and %:::z.
func (tm *tmInfo) offset(out []byte, sp *spec, colons int) []byte {
	diff := tm.gmtoff
	neg := diff < 0
	if neg {
		diff = -diff
	}
	h, m, s := diff/3600, diff/60%60, diff%60
	switch {
	case colons == 0:
		return sp.number(out, withColons(h*100+m, 0), 5, neg, true)
	case colons == 1 || colons == 3 && s == 0 && m != 0:
		return sp.number(out, withColons(h*100+m, 0o4), 6, neg, true)
	case colons == 2 || colons == 3 && s != 0:
		return sp.number(out, withColons(h*10000+m*100+s, 0o24), 9, neg, true)
	}
	return sp.number(out, withColons(h, 0), 3, neg, true)
}

// withColons writes v in decimal, with a colon before the i'th digit from
// the right for every bit i of mask (gnulib's tz_colon_mask).
func withColons(v, mask int) string {
	var b []byte
	for {
		if mask&1 != 0 {
			b = append(b, ':')
		}
		mask >>= 1
		b = append(b, byte('0'+v%10))
		v /= 10
		if v == 0 && mask == 0 {
			break
		}
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// number pads the digits of a number with its sign (gnulib's
// do_number_sign_and_padding).
func (sp *spec) number(out []byte, num string, digits int, neg, alwaysSign bool) []byte {
	if sp.pad == 0 {
		sp.pad = '0'
	}
	width := sp.width
	if width < 0 {
		width = digits
	}
	var sign byte
	switch {
	case neg:
		sign = '-'
	case alwaysSign:
		sign = '+'
	}
	if sign != 0 {
		shortage := width - 1 - len(num)
		if sp.pad == '_' && shortage > 0 {
			out = append(out, spaces(shortage)...)
			width -= shortage
		}
		out = append(out, sign)
		width--
	}
	return widthAdd(out, width, sp.pad, num)
}

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}
