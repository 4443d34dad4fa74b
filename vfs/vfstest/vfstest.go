// Package vfstest makes workspaces for tests: a directory on disk or a
// memory filesystem, seeded with files, and the [vfs.FS] confined to it.
//
// Both read the same description of the files: a map from names (relative
// to the workspace, with slashes) to contents, where a name ending in "/"
// is a directory, a content starting with "->" makes a symlink to the
// rest, and any other entry is a regular file of mode 0644. Parent
// directories are made as needed.
package vfstest

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/vfs"
)

// Workspace makes a disk workspace seeded with files and returns its
// directory (with symlinks in its path resolved, so that it is what pwd
// prints) and the workspace, which is closed when the test ends. The
// directory is "ws" in a fresh temporary directory, so that a name
// starting with "../" puts a file beside the workspace, outside it, for
// tests that check nothing there can be reached.
func Workspace(t testing.TB, files map[string]string) (dir string, ws *vfs.FS) {
	t.Helper()
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir = filepath.Join(parent, "ws")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := writeDisk(p, strings.HasSuffix(name, "/"), content); err != nil {
			t.Fatal(err)
		}
	}
	ws, err = vfs.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return dir, ws
}

// writeDisk makes one entry of a files map at p.
func writeDisk(p string, isDir bool, content string) error {
	if isDir {
		return os.MkdirAll(p, 0o755)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if target, ok := strings.CutPrefix(content, "->"); ok {
		return os.Symlink(target, p)
	}
	return os.WriteFile(p, []byte(content), 0o644)
}

// Mem makes a memory workspace rooted at the absolute path root, seeded
// with files (names outside the workspace are refused).
func Mem(t testing.TB, root string, files map[string]string) *vfs.FS {
	t.Helper()
	ws := vfs.NewMem(root)
	for name, content := range files {
		if err := writeMem(ws, path.Join(root, name), strings.HasSuffix(name, "/"), content); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// writeMem makes one entry of a files map at p in ws.
func writeMem(ws *vfs.FS, p string, isDir bool, content string) error {
	if isDir {
		return ws.MkdirAll(p, 0o755)
	}
	if err := ws.MkdirAll(path.Dir(p), 0o755); err != nil {
		return err
	}
	if target, ok := strings.CutPrefix(content, "->"); ok {
		return ws.SymlinkIfPossible(target, p)
	}
	f, err := ws.Create(p)
	if err != nil {
		return err
	}
	if _, err := f.Write([]byte(content)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
