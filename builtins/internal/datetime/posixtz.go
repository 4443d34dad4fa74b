package datetime

// posixtz.go reads TZ values that name no zone file, as glibc does:
// POSIX TZ strings such as UTC+3, <+03>-3, JST-9 or
// CET-1CEST,M3.5.0,M10.5.0/3, and plain names such as Nowhere (UTC under
// that name).

import (
	be "encoding/binary"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// LoadZone returns the zone a TZ value names: UTC when it is empty, a zone
// file's zone when there is one, else the zone of a POSIX TZ string.
func LoadZone(tz string) (*time.Location, error) {
	tz = strings.TrimPrefix(tz, ":")
	if tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC, nil
	}
	if loc, err := time.LoadLocation(tz); err == nil {
		return loc, nil
	}
	return posixZone(tz), nil
}

var posixZones sync.Map // TZ string -> *time.Location

// posixZone returns the zone of a POSIX TZ string.
func posixZone(tz string) *time.Location {
	if loc, ok := posixZones.Load(tz); ok {
		return loc.(*time.Location)
	}
	loc := buildPosixZone(tz)
	posixZones.Store(tz, loc)
	return loc
}

func buildPosixZone(tz string) *time.Location {
	name, rest := posixTZName(tz)
	if len(name) < 3 {
		return time.FixedZone("", 0)
	}
	off, rest, ok := posixTZOffset(rest)
	if !ok {
		return time.FixedZone(name, 0)
	}
	if rest == "" {
		return time.FixedZone(name, off)
	}
	// A zone with daylight saving time: Go reads the rule from the footer
	// of a TZif file, so build one with no transitions.
	if loc, err := time.LoadLocationFromTZData(tz, tzifWithRule(name, off, tz)); err == nil {
		return loc
	}
	return time.FixedZone(name, off)
}

// posixTZName reads <...> or letters.
func posixTZName(s string) (string, string) {
	if strings.HasPrefix(s, "<") {
		if i := strings.IndexByte(s, '>'); i > 0 {
			return s[1:i], s[i+1:]
		}
		return "", s
	}
	i := 0
	for i < len(s) && ctype.IsAlpha(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

// posixTZOffset reads [+-]hh[:mm[:ss]], hours west of UTC, and returns
// seconds east.
func posixTZOffset(s string) (int, string, bool) {
	sign := -1
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = 1
		}
		s = s[1:]
	}
	total := 0
	for part := 0; part < 3; part++ {
		if part > 0 {
			if !strings.HasPrefix(s, ":") {
				break
			}
			s = s[1:]
		}
		n := 0
		for n < len(s) && n < 2 && ctype.IsDigit(s[n]) {
			n++
		}
		if n == 0 {
			return 0, s, false
		}
		v, _ := strconv.Atoi(s[:n]) // one or two digits
		s = s[n:]
		total += v * []int{3600, 60, 1}[part]
	}
	if total > 24*3600 {
		return 0, s, false
	}
	return sign * total, s, true
}

// tzifWithRule builds a version 2 TZif file with one local time type (the
// standard time) and the POSIX rule as its footer.
func tzifWithRule(name string, off int, rule string) []byte {
	block := func() []byte {
		var b []byte
		b = append(b, "TZif2"...)
		b = append(b, make([]byte, 15)...)
		for _, n := range []uint32{0, 0, 0, 0, 1, uint32(len(name) + 1)} {
			b = be.BigEndian.AppendUint32(b, n)
		}
		b = be.BigEndian.AppendUint32(b, uint32(int32(off)))
		b = append(b, 0, 0)
		b = append(b, name...)
		return append(b, 0)
	}
	data := append(block(), block()...)
	return append(data, "\n"+rule+"\n"...)
}
