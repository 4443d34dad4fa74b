package engine

import (
	"context"
	"runtime/pprof"
	"sync/atomic"
	"time"
)

// workers run the interpreters of runs on goroutines that outlive one
// run. The interpreter recurses deeply, so a new goroutine grows its
// stack (copying it each time it doubles) on every run: a worker that
// ran a program before starts the next with the stack it has. At most
// maxIdle workers wait for work, each for workerIdle; the others end
// when their program does, so nothing is left once the engine is idle.
type workers struct {
	jobs chan func()
	idle atomic.Int32
}

const (
	maxIdleWorkers = 4
	workerIdle     = time.Second // as long as the watchdog stays
)

func newWorkers() *workers { return &workers{jobs: make(chan func())} }

// do runs f on a waiting worker, or on a new one when none waits.
func (w *workers) do(f func()) {
	select {
	case w.jobs <- f:
	default:
		go w.work(f)
	}
}

// work runs f, then the jobs handed to it while it waits, until it has
// waited workerIdle or enough others are waiting.
func (w *workers) work(f func()) {
	var t *time.Timer
	for {
		f()
		pprof.SetGoroutineLabels(context.Background()) // the run's label goes with the run
		if w.idle.Add(1) > maxIdleWorkers {
			w.idle.Add(-1)
			return
		}
		if t == nil {
			t = time.NewTimer(workerIdle)
		} else {
			t.Reset(workerIdle)
		}
		select {
		case f = <-w.jobs:
			w.idle.Add(-1)
			t.Stop()
		case <-t.C:
			w.idle.Add(-1)
			return
		}
	}
}
