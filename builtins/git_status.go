package builtins

// git status, and the diffstat summary git commit prints.

import (
	"fmt"
	"path"
	"sort"
	"strings"

	gogit "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// short is the abbreviated hash git prints (7 digits).
func (g *gitRun) short(h plumbing.Hash) string { return h.String()[:7] }

// gitEntry is one path of the status.
type gitEntry struct {
	path           string
	staged, worked gogit.StatusCode
	from           string // a staged rename's old name
	unmerged       bool   // a conflict: staged and worked are git's XY letters
}

// statusEntries are the status's paths, sorted, untracked directories
// collapsed to dir/ as git shows them (unless all).
func (g *gitRun) statusEntries(all bool) ([]gitEntry, error) {
	head, _ := g.treeSide("HEAD")
	st, err := g.worktreeStatus(head)
	if err != nil {
		return nil, err
	}
	tracked := map[string]bool{}
	if idx, err := g.repo.Storer.Index(); err == nil {
		for _, e := range idx.Entries {
			for d := path.Dir(e.Name); d != "."; d = path.Dir(d) {
				tracked[d] = true
			}
		}
	}
	seen := map[string]bool{}
	var out []gitEntry
	for p, fs := range st {
		if _, inHead := head[p]; inHead && fs.Worktree == gogit.Untracked {
			fs.Staging = gogit.Deleted
		}
		if fs.Staging == gogit.Unmodified && fs.Worktree == gogit.Unmodified {
			continue
		}
		if fs.Worktree == gogit.Untracked && fs.Staging != gogit.Unmodified && fs.Staging != gogit.Untracked {
			// Staged for deletion and back as an untracked file.
			out = append(out, gitEntry{path: p, staged: fs.Staging, worked: gogit.Unmodified})
		}
		if fs.Worktree == gogit.Untracked && !all {
			p = collapseUntracked(p, tracked)
			if seen[p] {
				continue
			}
			seen[p] = true
		}
		st := fs.Staging
		if fs.Worktree == gogit.Untracked {
			st = gogit.Untracked
		}
		out = append(out, gitEntry{path: p, staged: st, worked: fs.Worktree})
	}
	out = g.pairRenames(g.withUnmerged(out), head)
	sort.Slice(out, func(i, j int) bool {
		ui, uj := out[i].worked == gogit.Untracked, out[j].worked == gogit.Untracked
		if ui != uj {
			return uj
		}
		return out[i].path < out[j].path
	})
	return out, nil
}

// pairRenames makes a staged deletion and a staged addition of the same
// content one staged rename, as git status shows it.
func (g *gitRun) pairRenames(out []gitEntry, head gitSide) []gitEntry {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return out
	}
	added := map[plumbing.Hash][]int{}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	for i, e := range out {
		if e.staged == gogit.Added {
			if ie, err := idx.Entry(e.path); err == nil {
				added[ie.Hash] = append(added[ie.Hash], i)
			}
		}
	}
	drop := map[int]bool{}
	for i, e := range out {
		if e.staged != gogit.Deleted || e.worked == gogit.Untracked {
			continue
		}
		b, ok := head[e.path]
		if !ok || len(added[b.hash]) == 0 {
			continue
		}
		j := added[b.hash][0]
		added[b.hash] = added[b.hash][1:]
		out[j].staged, out[j].from = gogit.Renamed, e.path
		drop[i] = true
	}
	kept := out[:0]
	for i, e := range out {
		if !drop[i] {
			kept = append(kept, e)
		}
	}
	return kept
}

// collapseUntracked is the topmost directory of p holding no tracked
// file, with a slash, or p itself.
func collapseUntracked(p string, tracked map[string]bool) string {
	parts := strings.Split(p, "/")
	for i := 1; i < len(parts); i++ {
		d := strings.Join(parts[:i], "/")
		if !tracked[d] {
			return d + "/"
		}
	}
	return p
}

func gitStatus(g *gitRun, args []string) int {
	short, porcelain, branch, all := false, false, false, false
	for _, a := range args {
		switch a {
		case "-s", "--short":
			short = true
		case "--porcelain", "--porcelain=v1":
			porcelain = true
		case "-b", "--branch":
			branch = true
		case "-uall", "--untracked-files=all", "-u":
			all = true
		case "--long", "--no-renames", "-unormal", "--untracked-files=normal":
		default:
			return g.usage(fmt.Sprintf("unknown option `%s'", strings.TrimLeft(a, "-")))
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if !short && !porcelain {
		entries, err := g.statusEntries(all)
		if err != nil {
			return g.fatal(err.Error())
		}
		gitStatusLong(g, entries, false)
		return 0
	}
	entries, err := g.statusEntries(all)
	if err != nil {
		return g.fatal(err.Error())
	}
	w := g.p.Stdout
	if branch {
		name, unborn := g.branchName()
		if unborn {
			fmt.Fprintf(w, "## No commits yet on %s\n", name)
		} else {
			fmt.Fprintf(w, "## %s\n", name)
		}
	}
	for _, e := range entries {
		p := e.path
		if !porcelain {
			p = g.rel(p)
		}
		x, y := byte(e.staged), byte(e.worked)
		if e.worked == gogit.Untracked {
			x, y = '?', '?'
		}
		if e.from != "" {
			from := e.from
			if !porcelain {
				from = g.rel(from)
			}
			p = gitQuote(from) + " -> " + gitQuote(p)
		} else {
			p = gitQuote(p)
		}
		fmt.Fprintf(w, "%c%c %s\n", x, y, p)
	}
	return 0
}

// branchName is HEAD's branch, and whether it has no commit yet.
func (g *gitRun) branchName() (string, bool) {
	ref, err := g.repo.Storer.Reference(plumbing.HEAD)
	if err != nil {
		return "HEAD", false
	}
	if ref.Type() != plumbing.SymbolicReference {
		return "HEAD (no branch)", false
	}
	_, err = g.repo.Storer.Reference(ref.Target())
	return ref.Target().Short(), err != nil
}

// gitStatusLong prints the long status. For a commit with nothing to
// commit it returns 1 and prints the same to standard output.
func gitStatusLong(g *gitRun, entries []gitEntry, forCommit bool) int {
	if entries == nil {
		var err error
		if entries, err = g.statusEntries(false); err != nil {
			return g.fatal(err.Error())
		}
	}
	w := g.p.Stdout
	name, unborn := g.branchName()
	if strings.HasPrefix(name, "HEAD") {
		fmt.Fprintln(w, "Not currently on any branch.")
	} else {
		fmt.Fprintf(w, "On branch %s\n", name)
	}
	if unborn {
		fmt.Fprint(w, "\nNo commits yet\n\n")
	}
	busy := g.printInProgress(entries)
	var staged, worked, untracked, unmerged []gitEntry
	deleted := false
	for _, e := range entries {
		if e.unmerged {
			unmerged = append(unmerged, e)
			continue
		}
		if e.worked == gogit.Untracked {
			untracked = append(untracked, e)
			continue
		}
		if e.staged != gogit.Unmodified {
			staged = append(staged, e)
		}
		if e.worked != gogit.Unmodified {
			worked = append(worked, e)
			deleted = deleted || e.worked == gogit.Deleted
		}
	}
	if len(staged) > 0 {
		hint := `  (use "git restore --staged <file>..." to unstage)`
		if unborn {
			hint = `  (use "git rm --cached <file>..." to unstage)`
		}
		if busy {
			fmt.Fprint(w, "Changes to be committed:\n")
		} else {
			fmt.Fprintf(w, "Changes to be committed:\n%s\n", hint)
		}
		for _, e := range staged {
			name := gitQuote(g.rel(e.path))
			if e.from != "" {
				name = gitQuote(g.rel(e.from)) + " -> " + name
			}
			fmt.Fprintf(w, "\t%-12s%s\n", gitLabel(e.staged), name)
		}
		fmt.Fprintln(w)
	}
	g.printUnmerged(unmerged)
	if len(worked) > 0 {
		add := `  (use "git add <file>..." to update what will be committed)`
		if deleted {
			add = `  (use "git add/rm <file>..." to update what will be committed)`
		}
		fmt.Fprintf(w, "Changes not staged for commit:\n%s\n  (use \"git restore <file>...\" to discard changes in working directory)\n", add)
		for _, e := range worked {
			fmt.Fprintf(w, "\t%-12s%s\n", gitLabel(e.worked), gitQuote(g.rel(e.path)))
		}
		fmt.Fprintln(w)
	}
	if len(untracked) > 0 {
		fmt.Fprint(w, "Untracked files:\n  (use \"git add <file>...\" to include in what will be committed)\n")
		for _, e := range untracked {
			fmt.Fprintf(w, "\t%s\n", gitQuote(g.rel(e.path)))
		}
		fmt.Fprintln(w)
	}
	switch {
	case len(staged) > 0:
	case len(worked) > 0 || len(unmerged) > 0:
		fmt.Fprint(w, "no changes added to commit (use \"git add\" and/or \"git commit -a\")\n")
	case len(untracked) > 0:
		fmt.Fprint(w, "nothing added to commit but untracked files present (use \"git add\" to track)\n")
	case unborn:
		fmt.Fprint(w, "nothing to commit (create/copy files and use \"git add\" to track)\n")
	default:
		fmt.Fprint(w, "nothing to commit, working tree clean\n")
	}
	if forCommit {
		return 1
	}
	return 0
}

func gitLabel(c gogit.StatusCode) string {
	switch c {
	case gogit.Added:
		return "new file:"
	case gogit.Deleted:
		return "deleted:"
	case gogit.Renamed:
		return "renamed:"
	case gogit.Copied:
		return "copied:"
	case gogit.UpdatedButUnmerged:
		return "both modified:"
	}
	return "modified:"
}

// gitQuote quotes a path as git does when it holds special bytes.
func gitQuote(p string) string {
	need := false
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			need = true
		}
	}
	if !need {
		return p
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// printStatSummary prints the lines after a commit's first: files
// changed, insertions, deletions, then the created and deleted files.
func (g *gitRun) printStatSummary(c *object.Commit) {
	changes := g.commitChanges(c)
	files, ins, del := 0, 0, 0
	for _, ch := range changes {
		files++
		a, d := gitChangeCounts(ch)
		ins += a
		del += d
	}
	fmt.Fprintln(g.p.Stdout, gitShortStat(files, ins, del))
	for _, m := range gitModeLines(changes) {
		fmt.Fprintln(g.p.Stdout, m)
	}
}

// gitModeLines are the summary lines of changes: created, deleted and
// renamed files and mode changes.
func gitModeLines(changes object.Changes) []string {
	var modes []string
	for _, ch := range changes {
		from, to, _ := ch.Files()
		switch {
		case from == nil && to != nil:
			modes = append(modes, fmt.Sprintf(" create mode %o %s", uint32(to.Mode), gitQuote(ch.To.Name)))
		case to == nil && from != nil:
			modes = append(modes, fmt.Sprintf(" delete mode %o %s", uint32(from.Mode), gitQuote(ch.From.Name)))
		case ch.From.Name != ch.To.Name:
			modes = append(modes, fmt.Sprintf(" rename %s (100%%)", gitStatName(ch)))
		case from != nil && to != nil && from.Mode != to.Mode:
			modes = append(modes, fmt.Sprintf(" mode change %o => %o %s", uint32(from.Mode), uint32(to.Mode), gitQuote(ch.To.Name)))
		}
	}
	return modes
}

// gitChangeCounts are a change's added and deleted lines.
func gitChangeCounts(ch *object.Change) (int, int) {
	patch, err := ch.Patch()
	if err != nil {
		return 0, 0
	}
	a, d := 0, 0
	for _, st := range patch.Stats() {
		a += st.Addition
		d += st.Deletion
	}
	return a, d
}

// gitShortStat is " N files changed, N insertions(+), N deletions(-)".
func gitShortStat(files, ins, del int) string {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, one)
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	s := " " + plural(files, "file changed", "files changed")
	if ins > 0 || del == 0 {
		s += ", " + plural(ins, "insertion(+)", "insertions(+)")
	}
	if del > 0 || ins == 0 {
		s += ", " + plural(del, "deletion(-)", "deletions(-)")
	}
	return s
}
