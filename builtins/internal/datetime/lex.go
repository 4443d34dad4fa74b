package datetime

// The lexer of GNU date strings (see datetime.go): numbers with their sign
// and digit count, decimal seconds, and words looked up in gnulib's tables.

import (
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

type dtKind int

const (
	dtEOF dtKind = iota
	dtChar
	dtUnum
	dtSnum
	dtUdec
	dtSdec
	dtAgo
	dtDST
	dtYearUnit
	dtMonthUnit
	dtDayUnit
	dtHourUnit
	dtMinuteUnit
	dtSecUnit
	dtDayShift
	dtDay
	dtDayZone
	dtLocalZone
	dtMeridian
	dtMonth
	dtOrdinal
	dtZone
	dtT
)

// dtToken is one token: a character (val), a number (val, digits, neg),
// a decimal number (val seconds, ns) or a word (val from its table).
type dtToken struct {
	kind   dtKind
	val    int64
	ns     int64
	digits int
	neg    bool
}

func (t dtToken) num() dtNum { return dtNum{value: t.val, digits: t.digits, neg: t.neg} }

func (t dtToken) isUnit() bool { return t.kind >= dtYearUnit && t.kind <= dtSecUnit }

type dtWord struct {
	name string
	kind dtKind
	val  int64
}

const hour = 3600

var dtMeridians = []dtWord{{"AM", dtMeridian, merAM}, {"A.M.", dtMeridian, merAM},
	{"PM", dtMeridian, merPM}, {"P.M.", dtMeridian, merPM}}

var dtMonthsDays = []dtWord{
	{"JANUARY", dtMonth, 1}, {"FEBRUARY", dtMonth, 2}, {"MARCH", dtMonth, 3},
	{"APRIL", dtMonth, 4}, {"MAY", dtMonth, 5}, {"JUNE", dtMonth, 6},
	{"JULY", dtMonth, 7}, {"AUGUST", dtMonth, 8}, {"SEPTEMBER", dtMonth, 9},
	{"SEPT", dtMonth, 9}, {"OCTOBER", dtMonth, 10}, {"NOVEMBER", dtMonth, 11},
	{"DECEMBER", dtMonth, 12}, {"SUNDAY", dtDay, 0}, {"MONDAY", dtDay, 1},
	{"TUESDAY", dtDay, 2}, {"TUES", dtDay, 2}, {"WEDNESDAY", dtDay, 3},
	{"WEDNES", dtDay, 3}, {"THURSDAY", dtDay, 4}, {"THUR", dtDay, 4},
	{"THURS", dtDay, 4}, {"FRIDAY", dtDay, 5}, {"SATURDAY", dtDay, 6},
}

var dtUnits = []dtWord{
	{"YEAR", dtYearUnit, 1}, {"MONTH", dtMonthUnit, 1}, {"FORTNIGHT", dtDayUnit, 14},
	{"WEEK", dtDayUnit, 7}, {"DAY", dtDayUnit, 1}, {"HOUR", dtHourUnit, 1},
	{"MINUTE", dtMinuteUnit, 1}, {"MIN", dtMinuteUnit, 1}, {"SECOND", dtSecUnit, 1},
	{"SEC", dtSecUnit, 1},
}

var dtRelWords = []dtWord{
	{"TOMORROW", dtDayShift, 1}, {"YESTERDAY", dtDayShift, -1}, {"TODAY", dtDayShift, 0},
	{"NOW", dtDayShift, 0}, {"LAST", dtOrdinal, -1}, {"THIS", dtOrdinal, 0},
	{"NEXT", dtOrdinal, 1}, {"FIRST", dtOrdinal, 1}, {"THIRD", dtOrdinal, 3},
	{"FOURTH", dtOrdinal, 4}, {"FIFTH", dtOrdinal, 5}, {"SIXTH", dtOrdinal, 6},
	{"SEVENTH", dtOrdinal, 7}, {"EIGHTH", dtOrdinal, 8}, {"NINTH", dtOrdinal, 9},
	{"TENTH", dtOrdinal, 10}, {"ELEVENTH", dtOrdinal, 11}, {"TWELFTH", dtOrdinal, 12},
	{"AGO", dtAgo, -1}, {"HENCE", dtAgo, 1},
}

var dtUniversalZones = []dtWord{{"GMT", dtZone, 0}, {"UT", dtZone, 0}, {"UTC", dtZone, 0}}

var dtZones = []dtWord{
	{"WET", dtZone, 0}, {"WEST", dtDayZone, 0}, {"BST", dtDayZone, 0},
	{"ART", dtZone, -3 * hour}, {"BRT", dtZone, -3 * hour}, {"BRST", dtDayZone, -3 * hour},
	{"NST", dtZone, -(3*hour + 1800)}, {"NDT", dtDayZone, -(3*hour + 1800)},
	{"AST", dtZone, -4 * hour}, {"ADT", dtDayZone, -4 * hour}, {"CLT", dtZone, -4 * hour},
	{"CLST", dtDayZone, -4 * hour}, {"EST", dtZone, -5 * hour}, {"EDT", dtDayZone, -5 * hour},
	{"CST", dtZone, -6 * hour}, {"CDT", dtDayZone, -6 * hour}, {"MST", dtZone, -7 * hour},
	{"MDT", dtDayZone, -7 * hour}, {"PST", dtZone, -8 * hour}, {"PDT", dtDayZone, -8 * hour},
	{"AKST", dtZone, -9 * hour}, {"AKDT", dtDayZone, -9 * hour}, {"HST", dtZone, -10 * hour},
	{"HAST", dtZone, -10 * hour}, {"HADT", dtDayZone, -10 * hour}, {"SST", dtZone, -12 * hour},
	{"WAT", dtZone, hour}, {"CET", dtZone, hour}, {"CEST", dtDayZone, hour},
	{"MET", dtZone, hour}, {"MEZ", dtZone, hour}, {"MEST", dtDayZone, hour},
	{"MESZ", dtDayZone, hour}, {"EET", dtZone, 2 * hour}, {"EEST", dtDayZone, 2 * hour},
	{"CAT", dtZone, 2 * hour}, {"SAST", dtZone, 2 * hour}, {"EAT", dtZone, 3 * hour},
	{"MSK", dtZone, 3 * hour}, {"MSD", dtDayZone, 3 * hour}, {"IST", dtZone, 5*hour + 1800},
	{"SGT", dtZone, 8 * hour}, {"KST", dtZone, 9 * hour}, {"JST", dtZone, 9 * hour},
	{"GST", dtZone, 10 * hour}, {"NZST", dtZone, 12 * hour}, {"NZDT", dtDayZone, 12 * hour},
}

// dtMilitary maps the one-letter military zones; J is not a zone in
// coreutils 9.1 and T is the ISO 8601 separator (or UTC-7).
func dtMilitary(c byte) (dtWord, bool) {
	switch {
	case c == 'T':
		return dtWord{"T", dtT, 0}, true
	case c == 'Z':
		return dtWord{"Z", dtZone, 0}, true
	case c >= 'A' && c <= 'I':
		return dtWord{"", dtZone, int64(c-'A'+1) * hour}, true
	case c >= 'K' && c <= 'M':
		return dtWord{"", dtZone, int64(c-'K'+10) * hour}, true
	case c >= 'N' && c <= 'Y':
		return dtWord{"", dtZone, -int64(c-'N'+1) * hour}, true
	}
	return dtWord{}, false
}

func findWord(table []dtWord, w string) (dtWord, bool) {
	for _, e := range table {
		if e.name == w {
			return e, true
		}
	}
	return dtWord{}, false
}

func lookupZone(w string, local []dtWord) (dtWord, bool) {
	for _, t := range [][]dtWord{dtUniversalZones, local, dtZones} {
		if e, ok := findWord(t, w); ok {
			return e, true
		}
	}
	return dtWord{}, false
}

// lookupWord is gnulib's lookup_word: w is already upper case.
func lookupWord(w string, local []dtWord) (dtWord, bool) {
	if e, ok := findWord(dtMeridians, w); ok {
		return e, true
	}
	abbrev := len(w) == 3 || (len(w) == 4 && w[3] == '.')
	for _, e := range dtMonthsDays {
		if (abbrev && strings.HasPrefix(e.name, w[:3])) || e.name == w {
			return e, true
		}
	}
	if e, ok := lookupZone(w, local); ok {
		return e, true
	}
	if w == "DST" {
		return dtWord{w, dtDST, 0}, true
	}
	if e, ok := findWord(dtUnits, w); ok {
		return e, true
	}
	if strings.HasSuffix(w, "S") {
		if e, ok := findWord(dtUnits, w[:len(w)-1]); ok {
			return e, true
		}
	}
	if e, ok := findWord(dtRelWords, w); ok {
		return e, true
	}
	if len(w) == 1 {
		return dtMilitary(w[0])
	}
	if strings.Contains(w, ".") {
		return lookupZone(strings.ReplaceAll(w, ".", ""), local)
	}
	return dtWord{}, false
}

// lexDatetime splits s into tokens; an unknown word or an overflowing
// number becomes the character token '?', which no rule accepts.
func lexDatetime(s string, local []dtWord) []dtToken {
	var toks []dtToken
	for i := 0; ; {
		for i < len(s) && ctype.IsSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return toks
		}
		var t dtToken
		c := s[i]
		switch {
		case ctype.IsDigit(c) || c == '-' || c == '+':
			var ok bool
			if t, i, ok = lexNumber(s, i); !ok {
				continue
			}
		case ctype.IsAlpha(c):
			t, i = lexWord(s, i, local)
		case c == '(':
			if i = skipComment(s, i); i < 0 {
				return toks
			}
			continue
		default:
			t, i = dtToken{kind: dtChar, val: int64(c)}, i+1
		}
		toks = append(toks, t)
	}
}

func question() dtToken { return dtToken{kind: dtChar, val: '?'} }

// lexNumber reads a number at s[i]; ok is false for a lone sign, which
// GNU skips.
func lexNumber(s string, i int) (dtToken, int, bool) {
	sign := int64(0)
	if s[i] == '-' || s[i] == '+' {
		sign = 1
		if s[i] == '-' {
			sign = -1
		}
		i++
		for i < len(s) && ctype.IsSpace(s[i]) {
			i++
		}
		if i >= len(s) || !ctype.IsDigit(s[i]) {
			return dtToken{}, i, false
		}
	}
	start := i
	var v int64
	for i < len(s) && ctype.IsDigit(s[i]) {
		d := int64(s[i] - '0')
		if v > (1<<63-1-9)/10 {
			return question(), len(s), true
		}
		v = v*10 + d
		i++
	}
	if sign < 0 {
		v = -v
	}
	if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && ctype.IsDigit(s[i+1]) {
		t, j := lexFraction(s, i+1, v, sign)
		return t, j, true
	}
	t := dtToken{kind: dtUnum, val: v, digits: i - start, neg: sign < 0}
	if sign != 0 {
		t.kind = dtSnum
	}
	return t, i, true
}

// lexFraction reads the digits after a decimal point, to nanoseconds.
func lexFraction(s string, i int, sec, sign int64) (dtToken, int) {
	var ns int64
	for d := 0; d < 9; d++ {
		ns *= 10
		if i < len(s) && ctype.IsDigit(s[i]) {
			ns += int64(s[i] - '0')
			i++
		}
	}
	if sign < 0 {
		for ; i < len(s) && ctype.IsDigit(s[i]); i++ {
			if s[i] != '0' {
				ns++
				break
			}
		}
	}
	for i < len(s) && ctype.IsDigit(s[i]) {
		i++
	}
	if sign < 0 && ns != 0 {
		sec--
		ns = 1e9 - ns
	}
	kind := dtUdec
	if sign != 0 {
		kind = dtSdec
	}
	return dtToken{kind: kind, val: sec, ns: ns}, i
}

func lexWord(s string, i int, local []dtWord) (dtToken, int) {
	start := i
	for i < len(s) && (ctype.IsAlpha(s[i]) || s[i] == '.') {
		i++
	}
	w := strings.ToUpper(s[start:i])
	if len(w) > 19 {
		w = w[:19]
	}
	e, ok := lookupWord(w, local)
	if !ok {
		return question(), i
	}
	return dtToken{kind: e.kind, val: e.val}, i
}

// skipComment skips a parenthesised comment (which may nest); it returns
// -1 at the end of the string.
func skipComment(s string, i int) int {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 {
			return i + 1
		}
	}
	return -1
}
