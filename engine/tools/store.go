package tools

import (
	"context"
	"fmt"
	"sync"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools/signals"
)

// store keeps the full output of a session's recent runs, in memory and
// outside the workspace (no command can reach it), bounded in count and
// bytes: the oldest runs go first.
type store struct {
	mu       sync.Mutex
	maxRuns  int
	maxBytes int64
	next     int
	runs     []*stored // oldest first
}

func newStore(maxRuns int, maxBytes int64) *store {
	return &store{maxRuns: maxRuns, maxBytes: maxBytes}
}

// stored is one run's output as the store keeps it, and its state.
type stored struct {
	id      string
	command string
	out     *streamCopy
	err     *streamCopy
	done    chan struct{} // closed when the run has ended
	// outSignals and errSignals watch the streams for failure lines;
	// found holds those the result's markers left out.
	outSignals, errSignals *signals.Detector
	found                  []signals.Signal
	foundMore              int64
	mu                     sync.Mutex
	result                 *runResult         // the outcome, once ended
	cancel                 context.CancelFunc // stops a background run
}

// buried gives the failure lines the marker o stands for, as text for the
// marker, and keeps them for the result (at most signals.MaxListed in
// all).
func (r *stored) buried(o engine.Omission) string {
	d := r.outSignals
	if o.Stream == "stderr" {
		d = r.errSignals
	}
	f := d.Result(o.First, o.First+o.Lines-1)
	r.mu.Lock()
	defer r.mu.Unlock()
	room := max(signals.MaxListed-len(r.found), 0)
	keep := f.Signals[:min(room, len(f.Signals))]
	r.found = append(r.found, keep...)
	r.foundMore += f.More + int64(len(f.Signals)-len(keep))
	return f.Text()
}

// signalsFound returns the failure lines the result's markers left out.
func (r *stored) signalsFound() ([]signals.Signal, int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.found, r.foundMore
}

// finish records the run's outcome.
func (r *stored) finish(out runResult) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.result == nil {
		r.result = &out
		close(r.done)
	}
}

// state returns the run's status and, once it has ended, its outcome.
func (r *stored) state() (string, *runResult) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.result == nil {
		return "running", nil
	}
	return r.result.Status, r.result
}

// streamCopy is one stream of a stored run: a capture, safe to read while
// the run writes it.
type streamCopy struct {
	mu sync.Mutex
	c  *engine.Capture
}

func (s *streamCopy) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Write(p)
}

// counts returns the bytes and lines written so far.
func (s *streamCopy) counts() (int64, int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Bytes(), s.c.Lines()
}

// text is what the copy kept, as one string (the marker-less head and
// tail of a very long stream).
func (s *streamCopy) text() string {
	head, tail, _ := s.split()
	return string(head) + string(tail)
}

// split returns what the copy kept (see [engine.Capture.Split]).
func (s *streamCopy) split() ([]byte, []byte, engine.Omission) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Split()
}

// add starts storing a run of command and returns it; each stream keeps
// up to perStream bytes (head and tail).
func (st *store) add(command string, perStream, shown int) *stored {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.next++
	r := &stored{
		id:      fmt.Sprintf("r%d", st.next),
		command: command,
		out:     &streamCopy{c: engine.NewCapture(perStream)},
		err:     &streamCopy{c: engine.NewCapture(perStream)},
		done:    make(chan struct{}),
	}
	r.outSignals = signals.NewDetector("stdout", int64(shown/2))
	r.errSignals = signals.NewDetector("stderr", int64(shown/2))
	st.runs = append(st.runs, r)
	if len(st.runs) > st.maxRuns {
		st.runs = st.runs[len(st.runs)-st.maxRuns:]
	}
	return r
}

// trim drops the oldest runs (never the latest) while the store holds
// more than its bytes.
func (st *store) trim() {
	st.mu.Lock()
	defer st.mu.Unlock()
	var total int64
	for _, r := range st.runs {
		total += r.held()
	}
	for len(st.runs) > 1 && total > st.maxBytes {
		total -= st.runs[0].held()
		st.runs = st.runs[1:]
	}
}

// held is the memory a stored run holds.
func (r *stored) held() int64 { return r.out.held() + r.err.held() }

func (s *streamCopy) held() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Held()
}

// get returns the stored run id ("" for the latest).
func (st *store) get(id string) (*stored, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.runs) == 0 {
		return nil, false
	}
	if id == "" {
		return st.runs[len(st.runs)-1], true
	}
	for _, r := range st.runs {
		if r.id == id {
			return r, true
		}
	}
	return nil, false
}

// ids lists the stored runs, oldest first, for messages.
func (st *store) ids() []string {
	st.mu.Lock()
	defer st.mu.Unlock()
	var ids []string
	for _, r := range st.runs {
		ids = append(ids, r.id)
	}
	return ids
}
