package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// journalCase is one run and the files_changed it must report, written
// "change path size" per entry, in order.
type journalCase struct {
	name    string
	files   map[string]string
	command string
	want    []string
	disk    bool // the memory filesystem has no symlinks nor hard links
}

var journalSeed = map[string]string{
	"a.txt":       "alpha\n",
	"b.txt":       "bravo\n",
	"dir/c.txt":   "charlie\n",
	"dir/sub/d.x": "delta\n",
	"empty/":      "",
}

var journalCases = []journalCase{
	{name: "nothing", command: "cat a.txt; ls -R; grep -r alpha .; wc -c dir/c.txt", want: nil},
	{name: "create", command: "echo new > n.txt", want: []string{"created n.txt 4"}},
	{name: "modify", command: "echo more >> a.txt", want: []string{"modified a.txt 11"}},
	{name: "truncate", command: ": > b.txt", want: []string{"modified b.txt 0"}},
	{name: "delete", command: "rm a.txt", want: []string{"deleted a.txt 0"}},
	{name: "rm -r", command: "rm -r dir", want: []string{"deleted dir/c.txt 0", "deleted dir/sub/d.x 0"}},
	{name: "mv", command: "mv a.txt z.txt", want: []string{"deleted a.txt 0", "created z.txt 6"}},
	{name: "mv over", command: "mv a.txt b.txt", want: []string{"deleted a.txt 0", "modified b.txt 6"}},
	{name: "mv dir", command: "mv dir moved", want: []string{"deleted dir/c.txt 0", "deleted dir/sub/d.x 0", "created moved/c.txt 8", "created moved/sub/d.x 6"}},
	{name: "cp -r", command: "cp -r dir copy", want: []string{"created copy/c.txt 8", "created copy/sub/d.x 6"}},
	{name: "restored", command: "cp -p a.txt a.bak; echo x > a.txt; mv a.bak a.txt", want: nil},
	{name: "sed restored", command: "sed -i s/alpha/omega/ a.txt; sed -i s/omega/alpha/ a.txt", want: nil},
	{name: "sed -i", command: "sed -i s/bravo/BRAVO/ b.txt", want: []string{"modified b.txt 6"}},
	{name: "created and removed", command: "echo t > tmp; rm tmp", want: nil},
	{name: "same content", command: "echo alpha > a.txt", want: nil},
	{name: "chmod", command: "chmod +x a.txt", want: []string{"modified a.txt 6"}},
	{name: "touch", command: "touch a.txt new", want: []string{"created new 0"}},
	{name: "mkdir", command: "mkdir -p x/y; rmdir empty", want: nil},
	{name: "tee", command: "echo hi | tee t1 t2 >/dev/null", want: []string{"created t1 3", "created t2 3"}},
	// MemMapFs makes missing parent directories.
	{name: "failed write", command: "echo x > nodir/f; true", want: nil, disk: true},
	{name: "symlink", command: "ln -s a.txt link", want: []string{"created link 5"}, disk: true},
	{name: "through symlink", files: map[string]string{"l": "->a.txt"}, command: "echo z >> l", want: []string{"modified a.txt 8"}, disk: true},
	{name: "hard link", command: "ln a.txt hard", want: []string{"created hard 6"}, disk: true},
}

// TestJournal runs each case on the disk and in memory and compares the
// run's FilesChanged.
func TestJournal(t *testing.T) {
	for _, kind := range []string{"disk", "mem"} {
		for _, c := range journalCases {
			if c.disk && kind == "mem" {
				continue
			}
			t.Run(kind+"/"+c.name, func(t *testing.T) { journalRun(t, kind, c) })
		}
	}
}

func journalRun(t *testing.T, kind string, c journalCase) {
	files := map[string]string{}
	for k, v := range journalSeed {
		files[k] = v
	}
	for k, v := range c.files {
		files[k] = v
	}
	var ws *vfs.FS
	if kind == "disk" {
		_, ws = vfstest.Workspace(t, files)
	} else {
		ws = vfstest.Mem(t, "/ws", files)
	}
	res, err := engine.New(ws).Run(context.Background(), engine.Request{Command: c.command, Journal: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.FilesChanged == nil {
		t.Fatal("FilesChanged is nil, not empty")
	}
	var got []string
	for _, ch := range res.FilesChanged {
		got = append(got, fmt.Sprintf("%s %s %d", ch.Change, ch.Path, ch.Size))
	}
	if d := cmp.Diff(c.want, got); d != "" {
		t.Errorf("%s: files changed (-want +got):\n%s\nstderr: %s", c.command, d, res.Stderr)
	}
	if strings.Contains(string(res.Stderr), "panic") {
		t.Errorf("stderr: %s", res.Stderr)
	}
}

// Without Journal, a run reports no FilesChanged at all.
func TestJournalOff(t *testing.T) {
	_, ws := vfstest.Workspace(t, journalSeed)
	res, err := engine.New(ws).Run(context.Background(), engine.Request{Command: "echo x > f"})
	if err != nil || res.FilesChanged != nil {
		t.Errorf("FilesChanged without a journal: %v %v", res.FilesChanged, err)
	}
}
