package mcptools_test

import (
	"encoding/json"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs"
)

// files_changed and expect's changed over an MCP connection, on the memory
// filesystem.
func TestFilesChangedOverMCP(t *testing.T) {
	ws := vfs.NewMem("/ws")
	cs := connect(t, tools.New(tools.Config{Engine: engine.New(ws)}), nil)
	call(t, cs, "run", map[string]any{"command": "echo one > a; echo two > b"})
	res, out := call(t, cs, "run", map[string]any{"command": "cat a; echo 1 >> a; rm b; echo x > c",
		"expect": map[string]any{"changed": []string{"a", "b", "c"}}})
	got, _ := json.Marshal(out["files_changed"])
	want := `[{"change":"modified","path":"a","size":6},{"change":"deleted","path":"b","size":0},{"change":"created","path":"c","size":2}]`
	if string(got) != want || res.IsError || out["ok"] != true {
		t.Errorf("files_changed %s, ok %v", got, out["ok"])
	}
	_, out = call(t, cs, "run", map[string]any{"command": "grep -r one .", "expect": map[string]any{"changed": false}})
	if got, _ := json.Marshal(out["files_changed"]); string(got) != "[]" || out["ok"] != true {
		t.Errorf("a read: %s %v", got, out["assertions"])
	}
}
