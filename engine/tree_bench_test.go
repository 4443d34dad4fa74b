package engine_test

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// The disk path of commands that walk and read many small files: a
// source-like tree of 2,000 files (src/d00..d39/f00..f49.go, 1 to 6 KB
// each, some lines with TODO), through the engine over the disk and next
// to bash with the GNU tools spawned in the same iteration ("x-gnu"; the
// spawn is part of GNU's time, as an agent's shell tool pays it). The
// "Mem" variant runs the same line over a copy of the tree in memory, to
// show what the disk path costs. Run with:
//
//	go test ./engine -run '^$' -bench Tree -benchtime 50x -count 5

const (
	treeDirs    = 40
	treePerDir  = 50
	treeVersion = "v1"
)

// srcTree returns the cached tree's root; the files are under src/, and
// output files go next to it.
func srcTree(b *testing.B) string {
	return cachedDir(b, "shellfence-bench-src-"+treeVersion, makeSrcTree)
}

func makeSrcTree(root string) error {
	rng := rand.New(rand.NewSource(2))
	for d := range treeDirs {
		dir := filepath.Join(root, "src", fmt.Sprintf("d%02d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		for f := range treePerDir {
			data := benchText(rng, 1<<10+rng.Intn(5<<10))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", f)), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// treeSideBySide runs line in src/ of the tree, over the disk.
func treeSideBySide(b *testing.B, line string) {
	sideBySideIn(b, srcTree(b), "cd src && "+line, "")
}

// treeSideBySideMem runs line in src/ of a copy of the tree in memory,
// shown at the same path, next to GNU on the disk.
func treeSideBySideMem(b *testing.B, line string) {
	root := srcTree(b)
	ws := vfs.NewMem(root)
	if err := copyToMem(root, ws); err != nil {
		b.Fatal(err)
	}
	sideBySideFS(b, engine.New(ws), root, "cd src && "+line, "")
}

func copyToMem(root string, ws *vfs.FS) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return ws.MkdirAll(p, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := ws.Create(p)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.Write(data)
		return err
	})
}

func BenchmarkTreeGrep(b *testing.B)      { treeSideBySide(b, "grep -rn TODO .") }
func BenchmarkTreeGrepFile(b *testing.B)  { treeSideBySide(b, "grep -rn TODO . > ../grep.out") }
func BenchmarkTreeGrepList(b *testing.B)  { treeSideBySide(b, "grep -rln TODO .") }
func BenchmarkTreeGrepCount(b *testing.B) { treeSideBySide(b, "grep -rc TODO .") }
func BenchmarkTreeGrepMem(b *testing.B)   { treeSideBySideMem(b, "grep -rn TODO .") }
func BenchmarkTreeFind(b *testing.B)      { treeSideBySide(b, "find . -name '*.go'") }
func BenchmarkTreeDu(b *testing.B)        { treeSideBySide(b, "du -s .") }
func BenchmarkTreeWc(b *testing.B)        { treeSideBySide(b, "wc -l */*.go") }
func BenchmarkTreeCat(b *testing.B)       { treeSideBySide(b, "cat */*.go") }
