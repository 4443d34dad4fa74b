package budget_test

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shellfence/shellfence/vfs/budget"
)

// TestCopyLetsCollectorIn checks that a goroutine copying a large buffer
// with budget.Copy does not hold up a garbage collection: with plain
// copies (one memmove each), a collection started meanwhile waited for
// the goroutine to stop copying: 12 to 16 seconds for this loop of
// 256 MiB copies, where a collection takes milliseconds.
func TestCopyLetsCollectorIn(t *testing.T) {
	if testing.Short() {
		t.Skip("copies 256 MiB buffers")
	}
	if raceEnabled {
		t.Skip("the race detector checks each copy in code the runtime cannot preempt")
	}
	src, dst := make([]byte, 256<<20), make([]byte, 256<<20)
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !stop.Load() {
			budget.Copy(dst, src)
		}
	}()
	time.Sleep(20 * time.Millisecond)
	var worst time.Duration
	for range 10 {
		t0 := time.Now()
		runtime.GC()
		worst = max(worst, time.Since(t0))
	}
	stop.Store(true)
	<-done
	if worst > time.Second { // without the pieces: 12 to 16 s; a loaded machine adds some 100 ms
		t.Errorf("a collection took %v while Copy ran, want it not to wait for the copy", worst)
	}
}
