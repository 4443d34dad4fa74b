package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/vfs"
)

const issueRulesJSON = `{"command_rules": {
   "rm":  {"deny_options": ["-r", "-f"]},
   "ls":  {"allow_options": ["-l", "-a", "-h", "-R", "-t", "-1"]},
   "sed": {"deny_options": ["-i"]},
   "find": {"deny_options": ["-delete", "-exec", "-execdir", "-ok", "-okdir"]}}}`

// TestRunRules runs shellfence run --rules: a denied spelling stops the
// run with 126 and leaves the tree; an allowed option works.
func TestRunRules(t *testing.T) {
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "d"), 0o755)
	os.WriteFile(filepath.Join(ws, "d", "x"), []byte("x\n"), 0o644)
	rules := writeConfig(t, issueRulesJSON)
	for _, line := range []string{"rm -fr d", "echo d | xargs rm -R", "sh -c 'rm --recursive d'", "find . -name d -delete"} {
		got := runCLI(t, "run", "--cwd", ws, "--rules", rules, line+"; echo after")
		if got.Code != 126 || got.Stdout != "" || !strings.Contains(got.Stderr, "is not allowed here (command_rules)") {
			t.Errorf("%q: %+v", line, got)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "d", "x")); err != nil {
		t.Errorf("the tree changed: %v", err)
	}
	got := runCLI(t, "exec", "--cwd", ws, "--rules", rules, "--", "ls", "-1a", "d")
	if got.Code != 0 || got.Stdout != ".\n..\nx\n" {
		t.Errorf("ls -1a: %+v", got)
	}
	got = runCLI(t, "exec", "--cwd", ws, "--rules", rules, "--", "rm", "--rec", "d")
	if got.Code != 126 || got.Stderr != "rm: option '-r' (--recursive) is not allowed here (command_rules)\n" {
		t.Errorf("exec rm --rec: %+v", got)
	}
}

// TestRulesErrorsAtStart stops run and serve at start on a rule that
// names an option the command does not have, naming it.
func TestRulesErrorsAtStart(t *testing.T) {
	ws := t.TempDir()
	bad := writeConfig(t, `{"command_rules": {"rm": {"deny_options": ["-r", "--nosuch"]}}}`)
	got := runCLI(t, "run", "--cwd", ws, "--rules", bad, "true")
	if got.Code != 2 || !strings.Contains(got.Stderr, `rm: no option "--nosuch"`) {
		t.Errorf("run: %+v", got)
	}
	for _, args := range [][]string{{"--conf", bad}, {"--rules", bad}} {
		var errb bytes.Buffer
		code := serveCmd(context.Background(), append([]string{"--cwd", ws, "--quiet"}, args...), strings.NewReader(""), io.Discard, &errb, noEnv)
		if code != 2 || !strings.Contains(errb.String(), `command_rules: rm: no option "--nosuch"`) {
			t.Errorf("serve %q: exit %d: %s", args, code, errb.String())
		}
	}
	misspelt := writeConfig(t, `{"command_rules": {"rm": {"deny": ["-r"]}}}`)
	var errb bytes.Buffer
	code := serveCmd(context.Background(), []string{"--cwd", ws, "--conf", misspelt}, strings.NewReader(""), io.Discard, &errb, noEnv)
	if code != 2 || !strings.Contains(errb.String(), `unknown field "deny"`) {
		t.Errorf("misspelt rule key: exit %d: %s", code, errb.String())
	}
	inside := filepath.Join(ws, "rules.json")
	os.WriteFile(inside, []byte(issueRulesJSON), 0o600)
	errb.Reset()
	code = serveCmd(context.Background(), []string{"--cwd", ws, "--rules", inside}, strings.NewReader(""), io.Discard, &errb, noEnv)
	if code != 2 || !strings.Contains(errb.String(), "inside the workspace") {
		t.Errorf("rules in the workspace: exit %d: %s", code, errb.String())
	}
}

// TestCommandsPolicy prints the effective policy.
func TestCommandsPolicy(t *testing.T) {
	rules := writeConfig(t, issueRulesJSON)
	got := runCLI(t, "commands", "--rules", rules, "--allow", "rm,ls,cat,find,sed,xargs")
	want := strings.Join([]string{
		"cat       read-only",
		"find      writes with -fprint -fprint0 -fprintf -fls; denies -delete, -exec, -execdir, -ok, -okdir",
		"ls        read-only; allows only -a (--all), -h (--human-readable), -l, -R (--recursive), -t, -1",
		"rm        writes; denies -f (--force), -r (-R, --recursive)",
		"sed       writes (-i, and the w, W and e commands of its script), runs other commands; denies -i (--in-place)",
		"xargs     runs other commands",
		"",
	}, "\n")
	if got.Code != 0 || got.Stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr %s", got.Code, got.Stdout, want, got.Stderr)
	}
	if got := runCLI(t, "commands"); got.Code != 0 || !regexp.MustCompile(`\nrm +Remove \(unlink\) the FILE\(s\)\n`).MatchString(got.Stdout) {
		t.Errorf("commands: %+v", got)
	}
}

// TestConfigPolicyKeys reads command_rules and tool_per_command.
func TestConfigPolicyKeys(t *testing.T) {
	s := defaultSettings()
	if _, err := decodeConfig([]byte(`{"tool_per_command": true, "command_rules": {"rm": {"deny_options": ["-r"]}}}`), &s); err != nil {
		t.Fatal(err)
	}
	if !s.toolPerCommand || len(s.rules["rm"].DenyOptions) != 1 {
		t.Errorf("settings %+v", s)
	}
	tb, err := newToolbox(&s, vfs.NewMem("/w"), &scratch{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tb.Tool("rm"); !ok {
		t.Error("tool_per_command: no rm tool")
	}
}
