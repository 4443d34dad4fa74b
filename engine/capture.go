package engine

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Capture keeps a bounded copy of a stream: about half of its limit from
// the head and half from the tail, and counts every byte and line. Its
// [Capture.Result] cuts the head and the tail at line boundaries (never
// inside a UTF-8 sequence) and puts a marker line between them. The zero
// Capture keeps 1 MiB; it is not safe for concurrent use.
type Capture struct {
	half   int
	head   [][]byte // the first half bytes, in chunks that are never copied
	headN  int      // bytes in head
	tail   []byte   // what follows head; only its last half+1 bytes once long
	total  int64
	lines  int64 // newlines seen
	last   byte  // the last byte written
	sample []byte
}

// NewCapture returns a capture keeping about limit bytes.
func NewCapture(limit int) *Capture { return &Capture{half: max(limit, 2) / 2} }

// sniffSize is how much of the start of a stream decides whether it is
// binary (git and GNU grep look at about as much).
const sniffSize = 8000

var newline = []byte{'\n'}

// Write implements io.Writer; it never fails.
func (c *Capture) Write(p []byte) (int, error) {
	if c.half == 0 {
		c.half = 1 << 19
	}
	if len(p) == 0 {
		return 0, nil
	}
	c.total += int64(len(p))
	c.lines += int64(bytes.Count(p, newline))
	c.last = p[len(p)-1]
	if len(c.sample) < sniffSize {
		c.sample = append(c.sample, p[:min(len(p), sniffSize-len(c.sample))]...)
	}
	c.keep(p)
	return len(p), nil
}

// Head chunks double from the first to the last size: small outputs stay
// small, and long ones are never copied as they grow.
const (
	firstChunk = 512
	lastChunk  = 64 << 10
)

// keep puts p in the head, then in the tail, which is compacted to its
// last half+1 bytes when it grows past twice that (the extra byte tells
// whether the kept tail starts a line).
func (c *Capture) keep(p []byte) {
	for len(p) > 0 && c.headN < c.half {
		n := len(c.head)
		if n == 0 || len(c.head[n-1]) == cap(c.head[n-1]) {
			size := firstChunk
			if n > 0 {
				size = min(2*cap(c.head[n-1]), lastChunk)
			}
			c.head = append(c.head, make([]byte, 0, min(size, c.half-c.headN)))
			n++
		}
		last := c.head[n-1]
		k := min(cap(last)-len(last), len(p))
		c.head[n-1] = append(last, p[:k]...)
		c.headN += k
		p = p[k:]
	}
	keep := c.half + 1
	switch {
	case len(p) == 0:
	case len(p) >= keep:
		c.tail = append(c.tail[:0], p[len(p)-keep:]...)
	case len(c.tail)+len(p) > 2*keep:
		n := copy(c.tail, c.tail[len(c.tail)-(keep-len(p)):])
		c.tail = append(c.tail[:n], p...)
	default:
		c.tail = append(c.tail, p...)
	}
}

// Held is the memory the capture holds.
func (c *Capture) Held() int64 {
	n := cap(c.tail) + cap(c.sample)
	for _, b := range c.head {
		n += cap(b)
	}
	return int64(n)
}

// headBytes returns a copy of the head, with room for extra more bytes.
func (c *Capture) headBytes(extra int) []byte {
	if c.headN+extra == 0 {
		return nil
	}
	out := make([]byte, 0, c.headN+extra)
	for _, b := range c.head {
		out = append(out, b...)
	}
	return out
}

// Bytes returns how many bytes were written, Lines how many lines (a last
// line without a newline counts).
func (c *Capture) Bytes() int64 { return c.total }

// Lines returns how many lines were written (see [Capture.Bytes]).
func (c *Capture) Lines() int64 {
	if c.total > 0 && c.last != '\n' {
		return c.lines + 1
	}
	return c.lines
}

// Binary reports output that is not text: a NUL byte, or bytes that are
// not UTF-8, near its start.
func (c *Capture) Binary() bool { return isBinary(c.sample) }

// Omission describes what a capped stream left out between its head and
// its tail, for the marker line that takes its place.
type Omission struct {
	Stream string // "stdout" or "stderr"
	Bytes  int64
	Lines  int64 // lines left out whole
	First  int64 // the number of the first of them (1-based)
}

// DefaultMarker is the marker line put where output was left out.
func DefaultMarker(o Omission) string {
	if o.Lines == 0 {
		return fmt.Sprintf("[... %d bytes omitted ...]", o.Bytes)
	}
	return fmt.Sprintf("[... %d bytes, %d lines omitted ...]", o.Bytes, o.Lines)
}

// Captured is what a [Capture] kept.
type Captured struct {
	Data    []byte // head, marker line and tail; or everything
	Omitted int64  // bytes left out
	Total   int64  // bytes written
	Lines   int64  // lines written
	Binary  bool
}

// Result returns the capture: everything if it fits, else the head and
// the tail at line boundaries with the marker line (marker's, or
// [DefaultMarker]'s) between them. stream names it for the marker.
func (c *Capture) Result(stream string, marker func(Omission) string) Captured {
	r := Captured{Total: c.total, Lines: c.Lines(), Binary: c.Binary()}
	head, tail, o := c.Split()
	if tail == nil {
		r.Data = head
		return r
	}
	o.Stream, r.Omitted = stream, o.Bytes
	if marker == nil {
		marker = DefaultMarker
	}
	r.Data = joinCapture(head, marker(o), tail)
	return r
}

// Split returns what the capture kept: everything as head (tail nil)
// when it fits, else the head and the tail cut at line boundaries and
// what was left out between them.
func (c *Capture) Split() (head, tail []byte, left Omission) {
	if c.total <= int64(2*c.half) {
		return append(c.headBytes(len(c.tail)), c.tail...), nil, Omission{}
	}
	head = cutHead(c.headBytes(0))
	tail = cutTail(c.tail[len(c.tail)-c.half:], c.tail[len(c.tail)-c.half-1])
	left.Bytes = c.total - int64(len(head)) - int64(len(tail))
	left.Lines = max(c.Lines()-countLines(head)-countLines(tail), 0)
	left.First = countLines(head) + 1
	return head, append([]byte(nil), tail...), left
}

// joinCapture puts the marker on a line of its own between head and tail.
func joinCapture(head []byte, marker string, tail []byte) []byte {
	out := make([]byte, 0, len(head)+len(marker)+len(tail)+2)
	out = append(out, head...)
	if len(head) > 0 && head[len(head)-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, marker...)
	out = append(out, '\n')
	return append(out, tail...)
}

// cutHead keeps the whole lines of head, or, when its first line is longer
// than head, as much of it as ends on a whole UTF-8 sequence.
func cutHead(head []byte) []byte {
	if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
		return head[:i+1]
	}
	return trimPartialRune(head)
}

// trimPartialRune drops an incomplete UTF-8 sequence at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// cutTail keeps the tail from its first whole line on (prev is the byte
// before it), or, when its last line is longer than tail, from its first
// whole UTF-8 sequence.
func cutTail(tail []byte, prev byte) []byte {
	if prev == '\n' {
		return tail
	}
	if i := bytes.IndexByte(tail, '\n'); i >= 0 && i+1 < len(tail) {
		return tail[i+1:]
	}
	for i := 0; i < len(tail) && i < utf8.UTFMax; i++ {
		if utf8.RuneStart(tail[i]) {
			return tail[i:]
		}
	}
	return tail
}

// countLines counts the lines of b, a last one without a newline included.
func countLines(b []byte) int64 {
	n := int64(bytes.Count(b, newline))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// isBinary tells binary output from text as git does: a NUL byte in the
// first few thousand bytes, or bytes that are not UTF-8.
func isBinary(sample []byte) bool {
	if bytes.IndexByte(sample, 0) >= 0 {
		return true
	}
	return !utf8.Valid(trimPartialRune(sample))
}
