package engine_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// A run stopped for memory leaves nothing behind that goes on: not the
// split of a command substitution into millions of fields (which the
// interpreter cannot stop once begun, and which held hundreds of MiB for
// seconds after the run had returned), and not garbage that stops the
// runs after it. A server runs on after such runs, in the same process.
func TestStoppedRunsLeaveNothing(t *testing.T) {
	e := engine.New(vfs.NewMem("/ws"))
	before := runtime.NumGoroutine()
	for _, cmd := range []string{
		"for w in $(seq 1 30000000); do :; done",
		"a=( $(seq 1 5000000) ); echo ${#a[@]}",
		"x=$(yes)",
		"x='$(yes)'; eval \"y=$x\"",
	} {
		res, err := e.Run(context.Background(), engine.Request{Command: cmd})
		if err != nil || res.ExitCode != engine.ExitBudget || !strings.Contains(string(res.Stderr), "memory budget") {
			t.Errorf("%s: %d %s %v", cmd, res.ExitCode, res.Stderr, err)
		}
		waitGoroutines(t, before)
		// Another session's run right after is not taken for the culprit.
		if got := run(t, e, engine.Request{Command: "echo ok"}); got.Stdout != "ok\n" {
			t.Errorf("after %s: echo ok gives %+v", cmd, got)
		}
	}
}

// The commands the engine puts in a program (a loop's tick, a trap or
// shopt it drops) are its own: a function named ":" does not run in
// their place. (After :(){ :|:& };: in a session, every loop's tick ran
// the fork bomb.)
func TestInsertedCommandsAreNotFunctions(t *testing.T) {
	e := engine.New(vfs.NewMem("/ws"))
	s := e.NewSession()
	for _, cmd := range []string{":(){ echo hijacked; }",
		"for i in 1 2; do echo $i; done; n=0; while [ $n -lt 2 ]; do n=$((n+1)); done; until true; do :; done; echo n=$n",
		"trap '' INT; shopt -s nullglob; echo done"} {
		res, err := s.Run(context.Background(), engine.Request{Command: cmd})
		if err != nil || strings.Contains(string(res.Stdout), "hijacked") || res.ExitCode != 0 {
			t.Errorf("%s: %d %q %q", cmd, res.ExitCode, res.Stdout, res.Stderr)
		}
	}
}
