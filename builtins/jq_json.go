package builtins

// The JSON reader of jq: a stream of top-level values decoded one at a
// time from a reader, into the values gojq takes (map[string]any, []any,
// string, float64, int, *big.Int, bool, nil). It records the key order
// of every object (jqOrder), counts lines for jq's "(at <stdin>:N)", and
// reports malformed input with jq's parser messages and positions
// ("Unfinished JSON term at EOF at line 2, column 0").

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jqMaxDepth is jq's nesting limit for parsing.
const jqMaxDepth = 10000

// jsonReader decodes a stream of JSON values.
type jsonReader struct {
	r        io.Reader
	buf      []byte
	pos, end int
	eof      bool
	rerr     error
	base     int64 // absolute offset of buf[0]
	lines    int   // newlines before buf[linesAt]
	linesAt  int
	lastNL   int64 // absolute offset of the last counted newline (-1: none)
	ord      *jqOrder
	depth    int
	held     int64 // bytes of the current value, for the budget
	valStart int64
}

// jsonSyntaxError is malformed input, with jq's message.
type jsonSyntaxError struct{ msg string }

func (e *jsonSyntaxError) Error() string { return e.msg }

func newJSONReader(r io.Reader, ord *jqOrder) *jsonReader {
	return &jsonReader{r: r, buf: make([]byte, 0, 256<<10), lastNL: -1, ord: ord}
}

// fill reads more input; it reports false at the end of the input.
func (d *jsonReader) fill() bool {
	if d.eof {
		return false
	}
	d.countLines()
	if d.pos > 0 {
		n := copy(d.buf[:cap(d.buf)], d.buf[d.pos:d.end])
		d.base += int64(d.pos)
		d.end, d.pos, d.linesAt = n, 0, 0
	}
	if d.end == cap(d.buf) {
		nb := make([]byte, d.end, 2*cap(d.buf))
		copy(nb, d.buf[:d.end])
		d.buf = nb
	}
	for {
		n, err := d.r.Read(d.buf[d.end:cap(d.buf)])
		d.end += n
		d.buf = d.buf[:d.end]
		if err != nil {
			d.eof = true
			if err != io.EOF {
				d.rerr = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// countLines counts the newlines consumed so far.
func (d *jsonReader) countLines() {
	seg := d.buf[d.linesAt:d.pos]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		d.lines += n
		d.lastNL = d.base + int64(d.linesAt+bytes.LastIndexByte(seg, '\n'))
	}
	d.linesAt = d.pos
}

// jqPiece is the size of the pieces jq 1.7.1 feeds its parser (fgets
// into a 4096-byte buffer): its line count includes the newline that
// ends the piece holding the last byte it has parsed.
const jqPiece = 4095

// line returns jq's line count: the newlines consumed, plus one when the
// piece jq would have read to get there ends with a newline.
func (d *jsonReader) line() int {
	d.countLines()
	n := d.lines
	abs := d.base + int64(d.pos)
	if abs == 0 {
		return n
	}
	lineStart := d.lastNL + 1
	pieceEnd := lineStart + ((abs-1-lineStart)/jqPiece+1)*jqPiece
	for d.base+int64(d.end) < pieceEnd && d.fill() {
	}
	lim := min(int64(d.end), pieceEnd-d.base)
	if i := bytes.IndexByte(d.buf[d.pos:lim], '\n'); i >= 0 {
		n++
	}
	return n
}

// fail returns jq's parse error at the current position.
func (d *jsonReader) fail(msg string) error {
	d.countLines()
	col := d.base + int64(d.pos) - d.lastNL - 1
	return &jsonSyntaxError{fmt.Sprintf("%s at line %d, column %d", msg, d.lines+1, col)}
}

// failEOF is a parse error at the end of the input.
func (d *jsonReader) failEOF(msg string) error {
	if d.rerr != nil {
		return d.rerr
	}
	return d.fail(msg + " at EOF")
}

// peek returns the next byte without consuming it; ok is false at EOF.
func (d *jsonReader) peek() (byte, bool) {
	if d.pos >= d.end && !d.fill() {
		return 0, false
	}
	return d.buf[d.pos], true
}

// skipSpace consumes whitespace and returns the next byte.
func (d *jsonReader) skipSpace() (byte, bool) {
	for {
		for d.pos < d.end {
			switch c := d.buf[d.pos]; c {
			case ' ', '\t', '\n', '\r':
				d.pos++
			default:
				return c, true
			}
		}
		if !d.fill() {
			return 0, false
		}
	}
}

// Next returns the next top-level value, or io.EOF.
func (d *jsonReader) Next() (any, error) {
	c, ok := d.skipSpace()
	if !ok {
		if d.rerr != nil {
			return nil, d.rerr
		}
		return nil, io.EOF
	}
	d.valStart = d.base + int64(d.pos)
	v, err := d.value(c)
	if err != nil {
		return nil, err
	}
	d.held = d.base + int64(d.pos) - d.valStart
	return v, nil
}

// value decodes the value starting with c.
func (d *jsonReader) value(c byte) (any, error) {
	switch c {
	case '{':
		return d.object()
	case '[':
		return d.array()
	case '"':
		d.pos++
		return d.str()
	case ']', '}':
		d.pos++
		return nil, d.fail(fmt.Sprintf("Unmatched '%c'", c))
	case ',':
		d.pos++
		return nil, d.fail("Expected value before ','")
	case ':':
		d.pos++
		return nil, d.fail("':' not as part of an object")
	}
	return d.literal()
}

// enter and leave track the nesting depth.
func (d *jsonReader) enter() error {
	d.depth++
	if d.depth > jqMaxDepth {
		return d.fail("Exceeds depth limit for parsing")
	}
	return nil
}

func (d *jsonReader) array() (any, error) {
	d.pos++
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	arr := []any{}
	c, ok := d.skipSpace()
	if !ok {
		return nil, d.failEOF("Unfinished JSON term")
	}
	if c == ']' {
		d.pos++
		return arr, nil
	}
	for {
		if c == ']' {
			d.pos++
			return nil, d.fail("Expected another array element")
		}
		v, err := d.value(c)
		if err != nil {
			return nil, err
		}
		arr = append(arr, v)
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
		switch c {
		case ']':
			d.pos++
			return arr, nil
		case ',':
			d.pos++
		case '}':
			d.pos++
			return nil, d.fail("Unmatched '}'")
		default:
			return nil, d.badSeparator(c)
		}
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
	}
}

// badSeparator reports a value where a separator belongs, at the end of
// that value's first token, as jq does.
func (d *jsonReader) badSeparator(c byte) error {
	switch c {
	case '"':
		d.pos++
		if _, err := d.str(); err != nil {
			return err
		}
	case '{', '[', ':':
		d.pos++
	default:
		if _, err := d.token(); err != nil {
			return err
		}
		if _, ok := d.peek(); ok {
			d.pos++
		}
	}
	return d.fail("Expected separator between values")
}

func (d *jsonReader) object() (any, error) {
	d.pos++
	if err := d.enter(); err != nil {
		return nil, err
	}
	defer func() { d.depth-- }()
	obj := map[string]any{}
	var keys []string
	c, ok := d.skipSpace()
	if !ok {
		return nil, d.failEOF("Unfinished JSON term")
	}
	if c == '}' {
		d.pos++
		return obj, nil
	}
	for {
		k, err := d.key(c)
		if err != nil {
			return nil, err
		}
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
		if c != ':' {
			if c == '}' || c == ',' {
				d.pos++
				return nil, d.fail("Objects must consist of key:value pairs")
			}
			return nil, d.badSeparator(c)
		}
		d.pos++
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
		if c == '}' || c == ',' {
			d.pos++
			return nil, d.fail("Objects must consist of key:value pairs")
		}
		v, err := d.value(c)
		if err != nil {
			return nil, err
		}
		if _, dup := obj[k]; !dup {
			keys = append(keys, k)
		}
		obj[k] = v
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
		switch c {
		case '}':
			d.pos++
			d.ord.record(obj, keys)
			return obj, nil
		case ',':
			d.pos++
		case ']':
			d.pos++
			return nil, d.fail("Unmatched ']'")
		default:
			return nil, d.badSeparator(c)
		}
		if c, ok = d.skipSpace(); !ok {
			return nil, d.failEOF("Unfinished JSON term")
		}
		if c == '}' {
			d.pos++
			return nil, d.fail("Expected another key-value pair")
		}
	}
}

// key reads an object key starting with c.
func (d *jsonReader) key(c byte) (string, error) {
	if c == '"' {
		d.pos++
		return d.str()
	}
	if c == '{' || c == '[' {
		if _, err := d.value(c); err != nil {
			return "", err
		}
		if _, ok := d.peek(); ok {
			d.pos++
		}
		return "", d.fail("Object keys must be strings")
	}
	if _, err := d.value(c); err != nil {
		return "", err
	}
	if _, ok := d.peek(); ok {
		d.pos++
	}
	return "", d.fail("Object keys must be strings")
}

// token reads the bytes of a bare literal (a number, true, false, null).
func (d *jsonReader) token() ([]byte, error) {
	var tok []byte
	for {
		start := d.pos
		for d.pos < d.end && !jsonDelim(d.buf[d.pos]) {
			d.pos++
		}
		tok = append(tok, d.buf[start:d.pos]...)
		if d.pos < d.end || !d.fill() {
			return tok, nil
		}
	}
}

// jsonDelim reports the bytes that end a bare literal.
func jsonDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '[', ']', '{', '}', ',', ':', '"':
		return true
	}
	return false
}

// literal decodes true, false, null or a number.
func (d *jsonReader) literal() (any, error) {
	tok, err := d.token()
	if err != nil {
		return nil, err
	}
	_, more := d.peek()
	fail := func(msg string) error {
		if !more {
			return d.failEOF(msg)
		}
		d.pos++ // jq reports a literal at the byte that ends it
		return d.fail(msg)
	}
	switch string(tok) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	}
	switch tok[0] {
	case 't', 'f', 'n':
		return nil, fail("Invalid literal")
	}
	v, ok := jsonNumber(tok)
	if !ok {
		return nil, fail("Invalid numeric literal")
	}
	return v, nil
}

// jsonNumber converts a number literal: an integer to int (or *big.Int
// beyond int64), anything else to float64.
func jsonNumber(tok []byte) (any, bool) {
	integer := true
	for i, c := range tok {
		switch {
		case c >= '0' && c <= '9':
		case c == '-' && i == 0:
		case c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-':
			integer = false
		default:
			return nil, false
		}
	}
	s := string(tok)
	if integer && len(tok) > 0 && tok[len(tok)-1] != '-' && s != "-0" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return int(n), true
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b, true
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return f, true // ±1.7976931348623157e+308 or 0, as jq
		}
		return nil, false
	}
	return f, true
}

// str decodes a string after its opening quote.
func (d *jsonReader) str() (string, error) {
	start := d.pos
	for d.pos < d.end {
		c := d.buf[d.pos]
		if c == '"' {
			s := d.buf[start:d.pos]
			d.pos++
			if utf8.Valid(s) {
				return string(s), nil
			}
			return string(bytes.ToValidUTF8(s, []byte("\uFFFD"))), nil
		}
		if c == '\\' {
			break
		}
		d.pos++
	}
	d.pos = start
	return d.slowStr()
}

// slowStr decodes a string with escapes or across buffer refills.
func (d *jsonReader) slowStr() (string, error) {
	var out []byte
	var bad string
	for {
		if d.pos >= d.end && !d.fill() {
			return "", d.failEOF("Unfinished string")
		}
		c := d.buf[d.pos]
		d.pos++
		switch c {
		case '"':
			if bad != "" {
				return "", d.fail(bad)
			}
			if !utf8.Valid(out) {
				out = bytes.ToValidUTF8(out, []byte("\uFFFD"))
			}
			return string(out), nil
		case '\\':
			var msg string
			out, msg = d.escape(out)
			if bad == "" {
				bad = msg
			}
		default:
			out = append(out, c)
		}
	}
}

// escape decodes the escape after a backslash; msg is jq's complaint
// about a bad one (reported at the string's end).
func (d *jsonReader) escape(out []byte) ([]byte, string) {
	if d.pos >= d.end && !d.fill() {
		return out, ""
	}
	c := d.buf[d.pos]
	d.pos++
	switch c {
	case '"', '\\', '/':
		return append(out, c), ""
	case 'b':
		return append(out, '\b'), ""
	case 'f':
		return append(out, '\f'), ""
	case 'n':
		return append(out, '\n'), ""
	case 'r':
		return append(out, '\r'), ""
	case 't':
		return append(out, '\t'), ""
	case 'u':
		return d.unicodeEscape(out)
	}
	return out, "Invalid escape"
}

// hex4 reads four hex digits.
func (d *jsonReader) hex4() (rune, bool) {
	var r rune
	for i := 0; i < 4; i++ {
		if d.pos >= d.end && !d.fill() {
			return 0, false
		}
		c := d.buf[d.pos]
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		d.pos++
		r = r<<4 | rune(v)
	}
	return r, true
}

func (d *jsonReader) unicodeEscape(out []byte) ([]byte, string) {
	r, ok := d.hex4()
	if !ok {
		return out, "Invalid escape"
	}
	if utf16.IsSurrogate(r) {
		if r >= 0xdc00 {
			return utf8.AppendRune(out, utf8.RuneError), ""
		}
		if !d.startsWith(`\u`) {
			return out, "Invalid \\uXXXX\\uXXXX surrogate pair escape"
		}
		d.pos += 2
		r2, ok := d.hex4()
		if !ok || r2 < 0xdc00 || r2 > 0xdfff {
			return out, "Invalid \\uXXXX\\uXXXX surrogate pair escape"
		}
		r = utf16.DecodeRune(r, r2)
	}
	return utf8.AppendRune(out, r), ""
}

// startsWith reports whether the unread input starts with s.
func (d *jsonReader) startsWith(s string) bool {
	for d.end-d.pos < len(s) {
		if !d.fill() {
			return false
		}
	}
	return string(d.buf[d.pos:d.pos+len(s)]) == s
}
