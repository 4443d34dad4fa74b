//go:build linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServeHostile runs the hostile command lines of testdata/hostile.txt
// one after another through one server over HTTP (client A, each with
// timeout_ms 5000), while client B runs echo ok every 50 ms: each hostile
// run must end within 8 s with its message and the server answer after
// it, B's p99 latency must stay under 100 ms, and the server's peak RSS
// under 512 MiB.
func TestServeHostile(t *testing.T) {
	if !*hostile {
		t.Skip("run with -hostile (about two minutes)")
	}
	ws := t.TempDir()
	srv := startHTTP(t, ws, "--http", "127.0.0.1:0", "--auth", loadToken, "--quiet")
	srv.token = loadToken
	a, b := srv.session(t), srv.session(t)
	lines := hostileLines(t)
	stop := make(chan struct{})
	poll := &echoPoll{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		poll.run(b, stop)
	}()
	for _, l := range lines {
		cmdline, want, _ := strings.Cut(l, "\t")
		start := time.Now()
		res, err := a.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"command": cmdline, "timeout_ms": 5000}})
		took := time.Since(start)
		switch {
		case err != nil:
			t.Errorf("%s: %v", cmdline, err)
		case !saysOneOf(text(res), want):
			t.Errorf("%s: the result does not say %q: %s", cmdline, want, lastLine(text(res)))
		case took > 8*time.Second:
			t.Errorf("%s: took %v", cmdline, took)
		}
		if _, out := callTool(t, a, "run", map[string]any{"command": "echo ok"}); out["stdout"] != "ok\n" {
			t.Errorf("after %s, the server does not answer: %v", cmdline, out)
		}
		t.Logf("%-50.50s %6v  peak RSS %4d MiB  B's slowest meanwhile %v", cmdline, took.Round(time.Millisecond),
			procStatus(srv.cmd.Process.Pid, "VmHWM")>>10, poll.slowest().Round(time.Millisecond))
		clearDir(t, ws)
	}
	close(stop)
	wg.Wait()
	for _, f := range poll.failed {
		t.Errorf("client B: %s", f)
	}
	bLat := poll.lat
	p50, p90, p99, worst := quantile(bLat, 0.5), quantile(bLat, 0.9), quantile(bLat, 0.99), quantile(bLat, 1)
	t.Logf("client B: %d calls, p50 %v p90 %v p99 %v max %v", len(bLat), p50, p90, p99, worst)
	if p99 > 100*time.Millisecond {
		t.Errorf("client B's p99 latency is %v", p99)
	}
	if hwm := procStatus(srv.cmd.Process.Pid, "VmHWM"); hwm > 512<<10 {
		t.Errorf("the server's peak RSS is %d MiB", hwm>>10)
	}
}

// echoPoll is client B: echo ok every 50 ms, its latencies and
// failures.
type echoPoll struct {
	mu     sync.Mutex
	lat    []time.Duration
	since  time.Duration // the slowest since slowest was last called
	failed []string
}

// slowest returns the slowest call since it was last called.
func (e *echoPoll) slowest() time.Duration {
	e.mu.Lock()
	defer e.mu.Unlock()
	d := e.since
	e.since = 0
	return d
}

func (e *echoPoll) run(cs *mcp.ClientSession, stop <-chan struct{}) {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		start := time.Now()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"command": "echo ok"}})
		d := time.Since(start)
		e.mu.Lock()
		e.lat = append(e.lat, d)
		e.since = max(e.since, d)
		if err != nil || res.IsError || !strings.HasPrefix(text(res), "ok\n") {
			e.failed = append(e.failed, text(res))
		}
		e.mu.Unlock()
	}
}

// clearDir removes what a run left in the workspace.
func clearDir(t *testing.T, dir string) {
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			t.Error(err)
		}
	}
}
