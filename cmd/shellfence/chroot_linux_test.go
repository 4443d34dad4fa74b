package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestChroot runs the static binary in an empty root holding only itself
// and a workspace: no shell, no coreutils, no /etc, no /tmp.
func TestChroot(t *testing.T) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		t.Skip("needs Linux and root for chroot")
	}
	root := t.TempDir()
	buildStatic(t, root)
	ws := filepath.Join(root, "ws")
	os.MkdirAll(filepath.Join(ws, "src"), 0o755)
	os.WriteFile(filepath.Join(ws, "xfile.txt"), []byte("x marks\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "src/main.go"), []byte("// TODO: x\n"), 0o644)
	if ents, _ := os.ReadDir(root); len(ents) != 2 {
		t.Fatalf("root is not empty: %v", ents)
	}
	run := func(line string) (string, int) {
		cmd := exec.Command("/shellfence", "run", "--cwd", "/ws", line)
		cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: root}
		cmd.Dir = "/"
		cmd.Env = []string{}
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	out, code := run("ls -la | grep x > out && cat out")
	if code != 0 || !strings.Contains(out, "xfile.txt") {
		t.Errorf("ls -la | grep x: exit %d\n%s", code, out)
	}
	out, code = run("grep -rn TODO src | sort | head -5 > todo.txt; cat todo.txt; cat ../shellfence | head -c 1")
	want := "src/main.go:1:// TODO: x\ncat: ../shellfence: outside the workspace\n"
	if out != want || code != 0 {
		t.Errorf("got exit %d\n%s\nwant\n%s", code, out, want)
	}
}
