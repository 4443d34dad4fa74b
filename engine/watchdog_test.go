package engine_test

import (
	"strconv"
	"strings"
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

// TestDoublingStopsBeforeItsCopy checks that a string doubling in a loop
// is stopped before the expansion that would take the run past its
// budget is made, not during it: the expansion copies the value into a
// builder three times its size, in copies the Go runtime cannot preempt,
// and a server's other requests waited for them. With a 64 MiB budget,
// the last length printed must be at most 8 MiB (x=$x$x of 16 MiB holds
// 64 MiB), and the run must end with the budget's status.
func TestDoublingStopsBeforeItsCopy(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithMemoryLimit(64<<20))
	got := run(t, e, engine.Request{Command: "x=a; while :; do x=$x$x; echo ${#x}; done"})
	if got.Code != engine.ExitBudget {
		t.Fatalf("the run ended with %d (%q), want the budget's status", got.Code, got.Stderr)
	}
	lines := strings.Fields(got.Stdout)
	if last, _ := strconv.Atoi(lines[len(lines)-1]); last > 8<<20 {
		t.Errorf("the last length printed is %d, want at most %d", last, 8<<20)
	}
}

// TestLargeSubstitution checks a command substitution whose output goes
// past what is written into the interpreter's builder directly (1 MiB),
// from several commands: what comes back is all of it, in order.
func TestLargeSubstitution(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws)
	got := run(t, e, engine.Request{Command: `x=$(echo start; seq 1 400000; printf '%s' "$(seq 1 300000)"; echo end); echo ${#x}; echo "${x:0:8}|${x: -12}"; y=$(seq 1 400000 | tail -n 1); echo $y`})
	var want strings.Builder
	want.WriteString("start\n")
	for i := 1; i <= 400000; i++ {
		want.WriteString(strconv.Itoa(i) + "\n")
	}
	for i := 1; i <= 300000; i++ {
		want.WriteString(strconv.Itoa(i))
		if i < 300000 {
			want.WriteString("\n")
		}
	}
	want.WriteString("end")
	w := want.String()
	if exp := strconv.Itoa(len(w)) + "\n" + w[:8] + "|" + w[len(w)-12:] + "\n400000\n"; got.Stdout != exp || got.Code != 0 {
		t.Errorf("got %q (%d), want %q", got.Stdout, got.Code, exp)
	}
}
