package tools_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func TestToolPerCommand(t *testing.T) {
	dir, ws := vfstest.Workspace(t, map[string]string{"src/a.go": "// TODO: x\npackage a // TODO y\n", "b.txt": "b\n"})
	rules := engine.Rules{"rm": {DenyOptions: []string{"-r"}}}
	tb := tools.New(tools.Config{Engine: engine.New(ws, engine.WithAllow("ls", "grep", "cat", "rm", "sed", "find"), engine.WithRules(rules)), ToolPerCommand: true})
	s := tb.NewSession()
	t.Cleanup(s.Close)
	for name, readOnly := range map[string]bool{"ls": true, "grep": true, "cat": true, "find": false, "rm": false, "sed": false} {
		tool, ok := tb.Tool(name)
		if !ok {
			t.Fatalf("no tool %s", name)
		}
		if tool.Annotations.ReadOnly != readOnly || tool.Annotations.Destructive == readOnly {
			t.Errorf("%s: annotations %+v", name, tool.Annotations)
		}
		if _, ok := tool.InputSchema.Properties["args"]; !ok || tool.InputSchema.Properties["args"].Type != "array" {
			t.Errorf("%s: no args array: %v", name, tool.InputSchema.Properties)
		}
		if run, _ := tb.Tool("run"); tool.OutputSchema == nil || len(tool.OutputSchema.Properties) != len(run.OutputSchema.Properties) {
			t.Errorf("%s: the result schema is not run's", name)
		}
	}
	if _, ok := tb.Tool("awk"); ok {
		t.Error("a command the allowlist leaves out has a tool")
	}
	grep, _ := tb.Tool("grep")
	if !strings.Contains(grep.Description, "Usage: grep [OPTION]... PATTERNS [FILE]...") {
		t.Errorf("grep's description lacks its synopsis: %s", grep.Description)
	}
	rm, _ := tb.Tool("rm")
	if !strings.Contains(rm.Description, "Rules in force: rm denies -r (-R, --recursive)") {
		t.Errorf("rm's description lacks its rules: %s", rm.Description)
	}
	res, out := do(t, tb, s, "grep", `{"args": ["-rn", "TODO", "."]}`)
	want := "./src/a.go:1:// TODO: x\n./src/a.go:2:package a // TODO y\n" // one file: GNU lists files in directory order
	if ref, err := exec.LookPath("grep"); err == nil {
		cmd := exec.Command(ref, "-rn", "TODO", ".")
		cmd.Dir = dir
		b, _ := cmd.Output()
		want = string(b)
	}
	if res.IsError || out["stdout"] != want || out["exit_code"] != float64(0) {
		t.Errorf("grep -rn TODO .: %v %v, want %q", res.Text, out, want)
	}
	_, out = do(t, tb, s, "cat", `{"args": ["*.txt"], "cwd": "."}`)
	if out["exit_code"] != float64(1) || !strings.Contains(out["stderr"].(string), "cat: '*.txt': No such file or directory") {
		t.Errorf("cat with a glob expanded it: %v", out)
	}
	_, out = do(t, tb, s, "cat", `{"stdin": "in\n"}`)
	if out["stdout"] != "in\n" {
		t.Errorf("cat with stdin: %v", out)
	}
	_, out = do(t, tb, s, "rm", `{"args": ["-fR", "src"]}`)
	if out["exit_code"] != float64(126) || out["refused"] == nil {
		t.Errorf("rm -fR: %v", out)
	}
	if _, out = do(t, tb, s, "ls", `{"args": ["src"]}`); out["stdout"] != "a.go\n" {
		t.Errorf("after the refused rm: %v", out)
	}
}

// TestToolPerCommandClash prefixes a command named like another tool.
func TestToolPerCommandClash(t *testing.T) {
	_, ws := vfstest.Workspace(t, nil)
	e := engine.New(ws, engine.WithAllow("run", "ls"), engine.WithCommand("run", func(p *builtins.Proc) int {
		p.Stdout.Write([]byte("mine\n"))
		return 0
	}))
	tb := tools.New(tools.Config{Engine: e, ToolPerCommand: true})
	s := tb.NewSession()
	t.Cleanup(s.Close)
	if _, out := do(t, tb, s, "cmd_run", `{}`); out["stdout"] != "mine\n" {
		t.Errorf("cmd_run: %v", out)
	}
	if _, out := do(t, tb, s, "run", `{"command": "echo shell"}`); out["stdout"] != "shell\n" {
		t.Errorf("run: %v", out)
	}
	if _, ok := tb.Tool("ls"); !ok {
		t.Error("no ls tool")
	}
}
