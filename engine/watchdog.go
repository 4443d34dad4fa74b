package engine

import (
	"bufio"
	"bytes"
	"context"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/shellfence/shellfence/vfs/budget"
)

// A watchdog watches the process while an engine's runs are live, for
// what no charge of the budget sees: the goroutines a run starts
// (pipeline stages, background jobs, nested shells: a fork bomb) and the
// memory its shell holds (variables, expansions). Every run's goroutines
// carry a profiler label with the run's number, so a count of the
// process's goroutines by label tells which run holds how many. When the
// heap passes the ceiling, the run charged with the most memory (else the
// one running longest) is stopped; a run past its job budget is stopped.
type watchdog struct {
	mu   sync.Mutex
	runs map[string]*run
	// stopped holds the runs stopped for a budget that have returned
	// while goroutines of theirs may still hold memory (an expansion
	// finishing its allocation), with when they returned.
	stopped map[string]time.Time
	ceiling int64 // heap bytes
	ticking bool
	next    atomic.Int64 // numbers the runs
	census  sync.Mutex   // one count of goroutines at a time
	// lastCount is when goroutines were last counted (unix nanoseconds).
	lastCount atomic.Int64
	gc        sync.Mutex   // held while the heap watchdog collects garbage
	lastGC    atomic.Int64 // when it last did (unix nanoseconds)
}

// watchInterval is how often the watchdog looks while runs are live: a
// budget holds within about this much time.
const watchInterval = 10 * time.Millisecond

// runLabel is the profiler label that names a run's goroutines.
const runLabel = "shellfence.run"

func newWatchdog(ceiling int64) *watchdog {
	return &watchdog{runs: map[string]*run{}, stopped: map[string]time.Time{}, ceiling: ceiling}
}

// add watches r until the returned func is called.
func (w *watchdog) add(r *run) func() {
	r.id = strconv.FormatInt(w.next.Add(1), 10)
	r.started = time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	w.runs[r.id] = r
	if !w.ticking {
		w.ticking = true
		go w.loop()
	}
	return func() {
		w.mu.Lock()
		delete(w.runs, r.id)
		if r.budget.Exceeded() != nil {
			w.stopped[r.id] = time.Now()
		}
		w.mu.Unlock()
		if r.budget.Exceeded() != nil {
			w.sweep()
		}
	}
}

// sweep collects the garbage a stopped run left, before the run's result
// goes back, so that the next run is not judged by a heap still full of
// it (a collection made while the stopped run was ending is recent, so
// without this the next run, however cheap, was the one stopped).
func (w *watchdog) sweep() {
	if w.ceiling <= 0 || heapBytes() <= w.ceiling/2 {
		return
	}
	w.gc.Lock()
	defer w.gc.Unlock()
	runtime.GC()
	w.lastGC.Store(time.Now().UnixNano())
}

func (w *watchdog) loop() {
	t := time.NewTicker(watchInterval)
	defer t.Stop()
	idle := 0
	for range t.C {
		w.mu.Lock()
		if len(w.runs) == 0 {
			// It stays a second past the last run, for the next one.
			if idle++; idle >= int(time.Second/watchInterval) {
				w.ticking = false
				w.mu.Unlock()
				return
			}
			w.mu.Unlock()
			continue
		}
		idle = 0
		limit := w.jobLimit()
		w.mu.Unlock()
		w.checkHeap(true)
		if limit > 0 && int64(runtime.NumGoroutine()) > limit {
			w.checkJobs(false)
		}
	}
}

// jobLimit is the smallest job budget of the runs watched (0: none); the
// goroutines are counted by run only when the process has more.
func (w *watchdog) jobLimit() int64 {
	var limit int64
	for _, r := range w.runs {
		if l := r.budget.Limits().Jobs; l > 0 && (limit == 0 || l < limit) {
			limit = l
		}
	}
	return limit
}

// label makes the calling goroutine, and every goroutine it starts from
// now on, carry r's label.
func (r *run) label(ctx context.Context) {
	pprof.SetGoroutineLabels(pprof.WithLabels(ctx, pprof.Labels(runLabel, r.id)))
}

// checkHeap stops one run when the process heap is over the ceiling. It
// reports whether the heap is past a quarter of the ceiling, when runs
// should count what their shells hold (at half, a doubling string was
// past its budget before its run counted it, when a collection had just
// brought the heap under).
//
// Over the ceiling, it first lets the memory of runs already stopped be
// freed: while a stopped run is still ending, nothing more is stopped,
// and then a garbage collection (at most one every collectEvery) tells
// whether the heap is still over once garbage is gone (only mayWait
// callers collect; others act on a recent collection). Without them, the
// memory a stopped run left as garbage (which an idle process does not
// collect) stopped every run after it, in every session.
func (w *watchdog) checkHeap(mayWait bool) (pressed bool) {
	if w.ceiling <= 0 {
		return false
	}
	heap := heapBytes()
	if heap <= w.ceiling {
		return heap > w.ceiling/4
	}
	if w.ending() {
		return true
	}
	if collected, ok := w.collect(mayWait); !ok {
		return true // the watchdog's loop collects, and decides
	} else if collected {
		if heap = heapBytes(); heap <= w.ceiling {
			return heap > w.ceiling/4
		}
	}
	w.mu.Lock()
	var victim *run
	for _, r := range w.runs {
		if victim == nil || heavier(r, victim) {
			victim = r
		}
	}
	w.mu.Unlock()
	if victim != nil {
		victim.budget.Trip(budget.Memory)
	}
	return true
}

// ending reports whether a run that was stopped is still ending: its
// memory is not free yet. A stopped run that has returned is ending
// while goroutines with its label are left (for at most stoppedFor);
// once the last is gone, the next check collects garbage before it
// judges the heap.
func (w *watchdog) ending() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, r := range w.runs {
		if r.budget.Exceeded() != nil {
			return true
		}
	}
	if len(w.stopped) == 0 {
		return false
	}
	counts := goroutinesByRun()
	for id, at := range w.stopped {
		if counts[id] == 0 || time.Since(at) > stoppedFor {
			delete(w.stopped, id)
			w.lastGC.Store(0)
		}
	}
	return len(w.stopped) > 0
}

// stoppedFor is how long, at most, a stopped run's goroutines hold off
// the heap watchdog after the run returned.
const stoppedFor = 5 * time.Second

// collectEvery is how often, at most, the heap watchdog collects
// garbage: a collection of a heap near the ceiling takes a good part of
// a core for tens of milliseconds.
const collectEvery = 100 * time.Millisecond

// collect runs a garbage collection unless one ran within collectEvery
// (collected false). ok is false when another goroutine is collecting, or
// when the caller may not wait for a collection and none ran lately: a
// run's own goroutine (poke) leaves collecting to the watchdog's loop, so
// that no run waits for a collection of the heap another run filled.
func (w *watchdog) collect(mayWait bool) (collected, ok bool) {
	recent := time.Now().UnixNano()-w.lastGC.Load() < int64(collectEvery)
	if !mayWait {
		return false, recent
	}
	if !w.gc.TryLock() {
		return false, false
	}
	defer w.gc.Unlock()
	if recent {
		return false, true
	}
	runtime.GC()
	w.lastGC.Store(time.Now().UnixNano())
	return true, true
}

// chargeVars charges the run's memory budget for what its shell's
// variables hold, four times over: a value is also copied by the
// expansions that use it, into a builder that grows to three times what
// it held (x=$x$x holds the old value and a builder three times its
// size), and the run must stop before that copy is made, not during it.
// It is made when the heap is under pressure, at a command of the run.
func (r *run) chargeVars(ctx context.Context) {
	var held int64
	interp.HandlerCtx(ctx).Env.Each(func(name string, vr expand.Variable) bool {
		held += int64(len(name) + len(vr.Str))
		for _, s := range vr.List {
			held += int64(len(s)) + 16
		}
		for k, v := range vr.Map {
			held += int64(len(k)+len(v)) + 32
		}
		return true
	})
	held *= 4
	if d := held - r.varsHeld.Load(); d > 0 {
		r.budget.Charge(budget.Memory, d)
	} else {
		r.budget.Release(budget.Memory, -d)
	}
	r.varsHeld.Store(held)
}

// heavier orders runs for the heap watchdog: the most memory charged,
// then the longest running.
func heavier(a, b *run) bool {
	ma, mb := a.budget.Used(budget.Memory), b.budget.Used(budget.Memory)
	if ma != mb {
		return ma > mb
	}
	return a.started.Before(b.started)
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

var heapMu sync.Mutex

// heapBytes is the memory the process's heap objects take, garbage not
// yet collected included.
func heapBytes() int64 {
	heapMu.Lock()
	defer heapMu.Unlock()
	metrics.Read(heapSample)
	return int64(heapSample[0].Value.Uint64())
}

// poke is the check made at every command of a run, in the run's own
// goroutine (a watchdog that waits for its tick may come after the next
// doubling of a string): the heap against the ceiling (a read of the
// runtime's counters, well under a microsecond), and, when the process
// has more goroutines than the run's job budget allows, a count of them
// by run.
func (w *watchdog) poke(ctx context.Context, r *run) {
	if w.checkHeap(false) {
		r.chargeVars(ctx)
	}
	if limit := r.budget.Limits().Jobs; limit > 0 && int64(runtime.NumGoroutine()) > limit {
		w.checkJobs(true)
	}
}

// checkJobs counts the goroutines of every run (at most every
// watchInterval unless now) and stops the runs past their job budget.
func (w *watchdog) checkJobs(now bool) {
	last := w.lastCount.Load()
	if !now && time.Now().UnixNano()-last < int64(watchInterval) {
		return
	}
	if !w.census.TryLock() {
		return
	}
	defer w.census.Unlock()
	w.lastCount.Store(time.Now().UnixNano())
	counts := goroutinesByRun()
	w.mu.Lock()
	var over []*run
	for id, n := range counts {
		if r, ok := w.runs[id]; ok && r.budget.Limits().Jobs > 0 && n > r.budget.Limits().Jobs {
			over = append(over, r)
		}
	}
	w.mu.Unlock()
	for _, r := range over {
		r.budget.Trip(budget.Jobs)
	}
}

// goroutinesByRun counts the process's goroutines by their run label.
func goroutinesByRun() map[string]int64 {
	var buf bytes.Buffer
	pprof.Lookup("goroutine").WriteTo(&buf, 1)
	counts := map[string]int64{}
	sc := bufio.NewScanner(&buf)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var n int64
	key := `"` + runLabel + `":"`
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, " @ "); i > 0 && line[0] != '#' {
			n, _ = strconv.ParseInt(line[:i], 10, 64)
			continue
		}
		if rest, ok := strings.CutPrefix(line, "# labels: "); ok {
			if i := strings.Index(rest, key); i >= 0 {
				id := rest[i+len(key):]
				id = id[:strings.IndexByte(id, '"')]
				counts[id] += n
			}
		}
	}
	return counts
}
