package builtins

// The tree merge under git merge, cherry-pick and revert, and the state
// a merge leaves in .git until it is committed or aborted.

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

const gitUnmergedHint = "hint: Fix them up in the work tree, and then use 'git add/rm <file>'\nhint: as appropriate to mark resolution and make a commit.\n"

// gitConflict is a path the merge could not resolve: its base, ours and
// theirs versions (stages 1-3; absent ones not ok) and what the work
// tree gets.
type gitConflict struct {
	stages [3]gitBlob
	has    [3]bool
	work   gitBlob
	keep   bool // the work tree keeps a file
}

// gitMerged is a tree merge's outcome.
type gitMerged struct {
	clean      gitSide // the resolved paths
	conflicts  map[string]*gitConflict
	conflicted []string // sorted
	msgs       []string // Auto-merging and CONFLICT lines, in path order
}

// mergeTrees merges base→theirs into ours path by path, as ort does
// without renames.
func (g *gitRun) mergeTrees(base, ours, theirs gitSide, nameOurs, nameTheirs string) (*gitMerged, error) {
	res := &gitMerged{clean: gitSide{}, conflicts: map[string]*gitConflict{}}
	names := map[string]bool{}
	for _, s := range []gitSide{base, ours, theirs} {
		for n := range s {
			names[n] = true
		}
	}
	for _, n := range sideNames(gitSideOf(names)) {
		b, bok := base[n]
		o, ook := ours[n]
		t, tok := theirs[n]
		switch {
		case gitSameBlob(o, ook, t, tok) || gitSameBlob(b, bok, t, tok):
			if ook {
				res.clean[n] = o
			}
		case gitSameBlob(b, bok, o, ook):
			if tok {
				res.clean[n] = t
			}
		case ook && tok:
			if err := g.mergeFile(res, n, b, bok, o, t, nameOurs, nameTheirs); err != nil {
				return nil, err
			}
		default:
			g.modifyDelete(res, n, b, o, ook, t, nameOurs, nameTheirs)
		}
	}
	sort.Strings(res.conflicted)
	return res, nil
}

func gitSideOf(names map[string]bool) gitSide {
	s := gitSide{}
	for n := range names {
		s[n] = gitBlob{}
	}
	return s
}

func gitSameBlob(a gitBlob, aok bool, b gitBlob, bok bool) bool {
	return aok == bok && (!aok || a.hash == b.hash && a.mode == b.mode)
}

// mergeFile merges a file both sides have and changed.
func (g *gitRun) mergeFile(res *gitMerged, n string, b gitBlob, bok bool, o, t gitBlob, nameOurs, nameTheirs string) error {
	mode := o.mode
	if bok && o.mode == b.mode {
		mode = t.mode
	}
	var base []byte
	if bok {
		data, err := b.data()
		if err != nil {
			return err
		}
		base = data
	}
	x, err := o.data()
	if err != nil {
		return err
	}
	y, err := t.data()
	if err != nil {
		return err
	}
	res.msgs = append(res.msgs, "Auto-merging "+n)
	kind := "content"
	if !bok {
		kind = "add/add"
	}
	var merged []byte
	conflicts := 0
	if gitBinary(base) || gitBinary(x) || gitBinary(y) {
		res.msgs = append(res.msgs, fmt.Sprintf("warning: Cannot merge binary files: %s (%s vs. %s)", n, nameOurs, nameTheirs))
		merged, conflicts = x, 1
	} else {
		merged, conflicts = gitMergeText(base, x, y, nameOurs, nameTheirs)
	}
	if conflicts == 0 {
		h, err := g.storeBlob(merged)
		if err != nil {
			return err
		}
		res.clean[n] = gitBlob{h, mode, func() ([]byte, error) { return merged, nil }}
		return nil
	}
	res.msgs = append(res.msgs, fmt.Sprintf("CONFLICT (%s): Merge conflict in %s", kind, n))
	c := &gitConflict{stages: [3]gitBlob{b, o, t}, has: [3]bool{bok, true, true}, keep: true}
	c.work = gitBlob{plumbing.ComputeHash(plumbing.BlobObject, merged), mode, func() ([]byte, error) { return merged, nil }}
	res.conflicts[n] = c
	res.conflicted = append(res.conflicted, n)
	return nil
}

// modifyDelete records a path one side deleted and the other changed (or
// both added... never here: both present goes to mergeFile).
func (g *gitRun) modifyDelete(res *gitMerged, n string, b, o gitBlob, ook bool, t gitBlob, nameOurs, nameTheirs string) {
	c := &gitConflict{stages: [3]gitBlob{b, o, t}, has: [3]bool{true, ook, !ook}, keep: true}
	if ook {
		c.work = o
		res.msgs = append(res.msgs, fmt.Sprintf("CONFLICT (modify/delete): %s deleted in %s and modified in %s.  Version %s of %s left in tree.", n, nameTheirs, nameOurs, nameOurs, n))
	} else {
		c.work = t
		res.msgs = append(res.msgs, fmt.Sprintf("CONFLICT (modify/delete): %s deleted in %s and modified in %s.  Version %s of %s left in tree.", n, nameOurs, nameTheirs, nameTheirs, n))
	}
	res.conflicts[n] = c
	res.conflicted = append(res.conflicted, n)
}

// storeBlob writes data to the object store.
func (g *gitRun) storeBlob(data []byte) (plumbing.Hash, error) {
	obj := g.repo.Storer.NewEncodedObject()
	obj.SetType(plumbing.BlobObject)
	w, err := obj.Writer()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if _, err := w.Write(data); err != nil {
		return plumbing.ZeroHash, err
	}
	if err := w.Close(); err != nil {
		return plumbing.ZeroHash, err
	}
	return g.repo.Storer.SetEncodedObject(obj)
}

// applyMerge brings the work tree and index from ours to the merge's
// outcome: the clean paths at stage 0, each conflict's versions at stages
// 1-3 and its work file.
func (g *gitRun) applyMerge(res *gitMerged, ours gitSide, code int) int {
	work := gitSide{}
	for n, c := range res.conflicts {
		if c.keep {
			work[n] = c.work
		}
	}
	if c := g.switchTree(ours, res.clean, code, work); c != 0 {
		return c
	}
	if len(res.conflicts) == 0 {
		return 0
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return g.fatal(err.Error())
	}
	kept := idx.Entries[:0]
	for _, e := range idx.Entries {
		if _, ok := res.conflicts[e.Name]; !ok {
			kept = append(kept, e)
		}
	}
	idx.Entries = kept
	for n, c := range res.conflicts {
		for s := range 3 {
			if c.has[s] {
				idx.Entries = append(idx.Entries, &index.Entry{Name: n, Hash: c.stages[s].hash, Mode: c.stages[s].mode, Stage: index.Stage(s + 1)})
			}
		}
	}
	gitSortIndex(idx)
	if err := g.repo.Storer.SetIndex(idx); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

// gitSortIndex orders entries as git does: by name, then stage.
func gitSortIndex(idx *index.Index) {
	sort.SliceStable(idx.Entries, func(i, j int) bool {
		a, b := idx.Entries[i], idx.Entries[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Stage < b.Stage
	})
	idx.Cache = nil
}

// inMerge reports whether a merge waits to be committed (MERGE_HEAD).
func (g *gitRun) inMerge() bool {
	_, err := g.p.FS.Stat(path.Join(g.gdir, "MERGE_HEAD"))
	return err == nil
}

// unmerged reports whether the index holds conflict stages.
func (g *gitRun) unmerged() bool {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return false
	}
	for _, e := range idx.Entries {
		if e.Stage != 0 {
			return true
		}
	}
	return false
}

// writeMergeState writes MERGE_HEAD, MERGE_MSG (with git's list of
// conflicts) and MERGE_MODE.
func (g *gitRun) writeMergeState(theirs plumbing.Hash, msg string, conflicted []string, noFF bool) error {
	var m bytes.Buffer
	m.WriteString(strings.TrimRight(msg, "\n") + "\n")
	if len(conflicted) > 0 {
		m.WriteString("\n# Conflicts:\n")
		for _, n := range conflicted {
			m.WriteString("#\t" + n + "\n")
		}
	}
	mode := ""
	if noFF {
		mode = "no-ff"
	}
	files := []struct{ name, data string }{
		{"MERGE_HEAD", theirs.String() + "\n"}, {"MERGE_MSG", m.String()}, {"MERGE_MODE", mode},
	}
	for _, f := range files {
		if err := g.p.FS.WriteAtomic(path.Join(g.gdir, f.name), []byte(f.data), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// clearMergeState removes what writeMergeState wrote.
func (g *gitRun) clearMergeState() {
	for _, f := range []string{"MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "AUTO_MERGE", "CHERRY_PICK_HEAD", "REVERT_HEAD"} {
		g.p.FS.Remove(path.Join(g.gdir, f))
	}
}

// mergeAbort is git merge --abort: the index and work tree back to HEAD
// for every path the index holds or HEAD has, and the state removed.
func (g *gitRun) mergeAbort() int {
	if !g.inMerge() {
		return g.fatal("There is no merge to abort (MERGE_HEAD missing).")
	}
	return g.restoreHead()
}

// restoreHead brings the index and work tree back to HEAD and ends the
// merge, cherry-pick or revert in progress.
func (g *gitRun) restoreHead() int {
	head, err := g.headSide()
	if err != nil {
		return g.fatal(err.Error())
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return g.fatal(err.Error())
	}
	names := sideNames(head)
	for _, e := range idx.Entries {
		if _, ok := head[e.Name]; !ok {
			names = append(names, e.Name)
		}
	}
	if err := g.writeWork(head, names); err != nil {
		return g.fatal(err.Error())
	}
	if err := g.setIndex(head, func(string) bool { return true }); err != nil {
		return g.fatal(err.Error())
	}
	g.clearMergeState()
	return 0
}
