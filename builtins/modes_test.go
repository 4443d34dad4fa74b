package builtins

import (
	"bytes"
	"context"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/builtins/internal/modes"
)

func TestModeString(t *testing.T) {
	tests := []struct {
		u    uint32
		dir  bool
		want string
	}{
		{0o755, true, "drwxr-xr-x"},
		{0o4644, false, "-rwSr--r--"},
		{0o1777, true, "drwxrwxrwt"},
		{0o2750, false, "-rwxr-s---"},
	}
	for _, tt := range tests {
		m := modes.FileMode(tt.u)
		if tt.dir {
			m |= 1 << 31
		}
		if got := modeString(m); got != tt.want {
			t.Errorf("modeString(%04o) = %s, want %s", tt.u, got, tt.want)
		}
	}
}

func TestPathNames(t *testing.T) {
	tests := []struct{ in, base, dir string }{
		{"/", "/", "/"},
		{"//", "/", "/"},
		{"", "", "."},
		{"a", "a", "."},
		{"a/", "a", "."},
		{"a/b//", "b", "a"},
		{"//a", "a", "/"},
		{"/usr/lib/x.so", "x.so", "/usr/lib"},
	}
	for _, tt := range tests {
		if got := baseName(tt.in); got != tt.base {
			t.Errorf("baseName(%q) = %q, want %q", tt.in, got, tt.base)
		}
		if got := dirName(tt.in); got != tt.dir {
			t.Errorf("dirName(%q) = %q, want %q", tt.in, got, tt.dir)
		}
	}
	joins := [][3]string{{"d", "f", "d/f"}, {"d/", "f", "d/f"}, {"d//", "f", "d/f"}, {"/", "f", "/f"}, {"//", "f", "//f"}}
	for _, j := range joins {
		if got := concatName(j[0], j[1]); got != j[2] {
			t.Errorf("concatName(%q, %q) = %q, want %q", j[0], j[1], got, j[2])
		}
	}
	rels := [][3]string{{"/w/a/b", "/w", "a/b"}, {"/w/x", "/w/a/b", "../../x"}, {"/w", "/w", "."}, {"/w/a", "/w/a/b", ".."}}
	for _, r := range rels {
		if got, _ := relPathTo(r[0], r[1]); got != r[2] {
			t.Errorf("relPathTo(%q, %q) = %q, want %q", r[0], r[1], got, r[2])
		}
	}
}

type pipeWriter struct{}

func (pipeWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// tee without -p ends at once with 141 when its standard output is a
// closed pipe; with -p it goes on writing the files.
func TestTeeClosedPipe(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{{[]string{"tee"}, 141}, {[]string{"tee", "-p"}, 0}} {
		var stderr bytes.Buffer
		p := &Proc{Ctx: context.Background(), Args: tt.args, Stdin: strings.NewReader(strings.Repeat("y\n", 1<<16)),
			Stdout: pipeWriter{}, Stderr: &stderr, Dir: "/"}
		if got := Run(tee, p); got != tt.want {
			t.Errorf("%v: status %d, want %d (stderr %q)", tt.args, got, tt.want, stderr.String())
		}
		if d := cmp.Diff("", stderr.String()); d != "" {
			t.Errorf("%v: stderr (-want +got):\n%s", tt.args, d)
		}
	}
}
