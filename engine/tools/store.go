package tools

import (
	"fmt"
	"sync"

	"github.com/shellfence/shellfence/engine"
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

// stored is one run's output as the store keeps it.
type stored struct {
	id      string
	command string
	out     *streamCopy
	err     *streamCopy
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

// split returns what the copy kept (see [engine.Capture.Split]).
func (s *streamCopy) split() ([]byte, []byte, engine.Omission) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Split()
}

// add starts storing a run of command and returns it; each stream keeps
// up to perStream bytes (head and tail).
func (st *store) add(command string, perStream int) *stored {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.next++
	r := &stored{
		id:      fmt.Sprintf("r%d", st.next),
		command: command,
		out:     &streamCopy{c: engine.NewCapture(perStream)},
		err:     &streamCopy{c: engine.NewCapture(perStream)},
	}
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
