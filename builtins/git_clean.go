package builtins

// git clean and git mv.

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/shellfence/shellfence/builtins/internal/gitfs"
)

type gitCleanOpts struct {
	dryRun, force, dirs, quiet bool
	ignored                    int // 0: keep ignored files, 1: -x (them too), 2: -X (only them)
}

// gitClean is git clean [-n] [-f] [-d] [-x|-X] [-q] [PATHS]: the
// untracked files (and with -d directories) under the working directory.
func gitClean(g *gitRun, args []string) int {
	var o gitCleanOpts
	var paths []string
	for i, a := range args {
		if a == "--" {
			paths = append(paths, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			paths = append(paths, a)
			continue
		}
		if strings.HasPrefix(a, "--") {
			if c := o.long(g, a); c != 0 {
				return c
			}
			continue
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				o.dryRun = true
			case 'f':
				o.force = true
			case 'd':
				o.dirs = true
			case 'x':
				o.ignored = 1
			case 'X':
				o.ignored = 2
			case 'q':
				o.quiet = true
			case 'i':
				return g.fatal("interactive clean is not supported here")
			default:
				return g.usage(fmt.Sprintf("unknown switch `%c'", c))
			}
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if !o.dryRun && !o.force {
		return g.fatal("clean.requireForce defaults to true and neither -i, -n, nor -f given; refusing to clean")
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	match, bad, ok := g.matcher(paths)
	if !ok {
		return g.outside(bad)
	}
	list, err := g.cleanList(&o, match)
	if err != nil {
		return g.fatal(err.Error())
	}
	for _, n := range list {
		if o.dryRun {
			fmt.Fprintf(g.p.Stdout, "Would remove %s\n", gitQuote(g.rel(n)))
			continue
		}
		if err := g.p.FS.RemoveAll(path.Join(g.top, strings.TrimSuffix(n, "/"))); err != nil {
			fmt.Fprintf(g.p.Stderr, "warning: failed to remove %s: %s\n", g.rel(n), ErrText(err))
			continue
		}
		if !o.quiet {
			fmt.Fprintf(g.p.Stdout, "Removing %s\n", gitQuote(g.rel(n)))
		}
	}
	return 0
}

func (o *gitCleanOpts) long(g *gitRun, a string) int {
	switch a {
	case "--dry-run":
		o.dryRun = true
	case "--force":
		o.force = true
	case "--quiet":
		o.quiet = true
	default:
		return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimPrefix(a, "--")))
	}
	return 0
}

// cleanWalk holds what git clean's walk needs.
type cleanWalk struct {
	g       *gitRun
	o       *gitCleanOpts
	match   func(string) bool
	tracked map[string]bool // files and the directories holding them
	ignore  gitignore.Matcher
	out     []string
}

// cleanList is what clean removes, top-relative, directories with a
// slash, in git's order.
func (g *gitRun) cleanList(o *gitCleanOpts, match func(string) bool) ([]string, error) {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil, err
	}
	w := &cleanWalk{g: g, o: o, match: match, tracked: map[string]bool{}}
	for _, e := range idx.Entries {
		w.tracked[e.Name] = true
		for d := path.Dir(e.Name); d != "."; d = path.Dir(d) {
			w.tracked[d] = true
		}
	}
	ps, _ := gitignore.ReadPatterns(gitfs.New(g.p.FS, g.top), nil)
	w.ignore = gitignore.NewMatcher(ps)
	if err := w.dir(""); err != nil {
		return nil, err
	}
	sort.Strings(w.out)
	return w.out, nil
}

// dir walks the tracked directory rel ("" for the top).
func (w *cleanWalk) dir(rel string) error {
	ents, err := w.g.p.FS.ReadDir(path.Join(w.g.top, rel))
	if err != nil {
		return err
	}
	for _, e := range ents {
		n := path.Join(rel, e.Name())
		if e.Name() == ".git" || w.tracked[n] && !e.IsDir() {
			continue
		}
		parts := strings.Split(n, "/")
		if e.IsDir() && w.tracked[n] {
			if err := w.dir(n); err != nil {
				return err
			}
			continue
		}
		if !w.match(n) {
			continue
		}
		ign := w.ignore.Match(parts, e.IsDir())
		if !e.IsDir() {
			if w.keep(ign) {
				w.out = append(w.out, n)
			}
			continue
		}
		if !w.o.dirs {
			continue
		}
		if w.g.exists(path.Join(n, ".git")) {
			continue
		}
		if ign && w.o.ignored > 0 || !ign && w.anyKept(n, false) {
			w.out = append(w.out, n+"/")
		}
	}
	return nil
}

// keep reports whether a file clean sees goes, by its ignored state.
func (w *cleanWalk) keep(ign bool) bool {
	switch w.o.ignored {
	case 1:
		return true
	case 2:
		return ign
	}
	return !ign
}

// anyKept reports whether the untracked directory rel holds a file that
// goes (an empty directory goes too, unless only ignored files go).
func (w *cleanWalk) anyKept(rel string, ignoredAbove bool) bool {
	ents, err := w.g.p.FS.ReadDir(path.Join(w.g.top, rel))
	if err != nil {
		return false
	}
	if len(ents) == 0 {
		return w.o.ignored < 2
	}
	for _, e := range ents {
		n := path.Join(rel, e.Name())
		ign := ignoredAbove || w.ignore.Match(strings.Split(n, "/"), e.IsDir())
		if e.IsDir() {
			if w.anyKept(n, ign) {
				return true
			}
		} else if w.keep(ign) {
			return true
		}
	}
	return false
}

// gitMv is git mv [-f] [-k] [-n] [-v] SOURCE... DESTINATION.
func gitMv(g *gitRun, args []string) int {
	force, skip, dry, verbose := false, false, false, false
	var ops []string
	for i, a := range args {
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
		case a == "-f" || a == "--force":
			force = true
		case a == "-k":
			skip = true
		case a == "-n" || a == "--dry-run":
			dry = true
		case a == "-v" || a == "--verbose":
			verbose = true
		case strings.HasPrefix(a, "-") && a != "-":
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		default:
			ops = append(ops, a)
			continue
		}
		if a == "--" {
			break
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if len(ops) < 2 {
		return g.usage("usage: git mv [<options>] <source>... <destination>")
	}
	dst := ops[len(ops)-1]
	dstRel, ok := g.pathspec(dst)
	if !ok {
		return g.outside(dst)
	}
	intoDir := false
	if fi, err := g.p.FS.Stat(path.Join(g.top, dstRel)); err == nil && fi.IsDir() {
		intoDir = true
	} else if len(ops) > 2 {
		return g.fatal(fmt.Sprintf("destination '%s' is not a directory", dstRel))
	}
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return g.fatal(err.Error())
	}
	type move struct{ from, to string }
	var moves []move
	for _, s := range ops[:len(ops)-1] {
		src, ok := g.pathspec(s)
		if !ok {
			return g.outside(s)
		}
		to := dstRel
		if intoDir {
			to = path.Join(dstRel, path.Base(src))
		}
		if msg := g.mvCheck(idx, src, to, force); msg != "" {
			if skip {
				continue
			}
			return g.fatal(fmt.Sprintf("%s, source=%s, destination=%s", msg, src, to))
		}
		moves = append(moves, move{src, to})
	}
	for _, m := range moves {
		if dry {
			fmt.Fprintf(g.p.Stdout, "Checking rename of '%s' to '%s'\n", m.from, m.to)
		}
		if dry || verbose {
			fmt.Fprintf(g.p.Stdout, "Renaming %s to %s\n", m.from, m.to)
		}
		if dry {
			continue
		}
		if err := g.p.FS.Rename(path.Join(g.top, m.from), path.Join(g.top, m.to)); err != nil {
			return g.fatal(fmt.Sprintf("renaming '%s' failed: %s", m.from, ErrText(err)))
		}
		gitRenameEntries(idx, m.from, m.to)
	}
	if dry {
		return 0
	}
	if err := g.repo.Storer.SetIndex(idx); err != nil {
		return g.fatal(err.Error())
	}
	return 0
}

// mvCheck is why git mv refuses to move src to dst, or "".
func (g *gitRun) mvCheck(idx *index.Index, src, dst string, force bool) string {
	sfi, err := g.p.FS.Lstat(path.Join(g.top, src))
	if err != nil {
		return "bad source"
	}
	n := 0
	for _, e := range idx.Entries {
		if gitUnder(e.Name, src) {
			n++
		}
	}
	switch {
	case n == 0 && sfi.IsDir():
		return "source directory is empty"
	case n == 0:
		return "not under version control"
	case sfi.IsDir() && gitUnder(dst, src):
		return "can not move directory into itself"
	}
	if _, err := g.p.FS.Lstat(path.Join(g.top, dst)); err == nil && (!force || sfi.IsDir()) {
		return "destination exists"
	}
	if _, err := g.p.FS.Stat(path.Join(g.top, path.Dir(dst))); err != nil {
		return "destination directory does not exist"
	}
	return ""
}

// gitRenameEntries renames the index entries at or under from to to,
// dropping entries to replaces.
func gitRenameEntries(idx *index.Index, from, to string) {
	var entries []*index.Entry
	for _, e := range idx.Entries {
		if gitUnder(e.Name, to) && !gitUnder(e.Name, from) {
			continue
		}
		if gitUnder(e.Name, from) {
			e.Name = to + strings.TrimPrefix(e.Name, from)
		}
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	idx.Entries = entries
	idx.Cache = nil
}
