package builtins_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// grepRunIn runs a command line in a workspace seeded with files.
func grepRunIn(t *testing.T, files map[string]string, cmd string, stdin string) (string, string, int) {
	t.Helper()
	_, ws := vfstest.Workspace(t, files)
	e := engine.New(ws, engine.WithEnv("LC_ALL=C.UTF-8"), engine.WithTimeout(20*time.Second))
	res, err := e.Run(context.Background(), engine.Request{Command: cmd, Stdin: strings.NewReader(stdin)})
	if err != nil {
		t.Fatal(err)
	}
	return string(res.Stdout), string(res.Stderr), res.ExitCode
}

func TestGrep(t *testing.T) {
	long := strings.Repeat("x", 300_000)
	files := map[string]string{
		"a.txt":    "one\ntwo\nthree\n",
		"long.txt": "start\n" + long + "needle" + long + "\nend\n",
		"d/b.txt":  "two\n",
	}
	tests := []struct {
		name, cmd, stdin string
		want             string
		status           int
	}{
		{"basic", "grep t a.txt", "", "two\nthree\n", 0},
		{"line longer than a chunk", "grep -c needle long.txt", "", "1\n", 0},
		{"offset after a long line", "grep -b end long.txt", "", "600013:end\n", 0},
		{"context across a long line", "grep -B1 end long.txt | grep -c needle", "", "1\n", 0},
		{"stdin", "grep -n o", "foo\nbar\nzoo\n", "1:foo\n3:zoo\n", 0},
		{"stdin redirect", "grep -c t < a.txt", "", "2\n", 0},
		{"recursive names", "grep -r two d", "", "d/b.txt:two\n", 0},
		{"no match", "grep zzz a.txt", "", "", 1},
		{"m stops early", "grep -m1 t a.txt", "", "two\n", 0},
		{"many patterns", "grep -c -e one -e three -e nothing a.txt", "", "2\n", 0},
		{"fixed many", "grep -F -o -e tw -e hre a.txt", "", "tw\nhre\n", 0},
		{"word literal", "grep -w -c two", "two\ntwofold\na two b\nx_two\n", "2\n", 0},
		{"class via dfa", "grep -c '[0-9][0-9]'", "a1\nb22\n333\n", "2\n", 0},
		{"ignore case literal", "grep -i TWO a.txt", "", "two\n", 0},
		{"perl", "grep -oP '(?<=t)\\w+' a.txt", "", "wo\nhree\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, status := grepRunIn(t, files, tt.cmd, tt.stdin)
			if d := cmp.Diff(tt.want, out); d != "" || status != tt.status {
				t.Errorf("%s: status %d (want %d), stderr %q (-want +got):\n%s", tt.cmd, status, tt.status, errs, d)
			}
		})
	}
}
