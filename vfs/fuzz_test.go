package vfs_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/vfstest"
)

// fuzzSecret is the content of the file outside the workspace: no
// operation may read it.
const fuzzSecret = "FUZZ-SECRET-7c1e4d"

// fuzzNames seeds the path fuzzer: escapes by "..", absolute paths and
// symlinks, names that look like the root, odd bytes. "ROOT" stands for
// the workspace's absolute path and "PARENT" for the directory holding
// it and the outside.
var fuzzNames = []string{
	"a.txt", "d", "d/b.txt", ".", "..", "/", "", "ROOT", "ROOT/", "ROOT/a.txt", "ROOT/..", "ROOT/../outside/secret.txt",
	"ROOT2/x", "PARENT/outside/secret.txt", "../outside/secret.txt", "d/../../outside", "./../outside",
	"rel-out", "abs-out", "dir-out/secret.txt", "d/up/secret.txt", "loop", "loop/x", "rel-in", "/etc/passwd",
	"a.txt/x", "d//b.txt", "d/./b.txt", "new", "d/new", "new/deeper/x", "\x00", "a\x00b", "...", "....", " ",
	strings.Repeat("x", 300), strings.Repeat("d/", 200) + "x", "ROOTx", "ROOT/d/up", "/..", "//ROOT", "~/x", "$HOME",
}

// FuzzPaths runs a program of file operations on arbitrary names in a
// disk workspace beside a directory outside it: no panic, nothing
// outside changed, the outside file never read (nor stat'ed, by its
// size), and every error a *fs.PathError or *os.LinkError naming the
// paths as given, whose text shows no host path that was not given.
//
//	go test ./vfs -run '^$' -fuzz FuzzPaths -fuzztime 1m
func FuzzPaths(f *testing.F) {
	for i, n := range fuzzNames {
		f.Add([]byte{byte(i)}, n+"\n"+fuzzNames[(i*7+3)%len(fuzzNames)])
	}
	f.Add([]byte{opSymlink, opOpen}, "dir-out/secret.txt\nx\nx")
	f.Add([]byte{opMkdir, opSymlink, opRename, opOpen}, "new\n../outside\nnew/up\nnew/up\nnew2\nnew2/up/secret.txt")
	f.Add([]byte{opRename, opOpen}, "d\nd2\nd2/up/secret.txt")
	f.Add([]byte{opWriteAtomic, opChmod, opStat}, "rel-out\nabs-out\nd/up")
	f.Fuzz(func(t *testing.T, ops []byte, names string) {
		if len(ops) > 16 || len(names) > 4096 {
			return
		}
		parent, root, ws := fuzzLayout(t)
		before := vfstest.Outside(parent)
		list := strings.Split(names, "\n")
		for i := range list {
			list[i] = strings.NewReplacer("ROOT", root, "PARENT", parent).Replace(list[i])
		}
		next := 0
		name := func() string { n := list[next%len(list)]; next++; return n }
		for _, op := range ops {
			a := name()
			b := list[next%len(list)]
			got, err := runOp(ws, op, a, b)
			if strings.Contains(got, fuzzSecret) || strings.Contains(got, "size 12345 ") {
				t.Fatalf("op %d on %q, %q read the outside: %q", op%opCount, a, b, got)
			}
			checkErr(t, op, err, a, b, parent)
		}
		if after := vfstest.Outside(parent); after != before {
			t.Fatalf("ops %v on %q changed the outside:\n%s\n---\n%s", ops, list, before, after)
		}
	})
}

const (
	opOpen = iota
	opStat
	opLstat
	opMkdir
	opMkdirAll
	opRename
	opSymlink
	opReadlink
	opLink
	opRemove
	opRemoveAll
	opCreate
	opWriteAtomic
	opChmod
	opChtimes
	opReadDir
	opCount
)

// runOp runs one operation on a (and b) and returns what it read.
func runOp(ws *vfs.FS, op byte, a, b string) (string, error) {
	switch op % opCount {
	case opOpen:
		file, err := ws.Open(a)
		if err != nil {
			return "", err
		}
		defer file.Close()
		data, err := io.ReadAll(io.LimitReader(file, 1<<16))
		if err != nil && !errors.Is(err, fs.ErrInvalid) && !isDirRead(err) {
			return string(data), err
		}
		return string(data), nil
	case opStat:
		return statText(ws.Stat(a))
	case opLstat:
		return statText(ws.Lstat(a))
	case opMkdir:
		return "", ws.Mkdir(a, 0o755)
	case opMkdirAll:
		return "", ws.MkdirAll(a, 0o755)
	case opRename:
		return "", ws.Rename(a, b)
	case opSymlink:
		return "", ws.SymlinkIfPossible(b, a)
	case opReadlink:
		return ws.ReadlinkIfPossible(a)
	case opLink:
		return "", ws.Link(b, a)
	case opRemove:
		return "", ws.Remove(a)
	case opRemoveAll:
		return "", ws.RemoveAll(a)
	case opCreate:
		file, err := ws.Create(a)
		if err != nil {
			return "", err
		}
		file.Write([]byte("written\n"))
		return "", file.Close()
	case opWriteAtomic:
		return "", ws.WriteAtomic(a, []byte("atomic\n"), 0o644)
	case opChmod:
		return "", ws.Chmod(a, 0o700)
	case opChtimes:
		return "", ws.Chtimes(a, time.Unix(1, 0), time.Unix(1, 0))
	default:
		ents, err := ws.ReadDirStat(a)
		var b strings.Builder
		for _, e := range ents {
			if fi, err := e.Info(); err == nil {
				fmt.Fprintf(&b, "%s size %d \n", e.Name(), fi.Size())
			}
		}
		return b.String(), err
	}
}

func isDirRead(err error) bool {
	return strings.Contains(err.Error(), "is a directory")
}

func statText(fi fs.FileInfo, err error) (string, error) {
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s size %d ", fi.Name(), fi.Size()), nil
}

// checkErr checks that err is well-formed: a path or link error naming
// the paths given, showing no host path that was not given.
func checkErr(t *testing.T, op byte, err error, a, b, parent string) {
	t.Helper()
	if err == nil {
		return
	}
	msg := err.Error()
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		if pe.Path != a && pe.Path != b {
			t.Errorf("op %d on %q, %q: the error names %q: %v", op%opCount, a, b, pe.Path, err)
		}
		msg = strings.ReplaceAll(msg, pe.Path, "")
	case errors.As(err, &le):
		msg = strings.ReplaceAll(strings.ReplaceAll(msg, le.Old, ""), le.New, "")
	default:
		t.Errorf("op %d on %q, %q: error %T: %v", op%opCount, a, b, err, err)
	}
	if strings.Contains(msg, parent) {
		t.Errorf("op %d on %q, %q: the error shows a host path: %v", op%opCount, a, b, err)
	}
	if text := vfs.Text(err); text == "" || strings.Contains(text, parent) {
		t.Errorf("op %d on %q, %q: Text is %q", op%opCount, a, b, text)
	}
}

// fuzzLayout makes parent/{ws,ws2,outside}: the outside file holds the
// secret, 12345 bytes long, and the workspace has symlinks leading out.
func fuzzLayout(t *testing.T) (parent, root string, ws *vfs.FS) {
	t.Helper()
	parent, _ = filepath.EvalSymlinks(t.TempDir())
	root = filepath.Join(parent, "ws")
	for _, d := range []string{"ws/d", "ws2", "outside"} {
		os.MkdirAll(filepath.Join(parent, d), 0o755)
	}
	secret := fuzzSecret + strings.Repeat("\n", 12345-len(fuzzSecret))
	os.WriteFile(filepath.Join(parent, "outside/secret.txt"), []byte(secret), 0o644)
	os.WriteFile(filepath.Join(parent, "ws2/x"), []byte(fuzzSecret), 0o644)
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("alpha\n"), 0o644)
	os.WriteFile(filepath.Join(root, "d/b.txt"), []byte("beta\n"), 0o644)
	os.Symlink(filepath.Join(parent, "outside/secret.txt"), filepath.Join(root, "abs-out"))
	os.Symlink("../outside/secret.txt", filepath.Join(root, "rel-out"))
	os.Symlink("../outside", filepath.Join(root, "dir-out"))
	os.Symlink("../../outside", filepath.Join(root, "d/up"))
	os.Symlink("a.txt", filepath.Join(root, "rel-in"))
	os.Symlink("loop", filepath.Join(root, "loop"))
	ws, err := vfs.OpenDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return parent, root, ws
}
