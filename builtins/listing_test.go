package builtins_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

type outcome struct {
	Stdout, Stderr string
	Status         int
}

// runIn runs a command line in the workspace with a fixed clock.
func runIn(t *testing.T, ws *vfs.FS, cmd string) outcome {
	t.Helper()
	now := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	e := engine.New(ws, engine.WithEnv("LC_ALL=C.UTF-8", "TZ=UTC"),
		engine.WithClock(func() time.Time { return now }, time.UTC))
	res, err := e.Run(context.Background(), engine.Request{Command: cmd})
	if err != nil {
		t.Fatal(err)
	}
	return outcome{string(res.Stdout), string(res.Stderr), res.ExitCode}
}

// memWorkspace is a memory workspace: no inodes, no symlinks, files
// created 0666, directories of size 42 and 4K blocks per 4K of size.
func memWorkspace(t *testing.T) *vfs.FS {
	ws := vfstest.Mem(t, "/ws", map[string]string{"a.txt": "hello\n", "d/b.txt": "bb\n", "d/e/c.txt": ""})
	old := time.Date(2023, 5, 6, 7, 8, 9, 0, time.UTC)
	for _, name := range []string{"a.txt", "d/b.txt", "d/e/c.txt", "d", "d/e"} {
		ws.Chtimes("/ws/"+name, old, old)
	}
	return ws
}

func TestListingOnMemoryFS(t *testing.T) {
	tests := []struct {
		cmd  string
		want outcome
	}{
		{"ls", outcome{Stdout: "a.txt\nd\n"}},
		{"ls -R", outcome{Stdout: ".:\na.txt\nd\n\n./d:\nb.txt\ne\n\n./d/e:\nc.txt\n"}},
		{"ls -l d", outcome{Stdout: "total 8\n-rw-rw-rw- 1 0 0  3 May  6  2023 b.txt\ndrwxr-xr-x 2 0 0 42 May  6  2023 e\n"}},
		{"ls -n a.txt", outcome{Stdout: "-rw-rw-rw- 1 0 0 6 May  6  2023 a.txt\n"}},
		{"du -a d", outcome{Stdout: "4\td/b.txt\n0\td/e/c.txt\n4\td/e\n12\td\n"}},
		{"du -s d d/e", outcome{Stdout: "12\td\n"}},
		{"stat -c '%n %s %F %a' a.txt d", outcome{Stdout: "a.txt 6 regular file 666\nd 42 directory 755\n"}},
		{"ls nope", outcome{Stderr: "ls: cannot access 'nope': No such file or directory\n", Status: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			got := runIn(t, memWorkspace(t), tt.cmd)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestListingRecentDates(t *testing.T) {
	dir, ws := vfstest.Workspace(t, map[string]string{"recent": "", "old": "", "future": ""})
	for name, when := range map[string]time.Time{
		"recent": time.Date(2024, 2, 1, 10, 30, 0, 0, time.UTC),
		"old":    time.Date(2023, 8, 1, 10, 30, 0, 0, time.UTC),
		"future": time.Date(2024, 3, 2, 10, 30, 0, 0, time.UTC),
	} {
		os.Chtimes(filepath.Join(dir, name), when, when)
	}
	got := runIn(t, ws, "ls -lgG --time-style=locale")
	want := outcome{Stdout: "total 0\n" +
		"-rw-r--r-- 1 0 Mar  2  2024 future\n" +
		"-rw-r--r-- 1 0 Aug  1  2023 old\n" +
		"-rw-r--r-- 1 0 Feb  1 10:30 recent\n"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// unreadable makes one directory of a memory workspace unreadable.
type unreadable struct {
	vfs.Base
	dir string
}

func (u unreadable) Open(name string) (afero.File, error) {
	return u.OpenFile(name, os.O_RDONLY, 0)
}

func (u unreadable) OpenFile(name string, flag int, perm os.FileMode) (afero.File, error) {
	if filepath.Clean(name) == u.dir {
		return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrPermission}
	}
	return u.Next.OpenFile(name, flag, perm)
}

func TestListingUnreadableDirectory(t *testing.T) {
	tests := []struct {
		cmd  string
		want outcome
	}{
		{"ls -R", outcome{
			Stdout: ".:\na.txt\nd\n\n./d:\nb.txt\ne\n",
			Stderr: "ls: cannot open directory './d/e': Permission denied\n",
			Status: 1,
		}},
		{"ls d/e", outcome{
			Stderr: "ls: cannot open directory 'd/e': Permission denied\n",
			Status: 2,
		}},
		{"du d", outcome{
			Stdout: "4\td/e\n12\td\n",
			Stderr: "du: cannot read directory 'd/e': Permission denied\n",
			Status: 1,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			mem := memWorkspace(t)
			ws := mem.Wrap(func(in vfs.Layer) vfs.Layer { return unreadable{vfs.Base{Next: in}, "/d/e"} })
			if d := cmp.Diff(tt.want, runIn(t, ws, tt.cmd)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}
