// Package budget bounds what one run of the engine may consume: memory
// held for it, bytes written to files, jobs alive at once. One [Budget]
// belongs to one run; every command of the run charges it at the seams
// where the bytes are produced (the output sink, command and process
// substitution buffers, the files it writes through the workspace), so
// an allocation cannot run ahead of the check.
//
// A charge beyond a limit fails with an [*Exceeded] error, which names
// the budget, its size and the option that raises it, and stops the
// whole run: the budget calls the stop function it was given, which
// cancels the run's context with the error as its cause.
//
// The package sits under vfs, the lowest layer, so that the workspace's
// layers, the builtins and the engine all reach the same object.
package budget

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Kind names one budget of a run.
type Kind int

const (
	// Memory is bytes held in memory for the run: command and process
	// substitution output, captured output, buffers of commands that
	// must hold their input (sort, tac).
	Memory Kind = iota
	// FileBytes is bytes written to files of the workspace.
	FileBytes
	// Jobs is background jobs and pipeline stages alive at once.
	Jobs
	// Depth is how deep functions, sourced files and nested shells call.
	Depth
	nKinds
)

// info describes each kind in messages.
var info = [nKinds]struct {
	name, option string
	bytes        bool
}{
	Memory:    {"memory", "--max-memory", true},
	FileBytes: {"file write", "--max-file-bytes", true},
	Jobs:      {"job", "--max-jobs", false},
	Depth:     {"call depth", "--max-depth", false},
}

// String returns the budget's name, as messages use it ("memory").
func (k Kind) String() string {
	if k < 0 || k >= nKinds {
		return fmt.Sprintf("budget(%d)", int(k))
	}
	return info[k].name
}

// Limits are the sizes of a run's budgets; zero means unlimited.
type Limits struct {
	Memory    int64
	FileBytes int64
	Jobs      int64
	Depth     int64
}

func (l Limits) of(k Kind) int64 {
	switch k {
	case Memory:
		return l.Memory
	case FileBytes:
		return l.FileBytes
	case Jobs:
		return l.Jobs
	case Depth:
		return l.Depth
	}
	return 0
}

// Budget is the budgets of one run. A nil *Budget is unlimited, so code
// that charges never needs to check for one. It is safe for concurrent
// use: the stages of a pipeline charge it together.
type Budget struct {
	limits Limits
	used   [nKinds]atomic.Int64
	stop   func(error)
	once   sync.Once
	hit    atomic.Pointer[Exceeded]
}

// New returns a budget with the given limits. stop, if not nil, is
// called once, with the [*Exceeded] error, when a charge goes past a
// limit; the engine passes a function that cancels the run.
func New(limits Limits, stop func(error)) *Budget {
	return &Budget{limits: limits, stop: stop}
}

// Limits returns the budget's limits.
func (b *Budget) Limits() Limits {
	if b == nil {
		return Limits{}
	}
	return b.limits
}

// Charge adds n to the budget k. Past the limit it fails with an
// [*Exceeded] error (and from then on every charge fails), leaving the
// amount charged; the run is being stopped.
func (b *Budget) Charge(k Kind, n int64) error {
	if b == nil {
		return nil
	}
	if e := b.hit.Load(); e != nil {
		return e
	}
	used := b.used[k].Add(n)
	if limit := b.limits.of(k); limit > 0 && used > limit {
		return b.exceed(k, limit)
	}
	return nil
}

// Grow returns the capacity a buffer of capacity have should grow to,
// to hold need bytes (a quarter more at least), after charging it to k:
// while a buffer grows, the old and the new are both held, and neither
// may run ahead of the budget. Once the buffer has grown, release have.
func (b *Budget) Grow(k Kind, have, need int) (int, error) {
	n := max(need, have+have/4, 4096)
	if err := b.Charge(k, int64(n)); err != nil {
		return 0, err
	}
	return n, nil
}

// Release gives back n of the budget k (a buffer was freed, a job ended).
func (b *Budget) Release(k Kind, n int64) {
	if b != nil {
		b.used[k].Add(-n)
	}
}

// Used returns what is charged to k now.
func (b *Budget) Used(k Kind) int64 {
	if b == nil {
		return 0
	}
	return b.used[k].Load()
}

// Remaining returns how much of k may still be charged, or -1 when k is
// unlimited.
func (b *Budget) Remaining(k Kind) int64 {
	limit := b.Limits().of(k)
	if limit <= 0 {
		return -1
	}
	return max(limit-b.Used(k), 0)
}

// Trip stops the run as if k had been charged past its limit: for what no
// charge sees, when a watchdog finds the run over it (its goroutines, its
// share of the process heap). It returns the budget's error.
func (b *Budget) Trip(k Kind) error {
	if b == nil {
		return nil
	}
	return b.exceed(k, b.limits.of(k))
}

// Exceeded returns the error of the first budget that was exceeded, or
// nil.
func (b *Budget) Exceeded() *Exceeded {
	if b == nil {
		return nil
	}
	return b.hit.Load()
}

func (b *Budget) exceed(k Kind, limit int64) error {
	e := &Exceeded{Kind: k, Limit: limit}
	b.hit.CompareAndSwap(nil, e)
	first := b.hit.Load()
	b.once.Do(func() {
		if b.stop != nil {
			b.stop(first)
		}
	})
	return first
}

// Exceeded is the error of a charge past a limit.
type Exceeded struct {
	Kind  Kind
	Limit int64
}

// Error reads "memory budget of 256 MiB exceeded (--max-memory)".
func (e *Exceeded) Error() string {
	return fmt.Sprintf("%s budget of %s exceeded (%s)", e.Kind, e.size(), e.Option())
}

// Option is the command-line option of shellfence that raises the
// budget; embedders set it with the matching engine option.
func (e *Exceeded) Option() string {
	if e.Kind < 0 || e.Kind >= nKinds {
		return ""
	}
	return info[e.Kind].option
}

func (e *Exceeded) size() string {
	if e.Kind >= 0 && e.Kind < nKinds && !info[e.Kind].bytes {
		return fmt.Sprint(e.Limit)
	}
	return Size(e.Limit)
}

// Size writes a byte count the way limits are given: "256 MiB", "1 GiB",
// "1500 bytes".
func Size(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	u := 0
	for u < len(units)-1 && n >= 1024 && n%1024 == 0 {
		n /= 1024
		u++
	}
	return fmt.Sprintf("%d %s", n, units[u])
}

// GrowBytes returns a copy of buf with room for n more bytes, after
// charging its new capacity to k as [Budget.Grow] does; what buf holds
// is moved with [Copy]. The caller releases what its accounting no
// longer holds (the old capacity, as a rule).
func (b *Budget) GrowBytes(k Kind, buf []byte, n int) ([]byte, error) {
	newCap, err := b.Grow(k, cap(buf), len(buf)+n)
	if err != nil {
		return nil, err
	}
	grown := make([]byte, len(buf), newCap)
	Copy(grown, buf)
	return grown, nil
}

// copyPiece is how much [Copy] copies at once.
const copyPiece = 1 << 20

// Copy is copy for buffers that grow large: it copies a piece at a time
// and yields between pieces. A copy is one memmove, which the Go runtime
// can neither preempt nor stop to scan the goroutine's stack, so a
// garbage collection that starts meanwhile spins until the copy ends,
// and every goroutine that allocates while it waits, waits too (a
// growing sed hold space held the server's other clients for hundreds
// of milliseconds). A loop of copies alone does not help: the loop calls
// no function that checks for preemption, and a signal nearly always
// lands in the memmove.
func Copy(dst, src []byte) int {
	n := min(len(dst), len(src))
	for i := 0; i < n; i += copyPiece {
		if i > 0 {
			runtime.Gosched()
		}
		copy(dst[i:n], src[i:min(i+copyPiece, n)])
	}
	return n
}
