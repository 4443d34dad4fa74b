package builtins

// git diff, and show's patch.

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/shellfence/shellfence/patch"
)

// gitBlob is one side of a file in a diff.
type gitBlob struct {
	hash plumbing.Hash
	mode filemode.FileMode
	data func() ([]byte, error)
}

// gitSide is a snapshot: the index, a tree or the work tree.
type gitSide map[string]gitBlob

type gitDiffOpts struct {
	context                                    int
	stat, numstat, nameOnly, nameStatus, quiet bool
	exitCode                                   bool
	paths                                      []string
	unmerged                                   map[string]bool // --cached: paths with conflict stages
}

func gitDiff(g *gitRun, args []string) int {
	o := gitDiffOpts{context: 3}
	cached := false
	var revs []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--cached" || a == "--staged":
			cached = true
		case a == "--stat":
			o.stat = true
		case a == "--numstat":
			o.numstat = true
		case a == "--name-only":
			o.nameOnly = true
		case a == "--name-status":
			o.nameStatus = true
		case a == "--quiet":
			o.quiet, o.exitCode = true, true
		case a == "--exit-code":
			o.exitCode = true
		case a == "--no-color" || a == "--no-ext-diff" || a == "--color=never" || a == "-p" || a == "--patch":
		case strings.HasPrefix(a, "-U") || strings.HasPrefix(a, "--unified="):
			v := strings.TrimPrefix(strings.TrimPrefix(a, "-U"), "--unified=")
			n, err := strconv.Atoi(v)
			if err != nil {
				return g.fatal(fmt.Sprintf("%s expects a numerical value", a))
			}
			o.context = n
		case a == "--":
			o.paths = append(o.paths, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-"):
			return g.fatal(fmt.Sprintf("invalid option: %s", a))
		default:
			revs = append(revs, a)
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if len(revs) == 1 && strings.Contains(revs[0], "..") {
		a, b, _ := strings.Cut(revs[0], "..")
		revs = []string{a, b}
	}
	var old, cur gitSide
	var err error
	switch {
	case len(revs) == 2:
		if old, err = g.treeSide(revs[0]); err == nil {
			cur, err = g.treeSide(revs[1])
		}
	case len(revs) == 1 && cached:
		if old, err = g.treeSide(revs[0]); err == nil {
			cur, o.unmerged, err = g.stagedSide()
		}
	case len(revs) == 1:
		if old, err = g.treeSide(revs[0]); err == nil {
			cur, err = g.workSide(old)
		}
	case cached:
		if old, err = g.treeSide("HEAD"); err != nil {
			old, err = gitSide{}, nil
		}
		if err == nil {
			cur, o.unmerged, err = g.stagedSide()
		}
	default:
		if old, err = g.indexSide(); err == nil {
			cur, err = g.workSide(old)
		}
	}
	if err != nil {
		return g.fatal(err.Error())
	}
	changed := g.writeDiff(old, cur, &o)
	if o.exitCode && changed {
		return 1
	}
	return 0
}

// treeSide is the tree of rev.
func (g *gitRun) treeSide(rev string) (gitSide, error) {
	h, err := g.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return nil, fmt.Errorf("ambiguous argument '%s': unknown revision or path not in the working tree.\nUse '--' to separate paths from revisions, like this:\n'git <command> [<revision>...] -- [<file>...]'", rev)
	}
	c, err := g.repo.CommitObject(*h)
	if err != nil {
		return nil, err
	}
	return g.commitSide(c)
}

func (g *gitRun) commitSide(c *object.Commit) (gitSide, error) {
	tree, err := c.Tree()
	if err != nil {
		return nil, err
	}
	// A walk of the trees, not tree.Files(), which reads every blob.
	side := gitSide{}
	w := object.NewTreeWalker(tree, true, nil)
	defer w.Close()
	for {
		name, e, err := w.Next()
		if err == io.EOF {
			return side, nil
		}
		if err != nil {
			return nil, err
		}
		if e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
			continue
		}
		side[name] = gitBlob{e.Hash, e.Mode, g.blobData(e.Hash)}
	}
}

func (g *gitRun) blobData(h plumbing.Hash) func() ([]byte, error) {
	return func() ([]byte, error) {
		b, err := g.repo.BlobObject(h)
		if err != nil {
			return nil, err
		}
		r, err := b.Reader()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return io.ReadAll(r)
	}
}

// indexSide is the index.
func (g *gitRun) indexSide() (gitSide, error) {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil, err
	}
	side := gitSide{}
	for _, e := range idx.Entries {
		side[e.Name] = gitBlob{e.Hash, e.Mode, g.blobData(e.Hash)}
	}
	return side, nil
}

// workSide is the work tree's version of the files of like. A file whose
// stat data matches its index entry (and is older than the index) has the
// entry's hash, as git trusts it; the others are hashed as a stream. The
// contents are read when a patch needs them.
func (g *gitRun) workSide(like gitSide) (gitSide, error) {
	idx, err := g.repo.Storer.Index()
	if err != nil {
		return nil, err
	}
	w := &statWalk{g: g, idx: idx}
	entries := make(map[string]*index.Entry, len(idx.Entries))
	for _, e := range idx.Entries {
		entries[e.Name] = e
	}
	side := gitSide{}
	infos := g.workInfos(like)
	for name := range like {
		abs := path.Join(g.top, name)
		fi, ok := infos[name]
		if !ok {
			continue
		}
		if !fi.Mode().IsRegular() && fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		mode, err := filemode.NewFromOSFileMode(fi.Mode())
		if err != nil {
			continue
		}
		if ie, ok := entries[name]; ok && ie.Stage == 0 && !w.changed(name, ie, fi) {
			side[name] = gitBlob{ie.Hash, ie.Mode, g.blobData(ie.Hash)}
			continue
		}
		h, err := g.hashWorkFile(name, fi)
		if err != nil {
			continue
		}
		side[name] = gitBlob{h, mode, g.workData(abs, fi)}
	}
	return side, nil
}

// workInfos are the work tree's file infos of the names of like, read a
// directory at a time (a directory listing costs less than a lookup of
// each path).
func (g *gitRun) workInfos(like gitSide) map[string]fs.FileInfo {
	dirs := map[string]bool{}
	for name := range like {
		dirs[path.Dir(name)] = true
	}
	infos := make(map[string]fs.FileInfo, len(like))
	for d := range dirs {
		ents, err := g.p.FS.ReadDirStat(path.Join(g.top, d))
		if err != nil {
			continue
		}
		for _, e := range ents {
			n := path.Join(d, e.Name())
			if _, ok := like[n]; !ok {
				continue
			}
			if fi, err := e.Info(); err == nil {
				infos[n] = fi
			}
		}
	}
	return infos
}

// workData reads the work tree's file abs when called.
func (g *gitRun) workData(abs string, fi fs.FileInfo) func() ([]byte, error) {
	return func() ([]byte, error) {
		if fi.Mode()&fs.ModeSymlink != 0 {
			t, err := g.p.FS.ReadlinkIfPossible(abs)
			return []byte(t), err
		}
		return g.readFile(abs)
	}
}

// writeDiff prints the differences of old and cur in the chosen form and
// reports whether there were any.
func (g *gitRun) writeDiff(old, cur gitSide, o *gitDiffOpts) bool {
	names := map[string]bool{}
	for n := range old {
		names[n] = true
	}
	for n := range cur {
		names[n] = true
	}
	var list []string
	for n := range names {
		a, aok := old[n]
		b, bok := cur[n]
		if aok && bok && a.hash == b.hash && a.mode == b.mode && !o.unmerged[n] {
			continue
		}
		if len(o.paths) > 0 && !g.inPaths(n, o.paths) {
			continue
		}
		list = append(list, n)
	}
	sort.Strings(list)
	if o.quiet {
		return len(list) > 0
	}
	type count struct {
		name     string
		ins, del int
		binary   bool
		unmerged bool
	}
	var counts []count
	w := g.p.Stdout
	for _, n := range list {
		a, aok := old[n]
		b, bok := cur[n]
		switch {
		case o.unmerged[n] && (o.stat || o.numstat):
			counts = append(counts, count{name: n, unmerged: true})
			continue
		case o.unmerged[n]:
			writeUnmerged(w, n, 0, o)
			continue
		case o.nameOnly:
			fmt.Fprintln(w, gitQuote(n))
			continue
		case o.nameStatus:
			st := "M"
			if !aok {
				st = "A"
			} else if !bok {
				st = "D"
			}
			fmt.Fprintf(w, "%s\t%s\n", st, gitQuote(n))
			continue
		}
		x, y := gitContent(a, aok), gitContent(b, bok)
		if o.stat || o.numstat {
			ins, del, bin := gitCount(x, y)
			counts = append(counts, count{name: n, ins: ins, del: del, binary: bin})
			continue
		}
		g.filePatch(n, a, aok, b, bok, x, y, o.context)
	}
	if o.numstat {
		for _, c := range counts {
			if c.unmerged {
				writeUnmerged(w, c.name, 0, o)
			} else if c.binary {
				fmt.Fprintf(w, "-\t-\t%s\n", gitQuote(c.name))
			} else {
				fmt.Fprintf(w, "%d\t%d\t%s\n", c.ins, c.del, gitQuote(c.name))
			}
		}
	} else if o.stat && len(counts) > 0 {
		width, most, ins, del, files := 0, 0, 0, 0, 0
		for _, c := range counts {
			if !c.unmerged {
				files++
			}
			width = max(width, len(gitQuote(c.name)))
			most = max(most, c.ins+c.del)
			ins += c.ins
			del += c.del
		}
		numWidth := len(strconv.Itoa(most))
		for _, c := range counts {
			if c.unmerged {
				writeUnmerged(w, c.name, width, o)
				continue
			}
			if c.binary {
				fmt.Fprintf(w, " %-*s | Bin\n", width, gitQuote(c.name))
				continue
			}
			fmt.Fprintf(w, " %-*s | %*d %s\n", width, gitQuote(c.name), numWidth, c.ins+c.del, strings.Repeat("+", c.ins)+strings.Repeat("-", c.del))
		}
		if files == 0 {
			fmt.Fprintln(w, " 0 files changed")
		} else {
			fmt.Fprintln(w, gitShortStat(files, ins, del))
		}
	}
	return len(list) > 0
}

func (g *gitRun) inPaths(n string, paths []string) bool {
	for _, p := range paths {
		rel, ok := g.pathspec(p)
		if ok && gitUnder(n, rel) {
			return true
		}
	}
	return false
}

func gitContent(b gitBlob, ok bool) []byte {
	if !ok {
		return nil
	}
	data, err := b.data()
	if err != nil {
		return nil
	}
	return data
}

// gitBinary is git's test: a NUL in the first 8000 bytes.
func gitBinary(b []byte) bool { return bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 }

func gitCount(x, y []byte) (int, int, bool) {
	if gitBinary(x) || gitBinary(y) {
		return 0, 0, true
	}
	s := patch.Compare(x, y, 0, patch.Options{})
	var buf bytes.Buffer
	s.WriteUnified(&buf, patch.Header{OldName: "a", NewName: "b"}, 0)
	ins, del := 0, 0
	for i, l := range bytes.Split(buf.Bytes(), []byte{'\n'}) {
		if i < 2 || len(l) == 0 {
			continue
		}
		switch l[0] {
		case '+':
			ins++
		case '-':
			del++
		}
	}
	return ins, del, false
}

// filePatch prints one file's git patch.
func (g *gitRun) filePatch(n string, a gitBlob, aok bool, b gitBlob, bok bool, x, y []byte, ctx int) {
	w := g.p.Stdout
	an, bn := gitQuote("a/"+n), gitQuote("b/"+n)
	fmt.Fprintf(w, "diff --git %s %s\n", an, bn)
	ah, bh := "0000000", "0000000"
	if aok {
		ah = a.hash.String()[:7]
	}
	if bok {
		bh = b.hash.String()[:7]
	}
	switch {
	case !aok:
		fmt.Fprintf(w, "new file mode %o\nindex %s..%s\n", uint32(b.mode), ah, bh)
		an = "/dev/null"
	case !bok:
		fmt.Fprintf(w, "deleted file mode %o\nindex %s..%s\n", uint32(a.mode), ah, bh)
		bn = "/dev/null"
	case a.mode != b.mode:
		fmt.Fprintf(w, "old mode %o\nnew mode %o\n", uint32(a.mode), uint32(b.mode))
		if a.hash != b.hash {
			fmt.Fprintf(w, "index %s..%s\n", ah, bh)
		}
	default:
		fmt.Fprintf(w, "index %s..%s %o\n", ah, bh, uint32(a.mode))
	}
	if a.hash == b.hash && aok && bok || len(x) == 0 && len(y) == 0 {
		return
	}
	if gitBinary(x) || gitBinary(y) {
		fmt.Fprintf(w, "Binary files %s and %s differ\n", an, bn)
		return
	}
	s := patch.Compare(x, y, ctx, patch.Options{})
	s.WriteUnified(w, patch.Header{OldName: an, NewName: bn}, ctx)
}

func gitShow(g *gitRun, args []string) int {
	rev := "HEAD"
	o := gitLogOpts{max: 1}
	for _, a := range args {
		switch {
		case a == "--stat":
			o.stat = true
		case a == "--name-only":
			o.nameOnly = true
		case a == "--oneline":
			o.format = "oneline"
		case strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "--pretty=format:"):
			o.format = "format:" + strings.TrimPrefix(strings.SplitN(a, "=", 2)[1], "format:")
		case a == "--no-color" || a == "--no-patch" || a == "-s":
			if a != "--no-color" {
				o.format = "nopatch:" + o.format
			}
		case strings.HasPrefix(a, "-"):
			return g.fatal(fmt.Sprintf("unrecognized argument: %s", a))
		default:
			rev = a
		}
	}
	if c := g.open(); c != 0 {
		return c
	}
	if r, file, ok := strings.Cut(rev, ":"); ok {
		return g.showFile(r, file)
	}
	h, code := g.startCommit(rev)
	if code != 0 {
		return code
	}
	c, err := g.repo.CommitObject(h)
	if err != nil {
		return g.fatal(err.Error())
	}
	noPatch := strings.HasPrefix(o.format, "nopatch:")
	o.format = strings.TrimPrefix(o.format, "nopatch:")
	g.printCommit(c, &o, true)
	if noPatch || o.stat || o.nameOnly {
		return 0
	}
	cur, err := g.commitSide(c)
	if err != nil {
		return g.fatal(err.Error())
	}
	old := gitSide{}
	if c.NumParents() > 0 {
		if pc, err := c.Parent(0); err == nil {
			old, _ = g.commitSide(pc)
		}
	}
	if o.format == "" {
		fmt.Fprintln(g.p.Stdout)
	}
	g.writeDiff(old, cur, &gitDiffOpts{context: 3})
	return 0
}

// showFile is git show REV:PATH.
func (g *gitRun) showFile(rev, file string) int {
	if rev == "" {
		rev = "HEAD"
	}
	side, err := g.treeSide(rev)
	if err != nil {
		return g.fatal(err.Error())
	}
	b, ok := side[strings.TrimPrefix(file, "./")]
	if !ok {
		return g.fatal(fmt.Sprintf("path '%s' does not exist in '%s'", file, rev))
	}
	data, err := b.data()
	if err != nil {
		return g.fatal(err.Error())
	}
	g.p.Stdout.Write(data)
	return 0
}
