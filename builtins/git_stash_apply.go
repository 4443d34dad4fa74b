package builtins

// git stash apply and pop: the stash's changes (from the commit it was
// made on to its work tree commit) merged into the index's version by the
// merge's tree merge, the work tree written, and only new files left
// staged, as git does without --index.

import (
	"fmt"
	"strings"
)

func gitStashApply(g *gitRun, args []string) int {
	quiet, rest := gitStashQuiet(args)
	if c := g.stashRefuse(rest); c != 0 {
		return c
	}
	n, _, c := g.stashArg(rest)
	if c != 0 {
		return c
	}
	return g.applyStash(n, quiet)
}

func gitStashPop(g *gitRun, args []string) int {
	quiet, rest := gitStashQuiet(args)
	if c := g.stashRefuse(rest); c != 0 {
		return c
	}
	n, name, c := g.stashArg(rest)
	if c != 0 {
		return c
	}
	if c := g.applyStash(n, quiet); c != 0 {
		fmt.Fprintln(g.p.Stdout, "The stash entry is kept in case you need it again.")
		return c
	}
	return g.dropStash(n, name, quiet)
}

// stashRefuse refuses the options of apply and pop not supported here.
func (g *gitRun) stashRefuse(args []string) int {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			return g.fatal(fmt.Sprintf("git stash: option '%s' is not supported here (no --index)", a))
		}
	}
	return 0
}

// applyStash merges stash n (from the commit it was made on to its work
// tree commit) into the index's version of the files, as git merges it:
// files changed on one side taken whole, files changed on both merged by
// line ("Updated upstream" and "Stashed changes" label a conflict).
func (g *gitRun) applyStash(n int, quiet bool) int {
	w, base, _, err := g.stashCommits(n)
	if err != nil {
		return g.fatal(err.Error())
	}
	bs, err := g.commitSide(base)
	if err != nil {
		return g.fatal(err.Error())
	}
	ts, err := g.commitSide(w)
	if err != nil {
		return g.fatal(err.Error())
	}
	ours, err := g.indexSide()
	if err != nil {
		return g.fatal(err.Error())
	}
	res, err := g.mergeTrees(bs, ours, ts, "Updated upstream", "Stashed changes")
	if err != nil {
		return g.fatal(err.Error())
	}
	if c := g.applyMerge(res, ours, 1); c != 0 {
		if c == 1 && !quiet {
			gitStatusLong(g, nil, false)
		}
		return c
	}
	if !quiet {
		for _, l := range res.msgs {
			fmt.Fprintln(g.p.Stdout, l)
		}
	}
	code := 0
	if len(res.conflicted) > 0 {
		code = 1
	} else if c := g.unstageStash(ours, res.clean); c != 0 {
		return c
	}
	if !quiet {
		gitStatusLong(g, nil, false)
	}
	return code
}

// unstageStash puts the index back at ours, but for the files the stash
// added, which stay staged (git's apply without --index).
func (g *gitRun) unstageStash(ours, merged gitSide) int {
	keep := gitSide{}
	for n, b := range ours {
		keep[n] = b
	}
	for n, b := range merged {
		if _, ok := ours[n]; !ok {
			keep[n] = b
		}
	}
	if err := g.setIndex(keep, func(string) bool { return true }); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}
