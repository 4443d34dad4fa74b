package tools_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/engine/tools"
)

func compatFixture(t *testing.T, files map[string]string) *fixture {
	return newFixture(t, files, tools.Config{Compat: tools.CompatCmdshellmcp})
}

func TestCompatToolList(t *testing.T) {
	names := func(tb *tools.Toolbox) []string {
		var n []string
		for _, tl := range tb.Tools() {
			n = append(n, tl.Name)
		}
		return n
	}
	compat := []string{"cmdshell", "readFile", "writeFile", "listFiles", "copyFile", "moveRenameFile", "deleteFile",
		"mkdir", "rmdir", "editFile", "applyPatch"}
	got := names(compatFixture(t, nil).tb)
	for _, n := range append(compat, "run", "read_file") {
		if !slices.Contains(got, n) {
			t.Errorf("compat: %s not served (tools: %v)", n, got)
		}
	}
	if got := names(newFixture(t, nil, tools.Config{}).tb); slices.Contains(got, "cmdshell") {
		t.Errorf("without compat: %v", got)
	}
	ro := names(newFixture(t, nil, tools.Config{Compat: tools.CompatCmdshellmcp, ReadOnly: true}).tb)
	if !slices.Contains(ro, "cmdshell") || !slices.Contains(ro, "readFile") || slices.Contains(ro, "writeFile") {
		t.Errorf("read-only: %v", ro)
	}
}

func TestCmdshell(t *testing.T) {
	b := compatFixture(t, map[string]string{"a.txt": "A\n", "b.txt": "B\n", "c.md": "", ".h.txt": "", "my file.txt": "", "a1": "", "a2": "", "b1": ""})
	tests := []struct {
		name    string
		command string
		args    []string
		want    string
		isError bool
	}{
		{"glob", "ls", []string{"*.txt"}, "a.txt\nb.txt\nmy file.txt\n", false},
		{"glob with space", "ls", []string{"my *"}, "my file.txt\n", false},
		{"quoted glob", "echo", []string{`"*.txt"`}, "*.txt\n", false},
		{"no match", "echo", []string{"*.missing", "x?"}, "*.missing x?\n", false},
		{"negated bracket", "echo", []string{"[!b]1", "[ab]2"}, "a1 a2\n", false},
		{"escapes", "printf", []string{`%s|`, `a\tb`, `x\x2fy`, `\u00e9`, `back\\slash`, `\d`}, "a\tb|x/y|é|back\\slash|\\d|", false},
		{"no shell syntax", "echo", []string{"$HOME;", "a b", "`x`", "{a,b}", "~", "|", "#c"}, "$HOME; a b `x` {a,b} ~ | #c\n", false},
		{"no args", "pwd", nil, b.dir + "\n", false},
		{"options", "cat", []string{"-n", "a.txt"}, "     1\tA\n", false},
		{"failure shows stderr", "cat", []string{"missing"}, "cat: missing: No such file or directory\n", true},
		{"silent failure", "false", nil, "false exited with status 1 and printed no error message", true},
		{"unknown", "python", []string{"-c", "1"}, "bash: line 1: python: command not found\nshellfence: python: this shell runs only its built-in commands, no host programs ('commands' lists them)\n", true},
		{"line", "ls -la", nil, `Error: cmdshell: command "ls -la" is more than a name: put each option and argument in the args list (or use run for a whole command line)`, true},
		{"bad escape", "echo", []string{`\x4`}, "Error: cmdshell: args[0]: invalid \\x escape at byte 1 (write \\\\ for a backslash)", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := map[string]any{"command": tt.command}
			if tt.args != nil {
				args["args"] = tt.args
			}
			res, out := b.call("cmdshell", args)
			if res.Text != tt.want || res.IsError != tt.isError {
				t.Errorf("got %q (error %v), want %q (error %v)", res.Text, res.IsError, tt.want, tt.isError)
			}
			if !strings.HasPrefix(res.Text, "Error") && out["id"] == nil {
				t.Errorf("no structured result: %v", out)
			}
		})
	}
}

func TestCmdshellTimeout(t *testing.T) {
	b := newFixture(t, nil, tools.Config{Compat: tools.CompatCmdshellmcp, MaxTimeout: 200 * time.Millisecond})
	res, out := b.call("cmdshell", map[string]any{"command": "sleep", "args": []string{"5"}})
	if !res.IsError || res.Text != "Error: cmdshell: sleep timed out after 200ms and was stopped (run r1)" || out["timed_out"] != true {
		t.Errorf("got %q %v", res.Text, out)
	}
}

func TestCmdshellKeepsRunDir(t *testing.T) {
	b := compatFixture(t, nil)
	b.call("run", map[string]any{"command": "mkdir d && cd d"})
	if res, _ := b.call("cmdshell", map[string]any{"command": "pwd"}); res.Text != b.dir+"\n" {
		t.Errorf("cmdshell pwd: %q", res.Text)
	}
	if _, out := b.call("run", map[string]any{"command": "pwd"}); out["stdout"] != b.dir+"/d\n" {
		t.Errorf("run pwd after cmdshell: %v", out["stdout"])
	}
}

func TestCompatFileTools(t *testing.T) {
	b := compatFixture(t, map[string]string{"a/x.txt": "x\n", "a.b": "", "tree/f": "", "old.txt": "old\n"})
	steps := []struct {
		tool    string
		args    map[string]any
		want    string
		isError bool
	}{
		{"writeFile", map[string]any{"file": "notes.txt", "text": "hello"}, "Success: wrote 6 bytes to notes.txt (size now 6)", false},
		{"writeFile", map[string]any{"file": "notes.txt", "text": "more", "append": true, "newline": false}, "Success: wrote 4 bytes to notes.txt (size now 10)", false},
		{"readFile", map[string]any{"file": "notes.txt"}, "hello\nmore", false},
		{"readFile", map[string]any{"path": "a/x.txt"}, "x\n", false},
		{"readFile", map[string]any{"file": "missing"}, "Error: readFile: missing: No such file or directory", true},
		{"readFile", map[string]any{"file": "../etc/passwd"}, "Error: readFile: ../etc/passwd: outside the workspace", true},
		{"listFiles", map[string]any{}, "a.b\na/\nnotes.txt\nold.txt\ntree/", false},
		{"listFiles", map[string]any{"path": "a"}, "x.txt", false},
		{"listFiles", map[string]any{"path": "notes.txt"}, "Error: listFiles: notes.txt: Not a directory", true},
		{"copyFile", map[string]any{"src": "notes.txt", "dst": "copy.txt"}, "Success: copied notes.txt to copy.txt (10 bytes)", false},
		{"moveRenameFile", map[string]any{"source": "copy.txt", "destination": "a"}, "Success: moved copy.txt to a/copy.txt", false},
		{"deleteFile", map[string]any{"file": "a/copy.txt"}, "Success: deleted a/copy.txt", false},
		{"deleteFile", map[string]any{"file": "a"}, "Error: deleteFile: a: Is a directory; use remove_dir for an empty one, or run rm -r", true},
		{"mkdir", map[string]any{"path": "p/q", "parents": true}, "Success: made p/q/", false},
		{"mkdir", map[string]any{"dir": "p"}, "Error: mkdir: p: File exists", true},
		{"rmdir", map[string]any{"path": "p/q"}, "Success: removed p/q/", false},
		{"rmdir", map[string]any{"path": "tree"}, "Error: rmdir: tree: Directory not empty (1 entries); remove a tree with run: rm -r", true},
	}
	for i, s := range steps {
		res, _ := b.call(s.tool, s.args)
		if res.Text != s.want || res.IsError != s.isError {
			t.Errorf("step %d %s %v:\ngot  %q (error %v)\nwant %q (error %v)", i, s.tool, s.args, res.Text, res.IsError, s.want, s.isError)
		}
	}
	if got := b.read("notes.txt") + b.read("a/copy.txt"); got != "hello\nmore<open "+filepath.Join(b.dir, "a/copy.txt")+": no such file or directory>" {
		t.Errorf("files: %q", got)
	}
}

func TestReadFileLong(t *testing.T) {
	b := newFixture(t, map[string]string{"long": "1234\n5678\nabcd\n"}, tools.Config{Compat: tools.CompatCmdshellmcp, MaxOutput: 10})
	res, _ := b.call("readFile", map[string]any{"file": "long"})
	if want := "1234\n5678\n\n[... cut at line 2 of 3 by the output limit; readFile with offset 3 reads on ...]"; res.Text != want {
		t.Errorf("got %q", res.Text)
	}
	if res, _ := b.call("readFile", map[string]any{"file": "long", "offset": 3}); res.Text != "abcd\n" {
		t.Errorf("offset 3: %q", res.Text)
	}
}

func TestEditFileCompat(t *testing.T) {
	b := compatFixture(t, map[string]string{"example.txt": "foo\n", "example.txt.bk1": "keep me\n", "two.txt": "a\n"})
	res, out := b.call("editFile", map[string]any{"file": "example.txt", "script": "s/foo/bar/g"})
	want := "Success: edited example.txt. Backup: example.txt.bk2\n\nUnified diff from the backup to the file:\n\n"
	if res.IsError || !strings.HasPrefix(res.Text, want) || !strings.Contains(res.Text, "-foo\n+bar\n") || out["backup"] != "example.txt.bk2" {
		t.Errorf("edit: %q %v", res.Text, out)
	}
	if got := b.read("example.txt") + b.read("example.txt.bk1") + b.read("example.txt.bk2"); got != "bar\nkeep me\nfoo\n" {
		t.Errorf("files: %q", got)
	}
	res, _ = b.call("editFile", map[string]any{"file": "example.txt", "script": "s/x/y/p", "args": []string{"-nEsu"}})
	if res.Text != "Success: edited example.txt. Backup: example.txt.bk3\n\nUnified diff from the backup to the file:\n\n--- example.txt.bk3\n+++ example.txt\n@@ -1 +0,0 @@\n-bar\n" {
		t.Errorf("-nEsu: %q", res.Text)
	}
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"file": "two.txt", "script": "s/z/y/"}, "Success: the script changed nothing in two.txt; the file is as it was and no backup is kept."},
		{map[string]any{"file": "two.txt", "script": "s/[unterminated/x/"}, "Error: "},
		{map[string]any{"file": "two.txt", "script": "s/a/echo unsafe/e"}, "Error: "},
		{map[string]any{"file": "two.txt", "script": "s/a/b/", "args": []string{"-i"}}, "Error: "},
		{map[string]any{"file": "two.txt", "script": ""}, "Error: editFile: a sed script is required, such as s/old/new/g"},
		{map[string]any{"file": "missing", "script": "d"}, "Error: "},
	} {
		if res, _ := b.call("editFile", tt.args); !strings.HasPrefix(res.Text, tt.want) || res.IsError != strings.HasPrefix(tt.want, "Error") {
			t.Errorf("%v: %q", tt.args, res.Text)
		}
	}
	if got := b.read("two.txt"); got != "a\n" {
		t.Errorf("two.txt: %q", got)
	}
	if _, err := os.Stat(filepath.Join(b.dir, "two.txt.bk1")); err == nil {
		t.Errorf("a failed or empty edit left a backup")
	}
}

func TestEditFileCompatDeleteBackup(t *testing.T) {
	b := newFixture(t, map[string]string{"example.txt": "foo\n"}, tools.Config{Compat: tools.CompatCmdshellmcp, EditDeleteBackup: true})
	res, _ := b.call("editFile", map[string]any{"file": "example.txt", "script": "s/foo/bar/"})
	if !strings.HasPrefix(res.Text, "Success: edited example.txt. Backup deleted: example.txt.bk1\n\n") || !strings.Contains(res.Text, "-foo\n+bar\n") {
		t.Errorf("got %q", res.Text)
	}
	if _, err := os.Stat(filepath.Join(b.dir, "example.txt.bk1")); err == nil {
		t.Errorf("the backup is still there")
	}
}

const oldNew = "--- a/example.txt\n+++ b/example.txt\n@@ -1 +1 @@\n-old\n+new\n"

func TestApplyPatchCompat(t *testing.T) {
	b := compatFixture(t, map[string]string{"example.txt": "old\n", "-dash.txt": "old\n", "dir/": "", "link": "->example.txt"})
	res, out := b.call("applyPatch", map[string]any{"file": "example.txt", "diff": oldNew})
	if res.IsError || res.Text != "patching file example.txt\n" || out["strip"] != 2.0 || b.read("example.txt") != "new\n" {
		t.Errorf("apply: %q %v %q", res.Text, out, b.read("example.txt"))
	}
	res, _ = b.call("applyPatch", map[string]any{"file": "example.txt", "diff": oldNew, "args": []string{"-R", "--batch", "-s"}})
	if res.Text != "Success: patch applied to example.txt" || b.read("example.txt") != "old\n" {
		t.Errorf("reverse: %q %q", res.Text, b.read("example.txt"))
	}
	if res, _ := b.call("applyPatch", map[string]any{"file": "-dash.txt", "diff": oldNew, "pnum": 0}); res.IsError || b.read("-dash.txt") != "new\n" {
		t.Errorf("pnum 0, dash name: %q", res.Text)
	}
	res, _ = b.call("applyPatch", map[string]any{"file": "example.txt", "diff": strings.Replace(oldNew, "-old", "-wrong", 1)})
	if !res.IsError || !strings.HasPrefix(res.Text, "Error: applyPatch: the patch did not apply to example.txt; the file is unchanged\n") || b.read("example.txt") != "old\n" {
		t.Errorf("failed hunk: %q", res.Text)
	}
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"file": "missing.txt", "diff": oldNew}, "Error: applyPatch: missing.txt: No such file or directory"},
		{map[string]any{"file": "dir", "diff": oldNew}, "Error: applyPatch: dir: not a regular file (symlinks and directories are refused)"},
		{map[string]any{"file": "link", "diff": oldNew}, "Error: applyPatch: link: not a regular file (symlinks and directories are refused)"},
		{map[string]any{"file": "/tmp/example.txt", "diff": oldNew}, "Error: applyPatch: /tmp/example.txt: outside the workspace"},
		{map[string]any{"file": "example.txt", "diff": oldNew, "args": []string{"-p0"}}, `Error: applyPatch: patch argument "-p0" is not allowed`},
		{map[string]any{"file": "example.txt", "diff": oldNew, "args": []string{"--output=x"}}, `Error: applyPatch: patch argument "--output=x" is not allowed`},
		{map[string]any{"file": "example.txt", "diff": oldNew, "pnum": -1}, "applyPatch: invalid arguments"},
	} {
		if res, _ := b.call("applyPatch", tt.args); !res.IsError || !strings.HasPrefix(res.Text, tt.want) {
			t.Errorf("%v: %q", tt.args, res.Text)
		}
	}
}

func TestFetchPrettify(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body><p>Hello</p></body></html>")
	}))
	defer srv.Close()
	b := newFixture(t, nil, tools.Config{Compat: tools.CompatCmdshellmcp, Fetcher: &fetch.Fetcher{AllowPrivate: true}})
	got := map[string]string{}
	for _, p := range []any{true, false, nil} {
		args := map[string]any{"url": srv.URL}
		if p != nil {
			args["prettify"] = p
		}
		res, out := b.call("fetch", args)
		if res.IsError {
			t.Fatalf("prettify %v: %s", p, res.Text)
		}
		got[fmt.Sprint(p)] = strings.TrimSpace(out["text"].(string))
	}
	want := map[string]string{"true": "Hello", "false": "<html><body><p>Hello</p></body></html>", "<nil>": "Hello"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if res, _ := b.call("fetch", map[string]any{"url": srv.URL, "prettify": "yes"}); !res.IsError {
		t.Errorf("prettify yes: %s", res.Text)
	}
}
