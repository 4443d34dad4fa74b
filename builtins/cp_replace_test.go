//go:build unix

package builtins_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/shellfence/shellfence/vfs/vfstest"
)

// cp replaces an existing destination whole (a new file renamed over
// it, so a killed copy leaves the old one), keeping its mode; one with
// other hard links is written in place, as GNU does.
func TestCpReplacesWhole(t *testing.T) {
	ws, _ := vfstest.Workspace(t, map[string]string{"src": "new\n", "dst": "old\n", "linked": "old\n"})
	os.Chmod(filepath.Join(ws, "dst"), 0o640)
	os.Link(filepath.Join(ws, "linked"), filepath.Join(ws, "other"))
	before := inode(t, filepath.Join(ws, "dst"))
	if _, stderr, code := run(t, ws, "cp src dst && cp src linked"); code != 0 {
		t.Fatalf("cp: %d %s", code, stderr)
	}
	for name, want := range map[string]string{"dst": "new\n", "linked": "new\n", "other": "new\n"} {
		if data, _ := os.ReadFile(filepath.Join(ws, name)); string(data) != want {
			t.Errorf("%s holds %q, want %q", name, data, want)
		}
	}
	fi, _ := os.Stat(filepath.Join(ws, "dst"))
	if inode(t, filepath.Join(ws, "dst")) == before || fi.Mode().Perm() != 0o640 {
		t.Errorf("dst: inode %d (was %d), mode %v: want a new file of mode 0640", inode(t, filepath.Join(ws, "dst")), before, fi.Mode())
	}
	ents, _ := os.ReadDir(ws)
	if len(ents) != 4 {
		t.Errorf("a temporary file is left: %v", ents)
	}
}

func inode(t *testing.T, p string) uint64 {
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Sys().(*syscall.Stat_t).Ino
}
