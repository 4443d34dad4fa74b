package builtins

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// parseDate reads the date strings touch -d accepts here: "@SECONDS",
// ISO 8601 dates and times ("2024-01-02", "2024-01-02 03:04[:05[.frac]]",
// with "T" or a space, and an optional zone "Z", "UTC" or "+hh[:mm]"),
// and "now", "today", "yesterday", "tomorrow". Relative words count from
// base. GNU's full date grammar is not read yet.
func parseDate(s string, base time.Time, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "now", "today", "":
		return base, true
	case "yesterday":
		return base.AddDate(0, 0, -1), true
	case "tomorrow":
		return base.AddDate(0, 0, 1), true
	}
	if rest, ok := strings.CutPrefix(s, "@"); ok {
		return epochTime(rest)
	}
	return isoTime(s, loc)
}

func epochTime(s string) (time.Time, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	sec, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	ns := int64(0)
	if frac != "" {
		if !allDigits(frac) {
			return time.Time{}, false
		}
		frac = (frac + "000000000")[:9]
		ns, _ = strconv.ParseInt(frac, 10, 64)
		if strings.HasPrefix(whole, "-") {
			ns = -ns
		}
	}
	return time.Unix(sec, ns), true
}

var isoDate = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$`)

func isoTime(s string, loc *time.Location) (time.Time, bool) {
	m := isoDate.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false
	}
	if m[8] != "" {
		loc = zoneOf(m[8])
	}
	t, ok := validTime(atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4]), atoi(m[5]), atoi(m[6]), loc)
	if ok && m[7] != "" {
		ns, _ := strconv.Atoi((m[7] + "000000000")[:9])
		t = t.Add(time.Duration(ns))
	}
	return t, ok
}

func zoneOf(z string) *time.Location {
	switch z {
	case "Z", "UTC", "GMT":
		return time.UTC
	}
	sign := 1
	if z[0] == '-' {
		sign = -1
	}
	digits := strings.ReplaceAll(z[1:], ":", "")
	off := atoi(digits[:2]) * 3600
	if len(digits) > 2 {
		off += atoi(digits[2:]) * 60
	}
	return time.FixedZone("", sign*off)
}
