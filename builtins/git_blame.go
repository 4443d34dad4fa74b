package builtins

// git blame - show the commit that last changed each line
//
//	git blame [-s] [-e] [-L START[,END]] [REV] [--] FILE
//
// git 2.39's default format: the hash (8 digits; a boundary commit, the
// root, as ^ and 7), the author (or <email> with -e) padded to the
// longest, the author date in ISO form, the line number, the line. -s
// leaves out author and date. Lines are handed from a commit to each
// parent in turn by the project's line diff; lines no parent has are the
// commit's own. Without REV the work tree's file is blamed and its
// changed lines are "Not Committed Yet". Renames are not followed.

import (
	"container/heap"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/shellfence/shellfence/patch"
)

// gitBlameLine is the commit a line of the final file came from.
type gitBlameLine struct {
	commit   *object.Commit // nil: not committed yet
	boundary bool
}

// gitSuspect is a commit still holding lines: the file's content there,
// and which of its lines (0-based) are which final lines.
type gitSuspect struct {
	commit *object.Commit
	data   []byte
	lines  map[int]int // line of data -> final line
}

type gitSuspects []*gitSuspect

func (q gitSuspects) Len() int { return len(q) }
func (q gitSuspects) Less(i, j int) bool {
	return q[i].commit.Committer.When.After(q[j].commit.Committer.When)
}
func (q gitSuspects) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *gitSuspects) Push(x any)   { *q = append(*q, x.(*gitSuspect)) }
func (q *gitSuspects) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

type gitBlameOpts struct {
	noAuthor, email bool
	from, to        int // 1-based, 0: unset
	rev, file       string
}

func gitBlame(g *gitRun, args []string) int {
	o, c := gitBlameArgs(g, args)
	if c != 0 {
		return c
	}
	if c := g.open(); c != 0 {
		return c
	}
	rel, ok := g.pathspec(o.file)
	if !ok {
		return g.fatal(fmt.Sprintf("%s: '%s' is outside repository at '%s'", o.file, o.file, g.top))
	}
	rev := o.rev
	if rev == "" {
		rev = "HEAD"
	}
	h, err := g.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return g.fatal(fmt.Sprintf("bad revision '%s'", rev))
	}
	head, err := g.repo.CommitObject(*h)
	if err != nil {
		return g.fatal(err.Error())
	}
	data, ok := g.blameFile(head, rel)
	if !ok {
		return g.fatal(fmt.Sprintf("no such path '%s' in %s", rel, rev))
	}
	final := data
	if o.rev == "" {
		if final, err = g.readFile(path.Join(g.top, rel)); err != nil {
			return g.fatal(fmt.Sprintf("cannot stat path '%s': No such file or directory", rel))
		}
	}
	lines := gitLines(final)
	from, to := 1, len(lines)
	if o.from > 0 {
		if o.from > len(lines) {
			return g.fatal(fmt.Sprintf("file %s has only %d lines", rel, len(lines)))
		}
		from = o.from
		if o.to > 0 {
			to = min(o.to, len(lines))
		}
	}
	out := g.blameLines(head, rel, data, final, len(lines), o.rev == "")
	g.printBlame(out[from-1:to], lines[from-1:to], from, o)
	return 0
}

func gitBlameArgs(g *gitRun, args []string) (*gitBlameOpts, int) {
	o := &gitBlameOpts{}
	var ops []string
	dash := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case dash || !strings.HasPrefix(a, "-") || a == "-":
			ops = append(ops, a)
		case a == "--":
			dash = true
		case a == "-s":
			o.noAuthor = true
		case a == "-e" || a == "--show-email":
			o.email = true
		case a == "-L" && i+1 < len(args) || strings.HasPrefix(a, "-L") && len(a) > 2:
			r := strings.TrimPrefix(a, "-L")
			if r == "" {
				i++
				r = args[i]
			}
			if !o.lineRange(r) {
				return nil, g.fatal("-L parameter '" + r + "': only START[,END] line numbers are supported here")
			}
		default:
			return nil, g.fatal(fmt.Sprintf("git blame: option '%s' is not supported here", a))
		}
	}
	switch len(ops) {
	case 1:
		o.file = ops[0]
	case 2:
		o.rev, o.file = ops[0], ops[1]
	default:
		fmt.Fprintln(g.p.Stderr, "usage: git blame [<options>] [<rev-opts>] [<rev>] [--] <file>")
		return nil, 129
	}
	return o, 0
}

// lineRange reads START[,END].
func (o *gitBlameOpts) lineRange(r string) bool {
	a, b, comma := strings.Cut(r, ",")
	n, err := strconv.Atoi(a)
	if err != nil || n < 1 {
		return false
	}
	o.from = n
	if comma && b != "" {
		m, err := strconv.Atoi(b)
		if err != nil || m < n {
			return false
		}
		o.to = m
	}
	return true
}

// blameFile is the file rel's content in commit c.
func (g *gitRun) blameFile(c *object.Commit, rel string) ([]byte, bool) {
	f, err := c.File(rel)
	if err != nil {
		return nil, false
	}
	s, err := f.Contents()
	if err != nil {
		return nil, false
	}
	return []byte(s), true
}

// blameLines finds each final line's commit, starting at head (whose
// content is data) or, when work is set, at the work tree's final.
func (g *gitRun) blameLines(head *object.Commit, rel string, data, final []byte, n int, work bool) []gitBlameLine {
	out := make([]gitBlameLine, n)
	start := &gitSuspect{commit: head, data: data, lines: map[int]int{}}
	if work {
		for i, j := range gitMapLines(data, final) {
			if j >= 0 {
				start.lines[j] = i
			}
		}
	} else {
		for i := 0; i < n; i++ {
			start.lines[i] = i
		}
	}
	q := &gitSuspects{start}
	byHash := map[plumbing.Hash]*gitSuspect{head.Hash: start}
	for q.Len() > 0 {
		s := heap.Pop(q).(*gitSuspect)
		delete(byHash, s.commit.Hash)
		parents := s.commit.ParentHashes
		for _, ph := range parents {
			if len(s.lines) == 0 {
				break
			}
			p, err := g.repo.CommitObject(ph)
			if err != nil {
				continue
			}
			pdata, ok := g.blameFile(p, rel)
			if !ok {
				continue
			}
			ps := byHash[ph]
			if ps == nil {
				ps = &gitSuspect{commit: p, data: pdata, lines: map[int]int{}}
			}
			moved := false
			for pi, ci := range gitMapLines(s.data, pdata) {
				if ci < 0 {
					continue
				}
				if f, ok := s.lines[ci]; ok {
					ps.lines[pi] = f
					delete(s.lines, ci)
					moved = true
				}
			}
			if moved && byHash[ph] == nil {
				byHash[ph] = ps
				heap.Push(q, ps)
			}
		}
		for _, f := range s.lines {
			out[f] = gitBlameLine{commit: s.commit, boundary: len(parents) == 0}
		}
	}
	return out
}

// gitMapLines is, for each line of to (0-based), the line of from it is
// unchanged from as the line diff pairs them, or -1 for an added line.
func gitMapLines(from, to []byte) []int {
	changes := patch.Compare(from, to, 0, patch.Options{}).Changes
	m := make([]int, len(gitLines(to)))
	oi, ni := 0, 0
	for _, c := range changes {
		for ni < c.New {
			m[ni] = oi
			oi, ni = oi+1, ni+1
		}
		for k := 0; k < c.Inserted; k++ {
			m[ni] = -1
			ni++
		}
		oi = c.Old + c.Deleted
	}
	for ni < len(m) {
		m[ni] = oi
		oi, ni = oi+1, ni+1
	}
	return m
}

// printBlame prints lines from first on in git's default format.
func (g *gitRun) printBlame(out []gitBlameLine, lines [][]byte, first int, o *gitBlameOpts) {
	names := make([]string, len(out))
	width := 0
	for i, l := range out {
		switch {
		case l.commit == nil && o.email:
			names[i] = "<not.committed.yet>"
		case l.commit == nil:
			names[i] = "Not Committed Yet"
		case o.email:
			names[i] = "<" + l.commit.Author.Email + ">"
		default:
			names[i] = l.commit.Author.Name
		}
		width = max(width, utf8.RuneCountInString(names[i]))
	}
	digits := len(strconv.Itoa(first + len(out) - 1))
	w := g.p.Stdout
	for i, l := range out {
		hash, when := "00000000", g.p.Now().In(g.loc())
		if l.commit != nil {
			hash, when = l.commit.Hash.String()[:8], l.commit.Author.When
			if l.boundary {
				hash = "^" + hash[:7]
			}
		}
		fmt.Fprint(w, hash)
		if !o.noAuthor {
			fmt.Fprintf(w, " (%s%*s %s", names[i], width-utf8.RuneCountInString(names[i]), "", when.Format("2006-01-02 15:04:05 -0700"))
		}
		fmt.Fprintf(w, " %*d) %s", digits, first+i, lines[i])
		if len(lines[i]) == 0 || lines[i][len(lines[i])-1] != '\n' {
			fmt.Fprintln(w)
		}
	}
}
