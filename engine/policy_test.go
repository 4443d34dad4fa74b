package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
)

// issueRules are the rules of the policy issue's example.
var issueRules = engine.Rules{
	"rm":   {DenyOptions: []string{"-r", "-f"}},
	"ls":   {AllowOptions: []string{"-l", "-a", "-h", "-R", "-t", "-1"}},
	"sed":  {DenyOptions: []string{"-i"}},
	"find": {DenyOptions: []string{"-delete", "-exec", "-execdir", "-ok", "-okdir"}},
	"grep": {DenyOptions: []string{"--recursive"}},
}

const rmRefused = "rm: option '-r' (--recursive) is not allowed here (command_rules)\n"

func policyWorkspace(t *testing.T) (string, *engine.Engine) {
	return rulesWorkspace(t, issueRules)
}

func rulesWorkspace(t *testing.T, rules engine.Rules) (string, *engine.Engine) {
	t.Helper()
	dir, ws := workspace(t, map[string]string{
		"d/x":  "x\n",
		"f":    "a\n",
		"s.sh": "rm -r d\n",
	})
	if err := os.Chmod(filepath.Join(dir, "s.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, engine.New(ws, engine.WithRules(rules))
}

// TestRulesEverySpellingEveryRoute runs a denied option of rm in every
// spelling and through every way a command can be reached: each run stops
// with 126 and rm's message, and d/x is still there.
func TestRulesEverySpellingEveryRoute(t *testing.T) {
	lines := []string{
		"rm -r d", "rm -R d", "rm --recursive d", "rm --rec d",
		"rm -rv d", "rm -vR d", "rm -d -r d", "rm d -r", "/bin/rm -r d", "/usr/bin/rm -R d",
		"echo | rm -r d", "rm -r d | cat", "echo d | xargs rm -r", "echo d | xargs -I{} rm -r {}",
		"find . -name d -exec rm -r {} +", "find . -name d -exec rm -r {} \\;",
		"sh -c 'rm -r d'", "bash -c 'rm -r d'", "bash -c 'bash -c \"rm -R d\"'",
		"eval 'rm -r d'", "x='rm -r d'; eval \"$x\"", "source s.sh", ". ./s.sh", "./s.sh", "bash s.sh",
		"echo | sed 'e rm -r d'", "env rm -r d", "command rm -r d", "builtin rm -r d 2>/dev/null || rm -r d",
		"x=$(rm -r d); echo no", "(rm -r d) || echo no", "f() { rm -r d; }; f", "rm -r d & wait",
		"for i in 1; do rm -r d; done", "rm -r d; echo after", "true && rm -r d || echo no",
	}
	for _, line := range lines {
		t.Run(line, func(t *testing.T) {
			dir, e := rulesWorkspace(t, engine.Rules{"rm": {DenyOptions: []string{"-R"}}})
			got := run(t, e, engine.Request{Command: line})
			if got.Code != engine.ExitRefused || !strings.HasSuffix(got.Stderr, rmRefused) {
				t.Errorf("%q: exit %d, stderr %q; want 126 and %q", line, got.Code, got.Stderr, rmRefused)
			}
			if got.Stdout != "" {
				t.Errorf("%q: printed %q after the refusal", line, got.Stdout)
			}
			if _, err := os.Stat(filepath.Join(dir, "d", "x")); err != nil {
				t.Errorf("%q: the tree changed: %v", line, err)
			}
		})
	}
}

// TestRulesArgsForm refuses in the exact-arguments form of a request.
func TestRulesArgsForm(t *testing.T) {
	for _, args := range [][]string{{"rm", "-r", "d"}, {"rm", "-fr", "d"}, {"xargs", "rm", "-R"}, {"find", "d", "-delete"}} {
		dir, e := policyWorkspace(t)
		res, err := e.Run(context.Background(), engine.Request{Args: args, Stdin: strings.NewReader("d\n")})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != engine.ExitRefused || res.Refused == nil {
			t.Errorf("%q: exit %d, refused %v, stderr %q", args, res.ExitCode, res.Refused, res.Stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "d", "x")); err != nil {
			t.Errorf("%q: the tree changed: %v", args, err)
		}
	}
}

// TestRulesOtherOptions covers -f, find's primaries, sed -i, the allowlist
// of ls's options and the grep family.
func TestRulesOtherOptions(t *testing.T) {
	refused := map[string]string{
		"rm -f d/x":                        "rm: option '-f' (--force) is not allowed here (command_rules)\n",
		"rm -fr d":                         "rm: option '-f' (--force) is not allowed here (command_rules)\n",
		"rm --force d/x":                   "rm: option '-f' (--force) is not allowed here (command_rules)\n",
		"find d -delete":                   "find: option '-delete' is not allowed here (command_rules)\n",
		"find . -fprint out -delete":       "find: option '-delete' is not allowed here (command_rules)\n",
		"find . -execdir rm {} +":          "find: option '-execdir' is not allowed here (command_rules)\n",
		"find . -ok rm {} \\; < /dev/null": "find: option '-ok' is not allowed here (command_rules)\n",
		"sed -i s/a/b/ f":                  "sed: option '-i' (--in-place) is not allowed here (command_rules)\n",
		"sed -ni s/a/b/ f":                 "sed: option '-i' (--in-place) is not allowed here (command_rules)\n",
		"sed --in-place=.bak s/a/b/ f":     "sed: option '-i' (--in-place) is not allowed here (command_rules)\n",
		"sed --in s/a/b/ f":                "sed: option '-i' (--in-place) is not allowed here (command_rules)\n",
		"ls -S":                            "ls: option '-S' is not allowed here (command_rules)\n",
		"ls -la --color":                   "ls: option '--color' is not allowed here (command_rules)\n",
		"grep -r a .":                      "grep: option '-r' (--recursive) is not allowed here (command_rules)\n",
		"egrep -r a .":                     "grep: option '-r' (--recursive) is not allowed here (command_rules)\n",
	}
	for line, want := range refused {
		dir, e := policyWorkspace(t)
		got := run(t, e, engine.Request{Command: line})
		if got.Code != engine.ExitRefused || !strings.HasSuffix(got.Stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want 126 and %q", line, got.Code, got.Stderr, want)
		}
		if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
			t.Errorf("%q: find opened its -fprint file before the refusal", line)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "f")); string(data) != "a\n" {
			t.Errorf("%q: f changed to %q", line, data)
		}
	}
}

// TestRulesAllowedOptionsWork runs what the rules allow.
func TestRulesAllowedOptionsWork(t *testing.T) {
	for line, want := range map[string]string{
		"ls -1a d":                          ".\n..\nx\n",
		"ls --all -1 d":                     ".\n..\nx\n",
		"ls --help | head -1":               "Usage: ls [OPTION]... [FILE]...\n",
		"find . -name x":                    "./d/x\n",
		"sed s/a/b/ f":                      "b\n",
		"grep -n a f":                       "1:a\n",
		"rm d/x && ls d":                    "",
		"echo d/x | xargs rm; ls -a1 d":     ".\n..\n",
		"find d -name x -print | xargs cat": "x\n",
	} {
		_, e := policyWorkspace(t)
		got := run(t, e, engine.Request{Command: line})
		if got.Code != 0 || got.Stdout != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", line, got.Code, got.Stdout, got.Stderr, want)
		}
	}
}

// TestCheckRules names what a bad rule names.
func TestCheckRules(t *testing.T) {
	for _, tt := range []struct {
		rules engine.Rules
		want  string
	}{
		{engine.Rules{"rm": {DenyOptions: []string{"-x"}}}, `rm: no option "-x"`},
		{engine.Rules{"rm": {DenyOptions: []string{"--rec"}}}, `rm: no option "--rec"`},
		{engine.Rules{"find": {DenyOptions: []string{"-nosuch"}}}, `find: no option "-nosuch"`},
		{engine.Rules{"ls": {AllowOptions: []string{"-l", "-Q", "--bogus"}}}, `ls: no option "--bogus"`},
		{engine.Rules{"nosuch": {DenyOptions: []string{"-r"}}}, "nosuch: no such command"},
		{engine.Rules{"echo": {DenyOptions: []string{"-e"}}}, "cannot check the options of echo"},
	} {
		err := engine.CheckRules(tt.rules)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "command_rules: ") {
			t.Errorf("CheckRules(%v) = %v, want it to name %s", tt.rules, err, tt.want)
		}
	}
	if err := engine.CheckRules(issueRules); err != nil {
		t.Errorf("the issue's rules: %v", err)
	}
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithRules(engine.Rules{"rm": {DenyOptions: []string{"-x"}}}))
	if _, err := e.Run(context.Background(), engine.Request{Command: "echo hi"}); err == nil {
		t.Error("an engine with a bad rule ran a command")
	}
}
