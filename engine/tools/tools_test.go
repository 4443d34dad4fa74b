package tools_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// box makes a toolbox over a temp disk workspace holding files.
func box(t *testing.T, files map[string]string, cfg tools.Config) (string, *tools.Toolbox, *tools.Session) {
	t.Helper()
	dir, ws := vfstest.Workspace(t, files)
	cfg.Engine = engine.New(ws)
	tb := tools.New(cfg)
	s := tb.NewSession()
	t.Cleanup(s.Close)
	return dir, tb, s
}

// do calls a tool and returns its result and structured output as a map.
func do(t *testing.T, tb *tools.Toolbox, s *tools.Session, name, args string) (*tools.Result, map[string]any) {
	t.Helper()
	res := tb.Call(context.Background(), s, name, json.RawMessage(args))
	var m map[string]any
	b, _ := json.Marshal(res.Structured)
	json.Unmarshal(b, &m)
	return res, m
}

func TestRunSessionAndAliases(t *testing.T) {
	_, tb, s := box(t, map[string]string{"src/a.go": "package a\n"}, tools.Config{})
	_, out := do(t, tb, s, "run", `{"command": "cd src && X=1"}`)
	if out["cwd"] != "src" || out["exit_code"] != float64(0) {
		t.Fatalf("cd: %v", out)
	}
	res, out := do(t, tb, s, "run", `{"cmd": "ls; echo $X", "timeout": "10s", "description": "list"}`)
	if out["stdout"] != "a.go\n1\n" || res.IsError {
		t.Errorf("aliases and state: %v %s", out, res.Text)
	}
	_, out = do(t, tb, s, "run", `{"command": "pwd", "reset": true}`)
	if !strings.HasSuffix(out["stdout"].(string), filepath.Base(filepath.Dir(out["stdout"].(string)))+"\n") && out["cwd"] != "." {
		t.Errorf("reset: %v", out)
	}
	_, out = do(t, tb, s, "run", `{"command": "cat", "args": ["a b", "$HOME"], "cwd": "src", "stdin": "in\n", "env": {"Y": "2"}}`)
	if out["exit_code"] != float64(1) || !strings.Contains(out["stderr"].(string), "cat: 'a b': No such file or directory") {
		t.Errorf("args form: %v", out)
	}
	_, out = do(t, tb, s, "run", `{"command": "cat; echo $Y", "stdin": "in\n", "env": {"Y": "2"}}`)
	if out["stdout"] != "in\n2\n" {
		t.Errorf("stdin and env: %v", out)
	}
}

func TestRunNoPersist(t *testing.T) {
	_, tb, s := box(t, map[string]string{"d/x": ""}, tools.Config{NoPersist: true})
	do(t, tb, s, "run", `{"command": "cd d"}`)
	if _, out := do(t, tb, s, "run", `{"command": "ls"}`); out["stdout"] != "d\n" {
		t.Errorf("--no-persist kept the directory: %v", out)
	}
}

func TestRunTimeoutAndTruncation(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{MaxOutput: 200})
	start := time.Now()
	res, out := do(t, tb, s, "run", `{"command": "seq 100000; while true; do :; done", "timeout_ms": 500}`)
	if d := time.Since(start); d > 1500*time.Millisecond || out["timed_out"] != true || out["exit_code"] != float64(124) || !res.IsError {
		t.Fatalf("timeout after %v: %v", d, out)
	}
	stdout := out["stdout"].(string)
	if !strings.HasPrefix(stdout, "1\n2\n") || !strings.HasSuffix(stdout, "100000\n") || out["stdout_bytes"] != float64(588895) || out["stdout_truncated"] != true {
		t.Errorf("truncation: %q %v", stdout, out["stdout_bytes"])
	}
	if !strings.Contains(stdout, `run_output with id "r1"`) {
		t.Errorf("the marker does not say how to get the rest: %q", stdout)
	}
	_, got := do(t, tb, s, "run_output", `{"match": "^5000[0-9]$"}`)
	if got["text"] != "50000:50000\n50001:50001\n50002:50002\n50003:50003\n50004:50004\n50005:50005\n50006:50006\n50007:50007\n50008:50008\n50009:50009\n" || got["matches"] != float64(10) {
		t.Errorf("run_output match: %v", got)
	}
	_, got = do(t, tb, s, "run_output", `{"id": "r1", "offset": 99999, "limit": 5}`)
	if got["text"] != "99999\n100000\n" || got["more"] != false || got["total_lines"] != float64(100000) {
		t.Errorf("run_output window: %v", got)
	}
	_, got = do(t, tb, s, "run_output", `{"stream": "stderr"}`)
	if got["text"] != "shellfence: timed out after 500ms\n" {
		t.Errorf("run_output stderr: %v", got)
	}
	if res, _ := do(t, tb, s, "run_output", `{"id": "r9"}`); !res.IsError || !strings.Contains(res.Text, "stored: r1") {
		t.Errorf("unknown id: %s", res.Text)
	}
}

func TestRunBinaryAndErrors(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{})
	_, out := do(t, tb, s, "run", `{"command": "printf 'PK\\003\\004\\0\\0'"}`)
	if !strings.HasPrefix(out["stdout"].(string), "[binary output: 6 bytes of application/zip") {
		t.Errorf("binary: %v", out["stdout"])
	}
	for _, args := range []string{`{}`, `{"command": "ls", "bogus": 1}`, `{"command": 5}`, `not json`} {
		res, _ := do(t, tb, s, "run", args)
		if !res.IsError || !strings.Contains(res.Text, "invalid arguments") || !strings.Contains(res.Text, "command (required)") {
			t.Errorf("%s: %s", args, res.Text)
		}
	}
	if res, _ := do(t, tb, s, "nope", `{}`); !res.IsError {
		t.Error("unknown tool accepted")
	}
	if res, out := do(t, tb, s, "run", `{"command": "python3 -c 1"}`); !res.IsError || out["exit_code"] != float64(127) {
		t.Errorf("missing program: %v", out)
	}
}

func TestFileTools(t *testing.T) {
	dir, tb, s := box(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "bin": "\x00\x01\x02", "d/e/f": "x"}, tools.Config{MaxOutput: 8})
	_, out := do(t, tb, s, "read_file", `{"path": "a.txt"}`)
	if out["text"] != "one\ntwo\n" || out["more"] != true || out["total_lines"] != float64(3) || out["last_line"] != float64(2) {
		t.Errorf("read_file capped: %v", out)
	}
	_, out = do(t, tb, s, "read_file", `{"path": "a.txt", "offset": 3}`)
	if out["text"] != "three\n" || out["more"] != false {
		t.Errorf("read_file offset: %v", out)
	}
	for args, want := range map[string]string{
		`{"path": "bin"}`:         "binary file (3 bytes",
		`{"path": "d"}`:           "Is a directory",
		`{"path": "nope"}`:        "nope: No such file or directory",
		`{"path": "../x"}`:        "outside the workspace",
		`{"path": "/etc/passwd"}`: "outside the workspace",
	} {
		if res, _ := do(t, tb, s, "read_file", args); !res.IsError || !strings.Contains(res.Text, want) {
			t.Errorf("read_file %s: %s", args, res.Text)
		}
	}
	do(t, tb, s, "write_file", `{"path": "new/deep/n.txt", "text": "hi"}`)
	_, out = do(t, tb, s, "write_file", `{"path": "new/deep/n.txt", "text": "!\n", "append": true}`)
	if b, _ := os.ReadFile(filepath.Join(dir, "new/deep/n.txt")); string(b) != "hi!\n" || out["created"] != false || out["size"] != float64(4) {
		t.Errorf("write_file: %q %v", b, out)
	}
	_, out = do(t, tb, s, "list_dir", `{"recursive": true}`)
	if got := out["entries"]; len(got.([]any)) != 8 {
		t.Errorf("list_dir: %v", got)
	}
	_, out = do(t, tb, s, "list_dir", `{"path": "d", "recursive": true, "max_entries": 1}`)
	if out["truncated"] != true || out["entries"].([]any)[0] != "e/" {
		t.Errorf("list_dir max: %v", out)
	}
	do(t, tb, s, "copy_file", `{"source": "a.txt", "destination": "d"}`)
	do(t, tb, s, "move_path", `{"source": "d/a.txt", "destination": "moved/b.txt"}`)
	do(t, tb, s, "delete_file", `{"path": "bin"}`)
	do(t, tb, s, "make_dir", `{"path": "m/n", "parents": true}`)
	do(t, tb, s, "remove_dir", `{"path": "m/n"}`)
	if res, _ := do(t, tb, s, "remove_dir", `{"path": "d"}`); !res.IsError || !strings.Contains(res.Text, "Directory not empty") {
		t.Errorf("remove_dir non-empty: %s", res.Text)
	}
	if res, _ := do(t, tb, s, "delete_file", `{"path": "d"}`); !res.IsError {
		t.Error("delete_file removed a directory")
	}
	var tree []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		rel, _ := filepath.Rel(dir, p)
		tree = append(tree, rel)
		return nil
	})
	want := ". a.txt d d/e d/e/f m moved moved/b.txt new new/deep new/deep/n.txt"
	if got := strings.Join(tree, " "); got != want {
		t.Errorf("tree after the file tools: %s", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "moved/b.txt")); string(b) != "one\ntwo\nthree\n" {
		t.Errorf("copied and moved: %q", b)
	}
}

func TestEditAndPatch(t *testing.T) {
	dir, tb, s := box(t, map[string]string{"f.go": "a\nb\nc\n"}, tools.Config{})
	_, out := do(t, tb, s, "edit_file", `{"path": "f.go", "script": "s/b/B/"}`)
	if out["changed"] != true || out["backup"] != "f.go.bk1" || !strings.Contains(out["diff"].(string), "-b\n+B\n") {
		t.Errorf("edit_file: %v", out)
	}
	res, out := do(t, tb, s, "apply_patch", `{"patch": "--- f.go\n+++ f.go\n@@ -1,3 +1,3 @@\n a\n-B\n+bee\n c\n"}`)
	if b, _ := os.ReadFile(filepath.Join(dir, "f.go")); string(b) != "a\nbee\nc\n" || res.IsError || out["applied"] != true {
		t.Errorf("apply_patch: %q %v %s", b, out, res.Text)
	}
	res, out = do(t, tb, s, "apply_patch", `{"patch": "--- f.go\n+++ f.go\n@@ -1,3 +1,3 @@\n x\n-y\n+z\n w\n"}`)
	if !res.IsError || out["applied"] != false || !strings.Contains(res.Text, "hunk #1 failed") {
		t.Errorf("failed hunk: %v %s", out, res.Text)
	}
}

func TestReadOnlyAndDisabled(t *testing.T) {
	_, tb, _ := box(t, nil, tools.Config{ReadOnly: true, Disabled: []string{"list_dir"}})
	var names []string
	for _, tl := range tb.Tools() {
		names = append(names, tl.Name)
	}
	if got := strings.Join(names, " "); got != "run run_output run_kill check_command read_file list_tree read_bytes" {
		t.Errorf("read-only tools: %s", got)
	}
}

// Descriptions are written for a model: each says what the tool does,
// when to use it, and every parameter has a description.
func TestDescriptions(t *testing.T) {
	_, tb, _ := box(t, nil, tools.Config{})
	for _, tl := range tb.Tools() {
		if len(tl.Description) < 150 || tl.Annotations.Title == "" {
			t.Errorf("%s: description too short or no title", tl.Name)
		}
		for name, p := range tl.InputSchema.Properties {
			if p.Description == "" {
				t.Errorf("%s.%s has no description", tl.Name, name)
			}
		}
	}
	if !strings.Contains(tb.Instructions(), "No host program") {
		t.Error("instructions do not say what this shell is")
	}
}

// Runs past the toolbox's bound, or a second run of a busy session, wait
// a little, then get a busy error.
func TestBusy(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{MaxRuns: 1, BusyWait: 200 * time.Millisecond})
	done := make(chan struct{})
	go func() {
		do(t, tb, s, "run", `{"command": "sleep 1"}`)
		close(done)
	}()
	time.Sleep(100 * time.Millisecond)
	if res, _ := do(t, tb, s, "run", `{"command": "true"}`); !res.IsError || !strings.Contains(res.Text, "still running an earlier command") {
		t.Errorf("same session: %s", res.Text)
	}
	other := tb.NewSession()
	defer other.Close()
	if res, _ := do(t, tb, other, "run", `{"command": "true"}`); !res.IsError || !strings.Contains(res.Text, "the server is busy") {
		t.Errorf("other session: %s", res.Text)
	}
	<-done
	if res, _ := do(t, tb, other, "run", `{"command": "true"}`); res.IsError {
		t.Errorf("after the first ended: %s", res.Text)
	}
}

func TestBackgroundRuns(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{})
	start := time.Now()
	_, out := do(t, tb, s, "run", `{"command": "for i in $(seq 100); do echo line$i; sleep 0.05; done", "run_in_background": true}`)
	if out["status"] != "running" || time.Since(start) > 300*time.Millisecond {
		t.Fatalf("background start: %v after %v", out, time.Since(start))
	}
	id := out["id"].(string)
	time.Sleep(300 * time.Millisecond)
	_, got := do(t, tb, s, "run_output", `{"id": "`+id+`"}`)
	if got["status"] != "running" || !strings.HasPrefix(got["text"].(string), "line1\n") {
		t.Errorf("output while running: %v", got)
	}
	if _, fg := do(t, tb, s, "run", `{"command": "echo foreground"}`); fg["stdout"] != "foreground\n" {
		t.Errorf("a foreground run beside it: %v", fg)
	}
	start = time.Now()
	_, kill := do(t, tb, s, "run_kill", `{"id": "`+id+`"}`)
	if kill["status"] != "killed" || time.Since(start) > 500*time.Millisecond {
		t.Errorf("run_kill: %v after %v", kill, time.Since(start))
	}
	_, got = do(t, tb, s, "run_output", `{"id": "`+id+`"}`)
	if got["status"] != "killed" || got["exit_code"] == nil {
		t.Errorf("after run_kill: %v", got)
	}
	_, out = do(t, tb, s, "run", `{"command": "echo done; exit 3", "background": true}`)
	time.Sleep(200 * time.Millisecond)
	_, got = do(t, tb, s, "run_output", `{"id": "`+out["id"].(string)+`"}`)
	if got["status"] != "exited" || got["exit_code"] != float64(3) || got["text"] != "done\n" {
		t.Errorf("a background run that ended: %v", got)
	}
}

func TestExpect(t *testing.T) {
	_, tb, s := box(t, map[string]string{"a.txt": "x\n"}, tools.Config{})
	res, out := do(t, tb, s, "run", `{"command": "echo hello world; touch b.txt", "expect": {"stdout_contains": ["hello", "world"], "stdout_matches": "^hello", "stderr_empty": true, "files_exist": "b.txt", "files_absent": ["c.txt"], "max_ms": 10000}}`)
	if res.IsError || out["ok"] != true || out["assertions_failed"] != nil || len(out["assertions"].([]any)) != 7 {
		t.Errorf("passing expect: %v %s", out, res.Text)
	}
	res, out = do(t, tb, s, "run", `{"command": "echo oops >&2; exit 2", "expect": {"stdout_contains": "hello", "stderr_contains": "oops"}}`)
	if !res.IsError || out["ok"] != false || out["assertions_failed"] != float64(2) || !strings.Contains(res.Text, "assertion exit_code failed") {
		t.Errorf("failing expect: %v %s", out, res.Text)
	}
	res, out = do(t, tb, s, "run", `{"command": "exit 2", "expect": {"exit_code": 2}}`)
	if res.IsError || out["ok"] != true {
		t.Errorf("expected exit code: %v", out)
	}
}

// A failure buried in the part of a long output the result leaves out
// is listed in signals and shown in the marker.
func TestSignals(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{MaxOutput: 400})
	_, out := do(t, tb, s, "run", `{"command": "for i in $(seq 500); do echo ok $i; if [ $i = 250 ]; then echo 'main.c:12:5: error: expected ;'; echo 'Segmentation fault (core dumped)' >&2; fi; done; echo '0 errors'"}`)
	sig, _ := out["signals"].([]any)
	if len(sig) != 1 || !strings.Contains(out["stdout"].(string), "main.c:12:5: error") {
		t.Fatalf("signals %v\nstdout %s", out["signals"], out["stdout"])
	}
	first := sig[0].(map[string]any)
	if first["line"] != float64(251) || first["stream"] != "stdout" {
		t.Errorf("signal: %v", first)
	}
	if _, out = do(t, tb, s, "run", `{"command": "seq 500"}`); out["signals"] != nil {
		t.Errorf("signals in a clean output: %v", out["signals"])
	}
}

// BenchmarkRunLs is one cheap run through the tool layer, without MCP.
func BenchmarkRunLs(b *testing.B) {
	_, ws := vfstest.Workspace(b, map[string]string{"a": "", "b": ""})
	tb := tools.New(tools.Config{Engine: engine.New(ws)})
	s := tb.NewSession()
	defer s.Close()
	args := json.RawMessage(`{"command": "ls"}`)
	for b.Loop() {
		if res := tb.Call(context.Background(), s, "run", args); res.IsError {
			b.Fatal(res.Text)
		}
	}
}

func TestRunHint(t *testing.T) {
	_, tb, s := box(t, nil, tools.Config{})
	_, out := do(t, tb, s, "run", `{"command": "vim notes.txt"}`)
	want := "vim: this shell runs only its built-in commands, no host programs; nearest: sed ('commands' lists them)"
	if out["exit_code"] != float64(127) || out["hint"] != want {
		t.Errorf("hint: %v", out)
	}
	_, out = do(t, tb, s, "run", `{"command": "echo ok"}`)
	if _, ok := out["hint"]; ok {
		t.Errorf("hint without a missing command: %v", out)
	}
}
