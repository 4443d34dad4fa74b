package engine

import (
	"context"
	"io"
	"sync"

	"github.com/shellfence/shellfence/vfs/budget"
)

// sink is where one output stream of a run goes, for the command-line and
// the argv form alike. It counts and captures what is written (a
// [Capture]), tees everything to the caller's writer, and refuses writes
// once the run is stopped or over. It is safe for concurrent writes
// (background jobs write alongside the foreground).
type sink struct {
	mu     sync.Mutex
	ctx    context.Context // writes are refused once it is done
	closed bool
	tee    io.Writer // the caller's writer, or nil
	budget *budget.Budget
	held   int64 // bytes of the capture charged to the budget
	c      Capture
}

func newSink(ctx context.Context, tee io.Writer, limit int, b *budget.Budget) *sink {
	s := &sink{ctx: ctx, tee: tee, budget: b}
	s.c.half = max(limit, 2) / 2
	return s
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
	s.c.Write(p)
	if held := s.c.Held(); held > s.held {
		s.budget.Charge(budget.Memory, held-s.held)
		s.held = held
	}
	if s.tee != nil {
		return s.tee.Write(p)
	}
	return len(p), nil
}

// note writes the engine's own message (a timeout, a budget) at the end
// of the stream, even once commands can no longer write.
func (s *sink) note(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write([]byte(msg))
}

// result is the capture's [Capture.Result] for the stream.
func (s *sink) result(stream string, marker func(Omission) string) Captured {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Result(stream, marker)
}

// close refuses every later write and gives back the budget.
func (s *sink) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.budget.Release(budget.Memory, s.held)
	s.held = 0
}
