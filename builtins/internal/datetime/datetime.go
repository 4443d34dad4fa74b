// Package datetime parses GNU date strings, the free-form dates of date -d and
// touch -d (gnulib's parse_datetime): ISO 8601 dates and times
// (2024-02-29T12:00:00Z), "YYYY-MM-DD HH:MM[:SS[.NNN]]", @EPOCH, month
// and day names (Feb 29 2024, Thu), 12-hour clocks (3pm), time zones (UTC,
// Z, EST, +0200, UTC+2), now, today, yesterday, tomorrow, relative items
// (+1 day, 2 hours ago, next monday, last week, 1 fortnight hence), plain
// numbers (20240229, 1200) and a leading TZ="Zone". The grammar and the
// arithmetic follow gnulib's parse-datetime.y: each kind of item may appear
// once, calendar fields must be valid after normalisation, relative days
// and months move the calendar date while hours, minutes and seconds move
// the clock.
//
// Differences from GNU: the local zone abbreviations honoured are those of
// the zone in effect (as in GNU); a wall-clock time that is ambiguous at a
// DST change resolves to the earlier instant, where glibc's mktime may pick
// either.
//
// It also reads TZ values as glibc does ([LoadZone]): zone files, and
// POSIX TZ strings for the rest.
package datetime

import (
	"strings"
	"time"
)

// Parse parses the date string s, reading incomplete and relative
// dates against now in zone loc. It reports false for a string GNU would
// call an invalid date.
func Parse(s string, now time.Time, loc *time.Location) (time.Time, bool) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	if rest, tz, ok := leadingTZ(s); ok {
		l, err := LoadZone(tz)
		if err != nil {
			return time.Time{}, false
		}
		s, loc = strings.TrimLeft(rest, " \t\n\v\f\r"), l
	}
	if s == "" {
		s = "0"
	}
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	p := newDtParser(s, now.In(loc), loc)
	if !p.parse() {
		return time.Time{}, false
	}
	return p.result(loc)
}

// leadingTZ splits off a leading TZ="..." (with \\ and \" escapes).
func leadingTZ(s string) (rest, tz string, ok bool) {
	if !strings.HasPrefix(s, `TZ="`) {
		return s, "", false
	}
	var b strings.Builder
	for i := 4; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			i++
			if i >= len(s) || (s[i] != '\\' && s[i] != '"') {
				return s, "", false
			}
			b.WriteByte(s[i])
		case '"':
			return s[i+1:], b.String(), true
		default:
			b.WriteByte(c)
		}
	}
	return s, "", false
}

// dtRel is a relative time: calendar parts and clock parts.
type dtRel struct {
	year, month, day, hour, minutes, seconds int64
	ns                                       int64
}

func (r *dtRel) add(o dtRel, factor int64) {
	r.year += factor * o.year
	r.month += factor * o.month
	r.day += factor * o.day
	r.hour += factor * o.hour
	r.minutes += factor * o.minutes
	r.seconds += factor * o.seconds
	r.ns += factor * o.ns
}

const (
	merAM = iota
	merPM
	mer24
)

// dtParser holds what the items of a date string have set.
type dtParser struct {
	toks []dtToken
	i    int

	year                   dtNum
	month, day             int64
	hour, minutes, seconds int64
	ns                     int64
	meridian               int
	rel                    dtRel
	dayOrdinal             int64
	dayNumber              int64
	localIsDST             int64
	timeZone               int64 // seconds east of UTC
	nowIsDST               bool

	timespecSeen, relsSeen                                              bool
	datesSeen, daysSeen, localZonesSeen, dstsSeen, timesSeen, zonesSeen int
}

// dtNum is a number as written: its value and how many digits it had.
type dtNum struct {
	value  int64
	digits int
	neg    bool
}

func newDtParser(s string, now time.Time, loc *time.Location) *dtParser {
	p := &dtParser{
		year:     dtNum{value: int64(now.Year())},
		month:    int64(now.Month()),
		day:      int64(now.Day()),
		hour:     int64(now.Hour()),
		minutes:  int64(now.Minute()),
		seconds:  int64(now.Second()),
		ns:       int64(now.Nanosecond()),
		meridian: mer24,
		nowIsDST: now.IsDST(),
	}
	p.toks = lexDatetime(s, localZones(now, loc))
	return p
}

// localZones returns the abbreviations of loc now and, if it differs in
// DST, in one of the next three quarters, as gnulib probes them.
func localZones(now time.Time, loc *time.Location) []dtWord {
	name, _ := now.In(loc).Zone()
	isdst := now.In(loc).IsDST()
	zones := []dtWord{{name, dtLocalZone, boolInt(isdst)}}
	for q := 1; q <= 3; q++ {
		t := now.Add(time.Duration(q) * 90 * 24 * time.Hour).In(loc)
		if t.IsDST() != isdst {
			n, _ := t.Zone()
			zones = append(zones, dtWord{n, dtLocalZone, boolInt(t.IsDST())})
			break
		}
	}
	if len(zones) == 2 && zones[0].name == zones[1].name {
		zones = []dtWord{{name, dtLocalZone, -1}}
	}
	return zones
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *dtParser) peek(k int) dtToken {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return dtToken{kind: dtEOF}
}

func (p *dtParser) next() dtToken {
	t := p.peek(0)
	if p.i < len(p.toks) {
		p.i++
	}
	return t
}

// accept consumes the next token if it is of kind k (and, for a
// character token, is c).
func (p *dtParser) accept(k dtKind, c byte) (dtToken, bool) {
	t := p.peek(0)
	if t.kind != k || (k == dtChar && t.val != int64(c)) {
		return t, false
	}
	p.i++
	return t, true
}

// parse runs the grammar: '@' seconds, or a sequence of items.
func (p *dtParser) parse() bool {
	if _, ok := p.accept(dtChar, '@'); ok {
		t := p.next()
		switch t.kind {
		case dtUnum, dtSnum:
			p.seconds, p.ns = t.val, 0
		case dtUdec, dtSdec:
			p.seconds, p.ns = t.val, t.ns
		default:
			return false
		}
		p.timespecSeen = true
		return p.peek(0).kind == dtEOF
	}
	for p.peek(0).kind != dtEOF {
		if !p.item() {
			return false
		}
	}
	return true
}

// result turns the parsed items into a time, as parse_datetime_body does.
func (p *dtParser) result(loc *time.Location) (time.Time, bool) {
	if p.timespecSeen {
		return time.Unix(p.seconds, p.ns), true
	}
	if p.timesSeen > 1 || p.datesSeen > 1 || p.daysSeen > 1 || p.dstsSeen > 1 ||
		p.localZonesSeen+p.zonesSeen > 1 {
		return time.Time{}, false
	}
	if p.zonesSeen > 0 {
		loc = time.FixedZone("", int(p.timeZone))
	}
	year := p.year.value
	if year >= 0 && p.year.digits == 2 {
		if year < 69 {
			year += 2000
		} else {
			year += 1900
		}
	}
	tm := Tm{Year: year, Mon: p.month, Mday: p.day}
	ns := p.ns
	if p.timesSeen > 0 || (p.relsSeen && p.datesSeen == 0 && p.daysSeen == 0) {
		tm.Hour = toHour(p.hour, p.meridian)
		if tm.Hour < 0 {
			return time.Time{}, false
		}
		tm.Min, tm.Sec = p.minutes, p.seconds
	} else {
		ns = 0
	}
	isdst := int64(boolInt(p.nowIsDST))
	if p.datesSeen+p.daysSeen+p.timesSeen > 0 {
		isdst = -1
	}
	if p.localZonesSeen > 0 {
		isdst = p.localIsDST
	}
	t, ok := tm.Mktime(isdst, loc)
	if !ok || !tm.SameAs(t) {
		return time.Time{}, false
	}
	if p.daysSeen > 0 && p.datesSeen == 0 {
		ord := p.dayOrdinal
		if ord > 0 && int64(t.Weekday()) != p.dayNumber {
			ord--
		}
		incr := ord*7 + (p.dayNumber-int64(t.Weekday())+7)%7
		next := Tm{int64(t.Year()), int64(t.Month()), int64(t.Day()) + incr,
			int64(t.Hour()), int64(t.Minute()), int64(t.Second())}
		if t, ok = next.Mktime(-1, loc); !ok {
			return time.Time{}, false
		}
	}
	if p.rel.year != 0 || p.rel.month != 0 || p.rel.day != 0 {
		moved := Tm{int64(t.Year()) + p.rel.year, int64(t.Month()) + p.rel.month,
			int64(t.Day()) + p.rel.day, tm.Hour, tm.Min, tm.Sec}
		if t, ok = moved.Mktime(isdst, loc); !ok {
			return time.Time{}, false
		}
	}
	sumNS := ns + p.rel.ns
	normNS := (sumNS%1e9 + 1e9) % 1e9
	secs := t.Unix() + p.rel.hour*3600 + p.rel.minutes*60 + p.rel.seconds + (sumNS-normNS)/1e9
	return time.Unix(secs, normNS), true
}

func toHour(h int64, meridian int) int64 {
	switch {
	case meridian == mer24 && h >= 0 && h < 24:
		return h
	case meridian != mer24 && h > 0 && h < 12:
		return h + 12*int64(meridian)
	case meridian != mer24 && h == 12:
		return 12 * int64(meridian)
	}
	return -1
}

// Tm is a broken-down time as C's struct tm holds it (month 1-12),
// possibly out of range before normalisation.
type Tm struct {
	Year, Mon, Mday, Hour, Min, Sec int64
}

// Mktime is C's mktime_z: it normalises tm in loc. With isdst 0 or 1 and
// a wall time whose DST flag differs, glibc reads the wall time with the
// offset of the requested kind, which shifts the result by the DST
// difference; isdst -1 lets the zone decide.
func (tm Tm) Mktime(isdst int64, loc *time.Location) (time.Time, bool) {
	const lim = 1 << 31
	for _, v := range []int64{tm.Year, tm.Mon, tm.Mday, tm.Hour, tm.Min, tm.Sec} {
		if v >= lim || v <= -lim {
			return time.Time{}, false
		}
	}
	t := time.Date(int(tm.Year), time.Month(tm.Mon), int(tm.Mday), int(tm.Hour),
		int(tm.Min), int(tm.Sec), 0, loc)
	if isdst < 0 || t.IsDST() == (isdst > 0) {
		return t, true
	}
	_, have := t.Zone()
	for _, months := range []int{-6, 6, -3, 3, -9, 9, -1, 1} {
		probe := t.AddDate(0, months, 0)
		if probe.IsDST() == (isdst > 0) {
			_, want := probe.Zone()
			return t.Add(time.Duration(have-want) * time.Second), true
		}
	}
	return t, true
}

// SameAs reports whether normalising tm left its fields alone (gnulib's
// mktime_ok): 2024-02-30 or a time skipped by a DST change is invalid.
func (tm Tm) SameAs(t time.Time) bool {
	return int64(t.Year()) == tm.Year && int64(t.Month()) == tm.Mon && int64(t.Day()) == tm.Mday &&
		int64(t.Hour()) == tm.Hour && int64(t.Minute()) == tm.Min && int64(t.Second()) == tm.Sec
}
