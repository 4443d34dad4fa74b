package engine

import (
	"io"
	"sync"
)

// stream is where one output stream of a run goes: the caller's writer, or
// a bounded capture that keeps the head and the tail. It is safe for
// concurrent writes (background jobs write alongside the foreground).
type stream struct {
	mu    sync.Mutex
	w     io.Writer // caller's writer, or nil to capture
	head  []byte
	tail  []byte // ring buffer once full
	tpos  int    // next write position in tail when full
	tfull bool
	half  int
	total int64
}

func newStream(w io.Writer, max int) *stream {
	if max < 2 {
		max = 2
	}
	return &stream{w: w, half: max / 2}
}

func (s *stream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total += int64(len(p))
	if s.w != nil {
		return s.w.Write(p)
	}
	n := len(p)
	if room := s.half - len(s.head); room > 0 {
		k := min(room, len(p))
		s.head = append(s.head, p[:k]...)
		p = p[k:]
	}
	s.keepTail(p)
	return n, nil
}

// keepTail appends p to the tail ring, which holds the last s.half bytes.
func (s *stream) keepTail(p []byte) {
	if len(p) >= s.half {
		s.tail = append(s.tail[:0], p[len(p)-s.half:]...)
		s.tpos, s.tfull = 0, true
		return
	}
	if !s.tfull {
		if len(s.tail)+len(p) <= s.half {
			s.tail = append(s.tail, p...)
			return
		}
		k := s.half - len(s.tail)
		s.tail = append(s.tail, p[:k]...)
		p = p[k:]
		s.tfull, s.tpos = true, 0
	}
	for len(p) > 0 {
		k := copy(s.tail[s.tpos:], p)
		p = p[k:]
		s.tpos = (s.tpos + k) % s.half
	}
}

// fill stores the captured output into a result's fields.
func (s *stream) fill(data *[]byte, omitted, total *int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	*total = s.total
	if s.w != nil {
		return
	}
	out := append([]byte(nil), s.head...)
	if s.tfull {
		out = append(out, s.tail[s.tpos:]...)
		out = append(out, s.tail[:s.tpos]...)
	} else {
		out = append(out, s.tail...)
	}
	*data = out
	*omitted = s.total - int64(len(out))
}
