package engine_test

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/afero"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// The overlay suite runs each journal case twice, on twin workspaces:
// directly, and in a preview overlay that is then promoted. Before the
// promote the workspace must be as seeded; the overlay's Changes must be
// the direct run's journal; the output must be the same; after the
// promote the two trees must be the same, byte for byte and mode for
// mode.

var overlayCases = append([]journalCase{
	{name: "rm and recreate dir", command: "rm -r dir; mkdir dir; echo new > dir/c.txt", want: nil},
	{name: "ls merged", command: "rm a.txt; echo z > dir/z; ls -R; cat dir/z", want: nil},
	{name: "file to dir", command: "rm a.txt; mkdir a.txt; echo in > a.txt/f", want: nil},
	{name: "cd into new", command: "mkdir -p n/m && cd n/m && echo x > f && cd ../.. && find n", want: nil},
	{name: "mv then edit", command: "mv dir d2; sed -i s/charlie/CHARLIE/ d2/c.txt; cat d2/c.txt; ls dir 2>&1", want: nil},
	{name: "find and wc", command: "echo more >> dir/sub/d.x; find . -type f | sort; wc -c dir/sub/d.x", want: nil},
	{name: "symlink dir", command: "ln -s dir ldir; cat ldir/c.txt; ls ldir/; echo via > dir/v; cat ldir/v", want: nil, disk: true},
	{name: "symlink chain", command: "ln -s a.txt l1; ln -s l1 l2; echo z >> l2; cat l1; readlink l2; rm l1; cat l2 2>&1", want: nil, disk: true},
}, journalCases...)

func TestOverlay(t *testing.T) {
	for _, kind := range []string{"disk", "mem"} {
		for _, c := range overlayCases {
			if c.disk && kind == "mem" {
				continue
			}
			t.Run(kind+"/"+c.name, func(t *testing.T) { overlayRun(t, kind, c) })
		}
	}
}

func seeded(t *testing.T, kind string, extra map[string]string) *vfs.FS {
	files := map[string]string{}
	for k, v := range journalSeed {
		files[k] = v
	}
	for k, v := range extra {
		files[k] = v
	}
	if kind == "disk" {
		_, ws := vfstest.Workspace(t, files)
		return ws
	}
	return vfstest.Mem(t, "/ws", files)
}

func overlayRun(t *testing.T, kind string, c journalCase) {
	direct, previewed := seeded(t, kind, c.files), seeded(t, kind, c.files)
	seed := tree(t, previewed)
	ctx := context.Background()
	want, err := engine.New(direct).Run(ctx, engine.Request{Command: c.command, Journal: true})
	if err != nil {
		t.Fatal(err)
	}
	view, ov := previewed.Overlay(0)
	got, err := engine.New(previewed).Run(ctx, engine.Request{Command: c.command, FS: view})
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Stdout) != string(want.Stdout) || got.ExitCode != want.ExitCode {
		t.Errorf("output in the overlay:\n%s(exit %d, stderr %s)\ndirect:\n%s(exit %d, stderr %s)", got.Stdout, got.ExitCode, got.Stderr, want.Stdout, want.ExitCode, want.Stderr)
	}
	if d := cmp.Diff(seed, tree(t, previewed)); d != "" {
		t.Fatalf("the overlay wrote the workspace (-seed +now):\n%s", d)
	}
	if d := cmp.Diff(want.FilesChanged, ov.Changes()); d != "" {
		t.Errorf("changes (-journal +overlay):\n%s", d)
	}
	if d := cmp.Diff(tree(t, direct), tree(t, view)); d != "" {
		t.Errorf("overlay view (-direct +overlay):\n%s", d)
	}
	if _, conflicts, err := ov.Promote(previewed); err != nil {
		t.Fatalf("promote: %v %v", err, conflicts)
	}
	if d := cmp.Diff(tree(t, direct), tree(t, previewed)); d != "" {
		t.Errorf("after promote (-direct +promoted):\n%s", d)
	}
}

// tree lists every entry of ws: path, mode, and content or target.
func tree(t *testing.T, ws *vfs.FS) []string {
	var out []string
	var walk func(dir string)
	walk = func(dir string) {
		ents, err := ws.ReadDir(dir)
		if err != nil {
			t.Fatalf("readdir %s: %v", dir, err)
		}
		for _, e := range ents {
			p := path.Join(dir, e.Name())
			fi, err := ws.Lstat(p)
			if err != nil {
				t.Fatalf("lstat %s: %v", p, err)
			}
			rel := strings.TrimPrefix(p, ws.Root())
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
