package mcptools_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/checkpoint"
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

// A preview over MCP: the workspace stays as it was until promote.
func TestPreviewOverMCP(t *testing.T) {
	ws := vfs.NewMem("/ws")
	cs := connect(t, tools.New(tools.Config{Engine: engine.New(ws)}), nil)
	call(t, cs, "run", map[string]any{"command": "echo one > a"})
	_, out := call(t, cs, "run", map[string]any{"command": "echo two > a", "preview": true})
	id, _ := out["preview_id"].(string)
	if !strings.Contains(out["diff"].(string), "-one\n+two\n") || id == "" {
		t.Fatalf("preview: %v", out)
	}
	if _, out := call(t, cs, "run", map[string]any{"command": "cat a"}); out["stdout"] != "one\n" {
		t.Errorf("the workspace during the preview: %v", out["stdout"])
	}
	if res, out := call(t, cs, "promote", map[string]any{"preview_id": id}); res.IsError || out["promoted"] != true {
		t.Errorf("promote: %v", out)
	}
	if _, out := call(t, cs, "run", map[string]any{"command": "cat a"}); out["stdout"] != "two\n" {
		t.Errorf("after promote: %v", out["stdout"])
	}
}

// Checkpoints over MCP: create, change everything, restore, list, delete.
func TestCheckpointsOverMCP(t *testing.T) {
	ws := vfs.NewMem("/ws")
	store, err := checkpoint.Open(vfs.NewMem("/store"), checkpoint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, tools.New(tools.Config{Engine: engine.New(ws), Checkpoints: store}), nil)
	call(t, cs, "run", map[string]any{"command": "mkdir d; echo one > a; echo two > d/b; chmod 600 d/b"})
	res, out := call(t, cs, "checkpoint_create", map[string]any{"label": "before"})
	id, _ := out["id"].(string)
	if res.IsError || id == "" || out["files"] != float64(2) {
		t.Fatalf("checkpoint_create: %v", out)
	}
	call(t, cs, "run", map[string]any{"command": "rm -r d; echo changed > a; echo new > c"})
	res, out = call(t, cs, "checkpoint_restore", map[string]any{"id": id})
	got, _ := json.Marshal(out["files_changed"])
	want := `[{"change":"modified","path":"a","size":4},{"change":"deleted","path":"c","size":0},{"change":"created","path":"d/b","size":4}]`
	if res.IsError || string(got) != want {
		t.Errorf("restore: %s", got)
	}
	if _, out := call(t, cs, "run", map[string]any{"command": "cat a d/b; stat -c %a d/b; ls"}); out["stdout"] != "one\ntwo\n600\na\nd\n" {
		t.Errorf("restored tree: %q", out["stdout"])
	}
	_, out = call(t, cs, "checkpoint_list", nil)
	if list, _ := out["checkpoints"].([]any); len(list) != 1 {
		t.Errorf("checkpoint_list: %v", out)
	}
	if res, _ := call(t, cs, "checkpoint_delete", map[string]any{"id": id}); res.IsError {
		t.Errorf("checkpoint_delete: %v", res.Content)
	}
	if res, _ := call(t, cs, "checkpoint_restore", map[string]any{"id": id}); !res.IsError {
		t.Errorf("restore of a deleted checkpoint succeeded")
	}
	if _, out := call(t, cs, "run", map[string]any{"command": "ls -a /store 2>&1; ls -a"}); strings.Contains(out["stdout"].(string), "blobs") {
		t.Errorf("the store is reachable: %v", out["stdout"])
	}
}
