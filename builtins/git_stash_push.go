package builtins

// git stash push and save: the index and work tree commits, written as
// git writes them, then the index and tracked files reset to HEAD.

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

func gitStashPush(g *gitRun, args []string) int {
	quiet, msg, hasMsg := false, "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if m, j, ok := gitMessageOpt(args, i); ok {
			msg, hasMsg = m, true
			i = j
			continue
		}
		switch {
		case a == "-q" || a == "--quiet":
			quiet = true
		case a == "-m" || a == "--message":
			return g.usage(fmt.Sprintf("%s requires a value", strings.TrimLeft(a, "-")))
		default:
			return g.fatal(fmt.Sprintf("git stash push: '%s' is not supported here (no pathspecs, -u, -a, -k or -p)", a))
		}
	}
	return g.pushStash(msg, hasMsg, quiet)
}

func gitStashSave(g *gitRun, args []string) int {
	quiet, rest := gitStashQuiet(args)
	for _, a := range rest {
		if strings.HasPrefix(a, "-") {
			return g.fatal(fmt.Sprintf("git stash save: '%s' is not supported here", a))
		}
	}
	return g.pushStash(strings.Join(rest, " "), len(rest) > 0, quiet)
}

// pushStash saves the changes as a stash and resets to HEAD.
func (g *gitRun) pushStash(msg string, hasMsg, quiet bool) int {
	head, err := g.repo.Head()
	if err != nil {
		fmt.Fprintln(g.p.Stderr, "You do not have the initial commit yet")
		return 1
	}
	hc, err := g.repo.CommitObject(head.Hash())
	if err != nil {
		return g.fatal(err.Error())
	}
	headSide, err := g.commitSide(hc)
	if err != nil {
		return g.fatal(err.Error())
	}
	dirty, err := g.stashDirty(headSide)
	if err != nil {
		return g.fatal(err.Error())
	}
	if !dirty {
		if !quiet {
			fmt.Fprintln(g.p.Stdout, "No local changes to save")
		}
		return 0
	}
	h, err := g.makeStash(hc, headSide, msg, hasMsg)
	if err != nil {
		return g.fatal(err.Error())
	}
	if !quiet {
		fmt.Fprintf(g.p.Stdout, "Saved working directory and index state %s\n", h)
	}
	return g.resetTo(hc.Hash, "hard", true)
}

// makeStash writes the stash commits and records them; it returns the
// stash's message.
func (g *gitRun) makeStash(hc *object.Commit, headSide gitSide, msg string, hasMsg bool) (string, error) {
	branch := "(no branch)"
	if ref, err := g.repo.Storer.Reference(plumbing.HEAD); err == nil && ref.Type() == plumbing.SymbolicReference {
		branch = ref.Target().Short()
	}
	subject, _ := gitSplitMessage(hc.Message)
	on := fmt.Sprintf("%s: %s %s", branch, g.short(hc.Hash), subject)
	idx, err := g.indexSide()
	if err != nil {
		return "", err
	}
	who, err := g.signature("COMMITTER")
	if err != nil {
		return "", err
	}
	author, err := g.signature("AUTHOR")
	if err != nil {
		return "", err
	}
	ih, err := g.writeCommit(idx, "index on "+on+"\n", author, who, hc.Hash)
	if err != nil {
		return "", err
	}
	work, err := g.stashWorkSide(idx, headSide)
	if err != nil {
		return "", err
	}
	wmsg := "WIP on " + on
	if hasMsg {
		wmsg = "On " + branch + ": " + msg
	}
	// git writes the work tree commit's message without a newline.
	wh, err := g.writeCommit(work, wmsg, author, who, hc.Hash, ih)
	if err != nil {
		return "", err
	}
	list := g.stashEntries()
	old := plumbing.ZeroHash
	if len(list) > 0 {
		old = list[0].new
	}
	line := gitStashEntry{old, wh, fmt.Sprintf("%s <%s> %d %s", who.Name, who.Email, who.When.Unix(), who.When.Format("-0700")), wmsg}
	if err := g.setStashes(append([]gitStashEntry{line}, list...)); err != nil {
		return "", err
	}
	return wmsg, nil
}

// stashWorkSide is the index with the tracked files (those of the index
// or of HEAD) as the work tree has them, as git's stash builds its work
// tree commit.
func (g *gitRun) stashWorkSide(idx, headSide gitSide) (gitSide, error) {
	like := gitSide{}
	for n, b := range headSide {
		like[n] = b
	}
	for n, b := range idx {
		like[n] = b
	}
	work, err := g.workSide(like)
	if err != nil {
		return nil, err
	}
	for n, b := range work {
		if ib, ok := idx[n]; ok && ib.hash == b.hash && ib.mode == b.mode {
			work[n] = ib
			continue
		}
		if g.repo.Storer.HasEncodedObject(b.hash) == nil {
			continue
		}
		data, err := b.data()
		if err != nil {
			return nil, err
		}
		if _, err := g.storeBlob(data); err != nil {
			return nil, err
		}
	}
	return work, nil
}

// writeCommit writes a commit of side's tree.
func (g *gitRun) writeCommit(side gitSide, msg string, author, committer *object.Signature, parents ...plumbing.Hash) (plumbing.Hash, error) {
	tree, err := g.writeTree(side)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	c := &object.Commit{Author: *author, Committer: *committer, Message: msg, TreeHash: tree, ParentHashes: parents}
	obj := g.repo.Storer.NewEncodedObject()
	if err := c.Encode(obj); err != nil {
		return plumbing.ZeroHash, err
	}
	return g.repo.Storer.SetEncodedObject(obj)
}

// writeTree writes the trees of side (whose blobs are stored) and
// returns the top one's hash.
func (g *gitRun) writeTree(side gitSide) (plumbing.Hash, error) {
	files := map[string][]object.TreeEntry{}
	subs := map[string][]string{}
	var ensure func(d string)
	ensure = func(d string) {
		if _, ok := files[d]; ok {
			return
		}
		files[d] = nil
		if d != "" {
			p := gitParent(d)
			ensure(p)
			subs[p] = append(subs[p], d)
		}
	}
	ensure("")
	for n, b := range side {
		d := gitParent(n)
		ensure(d)
		files[d] = append(files[d], object.TreeEntry{Name: path.Base(n), Mode: b.mode, Hash: b.hash})
	}
	var write func(d string) (plumbing.Hash, error)
	write = func(d string) (plumbing.Hash, error) {
		ents := files[d]
		for _, s := range subs[d] {
			h, err := write(s)
			if err != nil {
				return plumbing.ZeroHash, err
			}
			ents = append(ents, object.TreeEntry{Name: path.Base(s), Mode: filemode.Dir, Hash: h})
		}
		sort.Slice(ents, func(i, j int) bool { return gitTreeKey(ents[i]) < gitTreeKey(ents[j]) })
		obj := g.repo.Storer.NewEncodedObject()
		if err := (&object.Tree{Entries: ents}).Encode(obj); err != nil {
			return plumbing.ZeroHash, err
		}
		return g.repo.Storer.SetEncodedObject(obj)
	}
	return write("")
}

// gitParent is the directory holding d ("" for the top).
func gitParent(d string) string {
	p := path.Dir(d)
	if p == "." {
		return ""
	}
	return p
}

// gitTreeKey orders tree entries as git does: a directory as its name
// with a slash.
func gitTreeKey(e object.TreeEntry) string {
	if e.Mode == filemode.Dir {
		return e.Name + "/"
	}
	return e.Name
}
