package builtins

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tee without -p ends at once with 141 when its standard output is a
// closed pipe; with -p it goes on writing the files.
func TestTeeClosedPipe(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{{[]string{"tee"}, 141}, {[]string{"tee", "-p"}, 0}} {
		var stderr bytes.Buffer
		p := &Proc{Ctx: context.Background(), Args: tt.args, Stdin: strings.NewReader(strings.Repeat("y\n", 1<<16)),
			Stdout: closedPipe{}, Stderr: &stderr, Dir: "/"}
		if got := Run(tee, p); got != tt.want {
			t.Errorf("%v: status %d, want %d (stderr %q)", tt.args, got, tt.want, stderr.String())
		}
		if d := cmp.Diff("", stderr.String()); d != "" {
			t.Errorf("%v: stderr (-want +got):\n%s", tt.args, d)
		}
	}
}
