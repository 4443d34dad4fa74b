package engine_test

import (
	"testing"

	"github.com/shellfence/shellfence/engine"
)

// TestHeapStopSparesNextRun checks that a run the heap watchdog stopped
// does not take the next, cheap, run down with it: the garbage the
// stopped run left is collected before anything else is judged.
func TestHeapStopSparesNextRun(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithMemoryLimit(4<<30), engine.WithHeapCeiling(96<<20))
	for i := range 5 {
		bomb := run(t, e, engine.Request{Command: "x=$(printf %0100000d 0); while :; do x=$x$x; done"})
		if bomb.Code != engine.ExitBudget {
			t.Fatalf("round %d: the bomb ended with %d (%q), want the budget's status", i, bomb.Code, bomb.Stderr)
		}
		got := run(t, e, engine.Request{Command: "echo hi"})
		if got != (outcome{"hi\n", "", 0}) {
			t.Fatalf("round %d: the run after the bomb: %+v", i, got)
		}
	}
}
