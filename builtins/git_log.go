package builtins

// git log and show.

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

type gitLogOpts struct {
	format   string // "", "oneline" or a --format string
	max      int    // -n; -1: all
	stat     bool
	nameOnly bool
	rev      string
	paths    []string
}

func gitLog(g *gitRun, args []string) int {
	o := gitLogOpts{max: -1}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--oneline" || a == "--pretty=oneline" || a == "--format=oneline":
			o.format = "oneline"
			if a != "--oneline" {
				o.format = "oneline-full"
			}
		case strings.HasPrefix(a, "--pretty=format:"):
			o.format = "sep:" + strings.TrimPrefix(a, "--pretty=format:")
		case strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "--pretty=tformat:"):
			o.format = "format:" + strings.TrimPrefix(strings.TrimPrefix(strings.SplitN(a, "=", 2)[1], "format:"), "tformat:")
		case a == "--pretty=medium" || a == "--pretty" || a == "--no-decorate" || a == "--no-color" || a == "--decorate=no":
		case a == "-n" && i+1 < len(args):
			i++
			n, err := strconv.Atoi(args[i])
			if err != nil {
				return g.fatal(fmt.Sprintf("'%s': not an integer", args[i]))
			}
			o.max = n
		case strings.HasPrefix(a, "--max-count="):
			n, err := strconv.Atoi(strings.TrimPrefix(a, "--max-count="))
			if err != nil {
				return g.fatal(fmt.Sprintf("'%s': not an integer", a))
			}
			o.max = n
		case len(a) > 1 && a[0] == '-' && gitDigits(a[1:]):
			o.max, _ = strconv.Atoi(a[1:])
		case strings.HasPrefix(a, "-n") && gitDigits(a[2:]) && len(a) > 2:
			o.max, _ = strconv.Atoi(a[2:])
		case a == "--stat":
			o.stat = true
		case a == "--name-only":
			o.nameOnly = true
		case a == "--":
			o.paths = append(o.paths, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-"):
			return g.fatal(fmt.Sprintf("unrecognized argument: %s", a))
		default:
			if o.rev == "" {
				o.rev = a
			} else {
				o.paths = append(o.paths, a)
			}
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	start, code := g.startCommit(o.rev)
	if code != 0 {
		return code
	}
	iter, err := g.repo.Log(&gogit.LogOptions{From: start})
	if err != nil {
		return g.fatal(err.Error())
	}
	n := 0
	first := true
	err = iter.ForEach(func(c *object.Commit) error {
		if o.max >= 0 && n >= o.max {
			return io.EOF
		}
		if len(o.paths) > 0 && !g.touches(c, o.paths) {
			return nil
		}
		n++
		g.printCommit(c, &o, first)
		first = false
		return nil
	})
	if err != nil && err != io.EOF {
		return g.fatal(err.Error())
	}
	return 0
}

func gitDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// startCommit resolves rev (HEAD when empty); an unborn HEAD is git's
// "does not have any commits yet".
func (g *gitRun) startCommit(rev string) (plumbing.Hash, int) {
	if rev == "" {
		rev = "HEAD"
	}
	h, err := g.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		if rev == "HEAD" {
			name, _ := g.branchName()
			return plumbing.ZeroHash, g.fatal(fmt.Sprintf("your current branch '%s' does not have any commits yet", name))
		}
		return plumbing.ZeroHash, g.fatal(fmt.Sprintf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", rev))
	}
	return *h, 0
}

// touches reports whether c changed a file under one of paths.
func (g *gitRun) touches(c *object.Commit, paths []string) bool {
	tree, err := c.Tree()
	if err != nil {
		return false
	}
	var parent *object.Tree
	if c.NumParents() > 0 {
		if pc, err := c.Parent(0); err == nil {
			parent, _ = pc.Tree()
		}
	}
	changes, err := object.DiffTree(parent, tree)
	if err != nil {
		return false
	}
	for _, ch := range changes {
		for _, p := range paths {
			rel, _ := g.pathspec(p)
			if gitUnder(ch.From.Name, rel) || gitUnder(ch.To.Name, rel) {
				return true
			}
		}
	}
	return false
}

func (g *gitRun) printCommit(c *object.Commit, o *gitLogOpts, first bool) {
	w := g.p.Stdout
	subject, body := gitSplitMessage(c.Message)
	switch {
	case o.format == "oneline":
		fmt.Fprintf(w, "%s %s\n", g.short(c.Hash), subject)
	case o.format == "oneline-full":
		fmt.Fprintf(w, "%s %s\n", c.Hash, subject)
	case strings.HasPrefix(o.format, "format:"):
		fmt.Fprintln(w, g.expandFormat(strings.TrimPrefix(o.format, "format:"), c))
	case strings.HasPrefix(o.format, "sep:"):
		if !first {
			fmt.Fprintln(w)
		}
		fmt.Fprint(w, g.expandFormat(strings.TrimPrefix(o.format, "sep:"), c))
	default:
		if !first {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "commit %s\n", c.Hash)
		if c.NumParents() > 1 {
			var ps []string
			for _, h := range c.ParentHashes {
				ps = append(ps, h.String()[:7])
			}
			fmt.Fprintf(w, "Merge: %s\n", strings.Join(ps, " "))
		}
		fmt.Fprintf(w, "Author: %s <%s>\n", c.Author.Name, c.Author.Email)
		fmt.Fprintf(w, "Date:   %s\n\n", gitDate(c.Author.When))
		for _, l := range strings.Split(strings.TrimRight(c.Message, "\n"), "\n") {
			if l == "" {
				fmt.Fprintln(w)
			} else {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
		_ = body
	}
	if o.nameOnly {
		if !strings.HasPrefix(o.format, "oneline") {
			fmt.Fprintln(w)
		}
		for _, name := range g.changedNames(c) {
			fmt.Fprintln(w, name)
		}
	}
	if o.stat {
		if !strings.HasPrefix(o.format, "oneline") {
			fmt.Fprintln(w)
		}
		g.printStat(c)
	}
}

// gitDate is git's default date format: Thu Apr 7 15:13:13 2005 -0700.
func gitDate(t time.Time) string { return t.Format("Mon Jan 2 15:04:05 2006 -0700") }

func gitSplitMessage(m string) (string, string) {
	m = strings.TrimLeft(m, "\n")
	subject, body, _ := strings.Cut(m, "\n\n")
	return strings.ReplaceAll(strings.TrimRight(subject, "\n"), "\n", " "), strings.TrimRight(body, "\n")
}

// expandFormat expands the common --format placeholders.
func (g *gitRun) expandFormat(f string, c *object.Commit) string {
	var b strings.Builder
	subject, body := gitSplitMessage(c.Message)
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		two := ""
		if i+1 < len(f) {
			two = f[i : i+2]
		}
		switch {
		case f[i] == 'H':
			b.WriteString(c.Hash.String())
		case f[i] == 'h':
			b.WriteString(g.short(c.Hash))
		case f[i] == 'T':
			b.WriteString(c.TreeHash.String())
		case f[i] == 't':
			b.WriteString(c.TreeHash.String()[:7])
		case f[i] == 'P' || f[i] == 'p':
			var ps []string
			for _, h := range c.ParentHashes {
				if f[i] == 'P' {
					ps = append(ps, h.String())
				} else {
					ps = append(ps, h.String()[:7])
				}
			}
			b.WriteString(strings.Join(ps, " "))
		case f[i] == 's':
			b.WriteString(subject)
		case f[i] == 'b':
			if body != "" {
				b.WriteString(body + "\n")
			}
		case f[i] == 'B':
			b.WriteString(c.Message)
		case f[i] == 'n':
			b.WriteByte('\n')
		case f[i] == '%':
			b.WriteByte('%')
		case f[i] == 'd' || f[i] == 'D':
			b.WriteString(g.decoration(c.Hash, f[i] == 'd'))
		case two == "an" || two == "cn":
			b.WriteString(gitWho(c, two[0]).Name)
			i++
		case two == "ae" || two == "ce":
			b.WriteString(gitWho(c, two[0]).Email)
			i++
		case two == "ad" || two == "cd":
			b.WriteString(gitDate(gitWho(c, two[0]).When))
			i++
		case two == "ar" || two == "cr":
			b.WriteString(gitRelative(g.p.Now().Sub(gitWho(c, two[0]).When)))
			i++
		case two == "at" || two == "ct":
			b.WriteString(strconv.FormatInt(gitWho(c, two[0]).When.Unix(), 10))
			i++
		case two == "aI" || two == "cI":
			b.WriteString(gitWho(c, two[0]).When.Format("2006-01-02T15:04:05-07:00"))
			i++
		case two == "ai" || two == "ci":
			b.WriteString(gitWho(c, two[0]).When.Format("2006-01-02 15:04:05 -0700"))
			i++
		case two == "as" || two == "cs":
			b.WriteString(gitWho(c, two[0]).When.Format("2006-01-02"))
			i++
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

func gitWho(c *object.Commit, who byte) object.Signature {
	if who == 'c' {
		return c.Committer
	}
	return c.Author
}

// gitRelative is git's relative date (%ar) for the common ranges.
func gitRelative(d time.Duration) string {
	s := int64(d.Seconds())
	unit := func(n int64, name string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s ago", n, name)
		}
		return fmt.Sprintf("%d %ss ago", n, name)
	}
	switch {
	case s < 0:
		return "in the future"
	case s < 90:
		return unit(s, "second")
	case s < 90*60:
		return unit((s+30)/60, "minute")
	case s < 36*3600:
		return unit((s+1800)/3600, "hour")
	case s < 14*86400:
		return unit((s+43200)/86400, "day")
	case s < 70*86400:
		return unit((s+3*86400)/(7*86400), "week")
	case s < 365*86400:
		return unit((s+15*86400)/(30*86400), "month")
	}
	return unit((s+183*86400)/(365*86400), "year")
}

// decoration is %d's " (HEAD -> master, tag: v1)" (%D without the
// parentheses and space).
func (g *gitRun) decoration(h plumbing.Hash, paren bool) string {
	var names []string
	head, _ := g.repo.Storer.Reference(plumbing.HEAD)
	refs, err := g.repo.References()
	if err != nil {
		return ""
	}
	var branches, tags []string
	headHere := false
	refs.ForEach(func(r *plumbing.Reference) error {
		if r.Type() != plumbing.HashReference || r.Hash() != h {
			return nil
		}
		switch {
		case r.Name().IsBranch():
			if head != nil && head.Type() == plumbing.SymbolicReference && head.Target() == r.Name() {
				headHere = true
				names = append([]string{"HEAD -> " + r.Name().Short()}, names...)
				return nil
			}
			branches = append(branches, r.Name().Short())
		case r.Name().IsTag():
			tags = append(tags, "tag: "+r.Name().Short())
		}
		return nil
	})
	if !headHere && head != nil && head.Type() == plumbing.HashReference && head.Hash() == h {
		names = append([]string{"HEAD"}, names...)
	}
	names = append(names, tags...)
	names = append(names, branches...)
	if len(names) == 0 {
		return ""
	}
	if paren {
		return " (" + strings.Join(names, ", ") + ")"
	}
	return strings.Join(names, ", ")
}

// changedNames are the files c changed, sorted.
func (g *gitRun) changedNames(c *object.Commit) []string {
	changes := g.commitChanges(c)
	var names []string
	for _, ch := range changes {
		n := ch.To.Name
		if n == "" {
			n = ch.From.Name
		}
		names = append(names, gitQuote(n))
	}
	return names
}

func (g *gitRun) commitChanges(c *object.Commit) object.Changes {
	tree, err := c.Tree()
	if err != nil {
		return nil
	}
	var parent *object.Tree
	if c.NumParents() > 0 {
		if pc, err := c.Parent(0); err == nil {
			parent, _ = pc.Tree()
		}
	}
	changes, _ := object.DiffTree(parent, tree)
	return changes
}

// printStat prints --stat: one line per file with a bar, then the total.
func (g *gitRun) printStat(c *object.Commit) {
	changes := g.commitChanges(c)
	type row struct {
		name     string
		ins, del int
	}
	var rows []row
	width, most, ins, del := 0, 0, 0, 0
	for _, ch := range changes {
		n := ch.To.Name
		if n == "" {
			n = ch.From.Name
		}
		a, d := gitChangeCounts(ch)
		rows = append(rows, row{gitQuote(n), a, d})
		width = max(width, len(gitQuote(n)))
		most = max(most, a+d)
		ins += a
		del += d
	}
	numWidth := len(strconv.Itoa(most))
	barMax := 80 - width - numWidth - 4
	for _, r := range rows {
		a, d := r.ins, r.del
		if most > barMax && barMax > 0 {
			a = (a*barMax + most - 1) / most
			d = (d*barMax + most - 1) / most
		}
		bar := strings.Repeat("+", a) + strings.Repeat("-", d)
		fmt.Fprintf(g.p.Stdout, " %-*s | %*d %s\n", width, r.name, numWidth, r.ins+r.del, bar)
	}
	fmt.Fprintln(g.p.Stdout, gitShortStat(len(rows), ins, del))
}
