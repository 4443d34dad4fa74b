package engine

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/shellfence/shellfence/vfs/budget"
)

// sink is where one output stream of a run goes, for the command-line and
// the argv form alike. It counts bytes and lines, keeps a bounded capture
// (the head and the tail, cut at line boundaries when the run ends), tees
// everything to the caller's writer, and refuses writes once the run is
// stopped or over. It is safe for concurrent writes (background jobs write
// alongside the foreground).
type sink struct {
	mu     sync.Mutex
	ctx    context.Context // writes are refused once it is done
	closed bool
	tee    io.Writer // the caller's writer, or nil
	budget *budget.Budget
	half   int
	head   []byte
	tail   []byte // what follows head; only its last half+1 bytes once long
	held   int64  // bytes of head and tail charged to the budget
	total  int64
	lines  int64 // newlines seen
	last   byte  // the last byte written
	sample []byte
}

// sniffSize is how much of the start of a stream decides whether it is
// binary (git and GNU grep look at about as much).
const sniffSize = 8000

func newSink(ctx context.Context, tee io.Writer, limit int, b *budget.Budget) *sink {
	return &sink{ctx: ctx, tee: tee, half: max(limit, 2) / 2, budget: b}
}

// Write implements io.Writer. Once the run is stopped or has returned it
// fails with io.ErrClosedPipe, which commands take as their reader having
// gone away.
func (s *sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.ctx.Err() != nil {
		return 0, io.ErrClosedPipe
	}
	return s.write(p)
}

func (s *sink) write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s.total += int64(len(p))
	s.lines += int64(bytes.Count(p, newline))
	s.last = p[len(p)-1]
	if len(s.sample) < sniffSize {
		s.sample = append(s.sample, p[:min(len(p), sniffSize-len(s.sample))]...)
	}
	s.capture(p)
	if s.tee != nil {
		return s.tee.Write(p)
	}
	return len(p), nil
}

var newline = []byte{'\n'}

// capture keeps p in the head, then in the tail, which is compacted to its
// last half+1 bytes when it grows past twice that (the extra byte tells
// whether the kept tail starts a line).
func (s *sink) capture(p []byte) {
	if room := s.half - len(s.head); room > 0 {
		k := min(room, len(p))
		s.head = append(s.head, p[:k]...)
		p = p[k:]
	}
	keep := s.half + 1
	switch {
	case len(p) == 0:
	case len(p) >= keep:
		s.tail = append(s.tail[:0], p[len(p)-keep:]...)
	case len(s.tail)+len(p) > 2*keep:
		n := copy(s.tail, s.tail[len(s.tail)-(keep-len(p)):])
		s.tail = append(s.tail[:n], p...)
	default:
		s.tail = append(s.tail, p...)
	}
	s.charge()
}

// charge keeps the budget's memory account in step with what is held.
func (s *sink) charge() {
	held := int64(cap(s.head) + cap(s.tail) + cap(s.sample))
	if d := held - s.held; d > 0 {
		s.budget.Charge(budget.Memory, d)
		s.held = held
	}
}

// note writes the engine's own message (a timeout, a budget) at the end
// of the stream, even once commands can no longer write.
func (s *sink) note(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write([]byte(msg))
}

// close refuses every later write and gives back the budget.
func (s *sink) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.budget.Release(budget.Memory, s.held)
	s.held = 0
}

// Omission describes what a capped stream left out between its head and
// its tail, for the marker line that takes its place.
type Omission struct {
	Stream string // "stdout" or "stderr"
	Bytes  int64
	Lines  int64 // lines left out whole
}

// DefaultMarker is the marker line put where output was left out.
func DefaultMarker(o Omission) string {
	if o.Lines == 0 {
		return fmt.Sprintf("[... %d bytes omitted ...]", o.Bytes)
	}
	return fmt.Sprintf("[... %d bytes, %d lines omitted ...]", o.Bytes, o.Lines)
}

// capture is what a stream kept, filled into a Result.
type captured struct {
	data    []byte
	omitted int64
	total   int64
	lines   int64
	binary  bool
}

// result returns the stream's capture: everything if it fits, else the
// head and the tail at line boundaries with a marker line between them.
func (s *sink) result(stream string, marker func(Omission) string) captured {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := captured{total: s.total, lines: s.lines, binary: isBinary(s.sample)}
	if s.total > 0 && s.last != '\n' {
		c.lines++
	}
	if s.total <= int64(2*s.half) {
		c.data = append(append([]byte(nil), s.head...), s.tail...)
		return c
	}
	head := cutHead(s.head)
	tail := cutTail(s.tail[len(s.tail)-s.half:], s.tail[len(s.tail)-s.half-1])
	c.omitted = s.total - int64(len(head)) - int64(len(tail))
	shown := countLines(head) + countLines(tail)
	o := Omission{Stream: stream, Bytes: c.omitted, Lines: max(c.lines-shown, 0)}
	if marker == nil {
		marker = DefaultMarker
	}
	c.data = joinCapture(head, marker(o), tail)
	return c
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
