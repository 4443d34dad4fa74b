package builtins

// git cherry-pick [-n] [-x] COMMIT..., git revert [--no-edit] [-n]
// COMMIT..., and their --continue, --skip and --abort.
//
// Each commit's change (from its parent; for revert, back to it) is
// merged into HEAD with the tree merge git merge uses, then committed:
// cherry-pick keeps the commit's author and message, revert writes git's
// "Revert" message. A conflict stops as git stops, with
// CHERRY_PICK_HEAD or REVERT_HEAD and MERGE_MSG in .git. No sequencer
// directory is kept: after a conflict, the commits after it are not
// picked by --continue.

import (
	"fmt"
	"path"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// gitPicker is what differs between cherry-pick and revert.
type gitPicker struct {
	name, doing, head, apply string
	usage                    string
	revert                   bool
}

var (
	gitCherryPicker = gitPicker{"cherry-pick", "Cherry-picking", "CHERRY_PICK_HEAD", "apply", gitCherryPickUsage, false}
	gitReverter     = gitPicker{"revert", "Reverting", "REVERT_HEAD", "revert", gitRevertUsage, true}
)

func gitCherryPick(g *gitRun, args []string) int { return g.pick(&gitCherryPicker, args) }

func gitRevert(g *gitRun, args []string) int { return g.pick(&gitReverter, args) }

type gitPickOpts struct {
	noCommit, record bool
	action           string
	revs             []string
}

func (g *gitRun) pick(k *gitPicker, args []string) int {
	var o gitPickOpts
	for _, a := range args {
		switch {
		case a == "--continue" || a == "--abort" || a == "--skip" || a == "--quit":
			o.action = a[2:]
		case a == "-n" || a == "--no-commit":
			o.noCommit = true
		case a == "-x" && !k.revert:
			o.record = true
		case a == "--no-edit" || a == "--edit" || a == "-e" || a == "--ff" && !k.revert:
		case strings.HasPrefix(a, "-") && a != "-":
			g.errf("%s", k.usage)
			return 129
		default:
			o.revs = append(o.revs, a)
		}
	}
	if o.action == "" && len(o.revs) == 0 {
		g.errf("%s", k.usage)
		return 129
	}
	if c := g.open(); c != 0 {
		return c
	}
	if o.action != "" {
		return g.pickAction(k, o.action)
	}
	for _, rev := range o.revs {
		if c := g.pickOne(k, &o, rev); c != 0 {
			return c
		}
	}
	return 0
}

// pickFail prints git's "error: ..." and "fatal: NAME failed" lines.
func (g *gitRun) pickFail(k *gitPicker, msg string) int {
	g.errf("%sfatal: %s failed\n", msg, k.name)
	return 128
}

// pickOne cherry-picks or reverts one commit.
func (g *gitRun) pickOne(k *gitPicker, o *gitPickOpts, rev string) int {
	h, ok := g.resolveCommit(rev)
	if !ok {
		return g.fatal(fmt.Sprintf("bad revision '%s'", rev))
	}
	if g.unmerged() {
		return g.pickFail(k, fmt.Sprintf("error: %s is not possible because you have unmerged files.\n%s", k.doing, gitUnmergedHint))
	}
	c, err := g.repo.CommitObject(h)
	if err != nil {
		return g.fatal(err.Error())
	}
	if c.NumParents() > 1 {
		return g.pickFail(k, fmt.Sprintf("error: commit %s is a merge but no -m option was given.\n", c.Hash))
	}
	head, err := g.repo.Head()
	if err != nil {
		return g.fatal("cherry-picking onto an unborn branch is not supported here")
	}
	ours, err := g.repo.CommitObject(head.Hash())
	if err != nil {
		return g.fatal(err.Error())
	}
	oursSide, err := g.commitSide(ours)
	if err != nil {
		return g.fatal(err.Error())
	}
	if len(g.stagedNames(oursSide)) > 0 {
		return g.pickFail(k, fmt.Sprintf("error: your local changes would be overwritten by %s.\nhint: commit your changes or stash them to proceed.\n", k.name))
	}
	base, theirs, label, err := g.pickSides(k, c)
	if err != nil {
		return g.fatal(err.Error())
	}
	res, err := g.mergeTrees(base, oursSide, theirs, "HEAD", label)
	if err != nil {
		return g.fatal(err.Error())
	}
	g.failTail = "fatal: " + k.name + " failed\n"
	if code := g.applyMerge(res, oursSide, 128); code != 0 {
		return code
	}
	for _, l := range res.msgs {
		fmt.Fprintln(g.p.Stdout, l)
	}
	msg := g.pickMessage(k, o, c)
	subject, _ := gitSplitMessage(c.Message)
	if len(res.conflicted) > 0 {
		if !o.noCommit {
			if err := g.writePickState(k, c.Hash, msg, res.conflicted); err != nil {
				return g.fatal(err.Error())
			}
		}
		g.errf("error: could not %s %s... %s\n", k.apply, g.short(c.Hash), subject)
		g.errf("hint: After resolving the conflicts, mark them with\nhint: \"git add/rm <pathspec>\", then run\nhint: \"git %[1]s --continue\".\nhint: You can instead skip this commit with \"git %[1]s --skip\".\nhint: To abort and get back to the state before \"git %[1]s\",\nhint: run \"git %[1]s --abort\".\n", k.name)
		return 1
	}
	if o.noCommit {
		if k.revert {
			if err := g.writePickState(k, c.Hash, msg, nil); err != nil {
				return g.fatal(err.Error())
			}
		}
		return 0
	}
	author := &c.Author
	if k.revert {
		if author, err = g.signature("AUTHOR"); err != nil {
			return g.fatal(err.Error())
		}
	}
	return g.pickCommit(k, c.Hash, ours, msg, author, true)
}

// pickSides are the base and theirs trees of picking c, and the label of
// its side in conflict markers.
func (g *gitRun) pickSides(k *gitPicker, c *object.Commit) (gitSide, gitSide, string, error) {
	subject, _ := gitSplitMessage(c.Message)
	label := fmt.Sprintf("%s (%s)", g.short(c.Hash), subject)
	cur, err := g.commitSide(c)
	if err != nil {
		return nil, nil, "", err
	}
	parent := gitSide{}
	if c.NumParents() > 0 {
		pc, err := c.Parent(0)
		if err != nil {
			return nil, nil, "", err
		}
		if parent, err = g.commitSide(pc); err != nil {
			return nil, nil, "", err
		}
	}
	if !k.revert {
		return parent, cur, label, nil
	}
	label = "parent of " + label
	if c.NumParents() == 0 {
		label = "(empty tree)"
	}
	return cur, parent, label, nil
}

// pickMessage is the new commit's message: c's (with -x, the line
// naming it), or git's "Revert" message.
func (g *gitRun) pickMessage(k *gitPicker, o *gitPickOpts, c *object.Commit) string {
	if k.revert {
		subject, _ := gitSplitMessage(c.Message)
		return fmt.Sprintf("Revert \"%s\"\n\nThis reverts commit %s.\n", subject, c.Hash)
	}
	msg := c.Message
	if o.record {
		msg = strings.TrimRight(msg, "\n") + "\n\n(cherry picked from commit " + c.Hash.String() + ")\n"
	}
	return msg
}

// writePickState writes CHERRY_PICK_HEAD or REVERT_HEAD and MERGE_MSG.
func (g *gitRun) writePickState(k *gitPicker, h plumbing.Hash, msg string, conflicted []string) error {
	var m strings.Builder
	m.WriteString(strings.TrimRight(msg, "\n") + "\n")
	if len(conflicted) > 0 {
		m.WriteString("\n# Conflicts:\n")
		for _, n := range conflicted {
			m.WriteString("#\t" + n + "\n")
		}
	}
	if err := g.p.FS.WriteAtomic(path.Join(g.gdir, k.head), []byte(h.String()+"\n"), 0o644); err != nil {
		return err
	}
	return g.p.FS.WriteAtomic(path.Join(g.gdir, "MERGE_MSG"), []byte(m.String()), 0o644)
}

// pickCommit commits the index as the pick of h, or stops as git does
// when that changes nothing.
// The summary shows the author date, except for a revert concluded by
// --continue (git commits that one as git commit would).
func (g *gitRun) pickCommit(k *gitPicker, h plumbing.Hash, ours *object.Commit, msg string, author *object.Signature, date bool) int {
	if g.indexMatches(ours) {
		if !k.revert {
			if err := g.writePickState(k, h, msg, nil); err != nil {
				return g.fatal(err.Error())
			}
		}
		gitStatusLong(g, nil, false)
		if !k.revert {
			g.errf("The previous cherry-pick is now empty, possibly due to conflict resolution.\nIf you wish to commit it anyway, use:\n\n    git commit --allow-empty\n\nOtherwise, please use 'git cherry-pick --skip'\n")
		}
		return 1
	}
	committer, err := g.signature("COMMITTER")
	if err != nil {
		return g.fatal(err.Error())
	}
	wt, err := g.repo.Worktree()
	if err != nil {
		return g.fatal(err.Error())
	}
	nh, err := wt.Commit(msg, &gogit.CommitOptions{Author: author, Committer: committer, Parents: []plumbing.Hash{ours.Hash}})
	if err != nil {
		return g.fatal(err.Error())
	}
	g.clearMergeState()
	g.showDate = date || !k.revert
	return g.commitSummary(nh, false)
}

// indexMatches reports whether the index holds c's tree.
func (g *gitRun) indexMatches(c *object.Commit) bool {
	side, err := g.commitSide(c)
	if err != nil {
		return false
	}
	return len(g.stagedNames(side)) == 0
}

// pickAction is --continue, --skip, --abort and --quit.
func (g *gitRun) pickAction(k *gitPicker, action string) int {
	state := g.pickState()
	if state == nil {
		return g.pickFail(k, "error: no cherry-pick or revert in progress\n")
	}
	switch action {
	case "quit":
		g.clearMergeState()
		return 0
	case "abort", "skip":
		return g.restoreHead()
	}
	if g.unmerged() {
		return g.pendingCode(nil)
	}
	data, err := g.readFile(path.Join(g.gdir, "MERGE_MSG"))
	if err != nil {
		return g.fatal(err.Error())
	}
	head, err := g.repo.Head()
	if err != nil {
		return g.fatal(err.Error())
	}
	ours, err := g.repo.CommitObject(head.Hash())
	if err != nil {
		return g.fatal(err.Error())
	}
	author := &state.c.Author
	if state.k.revert {
		if author, err = g.signature("AUTHOR"); err != nil {
			return g.fatal(err.Error())
		}
	}
	return g.pickCommit(state.k, state.c.Hash, ours, gitCleanMessage(gitStripComments(string(data))), author, false)
}

// gitPickState is a cherry-pick or revert waiting to be committed.
type gitPickState struct {
	k *gitPicker
	c *object.Commit
}

// pickState reads CHERRY_PICK_HEAD or REVERT_HEAD.
func (g *gitRun) pickState() *gitPickState {
	for _, k := range []*gitPicker{&gitCherryPicker, &gitReverter} {
		data, err := g.readFile(path.Join(g.gdir, k.head))
		if err != nil {
			continue
		}
		c, err := g.repo.CommitObject(plumbing.NewHash(strings.TrimSpace(string(data))))
		if err == nil {
			return &gitPickState{k, c}
		}
	}
	return nil
}

// gitStripComments drops the lines that start with '#'.
func gitStripComments(m string) string {
	var kept []string
	for _, l := range strings.Split(m, "\n") {
		if !strings.HasPrefix(l, "#") {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "\n")
}

const gitCherryPickUsage = `usage: git cherry-pick [--edit] [-n] [-m <parent-number>] [-s] [-x] [--ff]
                       [-S[<keyid>]] <commit>...
   or: git cherry-pick (--continue | --skip | --abort | --quit)

    --quit                end revert or cherry-pick sequence
    --continue            resume revert or cherry-pick sequence
    --abort               cancel revert or cherry-pick sequence
    --skip                skip current commit and continue
    --cleanup <mode>      how to strip spaces and #comments from message
    -n, --no-commit       don't automatically commit
    -e, --edit            edit the commit message
    -s, --signoff         add a Signed-off-by trailer
    -m, --mainline <parent-number>
                          select mainline parent
    --rerere-autoupdate   update the index with reused conflict resolution if possible
    --strategy <strategy>
                          merge strategy
    -X, --strategy-option <option>
                          option for merge strategy
    -S, --gpg-sign[=<key-id>]
                          GPG sign commit
    -x                    append commit name
    --ff                  allow fast-forward
    --allow-empty         preserve initially empty commits
    --allow-empty-message
                          allow commits with empty messages
    --keep-redundant-commits
                          keep redundant, empty commits

`

const gitRevertUsage = `usage: git revert [--[no-]edit] [-n] [-m <parent-number>] [-s] [-S[<keyid>]] <commit>...
   or: git revert (--continue | --skip | --abort | --quit)

    --quit                end revert or cherry-pick sequence
    --continue            resume revert or cherry-pick sequence
    --abort               cancel revert or cherry-pick sequence
    --skip                skip current commit and continue
    --cleanup <mode>      how to strip spaces and #comments from message
    -n, --no-commit       don't automatically commit
    -e, --edit            edit the commit message
    -s, --signoff         add a Signed-off-by trailer
    -m, --mainline <parent-number>
                          select mainline parent
    --rerere-autoupdate   update the index with reused conflict resolution if possible
    --strategy <strategy>
                          merge strategy
    -X, --strategy-option <option>
                          option for merge strategy
    -S, --gpg-sign[=<key-id>]
                          GPG sign commit
    --reference           use the 'reference' format to refer to commits

`
