package builtins

// git merge [--ff|--no-ff|--ff-only] [--no-commit] [-m MSG] [-q] COMMIT,
// git merge --abort, git merge --continue.
//
// As git 2.39's ort strategy does for one merge base, without rename
// detection: a fast-forward when it can, else a three-way merge of the
// trees whose files both sides changed are merged line by line
// (git_merge3.go). A conflict leaves git's markers in the work tree,
// stages 1-3 in the index and MERGE_HEAD, MERGE_MSG and MERGE_MODE in
// .git, as git does.

import (
	"fmt"
	"path"
	"sort"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
)

type gitMergeOpts struct {
	ff                      string // "", "no" or "only"
	noCommit, quiet, noStat bool
	abort, cont             bool
	msgs                    []string
	revs                    []string
}

func gitMerge(g *gitRun, args []string) int {
	var o gitMergeOpts
	for i := 0; i < len(args); i++ {
		if m, j, ok := gitMessageOpt(args, i); ok {
			o.msgs = append(o.msgs, m)
			i = j
			continue
		}
		switch a := args[i]; {
		case a == "--ff":
			o.ff = ""
		case a == "--no-ff":
			o.ff = "no"
		case a == "--ff-only":
			o.ff = "only"
		case a == "--no-commit":
			o.noCommit = true
		case a == "--commit" || a == "--no-edit" || a == "--stat" || a == "--no-verify" || a == "--no-progress":
		case a == "-n" || a == "--no-stat":
			o.noStat = true
		case a == "-q" || a == "--quiet":
			o.quiet = true
		case a == "--abort":
			o.abort = true
		case a == "--continue":
			o.cont = true
		case a == "-m":
			return g.usage("switch `m' requires a value")
		case a == "--":
			o.revs = append(o.revs, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-"):
			g.errf("error: unknown option `%s'\n%s", strings.TrimLeft(a, "-"), gitMergeUsage)
			return 129
		default:
			o.revs = append(o.revs, a)
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	g.quiet = o.quiet
	switch {
	case o.abort:
		return g.mergeAbort()
	case o.cont:
		if !g.inMerge() {
			return g.fatal("There is no merge in progress (MERGE_HEAD missing).")
		}
		return gitCommit(g, nil)
	}
	if g.unmerged() {
		g.errf("error: Merging is not possible because you have unmerged files.\n" + gitUnmergedHint + "fatal: Exiting because of an unresolved conflict.\n")
		return 128
	}
	if g.inMerge() {
		return g.fatal("You have not concluded your merge (MERGE_HEAD exists).\nPlease, commit your changes before you merge.")
	}
	if len(o.revs) == 0 {
		return g.fatal("No remote for the current branch.")
	}
	return g.mergeRev(&o, o.revs[0])
}

// mergeRev merges the commit rev names into HEAD.
func (g *gitRun) mergeRev(o *gitMergeOpts, rev string) int {
	theirsHash, ok := g.resolveCommit(rev)
	if !ok {
		g.errf("merge: %s - not something we can merge\n", rev)
		return 1
	}
	head, err := g.repo.Head()
	if err != nil {
		return g.fatal("merging into an unborn branch is not supported here")
	}
	ours, err := g.repo.CommitObject(head.Hash())
	if err != nil {
		return g.fatal(err.Error())
	}
	theirs, err := g.repo.CommitObject(theirsHash)
	if err != nil {
		return g.fatal(err.Error())
	}
	if theirs.Hash == ours.Hash || g.reachable(ours.Hash, theirs.Hash) {
		g.out("Already up to date.\n")
		return 0
	}
	if o.ff != "no" && g.reachable(theirs.Hash, ours.Hash) {
		return g.fastForward(o, ours, theirs)
	}
	if o.ff == "only" {
		return g.fatal("Not possible to fast-forward, aborting.")
	}
	bases, err := ours.MergeBase(theirs)
	if err != nil {
		return g.fatal(err.Error())
	}
	if len(bases) == 0 {
		return g.fatal("refusing to merge unrelated histories")
	}
	msg := g.mergeMessage(rev, o.msgs)
	return g.threeWay(o, ours, theirs, bases[0], rev, msg)
}

// errf prints on standard error, after what is buffered for standard
// output, so that the two keep git's order when they share a file.
func (g *gitRun) errf(format string, args ...any) {
	g.p.Flush()
	fmt.Fprintf(g.p.Stderr, format, args...)
}

// out prints on standard output unless -q.
func (g *gitRun) out(format string, args ...any) {
	if !g.quiet {
		fmt.Fprintf(g.p.Stdout, format, args...)
	}
}

// mergeMessage is git's default message for merging rev: "Merge branch
// 'B'", "Merge tag 'v1'" or "Merge commit 'X'", with " into BRANCH"
// unless HEAD's branch is master or main.
func (g *gitRun) mergeMessage(rev string, msgs []string) string {
	if len(msgs) > 0 {
		return strings.Join(msgs, "\n\n")
	}
	kind := "commit"
	if g.isBranch(rev) {
		kind = "branch"
	} else if _, err := g.repo.Storer.Reference(plumbing.NewTagReferenceName(rev)); err == nil {
		kind = "tag"
	}
	msg := fmt.Sprintf("Merge %s '%s'", kind, rev)
	if cur := g.headBranch(); cur != "master" && cur != "main" {
		if strings.HasPrefix(cur, "HEAD") {
			cur = "HEAD"
		}
		msg += " into " + cur
	}
	return msg
}

// fastForward moves HEAD's branch to theirs, with the index and work tree.
func (g *gitRun) fastForward(o *gitMergeOpts, ours, theirs *object.Commit) int {
	g.out("Updating %s..%s\n", g.short(ours.Hash), g.short(theirs.Hash))
	from, err := g.commitSide(ours)
	if err != nil {
		return g.fatal(err.Error())
	}
	to, err := g.commitSide(theirs)
	if err != nil {
		return g.fatal(err.Error())
	}
	if c := g.switchTree(from, to, 1); c != 0 {
		return c
	}
	if err := g.moveHead(theirs.Hash); err != nil {
		return g.fatal(err.Error())
	}
	g.out("Fast-forward\n")
	if !o.noStat {
		g.mergeStat(ours, theirs)
	}
	return 0
}

// switchTree brings the index and work tree from the tree from to the
// tree to (plus the conflicted work files of extra), touching only the
// paths that differ and refusing, as git does, when a local change or an
// untracked file is in the way; failure returns code.
func (g *gitRun) switchTree(from, to gitSide, code int, extra ...gitSide) int {
	work := gitSide{}
	for n, b := range to {
		work[n] = b
	}
	for _, e := range extra {
		for n, b := range e {
			work[n] = b
		}
	}
	idx, err := g.indexSide()
	if err != nil {
		return g.fatal(err.Error())
	}
	changed := map[string]bool{}
	for _, s := range []gitSide{from, work, idx} {
		for n := range s {
			a, aok := from[n]
			b, bok := work[n]
			if aok != bok || a.hash != b.hash || a.mode != b.mode {
				changed[n] = true
			}
		}
	}
	var dirty, untracked []string
	for n := range changed {
		a, aok := from[n]
		i, iok := idx[n]
		abs := path.Join(g.top, n)
		fi, ferr := g.p.FS.Lstat(abs)
		switch {
		case aok != iok || aok && (a.hash != i.hash || a.mode != i.mode):
			dirty = append(dirty, n)
		case !iok && ferr == nil && !fi.IsDir():
			if _, ok := work[n]; ok {
				untracked = append(untracked, n)
			}
		case iok && ferr != nil:
			dirty = append(dirty, n)
		case iok:
			if w, ok := g.workBlob(abs, fi); !ok || w.hash != i.hash || w.mode != i.mode {
				dirty = append(dirty, n)
			}
		}
	}
	if len(dirty) > 0 || len(untracked) > 0 {
		return g.refuseMerge(dirty, untracked, code)
	}
	names := make([]string, 0, len(changed))
	for n := range changed {
		names = append(names, n)
	}
	if err := g.writeWork(work, names); err != nil {
		return g.fatal(err.Error())
	}
	if err := g.setIndex(to, func(n string) bool { return changed[n] }); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

// refuseMerge prints git's refusal to overwrite local changes.
func (g *gitRun) refuseMerge(dirty, untracked []string, code int) int {
	sort.Strings(dirty)
	sort.Strings(untracked)
	if len(dirty) > 0 {
		g.errf("error: Your local changes to the following files would be overwritten by merge:\n")
		for _, n := range dirty {
			g.errf("\t%s\n", n)
		}
		g.errf("Please commit your changes or stash them before you merge.\n")
	}
	if len(untracked) > 0 {
		g.errf("error: The following untracked working tree files would be overwritten by merge:\n")
		for _, n := range untracked {
			g.errf("\t%s\n", n)
		}
		g.errf("Please move or remove them before you merge.\n")
	}
	g.errf("Aborting\n")
	if code == 2 {
		g.errf("Merge with strategy ort failed.\n")
	}
	g.errf("%s", g.failTail)
	return code
}

// mergeStat prints the diffstat and summary from one commit to another.
func (g *gitRun) mergeStat(from, to *object.Commit) {
	a, err := from.Tree()
	if err != nil {
		return
	}
	b, err := to.Tree()
	if err != nil {
		return
	}
	changes := g.treeChanges(a, b)
	if len(changes) == 0 || g.quiet {
		return
	}
	g.printChangeStat(changes)
	for _, m := range gitModeLines(changes) {
		fmt.Fprintln(g.p.Stdout, m)
	}
}

// threeWay merges theirs into ours over base.
func (g *gitRun) threeWay(o *gitMergeOpts, ours, theirs, base *object.Commit, label, msg string) int {
	sides := make([]gitSide, 3)
	for i, c := range []*object.Commit{base, ours, theirs} {
		s, err := g.commitSide(c)
		if err != nil {
			return g.fatal(err.Error())
		}
		sides[i] = s
	}
	if staged := g.stagedNames(sides[1]); len(staged) > 0 {
		g.errf("error: Your local changes to the following files would be overwritten by merge:\n  %s\nMerge with strategy ort failed.\n", strings.Join(staged, " "))
		return 2
	}
	res, err := g.mergeTrees(sides[0], sides[1], sides[2], "HEAD", label)
	if err != nil {
		return g.fatal(err.Error())
	}
	if c := g.applyMerge(res, sides[1], 2); c != 0 {
		return c
	}
	for _, l := range res.msgs {
		fmt.Fprintln(g.p.Stdout, l)
	}
	if err := g.repo.Storer.SetReference(plumbing.NewHashReference("ORIG_HEAD", ours.Hash)); err != nil {
		return g.fatal(err.Error())
	}
	if len(res.conflicted) > 0 || o.noCommit {
		if err := g.writeMergeState(theirs.Hash, msg, res.conflicted, o.ff == "no"); err != nil {
			return g.fatal(err.Error())
		}
		if len(res.conflicted) > 0 {
			fmt.Fprint(g.p.Stdout, "Automatic merge failed; fix conflicts and then commit the result.\n")
			return 1
		}
		g.errf("Automatic merge went well; stopped before committing as requested\n")
		return 0
	}
	h, code := g.commitIndex(gitCleanMessage(msg), ours.Hash, theirs.Hash)
	if code != 0 {
		return code
	}
	c, err := g.repo.CommitObject(h)
	if err != nil {
		return g.fatal(err.Error())
	}
	g.out("Merge made by the 'ort' strategy.\n")
	if !o.noStat {
		g.mergeStat(ours, c)
	}
	return 0
}

// stagedNames are the index's paths that differ from head.
func (g *gitRun) stagedNames(head gitSide) []string {
	idx, err := g.indexSide()
	if err != nil {
		return nil
	}
	var out []string
	for n, b := range idx {
		if h, ok := head[n]; !ok || h.hash != b.hash || h.mode != b.mode {
			out = append(out, n)
		}
	}
	for n := range head {
		if _, ok := idx[n]; !ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// commitIndex commits the index with parents, as git commit does.
func (g *gitRun) commitIndex(msg string, parents ...plumbing.Hash) (plumbing.Hash, int) {
	opts := &gogit.CommitOptions{Parents: parents, AllowEmptyCommits: true}
	var err error
	if opts.Author, err = g.signature("AUTHOR"); err == nil {
		opts.Committer, err = g.signature("COMMITTER")
	}
	if err != nil {
		return plumbing.ZeroHash, g.fatal(err.Error())
	}
	wt, err := g.repo.Worktree()
	if err != nil {
		return plumbing.ZeroHash, g.fatal(err.Error())
	}
	h, err := wt.Commit(msg, opts)
	if err != nil {
		return plumbing.ZeroHash, g.fatal(err.Error())
	}
	return h, 0
}

// pendingCommit prepares git commit to conclude a merge: it refuses while
// the index holds conflicts, sets the parents to HEAD and MERGE_HEAD, and
// returns the prepared message (MERGE_MSG, its comments kept under
// --no-edit as git keeps them, "" when no merge is pending).
func (g *gitRun) pendingCommit(opts *gogit.CommitOptions, msgs []string, noEdit bool) (string, int) {
	if opts.All {
		if err := g.collapseUnmerged([]string{g.top}); err != nil {
			return "", g.fatal(err.Error())
		}
	}
	if g.unmerged() {
		return "", g.pendingCode(nil)
	}
	if st := g.pickState(); st != nil && !g.inMerge() {
		if !st.k.revert {
			author := st.c.Author
			opts.Author, g.showDate = &author, true
		}
	} else if !g.inMerge() {
		return "", 0
	} else {
		data, err := g.readFile(path.Join(g.gdir, "MERGE_HEAD"))
		if err != nil {
			return "", g.fatal(err.Error())
		}
		theirs := plumbing.NewHash(strings.TrimSpace(string(data)))
		head, err := g.repo.Head()
		if err != nil {
			return "", g.fatal(err.Error())
		}
		opts.Parents = []plumbing.Hash{head.Hash(), theirs}
		opts.AllowEmptyCommits = true
	}
	msg, err := g.readFile(path.Join(g.gdir, "MERGE_MSG"))
	if err != nil || len(msgs) > 0 {
		return "merge", 0
	}
	if !noEdit {
		g.errf("error: Terminal is dumb, but EDITOR unset\nPlease supply the message using either -m or -F option.\n")
		return "", 1
	}
	return gitCleanMessage(string(msg)), 0
}

// pendingCode lists the unmerged paths as git commit does and refuses.
func (g *gitRun) pendingCode(_ []string) int {
	idx, _ := g.repo.Storer.Index()
	last := ""
	for _, e := range idx.Entries {
		if e.Stage != 0 && e.Name != last {
			fmt.Fprintf(g.p.Stdout, "U\t%s\n", e.Name)
			last = e.Name
		}
	}
	g.errf("error: Committing is not possible because you have unmerged files.\n" + gitUnmergedHint + "fatal: Exiting because of an unresolved conflict.\n")
	return 128
}

// collapseUnmerged makes each conflicted path under specs one stage-0
// entry (the work tree's file, else a side's version), so that add and
// rm then treat it as any other path: that marks it resolved.
func (g *gitRun) collapseUnmerged(specs []string) error {
	stages := g.unmergedStages()
	if len(stages) == 0 {
		return nil
	}
	match, _, ok := g.matcher(specs)
	if !ok {
		return nil
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return err
	}
	kept := idx.Entries[:0]
	done := map[string]bool{}
	for _, e := range idx.Entries {
		if e.Stage == 0 || !match(e.Name) {
			kept = append(kept, e)
			continue
		}
		if done[e.Name] {
			continue
		}
		done[e.Name] = true
		ne := &index.Entry{Name: e.Name, Hash: e.Hash, Mode: e.Mode}
		abs := path.Join(g.top, e.Name)
		if fi, err := g.p.FS.Lstat(abs); err == nil {
			if b, ok := g.workBlob(abs, fi); ok {
				h, err := g.storeBlob(gitContent(b, true))
				if err != nil {
					return err
				}
				ne.Hash, ne.Mode = h, b.mode
			}
		}
		kept = append(kept, ne)
	}
	idx.Entries = kept
	idx.Cache = nil
	return g.repo.Storer.SetIndex(idx)
}

const gitMergeUsage = `usage: git merge [<options>] [<commit>...]
   or: git merge --abort
   or: git merge --continue

    -n                    do not show a diffstat at the end of the merge
    --stat                show a diffstat at the end of the merge
    --summary             (synonym to --stat)
    --log[=<n>]           add (at most <n>) entries from shortlog to merge commit message
    --squash              create a single commit instead of doing a merge
    --commit              perform a commit if the merge succeeds (default)
    -e, --edit            edit message before committing
    --cleanup <mode>      how to strip spaces and #comments from message
    --ff                  allow fast-forward (default)
    --ff-only             abort if fast-forward is not possible
    --rerere-autoupdate   update the index with reused conflict resolution if possible
    --verify-signatures   verify that the named commit has a valid GPG signature
    -s, --strategy <strategy>
                          merge strategy to use
    -X, --strategy-option <option=value>
                          option for selected merge strategy
    -m, --message <message>
                          merge commit message (for a non-fast-forward merge)
    -F, --file <path>     read message from file
    --into-name <name>    use <name> instead of the real target
    -v, --verbose         be more verbose
    -q, --quiet           be more quiet
    --abort               abort the current in-progress merge
    --quit                --abort but leave index and working tree alone
    --continue            continue the current in-progress merge
    --allow-unrelated-histories
                          allow merging unrelated histories
    --progress            force progress reporting
    -S, --gpg-sign[=<key-id>]
                          GPG sign commit
    --autostash           automatically stash/stash pop before and after
    --overwrite-ignore    update ignored files (default)
    --signoff             add a Signed-off-by trailer
    --no-verify           bypass pre-merge-commit and commit-msg hooks

`
