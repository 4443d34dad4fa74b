package patch

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// Stamp values: what a header's timestamp says about the file.
const (
	stampUnknown = -1 // no timestamp, or one that does not parse
	stampEpoch   = 0  // the Unix epoch: the file does not exist
	stampSome    = 1
)

// isBlank is C's isblank; isSpaceC is C's isspace.
func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// fetchname parses the file name at the start of at (the rest of a
// header line, newline included) as GNU patch does. A name may hold
// spaces only when a tab separates it from the timestamp. It returns ok
// false for "/dev/null", for a name without enough slashes to strip, and
// for an empty name; stamp says what the timestamp says (epoch for
// /dev/null).
func fetchname(at []byte, strip int, withStamp bool, loc *time.Location) (name string, ok bool, timestr string, stamp int) {
	stamp = stampUnknown
	i := 0
	for i < len(at) && isSpace(at[i]) {
		i++
	}
	at = at[i:]
	var t int
	if len(at) > 0 && at[0] == '"' {
		n, end, good := parseCString(at)
		if !good {
			return "", false, "", stamp
		}
		name, t = n, end
	} else {
		t = nameEnd(at, withStamp)
		name = string(at[:t])
	}
	if name == "/dev/null" {
		return "", false, "", stampEpoch
	}
	name, ok = stripLeading(name, strip)
	if !ok {
		return "", false, "", stamp
	}
	rest := at[t:]
	ts := bytes.TrimSuffix(bytes.TrimSuffix(rest, []byte{'\n'}), []byte{'\r'})
	timestr = string(ts)
	if len(rest) > 0 && rest[0] != '\n' {
		if !withStamp {
			return "", false, "", stamp
		}
		stamp = parseStamp(strings.TrimSpace(timestr), loc)
	}
	return name, true, timestr, stamp
}

// nameEnd finds where an unquoted name ends: at white space, unless a
// tab follows later on the line (or, without a timestamp, the line goes
// on), which makes the space part of the name.
func nameEnd(at []byte, withStamp bool) int {
	sep := byte('\n')
	if withStamp {
		sep = '\t'
	}
	for t := 0; t < len(at); t++ {
		if !isSpace(at[t]) {
			continue
		}
		u := t
		for u < len(at) && at[u] != '\t' && u+1 < len(at) && isSpace(at[u+1]) {
			u++
		}
		if u < len(at) && at[u] != '\t' && bytes.IndexByte(at[min(u+1, len(at)):], sep) >= 0 {
			continue
		}
		return t
	}
	return len(at)
}

// parseStamp says whether a header timestamp is the epoch.
func parseStamp(s string, loc *time.Location) int {
	if s == "" {
		return stampUnknown
	}
	layouts := []string{"2006-01-02 15:04:05.999999999 -0700", "2006-01-02 15:04:05 -0700",
		"2006-01-02 15:04:05.999999999", "2006-01-02 15:04:05", "Mon Jan _2 15:04:05 2006",
		"Mon Jan _2 15:04:05.999999999 2006"}
	for _, l := range layouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			if t.Unix() == 0 {
				return stampEpoch
			}
			return stampSome
		}
	}
	return stampUnknown
}

// stripLeading removes strip leading components of name (all but the
// last when strip is negative). It fails when name has too few.
func stripLeading(name string, strip int) (string, bool) {
	s, n := strip, 0
	for p := 0; p < len(name); p++ {
		if name[p] != '/' {
			continue
		}
		for p+1 < len(name) && name[p+1] == '/' {
			p++
		}
		if strip < 0 {
			n = p + 1
		} else if s--; s >= 0 {
			n = p + 1
		}
	}
	if (strip < 0 || s <= 0) && n < len(name) {
		return name[n:], true
	}
	return "", false
}

// parseName parses one name of a "diff --git" line: quoted, or up to
// white space.
func parseName(s []byte, strip int) (string, []byte, bool) {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	var name string
	var rest []byte
	if len(s) > 0 && s[0] == '"' {
		n, end, ok := parseCString(s)
		if !ok {
			return "", s, false
		}
		name, rest = n, s[end:]
	} else {
		t := 0
		for t < len(s) && !isSpace(s[t]) {
			t++
		}
		name, rest = string(s[:t]), s[t:]
	}
	name, ok := stripLeading(name, strip)
	return name, rest, ok
}

// parseCString decodes a C-quoted name at the start of s and returns it
// and the index just past the closing quote.
func parseCString(s []byte) (string, int, bool) {
	var b []byte
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return string(b), i + 1, true
		case c == '\n':
			return "", 0, false
		case c != '\\':
			b = append(b, c)
			continue
		}
		i++
		if i >= len(s) {
			return "", 0, false
		}
		switch e := s[i]; e {
		case 'a':
			b = append(b, '\a')
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'v':
			b = append(b, '\v')
		case '\\', '"':
			b = append(b, e)
		case '0', '1', '2', '3':
			if i+2 >= len(s) {
				return "", 0, false
			}
			v, err := strconv.ParseUint(string(s[i:i+3]), 8, 8)
			if err != nil {
				return "", 0, false
			}
			b = append(b, byte(v))
			i += 2
		default:
			return "", 0, false
		}
	}
	return "", 0, false
}

// nameIsSafe is GNU's filename_is_safe: not absolute, no ".." component.
func nameIsSafe(name string) bool {
	if strings.HasPrefix(name, "/") {
		return false
	}
	for _, c := range strings.Split(name, "/") {
		if c == ".." {
			return false
		}
	}
	return true
}

// components counts the directory components of name's prefix.
func components(name string) int {
	n := 0
	for i := 1; i < len(name); i++ {
		if name[i] == '/' && name[i-1] != '/' {
			n++
		}
	}
	return n
}

func lastComponent(name string) string {
	name = strings.TrimRight(name, "/")
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}
