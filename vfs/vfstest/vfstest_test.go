package vfstest_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func TestWorkspace(t *testing.T) {
	dir, ws := vfstest.Workspace(t, map[string]string{"a.txt": "alpha\n", "d/e/b.txt": "beta\n",
		"empty/": "", "link": "->a.txt", "../outside/secret": "s\n"})
	if ws.Root() != dir {
		t.Errorf("root %s, dir %s", ws.Root(), dir)
	}
	checkFiles(t, ws, dir)
	if target, err := ws.ReadlinkIfPossible(dir + "/link"); err != nil || target != "a.txt" {
		t.Errorf("link: %q, %v", target, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "outside", "secret")); err != nil {
		t.Error(err)
	}
	if _, err := ws.Stat(filepath.Join(dir, "..", "outside", "secret")); err == nil {
		t.Error("the file beside the workspace is reachable")
	}
}

func TestMem(t *testing.T) {
	ws := vfstest.Mem(t, "/ws", map[string]string{"a.txt": "alpha\n", "d/e/b.txt": "beta\n", "empty/": ""})
	checkFiles(t, ws, "/ws")
}

// checkFiles checks the files and the directory both kinds of workspace hold.
func checkFiles(t *testing.T, ws *vfs.FS, root string) {
	t.Helper()
	for name, want := range map[string]string{"a.txt": "alpha\n", "d/e/b.txt": "beta\n"} {
		f, err := ws.Open(root + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(f)
		f.Close()
		if d := cmp.Diff(want, string(got)); d != "" {
			t.Errorf("%s (-want +got):\n%s", name, d)
		}
	}
	if fi, err := ws.Stat(root + "/empty"); err != nil || !fi.IsDir() {
		t.Errorf("empty/: %v, %v", fi, err)
	}
}
