package tools_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine/tools"
)

func TestPreviewPromote(t *testing.T) {
	dir, tb, s := box(t, map[string]string{"a.txt": "one\ntwo\n", "old.txt": "old\n"}, tools.Config{})
	res, out := do(t, tb, s, "run", `{"command": "sed -i s/two/TWO/ a.txt; rm old.txt; mkdir -p n; echo hi > n/new.txt", "preview": true}`)
	id, _ := out["preview_id"].(string)
	if res.IsError || id == "" {
		t.Fatalf("preview run: %s", res.Text)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(data) != "one\ntwo\n" {
		t.Errorf("the preview wrote the workspace: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.txt")); err != nil {
		t.Errorf("the preview removed old.txt: %v", err)
	}
	diff := out["diff"].(string)
	for _, want := range []string{"diff -ruN a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n", "+++ b/n/new.txt\n@@ -0,0 +1 @@\n+hi\n", "--- a/old.txt\n+++ b/old.txt\n@@ -1 +0,0 @@\n-old\n"} {
		if !strings.Contains(diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, diff)
		}
	}
	_, out = do(t, tb, s, "run", `{"command": "cat a.txt n/new.txt; echo more >> n/new.txt", "preview_id": "`+id+`", "expect": {"files_exist": "n/new.txt", "files_absent": "old.txt"}}`)
	if out["stdout"] != "one\nTWO\nhi\n" || out["ok"] != true {
		t.Errorf("continued preview: %v", out)
	}
	got, _ := json.Marshal(out["files_changed"])
	if string(got) != `[{"change":"modified","path":"a.txt","size":8},{"change":"created","path":"n/new.txt","size":8},{"change":"deleted","path":"old.txt","size":0}]` {
		t.Errorf("files_changed: %s", got)
	}
	res, out = do(t, tb, s, "promote", `{"preview_id": "`+id+`"}`)
	if res.IsError || out["promoted"] != true {
		t.Fatalf("promote: %s", res.Text)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "n/new.txt")); string(data) != "hi\nmore\n" {
		t.Errorf("promoted n/new.txt: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.txt")); !os.IsNotExist(err) {
		t.Errorf("old.txt after promote: %v", err)
	}
	if res, _ := do(t, tb, s, "promote", `{"preview_id": "`+id+`"}`); !res.IsError {
		t.Errorf("a second promote: %s", res.Text)
	}
}

func TestPreviewConflict(t *testing.T) {
	dir, tb, s := box(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n"}, tools.Config{})
	_, out := do(t, tb, s, "run", `{"command": "echo A > a.txt; echo B > b.txt; cat c.txt 2>/dev/null; true", "preview": true}`)
	id := out["preview_id"].(string)
	do(t, tb, s, "run", `{"command": "echo changed > b.txt; echo unrelated > c.txt"}`)
	res, out := do(t, tb, s, "promote", `{"preview_id": "`+id+`"}`)
	if !res.IsError || out["promoted"] != false || !strings.Contains(res.Text, "b.txt") {
		t.Fatalf("conflicting promote: %s %v", res.Text, out)
	}
	if c, _ := json.Marshal(out["conflicts"]); string(c) != `["b.txt"]` {
		t.Errorf("conflicts: %s", c)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(data) != "a\n" {
		t.Errorf("a refused promote changed a.txt: %q", data)
	}
	if res, out := do(t, tb, s, "discard", `{"preview_id": "`+id+`"}`); res.IsError || out["discarded"] != true {
		t.Errorf("discard: %s", res.Text)
	}
	if res, _ := do(t, tb, s, "run", `{"command": "true", "preview_id": "`+id+`"}`); !res.IsError {
		t.Errorf("run in a discarded preview: %s", res.Text)
	}
}

// Previews of one workspace go on at once, each in its own overlay.
func TestConcurrentPreviews(t *testing.T) {
	dir, tb, _ := box(t, map[string]string{"shared.txt": "base\n"}, tools.Config{})
	var wg sync.WaitGroup
	ids := make([]string, 4)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := tb.NewSession()
			defer s.Close()
			n := string(rune('0' + i))
			_, out := do(t, tb, s, "run", `{"command": "echo `+n+` > shared.txt; echo `+n+` > own`+n+`; cat shared.txt", "preview": true}`)
			if out["stdout"] != n+"\n" {
				t.Errorf("preview %s sees %v", n, out["stdout"])
			}
			ids[i], _ = out["preview_id"].(string)
		}()
	}
	wg.Wait()
	if data, _ := os.ReadFile(filepath.Join(dir, "shared.txt")); string(data) != "base\n" {
		t.Errorf("shared.txt: %q", data)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the workspace has %d entries", len(ents))
	}
}

func TestPreviewExpires(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{PreviewTTL: time.Millisecond})
	_, out := do(t, tb, s, "run", `{"command": "echo x > f", "preview": true}`)
	time.Sleep(5 * time.Millisecond)
	res, _ := do(t, tb, s, "run", `{"command": "cat f", "preview_id": "`+out["preview_id"].(string)+`"}`)
	if !res.IsError || !strings.Contains(res.Text, "expired") {
		t.Errorf("an expired preview: %s", res.Text)
	}
}
