package builtins_test

import (
	"context"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func TestEnv(t *testing.T) {
	runLines(t, map[string]string{"f": "x\n"}, []lineCase{
		{name: "ignore", cmd: "env -i A=1 B=2 A=3 env", stdout: "A=3\nB=2\n"},
		{name: "unset", cmd: "env -i A=1 B=2 env -u A env", stdout: "B=2\n"},
		{name: "prefix", cmd: "X=1 env | tr -d '\\n' | tr -c X . | tr -d .", stdout: "X"},
		{name: "null", cmd: "env -0 -i A=1 | tr '\\0' '|'", stdout: "A=1|"},
		{name: "run", cmd: "env -i X=1 printf '%s\\n' ok", stdout: "ok\n"},
		{name: "split", cmd: "env -S 'printf \"%s|\" \"a b\" c\\_d'", stdout: "a b|c|d|"},
		{name: "not-found", cmd: "env nope", stderr: "env: ‘nope’: No such file or directory\n", status: 127},
		{name: "null-command", cmd: "env -0 true", status: 125,
			stderr: "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n"},
		{name: "bad-unset", cmd: "env -u a=b true", stderr: "env: cannot unset ‘a=b’: Invalid argument\n", status: 125},
	})
}

// The interpreter's own TMPDIR (a path that does not exist) must not
// reach commands.
func TestEnvHidesFakeTmpdir(t *testing.T) {
	_, ws := vfstest.Workspace(t, nil)
	res, err := engine.New(ws).Run(context.Background(), engine.Request{Command: "env; sh -c env"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res.Stdout), "TMPDIR") {
		t.Errorf("env shows TMPDIR:\n%s", res.Stdout)
	}
}
