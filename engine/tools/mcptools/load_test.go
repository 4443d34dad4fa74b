package mcptools_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// TestHTTPLoadGoroutines is a small in-process version of the served
// load test (cmd/shellfence's TestLoad): 16 sessions over streamable
// HTTP make mixed calls, some editing one shared file; afterwards every
// shared line is there once, and once the sessions are closed the
// process's goroutines are back to what they were before.
func TestHTTPLoadGoroutines(t *testing.T) {
	_, ws := vfstest.Workspace(t, map[string]string{"shared.txt": "shared\n"})
	tb := tools.New(tools.Config{Engine: engine.New(ws), EditDeleteBackup: true})
	server := mcptools.NewServer(tb, &mcp.Implementation{Name: "shellfence", Version: "test"}, nil)
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil))
	defer hs.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	hc := &http.Client{Transport: tr}
	baseline := settledGoroutines()
	const clients, calls = 16, 40
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "load", Version: "0"}, nil).Connect(context.Background(),
				&mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: hc, MaxRetries: -1}, nil)
			if err != nil {
				t.Error(err)
				return
			}
			defer cs.Close()
			for k := range calls {
				httpLoadCall(t, cs, i, k)
			}
		}()
	}
	wg.Wait()
	res := tb.Call(context.Background(), tb.NewSession(), "read_file", []byte(`{"path": "shared.txt"}`))
	for i := range clients {
		for k := 3; k < calls; k += 4 {
			if n := strings.Count(res.Text, fmt.Sprintf("client %d call %d\n", i, k)); n != 1 {
				t.Errorf("the shared file has client %d's line %d %d times", i, k, n)
			}
		}
	}
	tr.CloseIdleConnections()
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
	t.Logf("goroutines: %d before, %d after %d calls", baseline, n, clients*calls)
}

// httpLoadCall is call k of client i: a write, a read checking it, a
// run, or an append to the shared file.
func httpLoadCall(t *testing.T, cs *mcp.ClientSession, i, k int) {
	f := fmt.Sprintf("own-%d.txt", i)
	var tool string
	var args map[string]any
	switch k % 4 {
	case 0:
		tool, args = "write_file", map[string]any{"path": f, "text": fmt.Sprintf("client %d call %d\n", i, k)}
	case 1:
		tool, args = "read_file", map[string]any{"path": f}
	case 2:
		tool, args = "run", map[string]any{"command": "wc -l < " + f + " | cat"}
	default:
		tool, args = "edit_file", map[string]any{"path": "shared.txt", "script": fmt.Sprintf("$a\\\nclient %d call %d", i, k)}
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	switch {
	case err != nil:
		t.Errorf("client %d: %s: %v", i, tool, err)
	case res.IsError:
		t.Errorf("client %d: %s: %s", i, tool, res.Content[0].(*mcp.TextContent).Text)
	case tool == "read_file" && !strings.Contains(res.Content[0].(*mcp.TextContent).Text, fmt.Sprintf("client %d call %d\n", i, k-1)):
		t.Errorf("client %d: read_file: %s", i, res.Content[0].(*mcp.TextContent).Text)
	}
}
