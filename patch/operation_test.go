package patch

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

func readFile(t *testing.T, fsys *vfs.FS, name string) string {
	t.Helper()
	f, err := fsys.Open("/ws/" + name)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	defer f.Close()
	b, _ := io.ReadAll(f)
	return string(b)
}

const tenLines = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"

func TestApply(t *testing.T) {
	p := "--- a/src/f.txt\n+++ b/src/f.txt\n@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n"
	zero, two := 0, 2
	tests := []struct {
		name     string
		files    map[string]string
		req      Request
		want     map[string]string // file contents after
		statuses []string          // per hunk of the first file
		strip    int
		status   int
	}{
		{name: "exact, strip detected", files: map[string]string{"src/f.txt": tenLines}, req: Request{Patch: []byte(p)},
			want: map[string]string{"src/f.txt": strings.Replace(tenLines, "5\n", "five\n", 1)}, statuses: []string{"applied"}, strip: 1},
		{name: "offset", files: map[string]string{"src/f.txt": "0\n0\n" + tenLines}, req: Request{Patch: []byte(p)},
			want: map[string]string{"src/f.txt": "0\n0\n" + strings.Replace(tenLines, "5\n", "five\n", 1)}, statuses: []string{"offset"}, strip: 1},
		{name: "fuzz", files: map[string]string{"src/f.txt": strings.Replace(tenLines, "4\n", "four\n", 1)}, req: Request{Patch: []byte(p)},
			want: map[string]string{"src/f.txt": strings.NewReplacer("4\n", "four\n", "5\n", "five\n").Replace(tenLines)}, statuses: []string{"fuzz"}, strip: 1},
		{name: "failed", files: map[string]string{"src/f.txt": strings.Replace(tenLines, "5\n", "FIVE\n", 1)}, req: Request{Patch: []byte(p)},
			want:     map[string]string{"src/f.txt": strings.Replace(tenLines, "5\n", "FIVE\n", 1), "src/f.txt.rej": "<open /ws/src/f.txt.rej: file does not exist>"},
			statuses: []string{"failed"}, strip: 1, status: 1},
		{name: "target", files: map[string]string{"other.txt": tenLines}, req: Request{Patch: []byte(p), Target: "other.txt"},
			want: map[string]string{"other.txt": strings.Replace(tenLines, "5\n", "five\n", 1)}, statuses: []string{"applied"}},
		{name: "dry run", files: map[string]string{"src/f.txt": tenLines}, req: Request{Patch: []byte(p), DryRun: true},
			want: map[string]string{"src/f.txt": tenLines}, statuses: []string{"applied"}, strip: 1},
		{name: "reverse", files: map[string]string{"src/f.txt": strings.Replace(tenLines, "5\n", "five\n", 1)}, req: Request{Patch: []byte(p), Reverse: true},
			want: map[string]string{"src/f.txt": tenLines}, statuses: []string{"applied"}, strip: 1},
		{name: "strip given", files: map[string]string{"f.txt": tenLines}, req: Request{Patch: []byte(p), Strip: &two},
			want: map[string]string{"f.txt": strings.Replace(tenLines, "5\n", "five\n", 1)}, statuses: []string{"applied"}, strip: 2},
		{name: "no fuzz", files: map[string]string{"src/f.txt": strings.Replace(tenLines, "4\n", "four\n", 1)}, req: Request{Patch: []byte(p), Fuzz: &zero},
			want: map[string]string{"src/f.txt": strings.Replace(tenLines, "4\n", "four\n", 1)}, statuses: []string{"failed"}, strip: 1, status: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := vfstest.Mem(t, "/ws", tt.files)
			rep := Apply(context.Background(), fsys, tt.req)
			if rep.Err != nil {
				t.Fatalf("error: %v\n%s", rep.Err, rep.Log)
			}
			got := map[string]string{}
			for name := range tt.want {
				got[name] = readFile(t, fsys, name)
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("files (-want +got):\n%s\nlog:\n%s", d, rep.Log)
			}
			var statuses []string
			if len(rep.Files) > 0 {
				for _, h := range rep.Files[0].Hunks {
					statuses = append(statuses, h.Status)
				}
			}
			if d := cmp.Diff(tt.statuses, statuses); d != "" {
				t.Errorf("hunks (-want +got):\n%s\nlog:\n%s", d, rep.Log)
			}
			if rep.Strip != tt.strip || rep.Status != tt.status {
				t.Errorf("strip %d status %d, want %d %d", rep.Strip, rep.Status, tt.strip, tt.status)
			}
		})
	}
}

func TestApplyExplainsFailure(t *testing.T) {
	fsys := vfstest.Mem(t, "/ws", map[string]string{"f.txt": "0\n0\n0\n" + strings.Replace(tenLines, "5\n", "FIVE\n", 1)})
	p := "--- f.txt\n+++ f.txt\n@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n"
	rep := Apply(context.Background(), fsys, Request{Patch: []byte(p)})
	h := rep.Files[0].Hunks[0]
	want := HunkResult{Number: 1, Status: "failed", Line: 4, Closest: 7, Actual: "4\nFIVE\n6\n",
		Hunk: "@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n",
		Diff: "--- hunk\n+++ file\n@@ -1,3 +1,3 @@\n 4\n-5\n+FIVE\n 6\n"}
	if d := cmp.Diff(want, h); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// twoFiles patches a.txt and b.txt, one hunk each.
const twoFiles = "--- a.txt\n+++ a.txt\n@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n" +
	"--- b.txt\n+++ b.txt\n@@ -4,3 +4,3 @@\n 4\n-5\n+five\n 6\n"

// A cancelled context stops Apply before it changes anything, and the
// report says why.
func TestApplyCancelled(t *testing.T) {
	fsys := vfstest.Mem(t, "/ws", map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep := Apply(ctx, fsys, Request{Patch: []byte(twoFiles)})
	if !errors.Is(rep.Err, context.Canceled) || rep.Status != 2 || len(rep.Files) != 0 {
		t.Errorf("err %v, status %d, %d files; want context.Canceled, 2, 0", rep.Err, rep.Status, len(rep.Files))
	}
	if want := "patch: **** stopped: context canceled\n"; !strings.HasSuffix(rep.Log, want) {
		t.Errorf("log %q, want it to end with %q", rep.Log, want)
	}
	for _, name := range []string{"a.txt", "b.txt"} {
		if got := readFile(t, fsys, name); got != tenLines {
			t.Errorf("%s changed: %q", name, got)
		}
	}
}

// cancelWhen is a context that is cancelled once done reports true.
type cancelWhen struct {
	context.Context
	done func() bool
}

func (c cancelWhen) Err() error {
	if c.done() {
		return context.Canceled
	}
	return nil
}

// A context cancelled during an apply stops it before the next file: the
// file patched before stays patched, the next is left alone.
func TestApplyCancelledBetweenFiles(t *testing.T) {
	fsys := vfstest.Mem(t, "/ws", map[string]string{"a.txt": tenLines, "b.txt": tenLines})
	ctx := cancelWhen{context.Background(), func() bool { return readFile(t, fsys, "a.txt") != tenLines }}
	rep := Apply(ctx, fsys, Request{Patch: []byte(twoFiles)})
	if !errors.Is(rep.Err, context.Canceled) || len(rep.Files) != 1 {
		t.Fatalf("err %v, %d files; want context.Canceled after 1 file\n%s", rep.Err, len(rep.Files), rep.Log)
	}
	want := map[string]string{"a.txt": strings.Replace(tenLines, "5\n", "five\n", 1), "b.txt": tenLines}
	got := map[string]string{"a.txt": readFile(t, fsys, "a.txt"), "b.txt": readFile(t, fsys, "b.txt")}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("files (-want +got):\n%s", d)
	}
}
