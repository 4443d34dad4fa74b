package builtins

// git stash - set changes aside
//
//	git stash [push [-q] [-m MESSAGE]]
//	git stash save [-q] [MESSAGE]
//	git stash list
//	git stash show [-p | --stat] [STASH]
//	git stash (pop | apply) [-q] [STASH]
//	git stash drop [-q] [STASH]
//	git stash clear
//
// As git 2.39 stores them: a commit of the work tree whose parents are
// HEAD and a commit of the index, refs/stash pointing at the newest, and
// the list in refs/stash's reflog (logs/refs/stash), so real git reads
// the stashes made here and the other way round. STASH is stash@{N},
// refs/stash@{N} or N. Apply merges the stash with git merge's tree
// merge (conflicts labelled "Updated upstream" and "Stashed changes").
// Untracked files (-u, -a), --keep-index, --index and pathspecs are not
// supported.

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

const gitStashRef = plumbing.ReferenceName("refs/stash")

func gitStash(g *gitRun, args []string) int {
	sub := "push"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	fn, ok := map[string]func(*gitRun, []string) int{
		"push": gitStashPush, "save": gitStashSave, "list": gitStashList, "show": gitStashShow,
		"pop": gitStashPop, "apply": gitStashApply, "drop": gitStashDrop, "clear": gitStashClear,
	}[sub]
	if !ok {
		return g.fatal(fmt.Sprintf("subcommand wasn't specified; 'push' can't be assumed due to unexpected token '%s'", sub))
	}
	if c := g.open(); c != 0 {
		return c
	}
	return fn(g, args)
}

// gitStashEntry is one line of refs/stash's reflog.
type gitStashEntry struct {
	old, new plumbing.Hash
	who, msg string // "Name <email> 1767323045 +0000", the message
}

func (e gitStashEntry) String() string {
	return fmt.Sprintf("%s %s %s\t%s\n", e.old, e.new, e.who, e.msg)
}

func (g *gitRun) stashLog() string { return path.Join(g.gdir, "logs", string(gitStashRef)) }

// stashEntries are the stashes, newest first.
func (g *gitRun) stashEntries() []gitStashEntry {
	data, err := g.readFile(g.stashLog())
	if err != nil {
		return nil
	}
	var out []gitStashEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		head, msg, _ := strings.Cut(sc.Text(), "\t")
		f := strings.SplitN(head, " ", 3)
		if len(f) < 3 {
			continue
		}
		out = append(out, gitStashEntry{plumbing.NewHash(f[0]), plumbing.NewHash(f[1]), f[2], msg})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// setStashes writes the stashes (newest first) back: the reflog, and
// refs/stash at the newest, or neither when there are none.
func (g *gitRun) setStashes(list []gitStashEntry) error {
	if len(list) == 0 {
		if err := g.p.FS.Remove(g.stashLog()); err != nil && !isNotExist(err) {
			return err
		}
		return g.repo.Storer.RemoveReference(gitStashRef)
	}
	var b strings.Builder
	for i := len(list) - 1; i >= 0; i-- {
		b.WriteString(list[i].String())
	}
	if err := g.p.FS.MkdirAll(path.Dir(g.stashLog()), 0o777); err != nil {
		return err
	}
	if err := g.p.FS.WriteAtomic(g.stashLog(), []byte(b.String()), 0o644); err != nil {
		return err
	}
	return g.repo.Storer.SetReference(plumbing.NewHashReference(gitStashRef, list[0].new))
}

// stashArg finds the stash an operand names: its index, and the name git
// prints for it.
func (g *gitRun) stashArg(args []string) (int, string, int) {
	if len(args) > 1 {
		return 0, "", g.fatal("Too many revisions specified: " + strings.Join(args, " "))
	}
	list := g.stashEntries()
	if len(args) == 0 {
		if len(list) == 0 {
			fmt.Fprintln(g.p.Stderr, "No stash entries found.")
			return 0, "", 1
		}
		return 0, "refs/stash@{0}", 0
	}
	a, name := args[0], args[0]
	if gitDigits(a) {
		name = "refs/stash@{" + a + "}"
	} else {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "refs/"), "stash@{")
		if a == args[0] || !strings.HasSuffix(a, "}") {
			return 0, "", g.stashInvalid(args[0])
		}
		a = strings.TrimSuffix(a, "}")
	}
	n, err := strconv.Atoi(a)
	if err != nil || n < 0 || len(list) == 0 {
		return 0, "", g.stashInvalid(name)
	}
	if n >= len(list) {
		ref, _, _ := strings.Cut(name, "@{")
		return 0, "", g.fatal(fmt.Sprintf("log for '%s' only has %d entries", ref, len(list)))
	}
	return n, name, 0
}

func (g *gitRun) stashInvalid(name string) int {
	fmt.Fprintf(g.p.Stderr, "error: %s is not a valid reference\n", name)
	return 1
}

func gitStashList(g *gitRun, args []string) int {
	if len(args) > 0 {
		return g.fatal("git stash list: options are not supported here")
	}
	for i, e := range g.stashEntries() {
		fmt.Fprintf(g.p.Stdout, "stash@{%d}: %s\n", i, e.msg)
	}
	return 0
}

func gitStashClear(g *gitRun, args []string) int {
	if len(args) > 0 {
		return g.fatal("git stash clear with arguments; use git stash drop")
	}
	if err := g.setStashes(nil); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

func gitStashDrop(g *gitRun, args []string) int {
	quiet, rest := gitStashQuiet(args)
	n, name, c := g.stashArg(rest)
	if c != 0 {
		return c
	}
	return g.dropStash(n, name, quiet)
}

// gitStashQuiet takes -q/--quiet out of args.
func gitStashQuiet(args []string) (bool, []string) {
	quiet := false
	var rest []string
	for _, a := range args {
		if a == "-q" || a == "--quiet" {
			quiet = true
			continue
		}
		rest = append(rest, a)
	}
	return quiet, rest
}

// dropStash removes stash n, rewriting the next newer entry's old hash as
// git's reflog delete --rewrite does.
func (g *gitRun) dropStash(n int, name string, quiet bool) int {
	list := g.stashEntries()
	dropped := list[n].new
	if n > 0 {
		list[n-1].old = list[n].old
	}
	list = append(list[:n], list[n+1:]...)
	if err := g.setStashes(list); err != nil {
		return g.fatal(err.Error())
	}
	if !quiet {
		fmt.Fprintf(g.p.Stdout, "Dropped %s (%s)\n", name, dropped)
	}
	return 0
}

func gitStashShow(g *gitRun, args []string) int {
	o := gitDiffOpts{context: 3}
	var revs []string
	patch, stat := false, false
	for _, a := range args {
		switch a {
		case "-p", "--patch", "-u":
			patch = true
		case "--stat":
			stat = true
		case "--name-only":
			o.nameOnly = true
		case "--name-status":
			o.nameStatus = true
		case "--numstat":
			o.numstat = true
		default:
			if strings.HasPrefix(a, "-") {
				return g.fatal(fmt.Sprintf("git stash show: option '%s' is not supported here", a))
			}
			revs = append(revs, a)
		}
	}
	o.stat = stat || !patch && !o.nameOnly && !o.nameStatus && !o.numstat
	n, _, c := g.stashArg(revs)
	if c != 0 {
		return c
	}
	w, base, _, err := g.stashCommits(n)
	if err != nil {
		return g.fatal(err.Error())
	}
	old, err := g.commitSide(base)
	if err != nil {
		return g.fatal(err.Error())
	}
	cur, err := g.commitSide(w)
	if err != nil {
		return g.fatal(err.Error())
	}
	if o.stat && patch {
		g.writeDiff(old, cur, &o)
		o.stat = false
		fmt.Fprintln(g.p.Stdout)
	}
	g.writeDiff(old, cur, &o)
	return 0
}

// stashCommits are stash n's work tree commit and its parents: the commit
// it was made on and the index commit.
func (g *gitRun) stashCommits(n int) (w, base, idx *object.Commit, err error) {
	list := g.stashEntries()
	if w, err = g.repo.CommitObject(list[n].new); err != nil {
		return nil, nil, nil, err
	}
	if len(w.ParentHashes) < 2 {
		return nil, nil, nil, fmt.Errorf("'%s' is not a stash-like commit", w.Hash)
	}
	if base, err = g.repo.CommitObject(w.ParentHashes[0]); err != nil {
		return nil, nil, nil, err
	}
	if idx, err = g.repo.CommitObject(w.ParentHashes[1]); err != nil {
		return nil, nil, nil, err
	}
	return w, base, idx, nil
}

// stashDirty reports whether the index or the tracked files differ from
// HEAD.
func (g *gitRun) stashDirty(head gitSide) (bool, error) {
	st, err := g.worktreeStatus(head)
	if err != nil {
		return false, err
	}
	for _, fs := range st {
		if fs.Worktree != gogit.Untracked && (fs.Staging != gogit.Unmodified || fs.Worktree != gogit.Unmodified) {
			return true, nil
		}
	}
	return false, nil
}

// sortedKeys are the names of the sides, each once, sorted.
func sortedKeys(sides ...gitSide) []string {
	seen := map[string]bool{}
	var names []string
	for _, s := range sides {
		for n := range s {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}
