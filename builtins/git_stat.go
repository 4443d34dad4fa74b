package builtins

// The work tree against the index as git compares them: by the stat data
// the index keeps (size, modification time, mode), hashing only the files
// whose stat data changed or is too recent to trust ("racily clean"), and
// the index decoded once per invocation.

import (
	"bufio"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/go-git/go-billy/v5"
	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// gitStorage is the repository's storage with the index decoded once:
// each caller gets its own copy of the entries, and a write drops it.
type gitStorage struct {
	*filesystem.Storage
	idx *index.Index
}

// newGitStorage is the storage of the .git directory dir. Its packfiles
// stay open until [gitRun.close] (go-git would open one per object read).
func newGitStorage(dir billy.Filesystem) *gitStorage {
	return &gitStorage{Storage: filesystem.NewStorageWithOptions(dir, cache.NewObjectLRUDefault(),
		filesystem.Options{KeepDescriptors: true})}
}

// close closes the packfiles the repository kept open.
func (g *gitRun) close() {
	if g.repo != nil {
		if s, ok := g.repo.Storer.(*gitStorage); ok {
			s.Close()
		}
	}
}

func (s *gitStorage) Index() (*index.Index, error) {
	if s.idx == nil {
		idx, err := s.Storage.Index()
		if err != nil {
			return nil, err
		}
		s.idx = idx
	}
	c := *s.idx
	c.Entries = make([]*index.Entry, len(s.idx.Entries))
	for i, e := range s.idx.Entries {
		ec := *e
		c.Entries[i] = &ec
	}
	return &c, nil
}

func (s *gitStorage) SetIndex(idx *index.Index) error {
	s.idx = nil
	return s.Storage.SetIndex(idx)
}

// worktreeStatus is what go-git's Worktree.Status gives (staged and work
// tree codes by path, untracked files as Untracked twice), computed as
// git does: the index against head by hash, the work tree against the
// index by stat data.
func (g *gitRun) worktreeStatus(head gitSide) (gogit.Status, error) {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil, err
	}
	st := gogit.Status{}
	file := func(p string) *gogit.FileStatus {
		fs := st[p]
		if fs == nil {
			fs = &gogit.FileStatus{Staging: gogit.Unmodified, Worktree: gogit.Unmodified}
			st[p] = fs
		}
		return fs
	}
	w := &statWalk{g: g, entries: map[string]*index.Entry{}, dirs: map[string]bool{}, idx: idx}
	for _, e := range idx.Entries {
		if e.Stage != 0 { // index.Merged is 1 in go-git, but stage 0 is merged
			fs := file(e.Name)
			fs.Staging, fs.Worktree = gogit.UpdatedButUnmerged, gogit.UpdatedButUnmerged
			continue
		}
		w.entries[e.Name] = e
		for d := path.Dir(e.Name); d != "."; d = path.Dir(d) {
			w.dirs[d] = true
		}
		b, ok := head[e.Name]
		switch {
		case !ok:
			file(e.Name).Staging = gogit.Added
		case b.hash != e.Hash || b.mode != e.Mode:
			file(e.Name).Staging = gogit.Modified
		}
	}
	for p := range head {
		if _, ok := w.entries[p]; !ok && st[p] == nil {
			file(p).Staging = gogit.Deleted
		}
	}
	w.seen = make(map[string]bool, len(w.entries))
	if err := w.dir("", nil); err != nil {
		return nil, err
	}
	for p := range w.entries {
		if !w.seen[p] {
			file(p).Worktree = gogit.Deleted
		}
	}
	for _, p := range w.modified {
		file(p).Worktree = gogit.Modified
	}
	for _, p := range w.untracked {
		fs := file(p)
		fs.Staging, fs.Worktree = gogit.Untracked, gogit.Untracked
	}
	return st, nil
}

// statWalk is one walk of the work tree against the index.
type statWalk struct {
	g         *gitRun
	idx       *index.Index
	entries   map[string]*index.Entry
	dirs      map[string]bool // directories holding tracked files
	seen      map[string]bool
	modified  []string
	untracked []string
}

// dir walks the directory rel ("" for the top) under the ignore
// patterns of its parents.
func (w *statWalk) dir(rel string, ps []gitignore.Pattern) error {
	ents, err := w.g.p.FS.ReadDirStat(path.Join(w.g.top, rel))
	if err != nil {
		if rel == "" {
			return err
		}
		return nil
	}
	var domain []string
	if rel != "" {
		domain = strings.Split(rel, "/")
	}
	if rel == "" {
		ps = append(ps, w.ignoreFile(path.Join(w.g.gdir, "info/exclude"), nil)...)
	}
	for _, e := range ents {
		if e.Name() == ".gitignore" && !e.IsDir() {
			ps = append(ps[:len(ps):len(ps)], w.ignoreFile(path.Join(w.g.top, rel, ".gitignore"), domain)...)
		}
	}
	m := gitignore.NewMatcher(ps)
	for _, e := range ents {
		n := path.Join(rel, e.Name())
		if e.Name() == ".git" {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		if fi.IsDir() {
			if w.dirs[n] || !m.Match(append(domain, e.Name()), true) {
				if err := w.dir(n, ps); err != nil {
					return err
				}
			}
			continue
		}
		if !fi.Mode().IsRegular() && fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		ie, ok := w.entries[n]
		if !ok {
			if !m.Match(append(domain, e.Name()), false) {
				w.untracked = append(w.untracked, n)
			}
			continue
		}
		w.seen[n] = true
		if w.changed(n, ie, fi) {
			w.modified = append(w.modified, n)
		}
	}
	return nil
}

// changed reports whether the file n differs from its index entry: not
// when its stat data matches and is older than the index, else by hash.
func (w *statWalk) changed(n string, ie *index.Entry, fi fs.FileInfo) bool {
	mode, err := filemode.NewFromOSFileMode(fi.Mode())
	if err != nil {
		return true
	}
	if mode != ie.Mode {
		return true
	}
	if uint32(fi.Size()) == ie.Size && fi.ModTime().Equal(ie.ModifiedAt) &&
		!w.idx.ModTime.IsZero() && fi.ModTime().Before(w.idx.ModTime) {
		return false
	}
	h, err := w.g.hashWorkFile(n, fi)
	return err != nil || h != ie.Hash
}

// hashWorkFile is the blob hash of the work tree's file n (top-relative),
// read as a stream.
func (g *gitRun) hashWorkFile(n string, fi fs.FileInfo) (plumbing.Hash, error) {
	abs := path.Join(g.top, n)
	if fi.Mode()&fs.ModeSymlink != 0 {
		t, err := g.p.FS.ReadlinkIfPossible(abs)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		return plumbing.ComputeHash(plumbing.BlobObject, []byte(t)), nil
	}
	f, err := g.p.FS.Open(abs)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	defer f.Close()
	h := plumbing.NewHasher(plumbing.BlobObject, fi.Size())
	if _, err := io.Copy(h, f); err != nil {
		return plumbing.ZeroHash, err
	}
	return h.Sum(), nil
}

// ignoreFile reads the patterns of a .gitignore (or info/exclude) as
// go-git's gitignore.ReadPatterns does.
func (w *statWalk) ignoreFile(name string, domain []string) []gitignore.Pattern {
	f, err := w.g.p.FS.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		s := sc.Text()
		if !strings.HasPrefix(s, "#") && strings.TrimSpace(s) != "" {
			ps = append(ps, gitignore.ParsePattern(s, domain))
		}
	}
	return ps
}
