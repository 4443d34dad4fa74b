package tools_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shellfence/shellfence/engine/tools"
)

func TestApplyPatchPath(t *testing.T) {
	dir, tb, s := box(t, map[string]string{"example.txt": "old\n"}, tools.Config{})
	res, out := do(t, tb, s, "apply_patch", `{"path": "example.txt", "patch": "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n"}`)
	data, _ := os.ReadFile(filepath.Join(dir, "example.txt"))
	if res.IsError || res.Text != "patching file example.txt\n" || string(data) != "new\n" {
		t.Errorf("got %q (error %v), file %q", res.Text, res.IsError, data)
	}
	if f := out["files"].([]any)[0].(map[string]any); f["path"] != "example.txt" {
		t.Errorf("files: %v", out["files"])
	}
}
