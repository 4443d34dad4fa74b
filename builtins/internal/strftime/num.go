package strftime

// The numeric conversions of strftime.go (gnulib's DO_NUMBER,
// DO_NUMBER_SPACEPAD, DO_SIGNED_NUMBER and DO_YEARISH).

import (
	"strconv"
	"strings"
)

// numKind says how a number is padded by default.
type numKind int

const (
	numZero  numKind = iota // zeros
	numSpace                // spaces (%e %k %l)
	numYear                 // zeros, and the pad of an enclosing %F
)

// numField is a numeric conversion's value.
type numField struct {
	digits int
	neg    bool
	mag    uint64
	kind   numKind
}

// numeric formats the numeric conversions; ok is false for a character
// that is not one.
func (tm *tmInfo) numeric(out []byte, sp *spec) ([]byte, bool) {
	c := sp.conv
	if !strings.ContainsRune("CdeHIklMmjqSuUVgGWwYy", rune(c)) {
		return out, false
	}
	switch {
	case sp.modifier == 'E' && (c == 'C' || c == 'Y'):
		// glibc's C locale has no era: glibc's plain number, as text.
		v := tm.year
		if c == 'C' {
			v = tm.numValue('C').signedValue()
		}
		return sp.cpy(out, strconv.Itoa(v)), true
	case sp.modifier == 'E' && c == 'y':
		return sp.cpy(out, tm.plainNumber(c)), true
	case sp.modifier == 'E' && !strings.ContainsRune("qu", rune(c)),
		sp.modifier == 'O' && c == 'Y':
		return sp.bad(out), true
	}
	nf := tm.numValue(c)
	if sp.modifier == 'O' && !nf.neg {
		return sp.cpy(out, tm.plainNumber(c)), true
	}
	return sp.emit(out, nf), true
}

// plainNumber is the conversion with no flags or width, as glibc prints
// it for the E and O modifiers.
func (tm *tmInfo) plainNumber(c byte) string {
	sp := spec{width: -1, conv: c}
	return string(sp.emit(nil, tm.numValue(c)))
}

// emit applies the pad rules of the number's kind and writes it.
func (sp *spec) emit(out []byte, nf numField) []byte {
	always := false
	switch nf.kind {
	case numSpace:
		if sp.pad == 0 {
			sp.pad = '_'
		}
	case numYear:
		if sp.pad == 0 {
			sp.pad = sp.yrSpec
		}
		limit := uint64(9999)
		if nf.digits == 2 {
			limit = 99
		}
		always = sp.pad == '+' && (nf.mag > limit || nf.digits < sp.width)
	}
	return sp.number(out, strconv.FormatUint(nf.mag, 10), nf.digits, nf.neg, always)
}

func (nf numField) signedValue() int {
	if nf.neg {
		return -int(nf.mag)
	}
	return int(nf.mag)
}

func signed(digits int, v int, kind numKind) numField {
	if v < 0 {
		return numField{digits, true, uint64(-v), kind}
	}
	return numField{digits, false, uint64(v), kind}
}

func (tm *tmInfo) hour12() int {
	switch h := tm.hour; {
	case h > 12:
		return h - 12
	case h == 0:
		return 12
	default:
		return h
	}
}

// numValue computes the value of a numeric conversion.
func (tm *tmInfo) numValue(c byte) numField {
	tmYear := tm.year - 1900
	switch c {
	case 'C':
		century := tmYear/100 + 19
		if tmYear%100 < 0 && century > 0 {
			century--
		}
		nf := signed(2, century, numYear)
		nf.neg = tmYear < -1900
		return nf
	case 'd':
		return signed(2, tm.mday, numZero)
	case 'e':
		return signed(2, tm.mday, numSpace)
	case 'H':
		return signed(2, tm.hour, numZero)
	case 'I':
		return signed(2, tm.hour12(), numZero)
	case 'k':
		return signed(2, tm.hour, numSpace)
	case 'l':
		return signed(2, tm.hour12(), numSpace)
	case 'j':
		return signed(3, tm.yday+1, numZero)
	case 'M':
		return signed(2, tm.min, numZero)
	case 'm':
		return signed(2, tm.mon+1, numZero)
	case 'q':
		return signed(1, (tm.mon*11)>>5+1, numZero)
	case 'S':
		return signed(2, tm.sec, numZero)
	case 'u':
		return signed(1, (tm.wday+6)%7+1, numZero)
	case 'U':
		return signed(2, (tm.yday-tm.wday+7)/7, numZero)
	case 'W':
		return signed(2, (tm.yday-(tm.wday+6)%7+7)/7, numZero)
	case 'w':
		return signed(1, tm.wday, numZero)
	case 'Y':
		return signed(4, tm.year, numYear)
	case 'y':
		yy := tmYear % 100
		if yy < 0 {
			if tmYear < -1900 {
				yy = -yy
			} else {
				yy += 100
			}
		}
		return signed(2, yy, numYear)
	}
	return tm.isoWeek(c)
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// isoWeekDays is the number of days from the first day of the first ISO
// week of the year to the year day yday with week day wday.
func isoWeekDays(yday, wday int) int {
	return yday - (yday-wday+4+378)%7 + 3
}

// isoWeek computes %V, %g and %G.
func (tm *tmInfo) isoWeek(c byte) numField {
	tmYear := tm.year - 1900
	year := tmYear + 1900%400 - 400
	if tmYear < 0 {
		year = tmYear + 1900%400
	}
	adjust := 0
	days := isoWeekDays(tm.yday, tm.wday)
	if days < 0 {
		adjust = -1
		days = isoWeekDays(tm.yday+365+boolToInt(isLeap(year-1)), tm.wday)
	} else if d := isoWeekDays(tm.yday-365-boolToInt(isLeap(year)), tm.wday); d >= 0 {
		adjust, days = 1, d
	}
	switch c {
	case 'g':
		yy := (tmYear%100 + adjust) % 100
		switch {
		case yy >= 0:
		case tmYear < -1900-adjust:
			yy = -yy
		default:
			yy += 100
		}
		return signed(2, yy, numYear)
	case 'G':
		return signed(4, tm.year+adjust, numYear)
	}
	return signed(2, days/7+1, numZero)
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
