package vfs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/vfs"
)

// ReadDir and ReadDirStat give the names, types and (lstat) information
// os gives, in the directory's own order, and never follow a link out.
func TestReadDirTypesAndInfo(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file"), []byte("12345"), 0o640)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Symlink("file", filepath.Join(dir, "link"))
	os.Symlink("../../..", filepath.Join(dir, "out"))
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	want := describe(t, mustOSReadDir(t, dir))
	for name, read := range map[string]func(string) ([]fs.DirEntry, error){"ReadDir": ws.ReadDir, "ReadDirStat": ws.ReadDirStat} {
		ents, err := read(".")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, describe(t, ents)); d != "" {
			t.Errorf("%s (-os +vfs):\n%s", name, d)
		}
	}
}

func mustOSReadDir(t *testing.T, dir string) []fs.DirEntry {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ents
}

type entryDesc struct {
	Name string
	Type fs.FileMode
	Mode fs.FileMode
	Size int64
}

func describe(t *testing.T, ents []fs.DirEntry) []entryDesc {
	var out []entryDesc
	for _, e := range ents {
		fi, err := e.Info()
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		size := fi.Size()
		if fi.IsDir() {
			size = 0
		}
		out = append(out, entryDesc{e.Name(), e.Type(), fi.Mode(), size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// A directory of more than 10,000 entries comes in inode order from
// ReadDirFTS, as GNU find walks it (except on tmpfs, NFS and CIFS), and in
// the directory's own order from ReadDir.
func TestReadDirFTSOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("makes 10,001 files")
	}
	dir := t.TempDir()
	for i := 0; i <= 10000; i++ {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := vfs.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	plain, err := ws.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fts, err := ws.ReadDirFTS(".", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain) != 10001 || len(fts) != 10001 {
		t.Fatalf("read %d and %d entries, want 10001", len(plain), len(fts))
	}
	inodes := make([]uint64, len(fts))
	for i, e := range fts {
		fi, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		inodes[i] = vfs.MetaOf(fi).Ino
	}
	sorted := sort.SliceIsSorted(inodes, func(i, j int) bool { return inodes[i] < inodes[j] })
	same := true
	for i := range plain {
		same = same && plain[i].Name() == fts[i].Name()
	}
	if !sorted && !same {
		t.Error("ReadDirFTS is neither in inode order nor in the directory's order")
	}
}
