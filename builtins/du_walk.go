package builtins

// du: the walk (GNU's fts traversal and process_file): directories in
// the file system's order, each printed after its contents, with totals
// carried up the tree.

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/strftime"

	"github.com/shellfence/shellfence/vfs"
)

// duRun is one run of du.
type duRun struct {
	p       *Proc
	c       *duConfig
	hashAll bool
	seen    map[string]bool // files counted, by device and inode
	tot     duInfo
	ok      bool
	werr    error
}

// duTotals are a directory's sums: its entries' own sizes, and
// everything below its subdirectories.
type duTotals struct{ ent, sub duInfo }

func (r *duRun) run(files []string) int {
	for _, name := range files {
		if r.p.Cancelled() || r.werr != nil {
			break
		}
		if name == "" {
			r.error("invalid zero-length file name")
			continue
		}
		r.root(ftsRoot(name))
	}
	return r.finish()
}

// finish prints the grand total and returns the exit status.
func (r *duRun) finish() int {
	if r.c.total && r.werr == nil {
		r.print(r.tot, "total")
	}
	if r.werr != nil {
		return r.p.WriteFailed(r.werr)
	}
	if !r.ok {
		return 1
	}
	return 0
}

func (r *duRun) error(format string, args ...any) {
	if err := r.p.Flush(); err != nil && r.werr == nil {
		r.werr = err
	}
	r.p.Errorf(format, args...)
	r.ok = false
}

// root walks one operand.
func (r *duRun) root(name string) {
	fi, dangling, err := r.stat(name, r.c.deref != duPhysical)
	if err != nil {
		r.accessError(name, dangling, err)
		return
	}
	var parent duTotals
	r.visit(name, 0, fi, &parent)
}

// stat stats name, following a symlink if follow; dangling reports a
// symlink that points nowhere.
func (r *duRun) stat(name string, follow bool) (fs.FileInfo, bool, error) {
	if !follow {
		fi, err := lstatName(r.p, name)
		return fi, false, err
	}
	fi, err := r.p.Stat(name)
	if err == nil {
		return fi, false, nil
	}
	if ErrText(err) == "No such file or directory" {
		if _, lerr := r.p.Lstat(name); lerr == nil {
			return nil, true, err
		}
	}
	return nil, false, err
}

func (r *duRun) accessError(name string, dangling bool, err error) {
	if dangling {
		r.error("cannot access %s", quote.ShellAlways(name))
		return
	}
	r.error("cannot access %s: %s", quote.ShellAlways(name), ErrText(err))
}

// skip reports whether an entry is excluded or already counted.
func (r *duRun) skip(path string, fi fs.FileInfo) bool {
	if r.excluded(path) {
		return true
	}
	if r.c.countLinks {
		return false
	}
	m := vfs.MetaOf(fi)
	if !(r.hashAll || !fi.IsDir() && m.Nlink > 1) {
		return false
	}
	key := fmt.Sprintf("%d:%d", m.Dev, m.Ino)
	if m.Ino == 0 {
		// A file system without inode numbers has no hard links: the
		// path identifies the file.
		key = "path:" + r.p.Abs(path)
	}
	if r.seen[key] {
		return true
	}
	r.seen[key] = true
	return false
}

// excluded matches path against --exclude patterns, as a whole or from
// any component on.
func (r *duRun) excluded(path string) bool {
	for _, pat := range r.c.excludes {
		if fnmatch.Match(pat, path, 0) {
			return true
		}
		for i := 0; i < len(path); i++ {
			if path[i] == '/' && (i+1 >= len(path) || path[i+1] != '/') && fnmatch.Match(pat, path[i+1:], 0) {
				return true
			}
		}
	}
	return false
}

// visit accounts for path at level and adds it to its parent's totals.
func (r *duRun) visit(path string, level int, fi fs.FileInfo, parent *duTotals) {
	if r.skip(path, fi) {
		return
	}
	own := r.c.fileInfo(fi)
	if !fi.IsDir() {
		parent.ent.add(own)
		r.tot.add(own)
		r.maybePrint(own, path, level, false)
		return
	}
	var mine duTotals
	if err := r.children(path, level, &mine); err != nil {
		r.error("cannot read directory %s: %s", quote.ShellAlways(path), ErrText(err))
	}
	show := own
	show.add(mine.ent)
	if !r.c.separate {
		show.add(mine.sub)
	}
	if !r.c.separate {
		parent.ent.add(own)
	}
	parent.sub.add(mine.ent)
	parent.sub.add(mine.sub)
	r.tot.add(own)
	r.maybePrint(show, path, level, true)
}

// children visits the entries of the directory path, in fts's order.
// Their information comes with the listing (an fstatat on the open
// directory each, as GNU du's fts does), except for the links -L follows.
func (r *duRun) children(path string, level int, mine *duTotals) error {
	ents, err := r.p.FS.ReadDirFTS(r.p.Abs(path), true)
	if err != nil {
		return renamed(err, path)
	}
	for _, e := range ents {
		if r.p.Cancelled() || r.werr != nil {
			return nil
		}
		child := ftsJoin(path, e.Name())
		var fi fs.FileInfo
		var dangling bool
		if r.c.deref == duLogical && e.Type()&fs.ModeSymlink != 0 {
			fi, dangling, err = r.stat(child, true)
		} else {
			fi, err = e.Info()
			err = renamed(err, child)
		}
		if err != nil {
			r.accessError(child, dangling, err)
			continue
		}
		r.visit(child, level+1, fi, mine)
	}
	return nil
}

func (r *duRun) maybePrint(d duInfo, path string, level int, isDir bool) {
	c := r.c
	depthOK := c.maxDepth < 0 || level <= c.maxDepth
	if !(isDir && depthOK || c.all && depthOK || level == 0) {
		return
	}
	v := d.size
	if c.inodes {
		v = d.inodes
	}
	if c.threshold < 0 && v > uint64(-c.threshold) || c.threshold >= 0 && v < uint64(c.threshold) {
		return
	}
	r.print(d, path)
}

// print writes one line: size, time if asked, name.
func (r *duRun) print(d duInfo, name string) {
	if r.werr != nil {
		return
	}
	v := d.size
	if r.c.inodes {
		v = d.inodes
	}
	var b strings.Builder
	b.WriteString(human.Readable(v, r.c.humanOpts, 1, r.c.blockSize))
	if r.c.showTime {
		b.WriteString("\t" + strftime.Format(r.c.timeFmt, d.tmax.In(r.p.Loc())))
	}
	b.WriteString("\t" + name)
	if r.c.nul {
		b.WriteByte(0)
	} else {
		b.WriteByte('\n')
	}
	if _, err := r.p.Stdout.Write([]byte(b.String())); err != nil {
		r.werr = err
	}
}
