package builtins

// git rev-parse, branch, checkout, switch, ls-files and config.

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
)

func gitRevParse(g *gitRun, args []string) int {
	short, abbrev := 0, false
	for _, a := range args {
		switch {
		case a == "--is-inside-work-tree":
			if err := g.find(); err != nil {
				return g.fatal(err.Error())
			}
			fmt.Fprintln(g.p.Stdout, "true")
			return 0
		case a == "--show-toplevel" || a == "--git-dir" || a == "--show-cdup" || a == "--show-prefix":
			if err := g.find(); err != nil {
				return g.fatal(err.Error())
			}
			switch a {
			case "--show-toplevel":
				fmt.Fprintln(g.p.Stdout, g.top)
			case "--git-dir":
				if g.dir == g.top {
					fmt.Fprintln(g.p.Stdout, ".git")
				} else {
					fmt.Fprintln(g.p.Stdout, g.gdir)
				}
			case "--show-cdup":
				fmt.Fprintln(g.p.Stdout, strings.TrimSuffix(g.rel(""), "./"))
			case "--show-prefix":
				if g.dir != g.top {
					fmt.Fprintln(g.p.Stdout, strings.TrimPrefix(g.dir, g.top+"/")+"/")
				} else {
					fmt.Fprintln(g.p.Stdout)
				}
			}
			return 0
		case a == "--short":
			short = 7
		case strings.HasPrefix(a, "--short="):
			fmt.Sscanf(strings.TrimPrefix(a, "--short="), "%d", &short)
			short = max(short, 4)
		case a == "--abbrev-ref":
			abbrev = true
		case a == "--verify" || a == "-q" || a == "--quiet":
		case strings.HasPrefix(a, "-"):
			fmt.Fprintln(g.p.Stdout, a)
		default:
			if c := g.open(); c != 0 {
				return c
			}
			if abbrev {
				ref, err := g.repo.Storer.Reference(plumbing.HEAD)
				if a == "HEAD" && err == nil && ref.Type() == plumbing.SymbolicReference {
					fmt.Fprintln(g.p.Stdout, ref.Target().Short())
					continue
				}
			}
			h, err := g.repo.ResolveRevision(plumbing.Revision(a))
			if err != nil {
				fmt.Fprintf(g.p.Stdout, "%s\n", a)
				return g.fatal(fmt.Sprintf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", a))
			}
			s := h.String()
			if short > 0 {
				s = s[:min(short, len(s))]
			}
			fmt.Fprintln(g.p.Stdout, s)
		}
	}
	return 0
}

func gitBranch(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	var del, force, move, verbose bool
	var names []string
	for _, a := range args {
		switch a {
		case "-d", "--delete":
			del = true
		case "-D":
			del, force = true, true
		case "-m", "--move":
			move = true
		case "-v", "-vv", "--verbose":
			verbose = true
		case "-a", "--all", "-l", "--list", "--no-color":
		case "--show-current":
			name, _ := g.branchName()
			if !strings.HasPrefix(name, "HEAD") {
				fmt.Fprintln(g.p.Stdout, name)
			}
			return 0
		default:
			if strings.HasPrefix(a, "-") {
				return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
			}
			names = append(names, a)
		}
	}
	switch {
	case del:
		return g.deleteBranches(names, force)
	case move:
		return g.moveBranch(names)
	case len(names) > 0:
		return g.createBranch(names)
	}
	return g.listBranches(verbose)
}

func (g *gitRun) listBranches(verbose bool) int {
	iter, err := g.repo.Branches()
	if err != nil {
		return g.fatal(err.Error())
	}
	cur, _ := g.branchName()
	type br struct {
		name string
		hash plumbing.Hash
	}
	var list []br
	iter.ForEach(func(r *plumbing.Reference) error {
		list = append(list, br{r.Name().Short(), r.Hash()})
		return nil
	})
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })
	width := 0
	for _, b := range list {
		width = max(width, len(b.name))
	}
	for _, b := range list {
		mark := "  "
		if b.name == cur {
			mark = "* "
		}
		if !verbose {
			fmt.Fprintf(g.p.Stdout, "%s%s\n", mark, b.name)
			continue
		}
		subject := ""
		if c, err := g.repo.CommitObject(b.hash); err == nil {
			subject, _ = gitSplitMessage(c.Message)
		}
		fmt.Fprintf(g.p.Stdout, "%s%-*s %s %s\n", mark, width, b.name, g.short(b.hash), subject)
	}
	return 0
}

func (g *gitRun) createBranch(names []string) int {
	start := "HEAD"
	if len(names) > 1 {
		start = names[1]
	}
	h, err := g.repo.ResolveRevision(plumbing.Revision(start))
	if err != nil {
		if start == "HEAD" {
			return g.fatal(fmt.Sprintf("Not a valid object name: '%s'.", g.headBranch()))
		}
		return g.fatal(fmt.Sprintf("not a valid object name: '%s'", start))
	}
	ref := plumbing.NewBranchReferenceName(names[0])
	if _, err := g.repo.Storer.Reference(ref); err == nil {
		return g.fatal(fmt.Sprintf("a branch named '%s' already exists", names[0]))
	}
	if err := g.repo.Storer.SetReference(plumbing.NewHashReference(ref, *h)); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

func (g *gitRun) headBranch() string {
	name, _ := g.branchName()
	return name
}

func (g *gitRun) deleteBranches(names []string, force bool) int {
	cur := g.headBranch()
	code := 0
	for _, n := range names {
		ref := plumbing.NewBranchReferenceName(n)
		r, err := g.repo.Storer.Reference(ref)
		if err != nil {
			fmt.Fprintf(g.p.Stderr, "error: branch '%s' not found.\n", n)
			code = 1
			continue
		}
		if n == cur {
			fmt.Fprintf(g.p.Stderr, "error: Cannot delete branch '%s' checked out at '%s'\n", n, g.top)
			code = 1
			continue
		}
		if !force && !g.merged(r.Hash()) {
			fmt.Fprintf(g.p.Stderr, "error: The branch '%s' is not fully merged.\nIf you are sure you want to delete it, run 'git branch -D %s'.\n", n, n)
			code = 1
			continue
		}
		if err := g.repo.Storer.RemoveReference(ref); err != nil {
			return g.fatal(err.Error())
		}
		fmt.Fprintf(g.p.Stdout, "Deleted branch %s (was %s).\n", n, g.short(r.Hash()))
	}
	return code
}

// merged reports whether h is reachable from HEAD.
func (g *gitRun) merged(h plumbing.Hash) bool {
	head, err := g.repo.Head()
	if err != nil {
		return false
	}
	iter, err := g.repo.Log(&gogit.LogOptions{From: head.Hash()})
	if err != nil {
		return false
	}
	iter.Close()
	return g.reachable(head.Hash(), h)
}

func (g *gitRun) reachable(from, h plumbing.Hash) bool {
	iter, err := g.repo.Log(&gogit.LogOptions{From: from})
	if err != nil {
		return false
	}
	defer iter.Close()
	for {
		c, err := iter.Next()
		if err != nil {
			return false
		}
		if c.Hash == h {
			return true
		}
	}
}

func (g *gitRun) moveBranch(names []string) int {
	old, nw := g.headBranch(), ""
	switch len(names) {
	case 1:
		nw = names[0]
	case 2:
		old, nw = names[0], names[1]
	default:
		return g.fatal("branch name required")
	}
	oref := plumbing.NewBranchReferenceName(old)
	nref := plumbing.NewBranchReferenceName(nw)
	r, err := g.repo.Storer.Reference(oref)
	head, _ := g.repo.Storer.Reference(plumbing.HEAD)
	unbornHead := err != nil && head != nil && head.Target() == oref
	if err != nil && !unbornHead {
		return g.fatal(fmt.Sprintf("no branch named '%s'", old))
	}
	if err == nil {
		if err := g.repo.Storer.SetReference(plumbing.NewHashReference(nref, r.Hash())); err != nil {
			return g.fatal(err.Error())
		}
		g.repo.Storer.RemoveReference(oref)
	}
	if head != nil && head.Type() == plumbing.SymbolicReference && head.Target() == oref {
		g.repo.Storer.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, nref))
	}
	return 0
}

func gitCheckout(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	create := ""
	var rest, paths []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case (a == "-b" || a == "-B") && i+1 < len(args):
			i++
			create = args[i]
		case a == "--":
			paths = append(paths, args[i+1:]...)
			i = len(args)
		case a == "-q" || a == "--quiet":
			g.quiet = true
		case strings.HasPrefix(a, "-"):
			return g.usage(fmt.Sprintf("unknown switch `%s'", strings.TrimLeft(a, "-")))
		default:
			rest = append(rest, a)
		}
	}
	if len(paths) > 0 || len(rest) > 0 && create == "" && !g.isBranch(rest[0]) && g.exists(rest[0]) {
		return g.restorePaths(append(rest, paths...))
	}
	if create != "" {
		return g.switchTo(create, true, rest)
	}
	if len(rest) == 0 {
		return 0
	}
	return g.switchTo(rest[0], false, nil)
}

func gitSwitch(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	create := ""
	var rest []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case (a == "-c" || a == "-C" || a == "--create") && i+1 < len(args):
			i++
			create = args[i]
		case a == "-q" || a == "--quiet":
			g.quiet = true
		case strings.HasPrefix(a, "-"):
			return g.usage(fmt.Sprintf("unknown switch `%s'", strings.TrimLeft(a, "-")))
		default:
			rest = append(rest, a)
		}
	}
	if create != "" {
		return g.switchTo(create, true, rest)
	}
	if len(rest) == 0 {
		return g.fatal("missing branch or commit argument")
	}
	return g.switchTo(rest[0], false, nil)
}

func (g *gitRun) isBranch(name string) bool {
	_, err := g.repo.Storer.Reference(plumbing.NewBranchReferenceName(name))
	return err == nil
}

// switchTo checks out branch name (creating it at start, or HEAD, first).
func (g *gitRun) switchTo(name string, create bool, start []string) int {
	ref := plumbing.NewBranchReferenceName(name)
	if create {
		if g.isBranch(name) {
			return g.fatal(fmt.Sprintf("a branch named '%s' already exists", name))
		}
		if _, err := g.repo.Head(); err != nil && len(start) == 0 {
			// An unborn branch: only HEAD moves.
			g.repo.Storer.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, ref))
			g.say("Switched to a new branch '%s'\n", name)
			return 0
		}
		if c := g.createBranch(append([]string{name}, start...)); c != 0 {
			return c
		}
	} else if !g.isBranch(name) {
		return g.fatal(fmt.Sprintf("invalid reference: %s", name))
	}
	if cur := g.headBranch(); cur == name && !create {
		g.say("Already on '%s'\n", name)
		return 0
	}
	if c := g.checkoutBranch(ref); c != 0 {
		return c
	}
	if create {
		g.say("Switched to a new branch '%s'\n", name)
	} else {
		g.say("Switched to branch '%s'\n", name)
	}
	return 0
}

// say prints a progress message on standard error unless -q.
func (g *gitRun) say(format string, args ...any) {
	if !g.quiet {
		fmt.Fprintf(g.p.Stderr, format, args...)
	}
}

// checkoutBranch moves HEAD to ref and the index and work tree to its
// commit, carrying local changes over as git does; a changed file that
// also differs between the two commits stops it, with git's message.
func (g *gitRun) checkoutBranch(ref plumbing.ReferenceName) int {
	wt, err := g.repo.Worktree()
	if err != nil {
		return g.fatal(err.Error())
	}
	target, err := g.repo.Storer.Reference(ref)
	if err != nil {
		return g.fatal(err.Error())
	}
	head, herr := g.repo.Head()
	if herr == nil && head.Hash() == target.Hash() {
		if err := g.repo.Storer.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, ref)); err != nil {
			return g.fatal(err.Error())
		}
		return 0
	}
	entries, err := g.statusEntries(true)
	if err != nil {
		return g.fatal(err.Error())
	}
	from, _ := g.treeSide("HEAD")
	to, err := g.treeSide(target.Hash().String())
	if err != nil {
		return g.fatal(err.Error())
	}
	saved := map[string][]byte{}
	var conflicts []string
	for _, e := range entries {
		if e.worked == gogit.Untracked {
			if _, ok := to[e.path]; ok {
				conflicts = append(conflicts, e.path)
			}
			continue
		}
		a, b := from[e.path], to[e.path]
		if a.hash != b.hash {
			conflicts = append(conflicts, e.path)
			continue
		}
		data, err := g.readFile(path.Join(g.top, e.path))
		if err == nil {
			saved[e.path] = data
		}
	}
	if len(conflicts) > 0 {
		fmt.Fprint(g.p.Stderr, "error: Your local changes to the following files would be overwritten by checkout:\n")
		for _, c := range conflicts {
			fmt.Fprintf(g.p.Stderr, "\t%s\n", c)
		}
		fmt.Fprint(g.p.Stderr, "Please commit your changes or stash them before you switch branches.\nAborting\n")
		return 1
	}
	if err := wt.Checkout(&gogit.CheckoutOptions{Branch: ref, Force: true}); err != nil {
		return g.fatal(err.Error())
	}
	for p, data := range saved {
		g.p.FS.WriteAtomic(path.Join(g.top, p), data, 0o644)
	}
	return 0
}

// restorePaths is checkout -- PATHS: the index's version back in the
// work tree.
func (g *gitRun) restorePaths(paths []string) int {
	idx, err := g.indexSide()
	if err != nil {
		return g.fatal(err.Error())
	}
	for _, p := range paths {
		rel, ok := g.pathspec(p)
		if !ok {
			return g.fatal(fmt.Sprintf("%s: '%s' is outside repository at '%s'", p, p, g.top))
		}
		n := 0
		for name, b := range idx {
			if !gitUnder(name, rel) {
				continue
			}
			data, err := b.data()
			if err != nil {
				return g.fatal(err.Error())
			}
			mode := fs.FileMode(0o644)
			if b.mode == 0o100755 {
				mode = 0o755
			}
			if err := g.p.FS.WriteAtomic(g.top+"/"+name, data, mode); err != nil {
				return g.fatal(err.Error())
			}
			n++
		}
		if n == 0 {
			return g.fatal(fmt.Sprintf("pathspec '%s' did not match any file(s) known to git", p))
		}
	}
	return 0
}

func gitLsFiles(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	stage, unmerged := false, false
	var specs []string
	for _, a := range args {
		switch {
		case a == "--cached" || a == "-c" || a == "--":
		case a == "-s" || a == "--stage":
			stage = true
		case a == "-u" || a == "--unmerged":
			stage, unmerged = true, true
		case strings.HasPrefix(a, "-"):
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			specs = append(specs, a)
		}
	}
	match := func(string) bool { return true }
	if len(specs) > 0 {
		m, bad, ok := g.matcher(specs)
		if !ok {
			return g.outside(bad)
		}
		match = m
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return g.fatal(err.Error())
	}
	prefix := strings.TrimPrefix(strings.TrimPrefix(g.dir, g.top), "/")
	for _, e := range idx.Entries {
		if prefix != "" && !strings.HasPrefix(e.Name, prefix+"/") || unmerged && e.Stage == 0 || !match(e.Name) {
			continue
		}
		if stage {
			fmt.Fprintf(g.p.Stdout, "%06o %s %d\t%s\n", uint32(e.Mode), e.Hash, e.Stage, gitQuote(g.rel(e.Name)))
		} else {
			fmt.Fprintln(g.p.Stdout, gitQuote(g.rel(e.Name)))
		}
	}
	return 0
}

func gitConfig(g *gitRun, args []string) int {
	if c := g.open(); c != 0 {
		return c
	}
	cfg, err := g.repo.Config()
	if err != nil {
		return g.fatal(err.Error())
	}
	get := ""
	list := false
	var set []string
	for _, a := range args {
		switch {
		case a == "--list" || a == "-l":
			list = true
		case a == "--get":
		case a == "--local":
		case a == "--global" || a == "--system":
			return g.fatal("only the repository's configuration is used here (no --global or --system)")
		case strings.HasPrefix(a, "-"):
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		case get == "":
			get = a
		default:
			set = append(set, a)
		}
	}
	raw := cfg.Raw
	if list {
		for _, s := range raw.Sections {
			for _, o := range s.Options {
				fmt.Fprintf(g.p.Stdout, "%s.%s=%s\n", strings.ToLower(s.Name), strings.ToLower(o.Key), o.Value)
			}
			for _, sub := range s.Subsections {
				for _, o := range sub.Options {
					fmt.Fprintf(g.p.Stdout, "%s.%s.%s=%s\n", strings.ToLower(s.Name), sub.Name, strings.ToLower(o.Key), o.Value)
				}
			}
		}
		return 0
	}
	sec, key, ok := strings.Cut(get, ".")
	if !ok || key == "" {
		fmt.Fprintf(g.p.Stderr, "error: key does not contain a section: %s\n", get)
		return 2
	}
	sub := ""
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		sub, key = key[:i], key[i+1:]
	}
	if len(set) > 0 {
		if sub != "" {
			raw.Section(sec).Subsection(sub).SetOption(key, set[0])
		} else {
			raw.Section(sec).SetOption(key, set[0])
		}
		if err := g.repo.Storer.SetConfig(cfg); err != nil {
			return g.fatal(err.Error())
		}
		return 0
	}
	var v string
	if sub != "" {
		v = raw.Section(sec).Subsection(sub).Option(key)
	} else {
		v = raw.Section(sec).Option(key)
	}
	if v == "" {
		return 1
	}
	fmt.Fprintln(g.p.Stdout, v)
	return 0
}
