//go:build unix

package engine_test

import (
	"context"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
)

// A FIFO in the workspace leaves no goroutine or thread behind.
func TestFIFOLeavesNothing(t *testing.T) {
	dir, ws := workspace(t, nil)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err != nil {
		t.Skip(err)
	}
	e := engine.New(ws)
	e.Run(context.Background(), engine.Request{Command: "true"})
	before := runtime.NumGoroutine()
	for range 3 {
		res, _ := e.Run(context.Background(), engine.Request{Command: "cat fifo; cat < fifo; echo x > fifo", Timeout: 300 * time.Millisecond})
		if res.TimedOut {
			t.Errorf("a FIFO held the run: %q", res.Stderr)
		}
	}
	waitGoroutines(t, before)
}
