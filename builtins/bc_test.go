package builtins_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// bcRun runs cmd with a memory limit and a timeout and reports how long
// it took.
func bcRun(t *testing.T, cmd string, opts ...engine.Option) (textResult, time.Duration) {
	t.Helper()
	_, ws := vfstest.Workspace(t, nil)
	opts = append([]engine.Option{engine.WithEnv("LC_ALL=C.UTF-8"), engine.WithTimeout(3 * time.Second)}, opts...)
	e := engine.New(ws, opts...)
	start := time.Now()
	res, err := e.Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return textResult{string(res.Stdout), string(res.Stderr), res.ExitCode}, time.Since(start)
}

// Work that would hold the server is refused or stopped, never run to
// its end.
func TestBcBounded(t *testing.T) {
	for _, tt := range []struct{ name, cmd, stderr string }{
		{"huge power", "echo '2^100000000; 5' | bc", "Runtime error (func=(main), adr=15): number too long (over 4000000 digits)\n"},
		{"huge scale", "echo 'scale=100000000; 1/3' | bc", "Runtime error (func=(main), adr=19): number too long (over 4000000 digits)\n"},
		{"huge sqrt", "echo 'scale=100000000; sqrt(2)' | bc", "Runtime error (func=(main), adr=19): number too long (over 4000000 digits)\n"},
		{"deep recursion", "printf 'define f(x){return f(x+1)}\\nf(0)\\n' | bc", "Runtime error (func=f, adr=8): function calls nested too deeply (over 10000)\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, took := bcRun(t, tt.cmd)
			if got.Stderr != tt.stderr || took > 10*time.Second {
				t.Errorf("%s: stderr %q in %v, want %q", tt.cmd, got.Stderr, took, tt.stderr)
			}
		})
	}
}

func TestBcEndlessLoopStops(t *testing.T) {
	got, took := bcRun(t, "echo 'while (1) { x += 1 }' | bc")
	if got.Status == 0 || took > 10*time.Second {
		t.Errorf("endless loop: status %d after %v", got.Status, took)
	}
}

func TestBcMemoryBudget(t *testing.T) {
	got, took := bcRun(t, "echo 'for (i = 0; i < 100000; i++) a[i] = 7^20000' | bc", engine.WithMemoryLimit(4<<20))
	if got.Status == 0 || took > 10*time.Second || !strings.Contains(got.Stderr, "memory") {
		t.Errorf("arrays over the budget: status %d after %v, stderr %q", got.Status, took, got.Stderr)
	}
}
