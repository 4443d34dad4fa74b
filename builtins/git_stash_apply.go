package builtins

// git stash apply and pop: the stash's changes (from the commit it was
// made on to its work tree commit) merged by whole files into the index's
// version, the work tree written, and only new files left staged, as git
// does without --index.

import (
	"fmt"
	"path"
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

// applyStash merges stash n into the index's version of the files and
// writes the work tree.
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
	var changed, both []string
	for _, name := range sortedKeys(bs, ts, ours) {
		b, bok := bs[name]
		t, tok := ts[name]
		o, ook := ours[name]
		switch {
		case gitSameBlob(t, tok, b, bok), gitSameBlob(o, ook, t, tok):
		case gitSameBlob(o, ook, b, bok):
			changed = append(changed, name)
		default:
			both = append(both, name)
		}
	}
	if len(both) > 0 {
		for _, name := range both {
			fmt.Fprintf(g.p.Stderr, "error: %s: changed both in the stash and since it was made: merging the lines of a file is not supported here\n", name)
		}
		return 1
	}
	if c := g.stashOverwrites(changed, ours); c != 0 {
		if !quiet {
			gitStatusLong(g, nil, false)
		}
		return c
	}
	result := gitSide{}
	for k, v := range ours {
		result[k] = v
	}
	added := map[string]bool{}
	for _, name := range changed {
		if t, ok := ts[name]; ok {
			result[name] = t
			if _, had := ours[name]; !had {
				added[name] = true
			}
		} else {
			delete(result, name)
		}
	}
	if err := g.writeWork(result, changed); err != nil {
		return g.fatal(err.Error())
	}
	if len(added) > 0 {
		if err := g.setIndex(result, func(n string) bool { return added[n] }); err != nil {
			return g.fatal(err.Error())
		}
	}
	if !quiet {
		gitStatusLong(g, nil, false)
	}
	return 0
}

// stashOverwrites refuses, as git does, to overwrite a tracked file whose
// work tree version differs from the index, or an untracked file.
func (g *gitRun) stashOverwrites(changed []string, ours gitSide) int {
	like := gitSide{}
	for _, name := range changed {
		like[name] = gitBlob{}
	}
	work, err := g.workSide(like)
	if err != nil {
		return g.fatal(err.Error())
	}
	var local, untracked []string
	for _, name := range changed {
		o, ook := ours[name]
		wb, wok := work[name]
		switch {
		case ook && !gitSameBlob(o, ook, wb, wok):
			local = append(local, name)
		case !ook && wok:
			untracked = append(untracked, name)
		}
	}
	if len(local) > 0 {
		fmt.Fprintf(g.p.Stderr, "error: Your local changes to the following files would be overwritten by merge:\n\t%s\nPlease commit your changes or stash them before you merge.\nAborting\n", strings.Join(g.rels(local), "\n\t"))
		return 1
	}
	if len(untracked) > 0 {
		fmt.Fprintf(g.p.Stderr, "error: The following untracked working tree files would be overwritten by merge:\n\t%s\nPlease move or remove them before you merge.\nAborting\n", strings.Join(g.rels(untracked), "\n\t"))
		return 1
	}
	return 0
}

// rels are top-relative names as git shows them in its lists of files:
// relative to the top, quoted.
func (g *gitRun) rels(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = gitQuote(path.Clean(n))
	}
	return out
}
