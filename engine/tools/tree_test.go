package tools_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine/tools"
)

// fixture is a toolbox over a temporary disk workspace seeded with files
// (see box), with its session, for calls with arguments given as maps.
type fixture struct {
	t   *testing.T
	dir string
	tb  *tools.Toolbox
	s   *tools.Session
}

func newFixture(t *testing.T, files map[string]string, cfg tools.Config) *fixture {
	t.Helper()
	dir, tb, s := box(t, files, cfg)
	return &fixture{t: t, dir: dir, tb: tb, s: s}
}

func (f *fixture) read(name string) string {
	f.t.Helper()
	data, err := os.ReadFile(filepath.Join(f.dir, name))
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(data)
}

// call calls a tool with args and returns its result and its structured
// result as a map.
func (f *fixture) call(name string, args map[string]any) (*tools.Result, map[string]any) {
	f.t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		f.t.Fatal(err)
	}
	return do(f.t, f.tb, f.s, name, string(raw))
}

func TestListTreePages(t *testing.T) {
	b := newFixture(t, map[string]string{"a/b.txt": "b", "a/c/d.txt": "dd", "a.b": "x", "empty/": "", "z": "->a/b.txt"}, tools.Config{})
	want := []string{"a dir", "a/b.txt file", "a/c dir", "a/c/d.txt file", "a.b file", "empty dir", "z symlink a/b.txt"}
	for limit := 1; limit <= len(want)+1; limit++ {
		var got []string
		after := ""
		for page := 0; page < 20; page++ {
			res, out := b.call("list_tree", map[string]any{"after": after, "limit": limit})
			if res.IsError {
				t.Fatalf("limit %d: %s", limit, res.Text)
			}
			for _, e := range out["entries"].([]any) {
				e := e.(map[string]any)
				got = append(got, strings.TrimSpace(e["path"].(string)+" "+e["type"].(string)+" "+str(e["target"])))
			}
			if out["more"] != true {
				break
			}
			after = out["next"].(string)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("limit %d (-want +got):\n%s", limit, d)
		}
	}
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func TestListTreeResume(t *testing.T) {
	b := newFixture(t, map[string]string{"a/x": "", "b/y": "", "c": ""}, tools.Config{})
	// after names an entry that has gone: the walk resumes past its place
	_, out := b.call("list_tree", map[string]any{"after": "a/w"})
	var got []string
	for _, e := range out["entries"].([]any) {
		got = append(got, e.(map[string]any)["path"].(string))
	}
	if d := cmp.Diff([]string{"a/x", "b", "b/y", "c"}, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	_, out = b.call("list_tree", map[string]any{"path": "b"})
	if e := out["entries"].([]any)[0].(map[string]any); e["path"] != "y" || e["mode"] != "0644" || e["size"] != 0.0 || e["modified"] == "" {
		t.Errorf("entry: %v", e)
	}
	for _, after := range []string{"../a", "/etc"} {
		if res, _ := b.call("list_tree", map[string]any{"after": after}); !res.IsError {
			t.Errorf("after %q: no error", after)
		}
	}
	if res, _ := b.call("list_tree", map[string]any{"path": "c"}); !res.IsError || !strings.Contains(res.Text, "Not a directory") {
		t.Errorf("list_tree c: %s", res.Text)
	}
}

func TestReadBytes(t *testing.T) {
	data := bytes.Repeat([]byte("\x00\xff binary\n"), 30) // 300 bytes
	b := newFixture(t, map[string]string{"bin": string(data)}, tools.Config{})
	var got []byte
	for offset := 0; ; {
		res, out := b.call("read_bytes", map[string]any{"path": "bin", "offset": offset, "length": 128})
		if res.IsError {
			t.Fatal(res.Text)
		}
		chunk, err := base64.StdEncoding.DecodeString(out["data"].(string))
		if err != nil || int(out["bytes"].(float64)) != len(chunk) || out["size"] != 300.0 {
			t.Fatalf("chunk at %d: %v %v", offset, err, out)
		}
		got = append(got, chunk...)
		offset += len(chunk)
		if eof := out["eof"] == true; eof != (offset == 300) {
			t.Fatalf("at %d: eof %v", offset, eof)
		}
		if offset == 300 {
			break
		}
	}
	if !bytes.Equal(got, data) {
		t.Errorf("read %q", got)
	}
	if _, out := b.call("read_bytes", map[string]any{"path": "bin", "offset": 500}); out["bytes"] != 0.0 || out["eof"] != true {
		t.Errorf("past the end: %v", out)
	}
	if res, _ := b.call("read_bytes", map[string]any{"path": "../outside"}); !res.IsError || !strings.Contains(res.Text, "outside the workspace") {
		t.Errorf("outside: %s", res.Text)
	}
}
