package builtins_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// confined makes a workspace next to a directory "outside" that holds
// secret.txt, with symlinks in the workspace that lead out.
func confined(t *testing.T) (ws, outside string) {
	t.Helper()
	ws, _ = vfstest.Workspace(t, map[string]string{
		"../outside/secret.txt": "SECRET\n", "a.txt": "alpha\n", "d/in.txt": "in\n",
		"d/esc": "->../../outside", "out": "->../outside", "file-out": "->../outside/secret.txt",
	})
	outside = filepath.Join(filepath.Dir(ws), "outside")
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(ws, "d", "abs")); err != nil {
		t.Fatal(err)
	}
	return ws, outside
}

// run runs a command line in the workspace ws.
func run(t *testing.T, ws, cmd string) (stdout, stderr string, code int) {
	t.Helper()
	fsys, err := vfs.OpenDir(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	res, err := engine.New(fsys).Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	return string(res.Stdout), string(res.Stderr), res.ExitCode
}

// listing describes a directory tree: names, and file contents.
func listing(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel)
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			b.WriteString(" " + string(data))
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}

func TestFileOpsConfinement(t *testing.T) {
	tests := []struct {
		name, cmd string
		wantErr   string // in stderr
		code      int
	}{
		{"cp-r-copies-no-outside", "cp -r d copy", "cp: cannot create symbolic link 'copy/esc': outside the workspace", 1},
		{"cp-rL-follows-nothing-out", "cp -rL d copy", "cp: cannot stat 'd/esc': outside the workspace", 1},
		{"cp-through-dir-link", "cp out/secret.txt x", "cp: cannot stat 'out/secret.txt': outside the workspace", 1},
		{"cp-source-link", "cp file-out x", "cp: cannot stat 'file-out': outside the workspace", 1},
		{"cp-into-link", "cp a.txt out/", "outside the workspace", 1},
		{"cp-onto-link", "cp -f a.txt file-out", "outside the workspace", 1},
		{"mv-out", "mv a.txt out/", "outside the workspace", 1},
		{"mv-up", "mv a.txt ../", "outside the workspace", 1},
		{"ln-s-out", "ln -s ../outside/secret.txt l", "ln: failed to create symbolic link 'l': outside the workspace", 1},
		{"ln-hard-out", "ln -L file-out h", "ln: failed to access 'file-out': outside the workspace", 1},
		{"rm-through-link", "rm -rf out/secret.txt", "rm: cannot remove 'out/secret.txt': outside the workspace", 1},
		{"rm-link-dir-slash", "rm -r out/", "outside the workspace", 1},
		{"touch-out", "touch out/new", "touch: cannot touch 'out/new': outside the workspace", 1},
		{"truncate-out", "truncate -s 0 file-out", "truncate: cannot open 'file-out' for writing: outside the workspace", 1},
		{"tee-out", "echo x | tee file-out", "tee: file-out: outside the workspace", 1},
		{"chmod-out", "chmod 600 file-out", "chmod: cannot access 'file-out': outside the workspace", 1},
		{"chmod-R-skips-links", "chmod -R 700 d", "", 0},
		{"mkdir-out", "mkdir out/new", "outside the workspace", 1},
		{"realpath-out", "realpath file-out", "realpath: file-out: outside the workspace", 1},
		{"readlink-f-out", "readlink -fv d/esc", "readlink: d/esc: outside the workspace", 1},
		{"mktemp-default-tmp", "mktemp", "mktemp: failed to create file via template ‘/tmp/tmp.XXXXXXXXXX’: outside the workspace", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, outside := confined(t)
			before := listing(t, outside)
			_, stderr, code := run(t, ws, tt.cmd)
			if code != tt.code || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("%s: status %d, stderr %q; want %d and %q", tt.cmd, code, stderr, tt.code, tt.wantErr)
			}
			if d := cmp.Diff(before, listing(t, outside)); d != "" {
				t.Errorf("%s changed the outside directory (-before +after):\n%s", tt.cmd, d)
			}
			if strings.Contains(listing(t, ws), "SECRET") {
				t.Errorf("%s copied outside data into the workspace:\n%s", tt.cmd, listing(t, ws))
			}
		})
	}
}

func TestRmNeverRemovesRoot(t *testing.T) {
	for _, cmd := range []string{`rm -rf "$PWD"`, `rm -rf "$PWD/"`, "rm -rf .", "rm -r ''", "rm -rf ''/", "cd d && rm -rf ..", "rmdir -p d/../d", "rm -rf ./"} {
		t.Run(cmd, func(t *testing.T) {
			ws, _ := confined(t)
			before := listing(t, ws)
			_, _, code := run(t, ws, cmd)
			if code == 0 {
				t.Errorf("%s: status 0, want a refusal", cmd)
			}
			if after := listing(t, ws); after != before && !strings.HasPrefix(cmd, "rmdir") {
				t.Errorf("%s changed the workspace:\n%s", cmd, cmp.Diff(before, after))
			}
			if _, err := os.Stat(ws); err != nil {
				t.Errorf("%s: workspace root gone: %v", cmd, err)
			}
		})
	}
}

func TestMktempInsideTMPDIR(t *testing.T) {
	ws, _ := confined(t)
	out, stderr, code := run(t, ws, `TMPDIR="$PWD/d" mktemp -d && TMPDIR=d mktemp`)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], ws+"/d/tmp.") || !strings.HasPrefix(lines[1], "d/tmp.") {
		t.Errorf("got %q", out)
	}
}

// Commands see the innermost value of a variable: a prefix assignment or
// an unset shadows the outer one (the engine once passed both).
func TestShadowedEnvironment(t *testing.T) {
	ws, _ := confined(t)
	cmd := `TMPDIR=d mktemp; export TZ=UTC; TZ=Europe/Paris touch -t 202001011200 p && TZ=UTC touch -t 202001011100 u && test p -nt u || test p -ot u || echo same`
	out, stderr, code := run(t, ws, cmd)
	if code != 0 || !strings.HasPrefix(out, "d/tmp.") || !strings.HasSuffix(out, "same\n") {
		t.Errorf("status %d, stdout %q, stderr %q", code, out, stderr)
	}
}
