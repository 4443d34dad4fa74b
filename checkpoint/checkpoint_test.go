package checkpoint_test

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/checkpoint"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

var seed = map[string]string{
	"a.txt":         "alpha\n",
	"dir/b.txt":     "bravo\n",
	"dir/sub/c.txt": "charlie\n",
	"empty/":        "",
	"logs/x.log":    "log\n",
}

// spaces returns a workspace and a store, both on the disk or both in
// memory.
func spaces(t *testing.T, kind string, files map[string]string) (*vfs.FS, *checkpoint.Store) {
	var ws, st *vfs.FS
	if kind == "disk" {
		_, ws = vfstest.Workspace(t, files)
		_, st = vfstest.Workspace(t, nil)
	} else {
		ws, st = vfstest.Mem(t, "/ws", files), vfs.NewMem("/store")
	}
	s, err := checkpoint.Open(st, checkpoint.Options{MaxFile: 1000, MaxBytes: 5000})
	if err != nil {
		t.Fatal(err)
	}
	return ws, s
}

func TestRestore(t *testing.T) {
	for _, kind := range []string{"disk", "mem"} {
		t.Run(kind, func(t *testing.T) {
			ws, s := spaces(t, kind, seed)
			if kind == "disk" {
				ws.SymlinkIfPossible("a.txt", path.Join(ws.Root(), "link"))
				ws.Chmod(path.Join(ws.Root(), "dir/b.txt"), 0o755)
			}
			before := tree(t, ws)
			info, err := s.Create(ws, "start", []string{"*.log"})
			if err != nil || info.Files != 3 {
				t.Fatalf("create: %+v %v", info, err)
			}
			mess(t, ws, kind)
			changes, err := s.Restore(ws, info.ID)
			if err != nil {
				t.Fatal(err)
			}
			after := tree(t, ws)
			after = without(after, "logs/new.log")
			if d := cmp.Diff(before, after); d != "" {
				t.Errorf("restored tree (-checkpoint +restored):\n%s", d)
			}
			var got []string
			for _, c := range changes {
				got = append(got, c.Change+" "+c.Path)
			}
			want := []string{"created a.txt", "modified dir/b.txt", "deleted dir/new.txt", "created dir/sub/c.txt", "deleted top"}
			if kind == "disk" {
				want = append(want[:4], "modified link", "deleted top")
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("files_changed (-want +got):\n%s", d)
			}
			if again, _ := s.Restore(ws, info.ID); len(again) != 0 {
				t.Errorf("a second restore changed %v", again)
			}
		})
	}
}

// mess changes the workspace in every way a restore must undo.
func mess(t *testing.T, ws *vfs.FS, kind string) {
	r := ws.Root()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ws.Remove(path.Join(r, "a.txt")))
	must(afero.WriteFile(ws, path.Join(r, "dir/b.txt"), []byte("changed\n"), 0o644))
	must(ws.Chmod(path.Join(r, "dir/b.txt"), 0o600))
	must(afero.WriteFile(ws, path.Join(r, "dir/new.txt"), []byte("new\n"), 0o644))
	must(ws.RemoveAll(path.Join(r, "dir/sub")))
	must(ws.Remove(path.Join(r, "empty")))
	must(ws.MkdirAll(path.Join(r, "top"), 0o755))
	must(afero.WriteFile(ws, path.Join(r, "top"+"/../top.d"), nil, 0o644))
	must(ws.Remove(path.Join(r, "top.d")))
	must(ws.Remove(path.Join(r, "top")))
	must(afero.WriteFile(ws, path.Join(r, "top"), []byte("file now\n"), 0o644))
	must(afero.WriteFile(ws, path.Join(r, "logs/new.log"), []byte("excluded\n"), 0o644))
	if kind == "disk" {
		must(ws.Remove(path.Join(r, "link")))
		must(ws.SymlinkIfPossible("dir", path.Join(r, "link")))
	}
}

func without(list []string, prefix string) []string {
	var out []string
	for _, l := range list {
		if !strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return out
}

func TestLimitsAndDedup(t *testing.T) {
	ws, s := spaces(t, "mem", map[string]string{"big": strings.Repeat("x", 1001)})
	_, err := s.Create(ws, "", nil)
	var big *checkpoint.TooBigError
	if !errors.As(err, &big) || !strings.Contains(err.Error(), "big is 1001 bytes, over the 1000-byte limit") {
		t.Errorf("a big file: %v", err)
	}
	ws, s = spaces(t, "mem", map[string]string{"a": strings.Repeat("a", 900), "b": strings.Repeat("a", 900)})
	first, err := s.Create(ws, "one", nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 { // the same content, again and again: no new bytes
		if _, err := s.Create(ws, fmt.Sprint(i), nil); err != nil {
			t.Fatalf("checkpoint %d: %v", i, err)
		}
	}
	for i := range 6 {
		afero.WriteFile(ws, "/ws/c", []byte(strings.Repeat(fmt.Sprint(i), 900)), 0o644)
		_, err = s.Create(ws, "more", nil)
	}
	var full *checkpoint.FullError
	if !errors.As(err, &full) {
		t.Errorf("past the store's bound: %v", err)
	}
	list, _ := s.List()
	if len(list) != 11 || list[0].ID != first.ID {
		t.Errorf("list: %d checkpoints, first %v", len(list), list[0])
	}
	if err := s.Delete(first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Restore(ws, first.ID); !errors.Is(err, checkpoint.ErrNotFound) {
		t.Errorf("restore of a deleted checkpoint: %v", err)
	}
}

// tree lists every entry of ws: path, mode, and content or target.
func tree(t *testing.T, ws *vfs.FS) []string {
	var out []string
	var walk func(dir string)
	walk = func(dir string) {
		ents, err := ws.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			p := path.Join(dir, e.Name())
			fi, _ := ws.Lstat(p)
			rel := strings.TrimPrefix(p, ws.Root()+"/")
			switch {
			case fi.Mode()&fs.ModeSymlink != 0:
				target, _ := ws.ReadlinkIfPossible(p)
				out = append(out, fmt.Sprintf("%s %v -> %s", rel, fi.Mode(), target))
			case fi.IsDir():
				out = append(out, fmt.Sprintf("%s %v", rel, fi.Mode()))
				walk(p)
			default:
				data, _ := afero.ReadFile(ws, p)
				out = append(out, fmt.Sprintf("%s %v %q", rel, fi.Mode(), data))
			}
		}
	}
	walk(ws.Root())
	sort.Strings(out)
	return out
}
