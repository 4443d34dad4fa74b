package builtins

// git reset and git restore.

import (
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// gitReset is git reset [--soft|--mixed|--hard] [-q] [COMMIT], and
// git reset [-q] [COMMIT] [--] PATHS (the paths' index entries from
// COMMIT, HEAD by default).
func gitReset(g *gitRun, args []string) int {
	mode, quiet := "", false
	var operands, paths []string
	dashdash := false
	for i, a := range args {
		switch {
		case dashdash:
			paths = append(paths, a)
		case a == "--":
			dashdash = true
		case a == "--soft" || a == "--mixed" || a == "--hard":
			mode = a[2:]
		case a == "-q" || a == "--quiet":
			quiet = true
		case a == "--keep" || a == "--merge" || a == "-p" || a == "--patch" || strings.HasPrefix(a, "--pathspec-from-file"):
			return g.usage(fmt.Sprintf("option '%s' is not supported here", strings.TrimLeft(a, "-")))
		case strings.HasPrefix(a, "-") && a != "-":
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			operands = append(operands, args[i])
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	rev := ""
	switch {
	case dashdash && len(operands) > 1:
		return g.fatal(fmt.Sprintf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", operands[1]))
	case len(operands) > 0:
		if _, ok := g.resolveCommit(operands[0]); ok || dashdash {
			rev, operands = operands[0], operands[1:]
		}
		for _, o := range operands {
			if rel, ok := g.pathspec(o); ok && !g.exists(rel) && !gitTracked(g, rel) {
				return g.fatal(fmt.Sprintf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", o))
			}
		}
		paths = append(operands, paths...)
	}
	target := plumbing.ZeroHash
	if rev != "" {
		h, ok := g.resolveCommit(rev)
		if !ok {
			return g.fatal(fmt.Sprintf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", rev))
		}
		target = h
	} else if head, err := g.repo.Head(); err == nil {
		target = head.Hash()
	}
	if len(paths) > 0 {
		if mode == "soft" || mode == "hard" {
			return g.fatal(fmt.Sprintf("Cannot do %s reset with paths.", mode))
		}
		return g.resetPaths(target, paths, quiet)
	}
	if target == plumbing.ZeroHash && mode != "" && mode != "mixed" {
		return g.fatal("Failed to resolve 'HEAD' as a valid ref.")
	}
	return g.resetTo(target, mode, quiet)
}

// sideOf is commit h's tree, empty for the zero hash (an unborn HEAD).
func (g *gitRun) sideOf(h plumbing.Hash) (gitSide, error) {
	if h == plumbing.ZeroHash {
		return gitSide{}, nil
	}
	c, err := g.repo.CommitObject(h)
	if err != nil {
		return nil, err
	}
	return g.commitSide(c)
}

func (g *gitRun) resetTo(target plumbing.Hash, mode string, quiet bool) int {
	side, err := g.sideOf(target)
	if err != nil {
		return g.fatal(err.Error())
	}
	all := func(string) bool { return true }
	if mode == "hard" {
		idx, err := g.indexSide()
		if err != nil {
			return g.fatal(err.Error())
		}
		names := sideNames(side)
		for n := range idx {
			if _, ok := side[n]; !ok {
				names = append(names, n)
			}
		}
		if err := g.writeWork(side, names); err != nil {
			return g.fatal(err.Error())
		}
	}
	if target != plumbing.ZeroHash {
		if err := g.moveHead(target); err != nil {
			return g.fatal(err.Error())
		}
	}
	if mode == "soft" {
		return 0
	}
	if err := g.setIndex(side, all); err != nil {
		return g.fatal(err.Error())
	}
	if quiet {
		return 0
	}
	if mode == "hard" {
		c, err := g.repo.CommitObject(target)
		if err != nil {
			return g.fatal(err.Error())
		}
		subject, _ := gitSplitMessage(c.Message)
		fmt.Fprintf(g.p.Stdout, "HEAD is now at %s %s\n", g.short(target), subject)
		return 0
	}
	if err := g.printUnstaged(); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

func (g *gitRun) resetPaths(target plumbing.Hash, paths []string, quiet bool) int {
	match, bad, ok := g.matcher(paths)
	if !ok {
		return g.outside(bad)
	}
	side, err := g.sideOf(target)
	if err != nil {
		return g.fatal(err.Error())
	}
	if err := g.setIndex(side, match); err != nil {
		return g.fatal(err.Error())
	}
	if !quiet {
		if err := g.printUnstaged(); err != nil {
			return g.fatal(err.Error())
		}
	}
	return 0
}

// gitRestore is git restore [--source=TREE] [--staged] [--worktree] PATHS.
func gitRestore(g *gitRun, args []string) int {
	source, staged, worktree := "", false, false
	var paths []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			paths = append(paths, args[i+1:]...)
			i = len(args)
		case (a == "-s" || a == "--source") && i+1 < len(args):
			i++
			source = args[i]
		case strings.HasPrefix(a, "--source="):
			source = strings.TrimPrefix(a, "--source=")
		case strings.HasPrefix(a, "-s") && len(a) > 2:
			source = a[2:]
		case a == "-S" || a == "--staged":
			staged = true
		case a == "-W" || a == "--worktree":
			worktree = true
		case a == "-SW" || a == "-WS":
			staged, worktree = true, true
		case a == "-q" || a == "--quiet" || a == "--no-overlay":
		case strings.HasPrefix(a, "-") && a != "-":
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			paths = append(paths, a)
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if len(paths) == 0 {
		return g.fatal("you must specify path(s) to restore")
	}
	if !staged {
		worktree = true
	}
	match, bad, ok := g.matcher(paths)
	if !ok {
		return g.outside(bad)
	}
	idx, err := g.indexSide()
	if err != nil {
		return g.fatal(err.Error())
	}
	from := idx
	if source != "" || staged {
		rev := source
		if rev == "" {
			rev = "HEAD"
		}
		h, ok := g.resolveCommit(rev)
		if !ok {
			return g.fatal(fmt.Sprintf("could not resolve %s", rev))
		}
		if from, err = g.sideOf(h); err != nil {
			return g.fatal(err.Error())
		}
	}
	code := 0
	for _, p := range paths {
		m, _, _ := g.matcher([]string{p})
		if !gitAnyMatch(from, m) && !gitAnyMatch(idx, m) {
			fmt.Fprintf(g.p.Stderr, "error: pathspec '%s' did not match any file(s) known to git\n", p)
			code = 1
		}
	}
	if code != 0 {
		return code
	}
	if worktree {
		var names []string
		for n := range from {
			if match(n) {
				names = append(names, n)
			}
		}
		for n := range idx {
			if _, ok := from[n]; !ok && match(n) {
				names = append(names, n)
			}
		}
		if err := g.writeWork(from, names); err != nil {
			return g.fatal(err.Error())
		}
	}
	if staged {
		if err := g.setIndex(from, match); err != nil {
			return g.fatal(err.Error())
		}
	}
	return 0
}

func gitAnyMatch(s gitSide, match func(string) bool) bool {
	for n := range s {
		if match(n) {
			return true
		}
	}
	return false
}
