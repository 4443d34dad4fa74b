package mcptools_test

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs"
)

// panicky is a workspace layer that panics on every name holding
// "boom": a bug deep in a file operation, under any tool.
type panicky struct{ vfs.Base }

func boom(name string) {
	if strings.Contains(name, "boom") {
		panic("layer bug at " + name)
	}
}

func (p panicky) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	boom(n)
	return p.Next.OpenFile(n, flag, perm)
}

func (p panicky) Stat(n string) (os.FileInfo, error) { boom(n); return p.Next.Stat(n) }

func (p panicky) LstatIfPossible(n string) (os.FileInfo, bool, error) {
	boom(n)
	return p.Next.LstatIfPossible(n)
}

// auditRecorder keeps the audit entries.
type auditRecorder struct {
	mu      sync.Mutex
	entries []mcptools.Entry
}

func (a *auditRecorder) log(e mcptools.Entry) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.entries = append(a.entries, e)
}

func (a *auditRecorder) last() mcptools.Entry {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.entries[len(a.entries)-1]
}

// panicBox is a toolbox whose workspace panics on names holding "boom"
// and whose engine has a command boom that panics.
func panicBox(t testing.TB) *tools.Toolbox {
	ws := vfs.NewMem("/ws").Wrap(func(l vfs.Layer) vfs.Layer { return panicky{vfs.Base{Next: l}} })
	panics := func(p *builtins.Proc) int { panic("command bug") }
	e := engine.New(ws, engine.WithCommand("boom", panics), engine.WithTimeout(5*time.Second))
	return tools.New(tools.Config{Engine: e})
}

// TestPanicsBecomeErrors: a panic in a tool's handler (a file tool on
// the panicking layer) or in a command (wherever it runs: alone, in a
// pipeline, a substitution, a background job, under xargs or find -exec)
// is an error result and an audit entry, and the server goes on.
func TestPanicsBecomeErrors(t *testing.T) {
	audit := &auditRecorder{}
	cs := connect(t, panicBox(t), &mcptools.Options{Audit: audit.log})
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"read_file", map[string]any{"path": "boom.txt"}, "read_file: internal error: layer bug at /boom.txt"},
		{"write_file", map[string]any{"path": "boom.txt", "text": "x"}, "write_file: internal error"},
		{"write_file", map[string]any{"path": "boom.txt", "text": "x"}, "write_file: internal error"}, // its lock was given back
		{"edit_file", map[string]any{"path": "boom.txt", "script": "p"}, "internal error"},
		{"copy_file", map[string]any{"source": "boom.txt", "destination": "b"}, "copy_file: internal error"},
		{"list_dir", map[string]any{"path": "boom"}, "list_dir: internal error"},
		{"run", map[string]any{"command": "cat boom.txt"}, "cat: internal error: layer bug"},
		{"run", map[string]any{"command": "boom"}, "boom: internal error: command bug"},
		{"run", map[string]any{"command": "set -o pipefail; echo a | boom | cat"}, "boom: internal error"},
		{"run", map[string]any{"command": "x=$(boom); exit 3"}, "boom: internal error"},
		{"run", map[string]any{"command": "boom & wait $!"}, "boom: internal error"},
		{"run", map[string]any{"command": "echo a | xargs boom"}, "boom: internal error"},
		{"run", map[string]any{"command": "touch f; find . -name f -exec boom {} +"}, "boom: internal error"},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Fatalf("%s %v: a protocol error: %v", tc.tool, tc.args, err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || !strings.Contains(text, tc.want) {
			t.Errorf("%s %v: error %v, text %q; want %q", tc.tool, tc.args, res.IsError, text, tc.want)
		}
		if e := audit.last(); e.Tool != tc.tool || !e.IsError {
			t.Errorf("%s %v: audit entry %+v", tc.tool, tc.args, e)
		}
	}
	if _, out := call(t, cs, "run", map[string]any{"command": "echo still here"}); out["stdout"] != "still here\n" {
		t.Errorf("after the panics: %v", out)
	}
}

// TestGoroutinesReturnToBaseline runs cancelled, timed-out and failing
// runs (pipelines, background jobs, nested shells, substitutions, a
// panicking command) over MCP in memory, many sessions at once: then the
// process's goroutines must come back to what they were before.
func TestGoroutinesReturnToBaseline(t *testing.T) {
	tb := panicBox(t)
	cs := connect(t, tb, nil)
	call(t, cs, "run", map[string]any{"command": "echo warm | cat"})
	baseline := settledGoroutines()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sess := connect(t, tb, nil)
			for j := range 5 {
				stress(t, sess, i*5+j)
			}
			sess.Close()
		}()
	}
	wg.Wait()
	for range 5 {
		stress(t, cs, 0)
	}
	deadline := time.Now().Add(5 * time.Second)
	n := runtime.NumGoroutine()
	for n > baseline && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	if n > baseline {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines, %d before:\n%s", n, baseline, buf[:runtime.Stack(buf, true)])
	}
	t.Logf("goroutines: %d before, %d after", baseline, n)
}

// stress makes one cancelled, one timed-out and a few failing runs.
func stress(t *testing.T, cs *mcp.ClientSession, i int) {
	cancelled := []string{"while true; do :; done", "sleep 100 & sleep 100 | cat; wait", "yes | cat | cat > /dev/null",
		"bash -c 'sleep 100'", "x=$(sleep 100)", "cat <(sleep 100)"}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "run", Arguments: map[string]any{"command": cancelled[i%len(cancelled)]}})
	cancel()
	if err == nil {
		t.Errorf("%s: not cancelled", cancelled[i%len(cancelled)])
	}
	timedOut := []string{"sleep 100 &", "yes > /dev/null", "seq inf | sort", "f(){ sleep 100 | cat; }; f & f", "while :; do echo x; done | grep y"}
	res, out := call(t, cs, "run", map[string]any{"command": timedOut[i%len(timedOut)], "timeout_ms": 100})
	if cmd := timedOut[i%len(timedOut)]; cmd != "sleep 100 &" && (!res.IsError || out["timed_out"] != true) {
		t.Errorf("%s: %v", cmd, out)
	}
	for _, cmd := range []string{"cat /dev/null | false", "cat nope", "if then", "echo | boom", "exit 3 & wait $!", "cat boom"} {
		if res, _ := call(t, cs, "run", map[string]any{"command": cmd}); !res.IsError {
			t.Errorf("%s: no error", cmd)
		}
	}
}

// settledGoroutines is the goroutine count once it stops falling.
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for range 20 {
		time.Sleep(20 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m >= n {
			return m
		}
		n = m
	}
	return n
}
