package patch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

var fuzzPatches = []string{
	"--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n d\n",
	"--- f.txt\n+++ f.txt\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n",
	"*** f.txt\n--- f.txt\n***************\n*** 1,2 ****\n  a\n! b\n--- 1,2 ----\n  a\n! c\n",
	"1c1\n< a\n---\n> b\n",
	"diff --git a/f.txt b/g.txt\nsimilarity index 90%\nrename from f.txt\nrename to g.txt\n--- a/f.txt\n+++ b/g.txt\n@@ -1 +1 @@\n-a\n+b\n",
	"--- /dev/null\n+++ ../outside/x\n@@ -0,0 +1 @@\n+x\n",
	"--- /dev/null\n+++ link/x\n@@ -0,0 +1 @@\n+x\n",
	"Index: f.txt\n@@ -1 +1 @@\n-a\n+b\n",
	"diff --git a/f.txt b/f.txt\nold mode 100644\nnew mode 100755\n",
}

// FuzzApplyPatch applies arbitrary patch text: it must not panic, and
// nothing outside the workspace may change.
func FuzzApplyPatch(f *testing.F) {
	for _, p := range fuzzPatches {
		f.Add([]byte(p), []byte("a\nb\nd\n"), uint8(0))
	}
	f.Fuzz(func(t *testing.T, patch, content []byte, flags uint8) {
		ws, fsys := vfstest.Workspace(t, map[string]string{"../outside/x": "outside\n", "link": "->../outside"})
		out := filepath.Join(filepath.Dir(ws), "outside")
		os.WriteFile(filepath.Join(ws, "f.txt"), content, 0o644) // any content, even "->..."
		o := ApplyOptions{Dir: fsys.Root(), Reverse: flags&1 != 0, Strip: int(flags>>1) % 3, StripGiven: flags&8 != 0,
			Force: flags&16 != 0, DryRun: flags&32 != 0}
		ApplyPatch(context.Background(), fsys, patch, o)
		ents, _ := os.ReadDir(out)
		data, _ := os.ReadFile(filepath.Join(out, "x"))
		if len(ents) != 1 || string(data) != "outside\n" {
			t.Fatalf("the outside changed: %d entries, x = %q", len(ents), data)
		}
	})
}

// FuzzRoundTrip checks that the diff of two texts, applied to the first,
// gives the second, in unified and context form (GNU patch 2.7.6 itself
// cannot apply some context diffs made with -C0, which are left out).
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), []byte("a\nB\nc\nd"), uint8(3))
	f.Add([]byte(""), []byte("x\n"), uint8(0))
	f.Add([]byte("x\ny"), []byte(""), uint8(1))
	f.Fuzz(func(t *testing.T, a, b []byte, ctx uint8) {
		if bytes.IndexByte(a, 0) >= 0 || bytes.IndexByte(b, 0) >= 0 {
			return
		}
		c := int(ctx % 5)
		if ctx&8 != 0 && c == 0 {
			c = 1 // GNU patch cannot read every context diff without context
		}
		s := Compare(a, b, c, Options{})
		var buf bytes.Buffer
		h := Header{OldName: "f.txt", NewName: "f.txt"}
		if ctx&8 != 0 {
			s.WriteContext(&buf, h, c)
		} else {
			s.WriteUnified(&buf, h, c)
		}
		if buf.Len() == 0 {
			if !bytes.Equal(a, b) {
				t.Fatalf("no diff for different texts %q %q", a, b)
			}
			return
		}
		fsys := vfs.NewMem("/ws")
		w, _ := fsys.Create("/ws/f.txt")
		w.Write(a)
		w.Close()
		res := ApplyPatch(context.Background(), fsys, buf.Bytes(), ApplyOptions{Dir: "/ws", Target: "f.txt", Force: true})
		got := readMem(fsys, "/ws/f.txt")
		if res.Status != 0 || !bytes.Equal(got, b) {
			t.Fatalf("status %d, err %v\npatch:\n%s\ngot %q want %q", res.Status, res.Err, buf.Bytes(), got, b)
		}
	})
}

func readMem(fsys *vfs.FS, name string) []byte {
	f, err := fsys.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var b bytes.Buffer
	b.ReadFrom(f)
	return b.Bytes()
}
