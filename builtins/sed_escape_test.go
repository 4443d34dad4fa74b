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

const secret = "TOP-SECRET-7f3a9c"

// escapeSetup makes outside/ (with a secret and a script) beside ws/ (the
// workspace, with symlinks that point out) and returns both paths.
func escapeSetup(t *testing.T) (ws, outside string) {
	t.Helper()
	ws, _ = vfstest.Workspace(t, map[string]string{
		"../outside/secret":     secret + "\n",
		"../outside/script.sed": "s/^/" + secret + "/\n",
		"a.txt":                 "a1\na2\n",
		"out-link":              "->../outside/secret",
		"up":                    "->..",
		"sub/up2":               "->../..",
		"outdir-link":           "->../outside",
	})
	outside = filepath.Join(filepath.Dir(ws), "outside")
	if err := os.Symlink(filepath.Join(outside, "secret"), filepath.Join(ws, "abs-link")); err != nil {
		t.Fatal(err)
	}
	return ws, outside
}

// outsideState describes everything outside the workspace.
func outsideState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(filepath.Dir(dir), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		if rel == "ws" || strings.HasPrefix(rel, "ws"+string(filepath.Separator)) {
			return nil
		}
		info, _ := d.Info()
		b.WriteString(rel + " " + info.Mode().String())
		if info.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			b.WriteString(" " + string(data))
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}

func TestSedEscapes(t *testing.T) {
	attempts := []string{
		`sed 'r ../outside/secret' a.txt`,
		`sed 'r OUT/secret' a.txt`,
		`sed '1r out-link' a.txt`,
		`sed '1r abs-link' a.txt`,
		`sed '1r up/outside/secret' a.txt`,
		`sed '1r sub/up2/outside/secret' a.txt`,
		`sed '1r outdir-link/secret' a.txt`,
		`sed '0r ../outside/secret' a.txt`,
		`sed 'R ../outside/secret' a.txt`,
		`sed 'R out-link' a.txt`,
		`sed -n 'w ../outside/new' a.txt`,
		`sed -n 'w ../outside/secret' a.txt`,
		`sed -n 'w OUT/secret' a.txt`,
		`sed -n 'w out-link' a.txt`,
		`sed -n 'w outdir-link/new' a.txt`,
		`sed -n 'w /etc/shellfence-sed-escape' a.txt`,
		`sed -n 'W ../outside/new' a.txt`,
		`sed -n 'W up/outside/secret' a.txt`,
		`sed -n 's/a/b/w ../outside/new' a.txt`,
		`sed -n 's/a/b/w out-link' a.txt`,
		`sed '1e cat ../outside/secret' a.txt`,
		`sed '1e cat OUT/secret' a.txt`,
		`echo 'cat out-link' | sed e`,
		`echo 'cat ../outside/secret' | sed 's/x*//e'`,
		`echo x | sed 's|x|echo pwned > ../outside/new|e'`,
		`echo x | sed '1e echo pwned > ../outside/secret'`,
		`sed -i 's/T/X/' out-link`,
		`sed -i 's/T/X/' abs-link`,
		`sed -i --follow-symlinks 's/T/X/' out-link`,
		`sed -i 's/T/X/' ../outside/secret`,
		`sed -i 's/T/X/' OUT/secret`,
		`sed -i 's/T/X/' up/outside/secret`,
		`sed -i.bak 's/a/b/' out-link`,
		`sed -i'../outside/*' 's/a/b/' a.txt`,
		`sed -i'OUT/*' 's/a/b/' a.txt`,
		`sed -i'outdir-link/*' 's/a/b/' a.txt`,
		`sed -n p ../outside/secret`,
		`sed -n p out-link`,
		`sed -n p OUT/secret`,
		`sed -f ../outside/script.sed a.txt`,
		`sed -f outdir-link/script.sed a.txt`,
		`sed --file=OUT/script.sed a.txt`,
		`cd sub && sed 'r ../../outside/secret' ../a.txt`,
		`sed -s 'F;r ../outside/secret' a.txt out-link`,
	}
	for _, cmdline := range attempts {
		t.Run(cmdline, func(t *testing.T) {
			ws, outside := escapeSetup(t)
			cmdline := strings.ReplaceAll(cmdline, "OUT", outside)
			before := outsideState(t, outside)
			fsys, err := vfs.OpenDir(ws)
			if err != nil {
				t.Fatal(err)
			}
			defer fsys.Close()
			res, err := engine.New(fsys).Run(context.Background(), engine.Request{Command: cmdline})
			if err != nil {
				t.Fatal(err)
			}
			out := string(res.Stdout) + string(res.Stderr)
			if strings.Contains(out, secret) {
				t.Errorf("the secret leaked:\n%s", out)
			}
			if d := cmp.Diff(before, outsideState(t, outside)); d != "" {
				t.Errorf("outside changed (-before +after):\n%s", d)
			}
			if _, err := os.Lstat("/etc/shellfence-sed-escape"); err == nil {
				os.Remove("/etc/shellfence-sed-escape")
				t.Error("sed wrote /etc/shellfence-sed-escape")
			}
			data, _ := os.ReadFile(filepath.Join(ws, "a.txt"))
			if strings.Contains(string(data), secret) {
				t.Error("the secret reached a workspace file")
			}
		})
	}
}
