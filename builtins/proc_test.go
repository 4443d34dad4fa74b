package builtins

import (
	"context"
	"io"
	"path"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// closedPipe is standard output whose reader has gone.
type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

func TestErrorfAfterClosedPipe(t *testing.T) {
	tests := []struct {
		name    string
		out     io.Writer
		pending string
		want    string
	}{
		{"reader gone", closedPipe{}, "line\n", ""},
		{"nothing buffered", closedPipe{}, "", "grep: f: binary file matches\n"},
		{"reader there", io.Discard, "line\n", "grep: f: binary file matches\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb strings.Builder
			p := &Proc{Ctx: context.Background(), Args: []string{"grep"}, Stderr: &errb}
			p.Stdout = &procOut{newBuffered(tt.out), tt.out}
			io.WriteString(p.Stdout, tt.pending)
			p.Errorf("%s: binary file matches", "f")
			if diff := cmp.Diff(tt.want, errb.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOutputFile(t *testing.T) {
	p := &Proc{Ctx: context.Background(), Args: []string{"cat"}}
	p.Stdout = &procOut{newBuffered(io.Discard), io.Discard}
	if fi := p.OutputFile(); fi != nil {
		t.Errorf("OutputFile of a non-file = %v, want nil", fi)
	}
}

// Abs is path.Join with the working directory, only faster for the clean
// relative names of a walk; a name that goes up through a directory it
// names (x/..) stays unclean, for the workspace to check that directory.
func TestAbsIsJoin(t *testing.T) {
	names := []string{"", ".", "./", "..", "../x", "./../x", "x", "./x", "././x/y", ".//x", "./x/", "x//y",
		"x/./y", "x/../y", "..x", ".x", "x/..", "/abs", "/abs/../y", "x/.", "./.", "...", "a/b/c.go"}
	for _, dir := range []string{"/", "/ws", "/ws/sub"} {
		p := &Proc{Dir: dir}
		for _, n := range names {
			want := path.Join(dir, n)
			if path.IsAbs(n) {
				want = path.Clean(n)
			}
			got := p.Abs(n)
			if upThrough(n) && (path.Clean(got) != want || !strings.Contains(got, "/..")) || !upThrough(n) && got != want {
				t.Errorf("Abs(%q) in %s = %q, want %q", n, dir, got, want)
			}
		}
	}
}
