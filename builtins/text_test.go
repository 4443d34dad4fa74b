package builtins_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// textResult is what a command line of the text commands printed and
// returned.
type textResult struct {
	Stdout, Stderr string
	Status         int
}

// textCase is a command line run in a workspace seeded with files.
type textCase struct {
	name, cmd string
	want      textResult
}

// textRun runs cmd in a fresh workspace holding files.
func textRun(t *testing.T, files map[string]string, cmd string) textResult {
	t.Helper()
	_, ws := vfstest.Workspace(t, files)
	e := engine.New(ws, engine.WithEnv("LC_ALL=C.UTF-8", "TZ=UTC"), engine.WithTimeout(20*time.Second))
	res, err := e.Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	return textResult{string(res.Stdout), string(res.Stderr), res.ExitCode}
}

// runTextCases checks each case (-want +got).
func runTextCases(t *testing.T, files map[string]string, cases []textCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got := textRun(t, files, tt.cmd)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}
