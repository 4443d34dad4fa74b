package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins"
)

type cliOutcome struct {
	Stdout, Stderr string
	Code           int
}

func runCLI(t *testing.T, args ...string) cliOutcome {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli(context.Background(), args, strings.NewReader(""), &out, &errb)
	return cliOutcome{out.String(), errb.String(), code}
}

func TestCLI(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("alpha\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want cliOutcome
	}{
		{"run", []string{"run", "--cwd", dir, "cat a.txt; exit 3"}, cliOutcome{"alpha\n", "", 3}},
		{"dashdash", []string{"run", "--cwd", dir, "--", "cat -n a.txt"}, cliOutcome{"     1\talpha\n", "", 0}},
		{"allow", []string{"run", "--cwd", dir, "--allow", "true", "cat a.txt"},
			cliOutcome{"", "cat: not allowed here (allowed: true)\n", 127}},
		{"read-only", []string{"run", "--cwd", dir, "--read-only", "echo x > b.txt"},
			cliOutcome{"", "shellfence: b.txt: read-only workspace\n", 1}},
		{"exec", []string{"exec", "--cwd", dir, "--", "cat", "a.txt"}, cliOutcome{"alpha\n", "", 0}},
		{"env", []string{"run", "--cwd", dir, "--env", "X=1", "echo $X"}, cliOutcome{"1\n", "", 0}},
		{"timeout", []string{"run", "--cwd", dir, "--timeout", "100ms", "while :; do :; done"},
			cliOutcome{"", "shellfence: timed out after 100ms\n", 124}},
		{"syntax", []string{"run", "--cwd", dir, "echo )"},
			cliOutcome{"", "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n", 2}},
		{"no command", []string{"run", "--cwd", dir}, cliOutcome{"", usage, 2}},
		{"unquoted", []string{"run", "--cwd", dir, "cat", "-n", "a.txt"}, cliOutcome{"",
			"shellfence run: the command line is one argument: quote it, as in shellfence run 'cat -n a.txt'\n(or run one command with exact arguments: shellfence exec -- cat -n a.txt)\n", 2}},
		{"allow trimmed", []string{"run", "--cwd", dir, "--allow", " cat , true", "cat a.txt"}, cliOutcome{"alpha\n", "", 0}},
		{"allow unknown", []string{"run", "--cwd", dir, "--allow", "cat,vim", "cat a.txt"}, cliOutcome{"",
			"shellfence run: allow: no such command: vim (the commands: " + strings.Join(builtins.Names(), " ") + "; the shell's own, such as cd and export, are always there)\n", 2}},
		{"bad workspace", []string{"run", "--cwd", filepath.Join(dir, "nope"), "true"},
			cliOutcome{"", "shellfence: workspace: open " + filepath.Join(dir, "nope") + ": no such file or directory\n", 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, runCLI(t, tt.args...)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestCLIHelp(t *testing.T) {
	if got := runCLI(t, "run", "--help"); got.Code != 0 || !strings.Contains(got.Stderr, "-allow") {
		t.Errorf("run --help: %+v", got)
	}
	got := runCLI(t, "--help")
	for _, sub := range []string{"run", "exec", "commands", "serve", "client"} {
		if !strings.Contains(got.Stdout, "\n  shellfence "+sub+" ") || got.Code != 0 {
			t.Errorf("--help does not describe %s: %+v", sub, got)
		}
	}
	got = runCLI(t, "commands")
	lines := strings.Split(strings.TrimSuffix(got.Stdout, "\n"), "\n")
	if len(lines) != len(builtins.Names()) || !slices.ContainsFunc(lines, func(l string) bool {
		return strings.Join(strings.Fields(l), " ") == "cat Concatenate FILE(s) to standard output"
	}) {
		t.Errorf("commands: %q", got.Stdout)
	}
}

// buildStatic builds the binary with CGO_ENABLED=0 into dir.
func buildStatic(t testing.TB, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "shellfence")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func TestTimeoutBinary(t *testing.T) {
	bin := serverBin(t)
	start := time.Now()
	cmd := exec.Command(bin, "run", "--cwd", t.TempDir(), "--timeout", "1s", "while true; do :; done")
	out, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 124 || string(out) != "shellfence: timed out after 1s\n" {
		t.Errorf("exit %d, output %q", cmd.ProcessState.ExitCode(), out)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v with --timeout 1s", d)
	}
}
