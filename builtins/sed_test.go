package builtins_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// sedRunIn runs cmdline in a workspace holding files, with opts.
func sedRunIn(t *testing.T, files map[string]string, cmdline string, opts ...engine.Option) engine.Result {
	t.Helper()
	_, fsys := vfstest.Workspace(t, files)
	res, err := engine.New(fsys, opts...).Run(context.Background(), engine.Request{Command: cmdline})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestSedExecAllowlist(t *testing.T) {
	tests := []struct {
		name, cmdline, stdout string
		stderrHas             string
	}{
		{"e-allowed", `echo x | sed '1e cat a.txt'`, "secret-ish\nx\n", ""},
		{"e-refused", `echo x | sed '1e ls'`, "x\n", "ls: not allowed here"},
		{"s-e-refused", `echo 'ls' | sed 's/x*//e'`, "\n", "ls: not allowed here"},
		{"e-pattern", `echo 'cat a.txt' | sed e`, "secret-ish\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := sedRunIn(t, map[string]string{"a.txt": "secret-ish\n"}, tt.cmdline, engine.WithAllow("sed", "cat"))
			if d := cmp.Diff(tt.stdout, string(res.Stdout)); d != "" {
				t.Errorf("stdout (-want +got):\n%s", d)
			}
			if !strings.Contains(string(res.Stderr), tt.stderrHas) {
				t.Errorf("stderr %q lacks %q", res.Stderr, tt.stderrHas)
			}
		})
	}
}

func TestSedWritePipeClosed(t *testing.T) {
	big := strings.Repeat("line\n", 200_000)
	res := sedRunIn(t, map[string]string{"big.txt": big}, `set -o pipefail; sed p big.txt | sed 1q; echo $?`)
	if d := cmp.Diff("line\n141\n", string(res.Stdout)); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
}
