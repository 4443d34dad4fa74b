package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
)

// TestLineMessages checks bash's whole messages for abandoned lines,
// redirections and here-documents, line numbers included, which the conformance harness does not compare.
func TestLineMessages(t *testing.T) {
	dir, ws := workspace(t, map[string]string{"s.sh": "#!/bin/bash\nreadonly x=1\nf() { x=3; }\nf\necho n $?\n"})
	os.Chmod(filepath.Join(dir, "s.sh"), 0o755)
	e := engine.New(ws)
	tests := []struct{ cmd, stdout, stderr string }{
		{"readonly x=1\necho a; x=2; echo b\necho c $?", "a\nc 1\n", "bash: line 2: x: readonly variable\n"},
		{"readonly x=1\nf() {\n  x=3\n}\nf; echo no\necho $?", "1\n", "environment: line 3: x: readonly variable\n"},
		{"./s.sh", "n 1\n", "./s.sh: line 3: x: readonly variable\n"},
		{"bash -c 'readonly y=1; y=2; echo no' sub; echo $?", "1\n", "sub: line 1: y: readonly variable\n"},
		{"bash -c 'echo\n: ${v:?gone}' s; echo $?", "\n127\n", "s: line 2: v: gone\n"},
		{"echo a\necho $((1/0)) no\nf() {\n  : $((08))\n}\nf; echo no\ntrue", "a\n", "bash: line 2: 1/0: division by 0 (error token is \"0\")\nenvironment: line 4: 08: value too great for base (error token is \"08\")\n"},
		{"echo a\ncat <<EOF\nx", "a\nx\n", "bash: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\n"},
		{"echo a\ncat < nofile; set -C; echo b > s.sh; true", "a\n", "bash: line 2: nofile: No such file or directory\nbash: line 2: s.sh: cannot overwrite existing file\n"},
	}
	for _, tt := range tests {
		got := run(t, e, engine.Request{Command: tt.cmd})
		if d := cmp.Diff(outcome{tt.stdout, tt.stderr, 0}, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.cmd, d)
		}
	}
}

// TestAbandonAcrossRuns checks that a function of an earlier run of a
// session, holding a check, gives up only the line of the run that calls
// it.
func TestAbandonAcrossRuns(t *testing.T) {
	_, ws := workspace(t, nil)
	s := engine.New(ws).NewSession()
	var got []outcome
	for _, cmd := range []string{"readonly x=1; f() { x=2; echo no; }", "f; echo no\necho next $?"} {
		res, err := s.Run(context.Background(), engine.Request{Command: cmd})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, outcome{string(res.Stdout), string(res.Stderr), res.ExitCode})
	}
	want := []outcome{{"", "", 0}, {"next 1\n", "environment: line 1: x: readonly variable\n", 0}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
