package engine_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
)

func TestCommandNotFoundHint(t *testing.T) {
	const tail = " ('commands' lists them)"
	const runsOnly = ": this shell runs only its built-in commands, no host programs"
	tests := []struct {
		name, cmd string
		allow     []string
		stderr    string
		hint      string
	}{
		{"hg", "hg status", nil,
			"bash: line 1: hg: command not found\nshellfence: hg" + runsOnly + tail + "\n",
			"hg" + runsOnly + tail},
		{"python3 no typo", "python3 -c 1", nil,
			"bash: line 1: python3: command not found\nshellfence: python3" + runsOnly + tail + "\n",
			"python3" + runsOnly + tail},
		{"vim", "vim f", nil,
			"bash: line 1: vim: command not found\nshellfence: vim" + runsOnly + "; nearest: sed" + tail + "\n",
			"vim" + runsOnly + "; nearest: sed" + tail},
		{"less", "echo; less f", nil,
			"bash: line 1: less: command not found\nshellfence: less" + runsOnly + "; nearest: cat, head, tail" + tail + "\n",
			"less" + runsOnly + "; nearest: cat, head, tail" + tail},
		{"allowlist filters the stand-ins", "less f", []string{"head"},
			"bash: line 1: less: command not found\nshellfence: less" + runsOnly + "; nearest: head" + tail + "\n",
			"less" + runsOnly + "; nearest: head" + tail},
		{"typo", "grpe x f", nil,
			"bash: line 1: grpe: command not found\nshellfence: grpe" + runsOnly + "; nearest: grep" + tail + "\n",
			"grpe" + runsOnly + "; nearest: grep" + tail},
		{"once per name, line numbers", "nope\nnope", nil,
			"bash: line 1: nope: command not found\nshellfence: nope" + runsOnly + tail + "\nbash: line 2: nope: command not found\n",
			"nope" + runsOnly + tail},
		{"nested shell's $0", "bash -c nope my", nil,
			"my: line 1: nope: command not found\nshellfence: nope" + runsOnly + tail + "\n",
			"nope" + runsOnly + tail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ws := workspace(t, nil)
			e := engine.New(ws, engine.WithAllow(append(tt.allow, "echo", "bash")...))
			if tt.allow == nil {
				e = engine.New(ws)
			}
			res, err := e.Run(context.Background(), engine.Request{Command: tt.cmd})
			if err != nil {
				t.Fatal(err)
			}
			if res.ExitCode != 127 {
				t.Errorf("exit %d, want 127", res.ExitCode)
			}
			if d := cmp.Diff(tt.stderr, string(res.Stderr)); d != "" {
				t.Errorf("stderr (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.hint, res.Hint); d != "" {
				t.Errorf("hint (-want +got):\n%s", d)
			}
		})
	}
}

// A command the allowlist refuses is missing for xargs and find -exec,
// as it is for the shell.
func TestAllowlistInsideXargs(t *testing.T) {
	_, ws := workspace(t, map[string]string{"f": "x\n"})
	e := engine.New(ws, engine.WithAllow("echo", "xargs", "find"))
	for cmd, want := range map[string]outcome{
		"echo f | xargs cat; echo $?":       {"127\n", "xargs: cat: No such file or directory\n", 0},
		"find f -exec cat {} \\; ; echo $?": {"0\n", "find: ‘cat’: No such file or directory\n", 0},
		"find f -exec cat {} + ; echo $?":   {"1\n", "find: ‘cat’: No such file or directory\n", 0},
	} {
		got := run(t, e, engine.Request{Command: cmd})
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", cmd, d)
		}
	}
}

func TestCommandsList(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws, engine.WithAllow("grep", "cat"))
	got := run(t, e, engine.Request{Command: "commands"})
	want := outcome{"cat   Concatenate FILE(s) to standard output\ngrep  Search for PATTERNS in each FILE\n", "", 0}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestLetAndAtQ(t *testing.T) {
	_, ws := workspace(t, nil)
	e := engine.New(ws)
	for cmd, want := range map[string]outcome{
		`let "z=3+4" 'y=2**10'; echo $? $z $y`:                 {"0 7 1024\n", "", 0},
		`let "a=1)); echo no; ((1" || echo refused`:            {"refused\n", "bash: line 1: let: a=1)); echo no; ((1: syntax error in expression (error token is \")); echo no; ((1\")\n", 0},
		`v="it's"; echo ${v@Q}; a=(x 'y z'); echo "${a[@]@Q}"`: {"'it'\\''s'\n'x' 'y z'\n", "", 0},
		`set -u; echo $nope; echo after`:                       {"", "nope: unbound variable\n", 127},
	} {
		if d := cmp.Diff(want, run(t, e, engine.Request{Command: cmd})); d != "" {
			t.Errorf("%s (-want +got):\n%s", cmd, d)
		}
	}
}
