package builtins

// git log and show.

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

type gitLogOpts struct {
	format   string // "", "oneline" or a --format string
	max      int    // -n; -1: all
	stat     bool
	nameOnly bool
	patch    bool
	decorate bool
	graph    bool
	all      bool
	reverse  bool
	rev      string
	paths    []string
	authors  []*regexp.Regexp
	greps    []*regexp.Regexp
	since    *time.Time
	until    *time.Time
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
		case a == "--pretty=medium" || a == "--pretty" || a == "--no-color":
		case a == "--decorate" || a == "--decorate=short":
			o.decorate = true
		case a == "--no-decorate" || a == "--decorate=no":
			o.decorate = false
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
		case a == "-p" || a == "-u" || a == "--patch":
			o.patch = true
		case a == "--graph":
			o.graph = true
		case a == "--all":
			o.all = true
		case a == "--reverse":
			o.reverse = true
		case strings.HasPrefix(a, "--author=") || strings.HasPrefix(a, "--grep="):
			re, err := regexp.Compile(a[strings.IndexByte(a, '=')+1:])
			if err != nil {
				return g.fatal(fmt.Sprintf("invalid regular expression: %s", a))
			}
			if strings.HasPrefix(a, "--author=") {
				o.authors = append(o.authors, re)
			} else {
				o.greps = append(o.greps, re)
			}
		case gitHasDateOpt(a, "--since", "--after", "--until", "--before"):
			name, v, _ := strings.Cut(a, "=")
			t, err := gitApproxDate(v, g.p.Now().In(g.loc()))
			if err != nil {
				return g.fatal(fmt.Sprintf("invalid date: %s", v))
			}
			if name == "--since" || name == "--after" {
				o.since = &t
			} else {
				o.until = &t
			}
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
	var starts []plumbing.Hash
	if o.all {
		starts = g.allTips()
	}
	if !o.all || o.rev != "" {
		start, code := g.startCommit(o.rev)
		if code != 0 {
			return code
		}
		starts = append([]plumbing.Hash{start}, starts...)
	}
	var shown []*object.Commit
	err := g.walk(starts, func(c *object.Commit) error {
		if o.max >= 0 && len(shown) >= o.max {
			return io.EOF
		}
		if o.keep(g, c) {
			shown = append(shown, c)
		}
		return nil
	})
	if err != nil && err != io.EOF {
		return g.fatal(err.Error())
	}
	if o.reverse {
		for i, j := 0, len(shown)-1; i < j; i, j = i+1, j-1 {
			shown[i], shown[j] = shown[j], shown[i]
		}
	}
	g.printLog(shown, &o)
	return 0
}

func gitHasDateOpt(a string, names ...string) bool {
	for _, n := range names {
		if strings.HasPrefix(a, n+"=") {
			return true
		}
	}
	return false
}

// keep reports whether c passes log's filters.
func (o *gitLogOpts) keep(g *gitRun, c *object.Commit) bool {
	if o.since != nil && c.Committer.When.Before(*o.since) || o.until != nil && c.Committer.When.After(*o.until) {
		return false
	}
	if len(o.authors) > 0 && !gitAnyRegexp(o.authors, c.Author.Name+" <"+c.Author.Email+">") {
		return false
	}
	if len(o.greps) > 0 && !gitAnyRegexp(o.greps, c.Message) {
		return false
	}
	return len(o.paths) == 0 || g.touches(c, o.paths)
}

func gitAnyRegexp(res []*regexp.Regexp, s string) bool {
	for _, re := range res {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// printLog prints the commits, with --graph's column for a linear
// history.
func (g *gitRun) printLog(shown []*object.Commit, o *gitLogOpts) {
	if !o.graph {
		for i, c := range shown {
			g.printCommit(c, o, i == 0)
		}
		return
	}
	out := g.p.Stdout
	defer func() { g.p.Stdout = out }()
	for i, c := range shown {
		var buf bytes.Buffer
		g.p.Stdout = &buf
		g.printCommit(c, o, true)
		last := i == len(shown)-1
		text := strings.TrimSuffix(buf.String(), "\n")
		if text == "" && o.format != "" {
			text = ""
		}
		for j, l := range strings.Split(text, "\n") {
			switch {
			case j == 0:
				fmt.Fprintf(out, "* %s\n", l)
			case last:
				fmt.Fprintf(out, "  %s\n", l)
			default:
				fmt.Fprintf(out, "| %s\n", l)
			}
		}
		if !last && (o.format == "" || o.patch || o.stat) {
			fmt.Fprint(out, "| \n")
		}
	}
}

// allTips are the commits the branches, tags and HEAD point at.
func (g *gitRun) allTips() []plumbing.Hash {
	var tips []plumbing.Hash
	refs, err := g.repo.References()
	if err != nil {
		return nil
	}
	var names []string
	byName := map[string]plumbing.Hash{}
	refs.ForEach(func(r *plumbing.Reference) error {
		if r.Type() != plumbing.HashReference || !(r.Name().IsBranch() || r.Name().IsTag() || r.Name().IsRemote() || r.Name() == "refs/stash") {
			return nil
		}
		h := r.Hash()
		if t, err := g.repo.TagObject(h); err == nil {
			h = t.Target
		}
		names = append(names, r.Name().String())
		byName[r.Name().String()] = h
		return nil
	})
	sort.Strings(names)
	for _, n := range names {
		tips = append(tips, byName[n])
	}
	if head, err := g.repo.Head(); err == nil {
		tips = append(tips, head.Hash())
	}
	return tips
}

// walk calls fn with the commits reachable from starts in git log's
// default order: newest committer date first, ties in the order reached.
func (g *gitRun) walk(starts []plumbing.Hash, fn func(*object.Commit) error) error {
	seen := map[plumbing.Hash]bool{}
	var queue []*object.Commit
	push := func(h plumbing.Hash) error {
		if seen[h] {
			return nil
		}
		seen[h] = true
		c, err := g.repo.CommitObject(h)
		if err != nil {
			return err
		}
		i := len(queue)
		for i > 0 && queue[i-1].Committer.When.Before(c.Committer.When) {
			i--
		}
		queue = append(queue, nil)
		copy(queue[i+1:], queue[i:])
		queue[i] = c
		return nil
	}
	for _, h := range starts {
		if err := push(h); err != nil {
			return err
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if err := fn(c); err != nil {
			return err
		}
		for _, p := range c.ParentHashes {
			if err := push(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// gitApproxDate reads --since and --until dates: git's absolute forms, a
// date alone (at the current time of day, as git does), "N units ago",
// "now", "yesterday".
func gitApproxDate(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := gitParseDate(s, now.Location()); err == nil && len(s) > len("2006-01-02") {
		return t, nil
	}
	if d, err := time.ParseInLocation("2006-01-02", s, now.Location()); err == nil {
		return time.Date(d.Year(), d.Month(), d.Day(), now.Hour(), now.Minute(), now.Second(), 0, now.Location()), nil
	}
	switch s {
	case "now":
		return now, nil
	case "yesterday":
		return now.AddDate(0, 0, -1), nil
	}
	f := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, ".", " "), "_", " "))
	if len(f) == 3 && f[2] == "ago" {
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return time.Time{}, err
		}
		switch strings.TrimSuffix(f[1], "s") {
		case "second":
			return now.Add(-time.Duration(n) * time.Second), nil
		case "minute":
			return now.Add(-time.Duration(n) * time.Minute), nil
		case "hour":
			return now.Add(-time.Duration(n) * time.Hour), nil
		case "day":
			return now.AddDate(0, 0, -n), nil
		case "week":
			return now.AddDate(0, 0, -7*n), nil
		case "month":
			return now.AddDate(0, -n, 0), nil
		case "year":
			return now.AddDate(-n, 0, 0), nil
		}
	}
	return time.Time{}, fmt.Errorf("bad date %q", s)
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
	for _, ch := range g.commitChanges(c) {
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
		fmt.Fprintf(w, "%s%s %s\n", g.short(c.Hash), g.decorated(c, o), subject)
	case o.format == "oneline-full":
		fmt.Fprintf(w, "%s%s %s\n", c.Hash, g.decorated(c, o), subject)
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
		fmt.Fprintf(w, "commit %s%s\n", c.Hash, g.decorated(c, o))
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
	if o.nameOnly && c.NumParents() < 2 {
		if !strings.HasPrefix(o.format, "oneline") {
			fmt.Fprintln(w)
		}
		for _, name := range g.changedNames(c) {
			fmt.Fprintln(w, name)
		}
	}
	if o.stat && c.NumParents() < 2 {
		if !strings.HasPrefix(o.format, "oneline") {
			fmt.Fprintln(w)
		}
		g.printStat(c)
	}
	if o.patch && c.NumParents() < 2 {
		g.printPatch(c, !strings.HasPrefix(o.format, "oneline") && !o.stat)
	}
}

// decorated is " (HEAD -> master, tag: v1)" under --decorate.
func (g *gitRun) decorated(c *object.Commit, o *gitLogOpts) string {
	if !o.decorate {
		return ""
	}
	return g.decoration(c.Hash, true)
}

// printPatch prints c's changes from its first parent as a patch, after
// a blank line when blank.
func (g *gitRun) printPatch(c *object.Commit, blank bool) {
	cur, err := g.commitSide(c)
	if err != nil {
		return
	}
	old := gitSide{}
	if c.NumParents() > 0 {
		if pc, err := c.Parent(0); err == nil {
			old, _ = g.commitSide(pc)
		}
	}
	if blank {
		fmt.Fprintln(g.p.Stdout)
	}
	g.writeDiff(old, cur, &gitDiffOpts{context: 3})
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
		if r.Type() != plumbing.HashReference {
			return nil
		}
		target := r.Hash()
		if r.Name().IsTag() {
			if t, err := g.repo.TagObject(target); err == nil {
				target = t.Target
			}
		}
		if target != h {
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
	var names []string
	for _, ch := range g.commitChanges(c) {
		names = append(names, gitQuote(gitChangeName(ch)))
	}
	return names
}

// commitChanges are c's changes from its first parent (from nothing for
// a root commit), exact renames paired as git pairs them.
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
	return g.treeChanges(parent, tree)
}

// treeChanges are the changes from tree parent (nil: empty) to tree,
// exact renames paired, sorted by name.
func (g *gitRun) treeChanges(parent, tree *object.Tree) object.Changes {
	changes, _ := object.DiffTreeWithOptions(g.p.Ctx, parent, tree, &object.DiffTreeOptions{DetectRenames: true, OnlyExactRenames: true})
	sort.SliceStable(changes, func(i, j int) bool { return gitChangeName(changes[i]) < gitChangeName(changes[j]) })
	return changes
}

// gitChangeName is the name a change is listed under: the new one.
func gitChangeName(ch *object.Change) string {
	if ch.To.Name != "" {
		return ch.To.Name
	}
	return ch.From.Name
}

// gitStatName is a change's name in --stat: a rename as
// "dir/{old => new}" with the common leading and trailing directories
// outside the braces.
func gitStatName(ch *object.Change) string {
	from, to := ch.From.Name, ch.To.Name
	if from == "" || to == "" || from == to {
		return gitQuote(gitChangeName(ch))
	}
	pre := 0
	for i := 0; i < min(len(from), len(to)); i++ {
		if from[i] != to[i] {
			break
		}
		if from[i] == '/' {
			pre = i + 1
		}
	}
	suf := 0
	for i := 1; i <= min(len(from), len(to))-pre; i++ {
		if from[len(from)-i] != to[len(to)-i] {
			break
		}
		if from[len(from)-i] == '/' {
			suf = i
		}
	}
	if pre == 0 && suf == 0 {
		return from + " => " + to
	}
	return from[:pre] + "{" + from[pre:len(from)-suf] + " => " + to[pre:len(to)-suf] + "}" + from[len(from)-suf:]
}

// printStat prints --stat: one line per file with a bar, then the total.
func (g *gitRun) printStat(c *object.Commit) { g.printChangeStat(g.commitChanges(c)) }

// printChangeStat prints the --stat lines of changes and their total.
func (g *gitRun) printChangeStat(changes object.Changes) {
	type row struct {
		name     string
		ins, del int
	}
	var rows []row
	width, most, ins, del := 0, 0, 0, 0
	for _, ch := range changes {
		n := gitStatName(ch)
		a, d := gitChangeCounts(ch)
		rows = append(rows, row{n, a, d})
		width = max(width, len(n))
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
