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

// lineCase is a command line and what it should print and return.
type lineCase struct {
	name   string
	cmd    string
	stdin  string
	stdout string
	stderr string
	status int
}

// runLines runs each case through the engine in a fresh workspace seeded
// with files, at a fixed clock (2024-02-29 12:34:56.789 UTC).
func runLines(t *testing.T, files map[string]string, cases []lineCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, ws := vfstest.Workspace(t, files)
			now := time.Date(2024, 2, 29, 12, 34, 56, 789000000, time.UTC)
			e := engine.New(ws, engine.WithEnv("TZ=UTC", "LC_ALL=C.UTF-8"),
				engine.WithClock(func() time.Time { return now }, time.UTC),
				engine.WithTimeout(10*time.Second))
			res, err := e.Run(context.Background(), engine.Request{Command: tc.cmd, Stdin: strings.NewReader(tc.stdin)})
			if err != nil {
				t.Fatal(err)
			}
			got := lineCase{tc.name, tc.cmd, tc.stdin, string(res.Stdout), string(res.Stderr), res.ExitCode}
			if diff := cmp.Diff(tc, got, cmp.AllowUnexported(lineCase{})); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.cmd, diff)
			}
		})
	}
}
