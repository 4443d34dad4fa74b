package builtins

import (
	"bytes"
	"context"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestAdjustMode(t *testing.T) {
	tests := []struct {
		mode string
		old  uint32
		dir  bool
		want uint32
	}{
		{"u+x", 0o644, false, 0o744},
		{"go-w", 0o666, false, 0o644},
		{"a=r,u+w", 0o777, false, 0o644},
		{"+x", 0o644, false, 0o755},
		{"-w", 0o666, false, 0o466}, // the umask 022 keeps g and o
		{"+X", 0o644, false, 0o644},
		{"+X", 0o744, false, 0o755},
		{"+X", 0o600, true, 0o711},
		{"o=u", 0o640, false, 0o646},
		{"g=o", 0o604, false, 0o644},
		{"755", 0o4644, false, 0o755},
		{"755", 0o2700, true, 0o2755},
		{"00755", 0o2700, true, 0o755},
		{"u+s,g+s,+t", 0o755, false, 0o7755},
		{"=", 0o777, false, 0o000},
		{"=640", 0o777, false, 0o640},
		{"ug=rw,o=", 0o777, false, 0o660},
	}
	for _, tt := range tests {
		c, ok := compileMode(tt.mode)
		if !ok {
			t.Errorf("compileMode(%q) failed", tt.mode)
			continue
		}
		if got, _ := adjustMode(tt.old, tt.dir, 0o022, c); got != tt.want {
			t.Errorf("%s on %04o: got %04o, want %04o", tt.mode, tt.old, got, tt.want)
		}
	}
	for _, bad := range []string{"", "u", "8", "u+q", ",", "u+x,", "u=640", "77777", "rwx", "+a"} {
		if _, ok := compileMode(bad); ok && bad != "u+" {
			t.Errorf("compileMode(%q) accepted", bad)
		}
	}
}

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
		m := goMode(tt.u)
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
