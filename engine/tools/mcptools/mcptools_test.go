package mcptools_test

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs"
)

// connect serves tb in memory and returns a client session.
func connect(t testing.TB, tb *tools.Toolbox, opts *mcptools.Options) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcptools.NewServer(tb, &mcp.Implementation{Name: "shellfence", Version: "test"}, opts)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var m map[string]any
	b, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(b, &m)
	return res, m
}

func TestToolsOverMCP(t *testing.T) {
	ws := vfs.NewMem("/ws")
	tb := tools.New(tools.Config{Engine: engine.New(ws), MaxOutput: 100})
	cs := connect(t, tb, nil)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
		if tl.Annotations == nil || tl.Annotations.DestructiveHint == nil || tl.InputSchema == nil || tl.OutputSchema == nil {
			t.Errorf("%s: missing annotations or schemas", tl.Name)
		}
	}
	sort.Strings(names)
	want := "apply_patch check_command copy_file delete_file discard edit_file list_dir list_tree make_dir move_path promote read_bytes read_file remove_dir run run_kill run_output write_file"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("tools: %s", got)
	}
	_, out := call(t, cs, "run", map[string]any{"command": "mkdir d; cd d; seq 100"})
	if out["cwd"] != "d" || out["stdout_truncated"] != true || out["stdout_lines"] != float64(100) {
		t.Errorf("run: %v", out)
	}
	res, out := call(t, cs, "run", map[string]any{"command": "pwd; false"})
	if !res.IsError || out["exit_code"] != float64(1) || !strings.HasSuffix(out["stdout"].(string), "/ws/d\n") {
		t.Errorf("second run: %v %v", res.IsError, out)
	}
	_, out = call(t, cs, "run_output", map[string]any{"id": "r1", "match": "^5"})
	if out["text"] != "5:5\n50:50\n51:51\n52:52\n53:53\n54:54\n55:55\n56:56\n57:57\n58:58\n59:59\n" {
		t.Errorf("run_output: %q", out["text"])
	}
	call(t, cs, "write_file", map[string]any{"path": "a/b.txt", "text": "one\ntwo\n"})
	_, out = call(t, cs, "read_file", map[string]any{"path": "a/b.txt", "offset": 2})
	if out["text"] != "two\n" || out["total_lines"] != float64(2) {
		t.Errorf("read_file: %v", out)
	}
	res, _ = call(t, cs, "read_file", map[string]any{"path": "/etc/passwd"})
	if !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "outside the workspace") {
		t.Errorf("read outside: %v", res.Content[0])
	}
}

// BenchmarkRunLs is one cheap run over an in-memory MCP connection: the
// server's share of a tool call.
func BenchmarkRunLs(b *testing.B) {
	dir := b.TempDir()
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	tb := tools.New(tools.Config{Engine: engine.New(ws)})
	cs := connect(b, tb, nil)
	args := map[string]any{"command": "ls"}
	for b.Loop() {
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run", Arguments: args}); err != nil {
			b.Fatal(err)
		}
	}
}
