package builtins

// What git reset, restore, mv and clean share: the index rewritten from a
// snapshot, the work tree brought to a snapshot, the unstaged changes.

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// headSide is HEAD's tree, empty while HEAD has no commit.
func (g *gitRun) headSide() (gitSide, error) {
	if _, err := g.repo.Head(); err != nil {
		return gitSide{}, nil
	}
	return g.treeSide("HEAD")
}

// sideNames are side's names, sorted.
func sideNames(s gitSide) []string {
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// setIndex makes the index entries whose names match hold side's files
// (removing the matching names side lacks); the others stay. Entries that
// do not change keep their stat data.
func (g *gitRun) setIndex(side gitSide, match func(string) bool) error {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return err
	}
	old := map[string]*index.Entry{}
	var entries []*index.Entry
	for _, e := range idx.Entries {
		if match(e.Name) {
			old[e.Name] = e
			continue
		}
		entries = append(entries, e)
	}
	for n, b := range side {
		if !match(n) {
			continue
		}
		if e, ok := old[n]; ok && e.Hash == b.hash && e.Mode == b.mode {
			entries = append(entries, e)
			continue
		}
		entries = append(entries, g.statEntry(n, b))
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	idx.Entries = entries
	idx.Cache = nil
	idx.ResolveUndo = nil
	return g.repo.Storer.SetIndex(idx)
}

// statEntry is an index entry for b at name, with the work tree file's
// stat data when the file holds b (so status need not read it again).
func (g *gitRun) statEntry(name string, b gitBlob) *index.Entry {
	e := &index.Entry{Name: name, Hash: b.hash, Mode: b.mode}
	abs := path.Join(g.top, name)
	fi, err := g.p.FS.Lstat(abs)
	if err != nil {
		return e
	}
	if w, ok := g.workBlob(abs, fi); ok && w.hash == b.hash && w.mode == b.mode {
		e.ModifiedAt, e.Size = fi.ModTime(), uint32(fi.Size())
	}
	return e
}

// workBlob is the work tree file abs (with its stat data fi) as a blob.
func (g *gitRun) workBlob(abs string, fi fs.FileInfo) (gitBlob, bool) {
	var data []byte
	mode := filemode.Regular
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		t, err := g.p.FS.ReadlinkIfPossible(abs)
		if err != nil {
			return gitBlob{}, false
		}
		data, mode = []byte(t), filemode.Symlink
	case fi.Mode().IsRegular():
		d, err := g.readFile(abs)
		if err != nil {
			return gitBlob{}, false
		}
		data = d
		if fi.Mode()&0o111 != 0 {
			mode = filemode.Executable
		}
	default:
		return gitBlob{}, false
	}
	return gitBlob{plumbing.ComputeHash(plumbing.BlobObject, data), mode, func() ([]byte, error) { return data, nil }}, true
}

// writeWork brings the work tree files of names to side: written when
// they differ from it, removed (with the directories left empty) when
// side lacks them.
func (g *gitRun) writeWork(side gitSide, names []string) error {
	sort.Strings(names)
	for _, n := range names {
		abs := path.Join(g.top, n)
		b, keep := side[n]
		fi, err := g.p.FS.Lstat(abs)
		if !keep {
			if err == nil && !fi.IsDir() {
				if err := g.p.FS.Remove(abs); err != nil {
					return err
				}
				g.pruneDirs(path.Dir(n))
			}
			continue
		}
		if err == nil && !fi.IsDir() {
			if w, ok := g.workBlob(abs, fi); ok && w.hash == b.hash && w.mode == b.mode {
				continue
			}
		}
		if err := g.writeBlob(n, b, fi); err != nil {
			return err
		}
	}
	return nil
}

// writeBlob writes b at name, replacing what is there (fi, if anything).
func (g *gitRun) writeBlob(name string, b gitBlob, fi fs.FileInfo) error {
	abs := path.Join(g.top, name)
	data, err := b.data()
	if err != nil {
		return err
	}
	if err := g.p.FS.MkdirAll(path.Dir(abs), 0o777); err != nil {
		return err
	}
	if fi != nil && (fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0 || b.mode == filemode.Symlink) {
		if err := g.p.FS.RemoveAll(abs); err != nil {
			return err
		}
	}
	if b.mode == filemode.Symlink {
		return g.p.FS.SymlinkIfPossible(string(data), abs)
	}
	mode := fs.FileMode(0o644)
	if b.mode == filemode.Executable {
		mode = 0o755
	}
	if err := g.p.FS.WriteAtomic(abs, data, mode); err != nil {
		return err
	}
	return g.p.FS.Chmod(abs, mode)
}

// pruneDirs removes dir (top-relative) and its parents while empty.
func (g *gitRun) pruneDirs(dir string) {
	for d := dir; d != "." && d != ""; d = path.Dir(d) {
		if g.p.FS.Remove(path.Join(g.top, d)) != nil {
			return
		}
	}
}

// unstaged are the index's files that differ in the work tree, as
// git reset lists them: M (modified) or D (deleted).
func (g *gitRun) unstaged() ([]string, error) {
	idx, err := g.indexSide()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, n := range sideNames(idx) {
		b := idx[n]
		abs := path.Join(g.top, n)
		fi, err := g.p.FS.Lstat(abs)
		if err != nil || fi.IsDir() {
			out = append(out, "D\t"+n)
			continue
		}
		if w, ok := g.workBlob(abs, fi); !ok || w.hash != b.hash || w.mode != b.mode {
			out = append(out, "M\t"+n)
		}
	}
	return out, nil
}

// printUnstaged prints git reset's "Unstaged changes after reset:".
func (g *gitRun) printUnstaged() error {
	lines, err := g.unstaged()
	if err != nil || len(lines) == 0 {
		return err
	}
	fmt.Fprintln(g.p.Stdout, "Unstaged changes after reset:")
	for _, l := range lines {
		fmt.Fprintln(g.p.Stdout, l)
	}
	return nil
}

// matcher is a test for top-relative names under any of the pathspecs
// (operands relative to the working directory); false when one is outside
// the repository.
func (g *gitRun) matcher(specs []string) (func(string) bool, string, bool) {
	var rels []string
	for _, s := range specs {
		rel, ok := g.pathspec(s)
		if !ok {
			return nil, s, false
		}
		rels = append(rels, strings.TrimSuffix(rel, "/"))
	}
	return func(n string) bool {
		for _, r := range rels {
			if gitUnder(n, r) {
				return true
			}
		}
		return false
	}, "", true
}

// outside is git's message for a pathspec outside the repository.
func (g *gitRun) outside(spec string) int {
	return g.fatal(fmt.Sprintf("%s: '%s' is outside repository at '%s'", spec, spec, g.top))
}

// resolveCommit resolves rev to a commit hash.
func (g *gitRun) resolveCommit(rev string) (plumbing.Hash, bool) {
	h, err := g.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return plumbing.ZeroHash, false
	}
	if _, err := g.repo.CommitObject(*h); err != nil {
		return plumbing.ZeroHash, false
	}
	return *h, true
}

// moveHead points HEAD's branch (or a detached HEAD) at h, and ORIG_HEAD
// at where it was.
func (g *gitRun) moveHead(h plumbing.Hash) error {
	if cur, err := g.repo.Head(); err == nil {
		if err := g.repo.Storer.SetReference(plumbing.NewHashReference("ORIG_HEAD", cur.Hash())); err != nil {
			return err
		}
	}
	name := plumbing.HEAD
	if ref, err := g.repo.Storer.Reference(plumbing.HEAD); err == nil && ref.Type() == plumbing.SymbolicReference {
		name = ref.Target()
	}
	return g.repo.Storer.SetReference(plumbing.NewHashReference(name, h))
}
