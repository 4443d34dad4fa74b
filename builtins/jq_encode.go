package builtins

// The JSON writer of jq: jq's layout (indent 2, --indent N, --tab, -c),
// its string escapes (-a for ASCII only), its number format (shortest
// round-trip digits, exponent beyond 17 significant places or below
// 1e-4: 1e+17, 1e-05) and its colours (-C), with keys in the order
// jqOrder gives.

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jq's default colours (JQ_COLORS order: null, false, true, numbers,
// strings, arrays, objects, object keys).
const (
	jqColNull   = "\x1b[1;30m"
	jqColFalse  = "\x1b[0;39m"
	jqColTrue   = "\x1b[0;39m"
	jqColNum    = "\x1b[0;39m"
	jqColStr    = "\x1b[0;32m"
	jqColArr    = "\x1b[1;39m"
	jqColObj    = "\x1b[1;39m"
	jqColField  = "\x1b[34;1m"
	jqColReset  = "\x1b[0m"
	jqHexDigits = "0123456789abcdef"
)

// jqEncoder formats values.
type jqEncoder struct {
	indent   int  // spaces per level; 0: compact
	tab      bool // a tab per level
	ascii    bool
	color    bool
	sortKeys bool
	ord      *jqOrder
}

// pretty reports whether output spans lines.
func (e *jqEncoder) pretty() bool { return e.tab || e.indent > 0 }

// encode appends v to b.
func (e *jqEncoder) encode(b []byte, v any, level int) []byte {
	switch v := v.(type) {
	case nil:
		return e.scalar(b, jqColNull, "null")
	case bool:
		if v {
			return e.scalar(b, jqColTrue, "true")
		}
		return e.scalar(b, jqColFalse, "false")
	case string:
		if e.color {
			b = append(b, jqColStr...)
		}
		b = jqString(b, v, e.ascii)
		if e.color {
			b = append(b, jqColReset...)
		}
		return b
	case []any:
		return e.array(b, v, level)
	case map[string]any:
		return e.object(b, v, level)
	}
	if e.color {
		b = append(b, jqColNum...)
	}
	b = jqNumber(b, v)
	if e.color {
		b = append(b, jqColReset...)
	}
	return b
}

func (e *jqEncoder) scalar(b []byte, col, s string) []byte {
	if e.color {
		b = append(b, col...)
		b = append(b, s...)
		return append(b, jqColReset...)
	}
	return append(b, s...)
}

// newline starts a new line at level when the output is pretty.
func (e *jqEncoder) newline(b []byte, level int) []byte {
	if !e.pretty() {
		return b
	}
	b = append(b, '\n')
	if e.tab {
		for i := 0; i < level; i++ {
			b = append(b, '\t')
		}
		return b
	}
	for i := 0; i < level*e.indent; i++ {
		b = append(b, ' ')
	}
	return b
}

func (e *jqEncoder) array(b []byte, v []any, level int) []byte {
	if e.color {
		b = append(b, jqColArr...)
	}
	if len(v) == 0 {
		b = append(b, "[]"...)
	} else {
		b = append(b, '[')
		for i, x := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.newline(b, level+1)
			b = e.encode(b, x, level+1)
			if e.color {
				b = append(b, jqColArr...)
			}
		}
		b = e.newline(b, level)
		if e.color {
			b = append(b, jqColArr...)
		}
		b = append(b, ']')
	}
	if e.color {
		b = append(b, jqColReset...)
	}
	return b
}

func (e *jqEncoder) object(b []byte, v map[string]any, level int) []byte {
	if e.color {
		b = append(b, jqColObj...)
	}
	if len(v) == 0 {
		b = append(b, "{}"...)
	} else {
		b = append(b, '{')
		b = e.newline(b, level+1)
		for i, k := range e.ord.keys(v, e.sortKeys) {
			if i > 0 {
				b = append(b, ',')
				b = e.newline(b, level+1)
			}
			b = e.field(b, k, v[k], level)
		}
		b = e.newline(b, level)
		if e.color {
			b = append(b, jqColObj...)
		}
		b = append(b, '}')
	}
	if e.color {
		b = append(b, jqColReset...)
	}
	return b
}

// field appends one "key": value of an object at level.
func (e *jqEncoder) field(b []byte, k string, x any, level int) []byte {
	if e.color {
		b = append(b, jqColReset...)
		b = append(b, jqColField...)
	}
	b = jqString(b, k, e.ascii)
	if e.color {
		b = append(b, jqColReset...)
		b = append(b, jqColObj...)
	}
	b = append(b, ':')
	if e.pretty() {
		b = append(b, ' ')
	}
	if e.color {
		b = append(b, jqColReset...)
	}
	b = e.encode(b, x, level+1)
	if e.color {
		b = append(b, jqColObj...)
	}
	return b
}

// jqString appends s as a JSON string with jq's escapes.
func jqString(b []byte, s string, ascii bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f && (c < 0x80 || !ascii) {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		if c >= 0x80 {
			r, size := utf8.DecodeRuneInString(s[i:])
			b = jqUnicodeEscape(b, r)
			i += size
			start = i
			continue
		}
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\t':
			b = append(b, '\\', 't')
		case '\r':
			b = append(b, '\\', 'r')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', jqHexDigits[c>>4], jqHexDigits[c&15])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jqUnicodeEscape appends r as \uXXXX (a surrogate pair beyond the BMP).
func jqUnicodeEscape(b []byte, r rune) []byte {
	if r > 0xffff {
		r1, r2 := utf16.EncodeRune(r)
		return jqUnicodeEscape(jqUnicodeEscape(b, r1), r2)
	}
	return append(b, '\\', 'u', jqHexDigits[r>>12&15], jqHexDigits[r>>8&15], jqHexDigits[r>>4&15], jqHexDigits[r&15])
}

// jqNumber appends a number as jq prints it.
func jqNumber(b []byte, v any) []byte {
	switch v := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(v), 10)
	case *big.Int:
		return v.Append(b, 10)
	case float64:
		return jqFloat(b, v)
	case json.Number:
		if n, ok := jsonNumber([]byte(v)); ok {
			return jqNumber(b, n)
		}
	}
	return append(b, "null"...)
}

// jqFloat formats f as jq's dtoa does: the shortest digits that read
// back as f, in exponent form when the decimal point would fall more
// than 15 places beyond the digits or before 1e-4.
func jqFloat(b []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, "null"...)
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e17 {
		if f == 0 && math.Signbit(f) {
			return append(b, "-0"...)
		}
		return strconv.AppendInt(b, int64(f), 10)
	}
	var tmp [32]byte
	e := strconv.AppendFloat(tmp[:0], f, 'e', -1, 64)
	if e[0] == '-' {
		b = append(b, '-')
		e = e[1:]
	}
	mant, exp := e, 0
	for i, c := range e {
		if c == 'e' {
			mant = e[:i]
			exp, _ = strconv.Atoi(string(e[i+1:]))
			break
		}
	}
	digits := make([]byte, 0, 17)
	for _, c := range mant {
		if c != '.' {
			digits = append(digits, c)
		}
	}
	decpt := exp + 1
	if decpt <= -4 || decpt > len(digits)+15 {
		b = append(b, digits[0])
		if len(digits) > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if exp < 0 {
			b = append(b, '-')
			exp = -exp
		} else {
			b = append(b, '+')
		}
		if exp < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(exp), 10)
	}
	switch {
	case decpt <= 0:
		b = append(b, '0', '.')
		for i := decpt; i < 0; i++ {
			b = append(b, '0')
		}
		return append(b, digits...)
	case decpt >= len(digits):
		b = append(b, digits...)
		for i := len(digits); i < decpt; i++ {
			b = append(b, '0')
		}
		return b
	}
	b = append(b, digits[:decpt]...)
	b = append(b, '.')
	return append(b, digits[decpt:]...)
}
