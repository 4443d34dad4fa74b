package edit_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/edit"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// snapshot lists the files of dir with their content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.Type()&os.ModeSymlink != 0 {
			t, _ := os.Readlink(p)
			out[rel] = "->" + t
			return nil
		}
		data, _ := os.ReadFile(p)
		out[rel] = string(data)
		return nil
	})
	return out
}

func TestEditFileGood(t *testing.T) {
	dir, fsys := vfstest.Workspace(t, map[string]string{"a.txt": "one\ntwo\nthree\n"})
	if err := os.Chmod(filepath.Join(dir, "a.txt"), 0o640); err != nil {
		t.Fatal(err)
	}
	res, err := edit.EditFile(context.Background(), fsys, edit.EditRequest{File: "a.txt", Script: "s/two/TWO/"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a.txt": "one\nTWO\nthree\n", "a.txt.bk1": "one\ntwo\nthree\n"}
	if d := cmp.Diff(want, snapshot(t, dir)); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	wantDiff := "--- a.txt.bk1\n+++ a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n"
	if d := cmp.Diff(wantDiff, string(res.Diff)); d != "" {
		t.Errorf("diff (-want +got):\n%s", d)
	}
	if !res.Changed || res.Backup != "a.txt.bk1" {
		t.Errorf("result = %+v", res)
	}
	fi, _ := os.Stat(filepath.Join(dir, "a.txt"))
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want 0640 kept", fi.Mode().Perm())
	}
}

func TestEditFileNextBackup(t *testing.T) {
	dir, fsys := vfstest.Workspace(t, map[string]string{"a.txt": "x\n", "a.txt.bk1": "old1\n", "a.txt.bk3": "old3\n"})
	res, err := edit.EditFile(context.Background(), fsys, edit.EditRequest{File: "a.txt", Script: "s/x/y/"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a.txt": "y\n", "a.txt.bk1": "old1\n", "a.txt.bk2": "x\n", "a.txt.bk3": "old3\n"}
	if d := cmp.Diff(want, snapshot(t, dir)); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	if res.Backup != "a.txt.bk2" {
		t.Errorf("backup = %q", res.Backup)
	}
}

func TestEditFileNoOp(t *testing.T) {
	dir, fsys := vfstest.Workspace(t, map[string]string{"a.txt": "one\n"})
	before, _ := os.Stat(filepath.Join(dir, "a.txt"))
	res, err := edit.EditFile(context.Background(), fsys, edit.EditRequest{File: "a.txt", Script: "s/zzz/y/"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Changed || res.Backup != "" || res.Diff != nil || !strings.HasPrefix(res.Message, "no change") {
		t.Errorf("result = %+v", res)
	}
	if d := cmp.Diff(map[string]string{"a.txt": "one\n"}, snapshot(t, dir)); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	after, _ := os.Stat(filepath.Join(dir, "a.txt"))
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("a no-op edit rewrote the file")
	}
}

func TestEditFileFailures(t *testing.T) {
	tests := []struct {
		name string
		req  edit.EditRequest
		want string
	}{
		{"syntax", edit.EditRequest{Script: "s/a/b"}, "-e expression #1, char 5: unterminated `s' command"},
		{"runtime", edit.EditRequest{Script: "2s//x/"}, "sed: -e expression #1, char 0: no previous regular expression (file left unchanged)"},
		{"write", edit.EditRequest{Script: "w other.txt"}, "e/r/w commands disabled in sandbox mode"},
		{"read", edit.EditRequest{Script: "r /etc/passwd"}, "e/r/w commands disabled in sandbox mode"},
		{"exec", edit.EditRequest{Script: "e ls"}, "e/r/w commands disabled in sandbox mode"},
		{"s-exec", edit.EditRequest{Script: "s/.*/ls/e"}, "e/r/w commands disabled in sandbox mode"},
		{"s-write", edit.EditRequest{Script: "s/a/b/w x"}, "e/r/w commands disabled in sandbox mode"},
		{"file-opt", edit.EditRequest{Args: []string{"-f", "s.sed"}}, "edit_file: -f refused"},
		{"in-place", edit.EditRequest{Args: []string{"-i.bak", "-e", "p"}}, "edit_file: -i.bak refused"},
		{"operand", edit.EditRequest{Script: "p", Args: []string{"other.txt"}}, `edit_file: operand "other.txt" refused`},
		{"no-script", edit.EditRequest{}, "edit_file: no sed script given"},
		{"missing", edit.EditRequest{File: "nope.txt", Script: "p"}, "edit_file: nope.txt: No such file or directory"},
		{"dir", edit.EditRequest{File: "sub", Script: "p"}, "edit_file: sub: not a regular file"},
		{"outside", edit.EditRequest{File: "../x", Script: "p"}, "edit_file: ../x: outside the workspace"},
		{"link-out", edit.EditRequest{File: "out", Script: "p"}, "outside the workspace"},
		{"quit-status", edit.EditRequest{Script: "q3"}, "sed: exit status 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"a.txt": "abc\nabd\n", "sub/x": "", "out": "->../../etc/passwd"}
			dir, fsys := vfstest.Workspace(t, files)
			if tt.req.File == "" {
				tt.req.File = "a.txt"
			}
			before := snapshot(t, dir)
			_, err := edit.EditFile(context.Background(), fsys, tt.req)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want it to contain %q", err, tt.want)
			}
			if d := cmp.Diff(before, snapshot(t, dir)); d != "" {
				t.Errorf("files changed (-before +after):\n%s", d)
			}
		})
	}
}

func TestEditFileOptions(t *testing.T) {
	dir, fsys := vfstest.Workspace(t, map[string]string{"f.go": "a(1)\nb(2)\n", "link.go": "->f.go"})
	req := edit.EditRequest{File: "link.go", Args: []string{"-E", "-e", `s/([a-z])\(([0-9])\)/\2(\1)/`, "-n", "-e", "p"}, DeleteBackup: true}
	res, err := edit.EditFile(context.Background(), fsys, req)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"f.go": "1(a)\n2(b)\n", "link.go": "->f.go"}
	if d := cmp.Diff(want, snapshot(t, dir)); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
	if res.Backup != "" || !strings.Contains(string(res.Diff), "+1(a)") {
		t.Errorf("result = %+v diff %s", res, res.Diff)
	}
	var ee *edit.EditError
	_, err = edit.EditFile(context.Background(), fsys, edit.EditRequest{File: "f.go", Args: []string{"--follow-symlinks"}})
	if !errors.As(err, &ee) {
		t.Errorf("error = %v, want an EditError", err)
	}
	names := []string{}
	for n := range snapshot(t, dir) {
		names = append(names, n)
	}
	sort.Strings(names)
	if d := cmp.Diff([]string{"f.go", "link.go"}, names); d != "" {
		t.Errorf("leftover files (-want +got):\n%s", d)
	}
}
