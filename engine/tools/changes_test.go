package tools_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine/tools"
)

func TestFilesChanged(t *testing.T) {
	_, tb, s := box(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "src/c.go": "package c\n"}, tools.Config{})
	res, out := do(t, tb, s, "run", `{"command": "cat a.txt; ls"}`)
	if got, _ := json.Marshal(out["files_changed"]); string(got) != "[]" || strings.Contains(res.Text, "files changed") {
		t.Errorf("a read: files_changed %s, text %q", got, res.Text)
	}
	res, out = do(t, tb, s, "run", `{"command": "echo x >> a.txt; rm b.txt; echo new > src/n.go; echo b > tmp; rm tmp"}`)
	got, _ := json.Marshal(out["files_changed"])
	want := `[{"change":"modified","path":"a.txt","size":4},{"change":"deleted","path":"b.txt","size":0},{"change":"created","path":"src/n.go","size":4}]`
	if string(got) != want {
		t.Errorf("files_changed:\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(res.Text, "[files changed: modified a.txt, deleted b.txt, created src/n.go]") {
		t.Errorf("text: %s", res.Text)
	}
}

func TestExpectChanged(t *testing.T) {
	_, tb, s := box(t, map[string]string{"a.txt": "a\n", "src/c.go": "package c\n"}, tools.Config{})
	cases := []struct {
		cmd, expect string
		ok          bool
		asserts     int
	}{
		{"cat a.txt", `{"changed": false}`, true, 1},
		{"cat a.txt", `{"changed": true}`, false, 1},
		{"echo 1 > a.txt", `{"changed": true}`, true, 1},
		{"echo 2 > a.txt; echo x > src/d.go", `{"changed": ["a.txt", "src/*.go"]}`, true, 2},
		{"echo 3 > a.txt", `{"changed": "src/c.go"}`, false, 1},
		{"cd src; echo y > e.go", `{"changed": "e.go"}`, false, 1},
	}
	for _, c := range cases {
		res, out := do(t, tb, s, "run", `{"command": "`+c.cmd+`", "cwd": ".", "expect": `+c.expect+`}`)
		as, _ := out["assertions"].([]any)
		if out["ok"] != c.ok || len(as) != c.asserts || res.IsError == c.ok {
			t.Errorf("%s with %s: ok %v, assertions %v", c.cmd, c.expect, out["ok"], out["assertions"])
		}
	}
	res, _ := do(t, tb, s, "run", `{"command": "true", "expect": {"changed": 3}}`)
	if !res.IsError || !strings.Contains(res.Text, "changed") {
		t.Errorf("bad changed: %s", res.Text)
	}
}
