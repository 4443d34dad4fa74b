package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
)

// TestAwkMemoryBudget: an awk program that grows an array or a string
// without end stops at the run's memory budget.
func TestAwkMemoryBudget(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithMemoryLimit(1<<20))
	for _, prog := range []string{
		`BEGIN { while (1) a[i++] = 1 }`,
		`BEGIN { s = "x"; while (1) s = s s }`,
		`BEGIN { while (1) a[i++] = sprintf("%1000s", i) }`,
	} {
		got := run(t, e, engine.Request{Command: "awk '" + prog + "'"})
		if got.Code != engine.ExitBudget || !strings.Contains(got.Stderr, "memory budget") {
			t.Errorf("%s: got %+v, want the memory budget's stop", prog, got)
		}
	}
}

// TestAwkTimeout: an endless awk loop stops at the run's timeout.
func TestAwkTimeout(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws)
	for _, prog := range []string{`BEGIN { while (1) x++ }`, `BEGIN { for (;;) ; }`, `BEGIN { do y = y; while (1) }`,
		`function f() { while (1) n++ } BEGIN { f() }`} {
		start := time.Now()
		res, err := e.Run(context.Background(), engine.Request{Command: "awk '" + prog + "'", Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if !res.TimedOut || time.Since(start) > 2*time.Second {
			t.Errorf("%s: TimedOut=%v after %v", prog, res.TimedOut, time.Since(start))
		}
	}
}
