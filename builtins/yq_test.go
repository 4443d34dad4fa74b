package builtins_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// TestYQConfined checks that yq reaches neither files outside the
// workspace (operands, symlinks, -i, load) nor the host's environment.
func TestYQConfined(t *testing.T) {
	dir, fsys := vfstest.Workspace(t, map[string]string{"a.yaml": "a: 1\n"})
	secret := filepath.Join(filepath.Dir(dir), "secret.yaml")
	if err := os.WriteFile(secret, []byte("secret: 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../secret.yaml", filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("YQ_HOST_SECRET", "hunter2")
	for _, c := range []struct{ cmd, stderr string }{
		{"yq .secret link.yaml", "Error: open link.yaml: outside the workspace\n"},
		{"yq .secret ../secret.yaml", "Error: open ../secret.yaml: outside the workspace\n"},
		{"yq -i '.secret = 0' link.yaml", "Error: stat link.yaml: outside the workspace\n"},
		{"yq -i '.secret = 0' " + secret, "Error: lstat " + secret + ": outside the workspace\n"},
		{"yq ea '.secret = 0' -i ../secret.yaml a.yaml", "Error: lstat ../secret.yaml: outside the workspace\n"},
		{`yq -n 'load("` + secret + `")'`, "Error: file operations have been disabled\n"},
		{`yq -n 'load_str("../secret.yaml")'`, "Error: file operations have been disabled\n"},
		{`yq -n 'load_props("../secret.yaml")'`, "Error: file operations have been disabled\n"},
		{"yq --from-file ../secret.yaml a.yaml", "Error: open ../secret.yaml: outside the workspace\n"},
		{"yq -n 'strenv(YQ_HOST_SECRET)'", "Error: env operations have been disabled\n"},
		{`yq -n '"${YQ_HOST_SECRET}" | envsubst'`, "Error: env operations have been disabled\n"},
		{`yq -n 'system("id")'`, "Error: system operations are disabled, use --security-enable-system-operator to enable\n"},
		{"yq --security-enable-system-operator -n 'system(\"id\")'", "Error: --security-enable-system-operator is not available in shellfence (commands run only through the shell)\n"},
		{"yq -s '.a' a.yaml", "Error: --split-exp is not available in shellfence (split files are not implemented)\n"},
	} {
		res, err := engine.New(fsys).Run(context.Background(), engine.Request{Command: c.cmd})
		if err != nil {
			t.Fatal(err)
		}
		if res.ExitCode != 1 || string(res.Stderr) != c.stderr || len(res.Stdout) != 0 {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 1, nothing, %q", c.cmd, res.ExitCode, res.Stdout, res.Stderr, c.stderr)
		}
	}
	if b, _ := os.ReadFile(secret); string(b) != "secret: 42\n" {
		t.Errorf("the file outside the workspace changed: %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "link.yaml")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v", err)
	}
}

// TestYQInPlace checks that -i replaces the file whole, keeping its mode,
// and leaves it alone when the expression fails.
func TestYQInPlace(t *testing.T) {
	files := map[string]string{"f.yaml": "# head\na: 1 # one\nb: [x]\n"}
	runTextCases(t, files, []textCase{
		{"keeps mode and comments", "chmod 640 f.yaml && yq -i '.a = 2' f.yaml && stat -c %a f.yaml && cat f.yaml", textResult{"640\n# head\na: 2 # one\nb: [x]\n", "", 0}},
		{"failed run keeps file", "yq -i '.a + .b' f.yaml; cat f.yaml", textResult{"# head\na: 1 # one\nb: [x]\n", "Error: !!seq (b) cannot be added to a !!int (a)\n", 0}},
		{"no matches keeps file", "yq -e -i '.nope' f.yaml; echo $?; cat f.yaml", textResult{"1\n# head\na: 1 # one\nb: [x]\n", "Error: no matches found\n", 0}},
	})
}

// TestYQBudget checks that what yq holds is charged to the run's memory
// budget.
func TestYQBudget(t *testing.T) {
	big := strings.Repeat("- xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 1<<16)
	_, fsys := vfstest.Workspace(t, map[string]string{"big.yaml": big})
	res, err := engine.New(fsys, engine.WithMemoryLimit(1<<20)).Run(context.Background(), engine.Request{Command: "yq length big.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 || !strings.Contains(string(res.Stderr), "memory") {
		t.Errorf("yq over a 2 MB document with a 1 MiB budget: status %d, stderr %q", res.ExitCode, res.Stderr)
	}
	res, err = engine.New(fsys).Run(context.Background(), engine.Request{Command: "yq length big.yaml"})
	if err != nil || string(res.Stdout) != "65536\n" {
		t.Errorf("yq length: %q %q %v", res.Stdout, res.Stderr, err)
	}
}
