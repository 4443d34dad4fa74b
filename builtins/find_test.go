package builtins_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// findResult is what a command line printed and returned.
type findResult struct {
	Stdout, Stderr string
	Status         int
}

// findWorkspace makes a workspace with a few files, a link inside and
// links that point out of it, next to a directory that must never show.
func findWorkspace(t *testing.T) string {
	t.Helper()
	ws, _ := vfstest.Workspace(t, map[string]string{
		"../secret/deep/password.txt": "hunter2\n",
		"src/main.go":                 "package main\n",
		"src/lib/lib.go":              "package lib\n",
		"notes.md":                    "# notes\n",
		"up":                          "->../secret",
		"src/in":                      "->lib",
	})
	if err := os.Symlink(filepath.Join(filepath.Dir(ws), "secret"), filepath.Join(ws, "abs")); err != nil {
		t.Fatal(err)
	}
	return ws
}

func findRunIn(t *testing.T, dir, cmd string) findResult {
	t.Helper()
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	e := engine.New(ws, engine.WithEnv("LC_ALL=C.UTF-8", "TZ=UTC"), engine.WithTimeout(20*time.Second))
	res, err := e.Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	return findResult{string(res.Stdout), string(res.Stderr), res.ExitCode}
}

func findSortedLines(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i := 1; i < len(lines); i++ {
		for j := i; j > 0 && lines[j] < lines[j-1]; j-- {
			lines[j], lines[j-1] = lines[j-1], lines[j]
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestFindStaysInWorkspace(t *testing.T) {
	ws := findWorkspace(t)
	tests := []struct {
		name, cmd string
		want      findResult
	}{
		{"links not followed", "find . -name '*.txt'", findResult{"", "", 0}},
		{"follow reports links out", "find -L . -name '*.txt'",
			findResult{"", "find: ‘./abs’: outside the workspace\nfind: ‘./up’: outside the workspace\n", 1}},
		{"follow inside", "find -L src -name '*.go'", findResult{"src/in/lib.go\nsrc/lib/lib.go\nsrc/main.go\n", "", 0}},
		{"starting point out", "find -H up", findResult{"", "find: ‘up’: outside the workspace\n", 1}},
		{"absolute path out", "find " + filepath.Dir(ws) + " -name password.txt",
			findResult{"", "find: ‘" + filepath.Dir(ws) + "’: outside the workspace\n", 1}},
		{"xtype of a link out", "find . -maxdepth 1 -name up -xtype d", findResult{"", "find: ‘./up’: outside the workspace\n", 1}},
		{"lname reads the link", "find . -lname '../*'", findResult{"./up\n", "", 0}},
		{"fprint out", "find . -fprint ../secret/x", findResult{"", "find: ‘../secret/x’: outside the workspace\n", 1}},
		{"newer out", "find . -newer ../secret/deep/password.txt", findResult{"", "find: ‘../secret/deep/password.txt’: outside the workspace\n", 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findRunIn(t, ws, tt.cmd)
			got.Stdout, got.Stderr = findSortedLines(got.Stdout), findSortedLines(got.Stderr)
			tt.want.Stdout, tt.want.Stderr = findSortedLines(tt.want.Stdout), findSortedLines(tt.want.Stderr)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(ws), "secret", "x")); err == nil {
		t.Error("-fprint created a file outside the workspace")
	}
}

func TestFindDeleteAndExec(t *testing.T) {
	tests := []struct {
		name, cmd string
		want      findResult
	}{
		{"delete files", "find . -name '*.go' -delete -print; find . -type f | sort",
			findResult{"./src/lib/lib.go\n./src/main.go\n./notes.md\n", "", 0}},
		{"delete through a link removes the link", "find src -name in -delete; find src -maxdepth 1",
			findResult{"src\nsrc/lib\nsrc/main.go\n", "", 0}},
		{"exec plus batches", "find src -name '*.go' -exec cat {} +", findResult{"package lib\npackage main\n", "", 0}},
		{"missing command", "find notes.md -exec nosuchcmd {} \\;", findResult{"", "find: ‘nosuchcmd’: No such file or directory\n", 0}},
		{"exec failure in plus form sets the status", "find notes.md -exec false {} +", findResult{"", "", 1}},
		{"execdir runs in the file's directory", "find src/lib -name '*.go' -execdir cat {} \\;", findResult{"package lib\n", "", 0}},
		{"ok reads answers", "printf 'n\\ny\\n' | find notes.md src/main.go -ok cat {} \\;",
			findResult{"package main\n", "< cat ... notes.md > ? < cat ... src/main.go > ? ", 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findRunIn(t, findWorkspace(t), tt.cmd)
			if tt.name == "delete files" || tt.name == "delete through a link removes the link" || tt.name == "exec plus batches" {
				got.Stdout, tt.want.Stdout = findSortedLines(got.Stdout), findSortedLines(tt.want.Stdout)
			}
			if strings.Contains(got.Stderr, "sort: command not found") {
				t.Skip("sort is not a builtin yet")
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}
