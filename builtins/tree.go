package builtins

// tree - list contents of directories in a tree-like format
//
//	tree [-adfFhisJ] [-L LEVEL] [-I PATTERN] [-P PATTERN] [--dirsfirst] [--noreport] [DIR]...
//
// Options: -a (hidden files), -d (directories only), -f (full path
// prefix), -F (append / * @ | = as ls -F), -h (human sizes), -i (no
// indentation lines), -s (sizes), -J (JSON), -L LEVEL (depth),
// -I PATTERN (exclude names matching; alternatives separated by |),
// -P PATTERN (list only files matching), --dirsfirst, --noreport,
// --charset=ascii, -n/-C (colour never/always: accepted, no colour).
// As tree 2.1.0: names sorted in byte order, symlinks shown with their
// targets and not followed, the report counting every directory listed
// and the top directory when it has entries.

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
)

type treeOpts struct {
	all, dirsOnly, full, classify, humanSize, noIndent, size bool
	json, dirsFirst, noReport, ascii                         bool
	level                                                    int
	exclude, include                                         []string
}

type treeRun struct {
	p            *Proc
	o            treeOpts
	dirs, files  int
	status       int
	firstJSONOut bool
}

// treeEntry is one name shown in the tree.
type treeEntry struct {
	name, path string
	fi         fs.FileInfo
	isDir      bool // a directory, or a symlink to one
	link       string
	linkInfo   fs.FileInfo
}

func tree(p *Proc) int {
	t := &treeRun{p: p}
	o := &t.o
	flags := p.newOpts(1)
	flags.Flag('a', "", &o.all)
	flags.Flag('d', "", &o.dirsOnly)
	flags.Flag('f', "", &o.full)
	flags.Flag('F', "", &o.classify)
	flags.Func('h', "", func() { o.humanSize, o.size = true, true })
	flags.Flag('i', "", &o.noIndent)
	flags.Flag('s', "", &o.size)
	flags.Flag('J', "", &o.json)
	flags.Flag(0, "dirsfirst", &o.dirsFirst)
	flags.Flag(0, "noreport", &o.noReport)
	flags.Func('n', "", func() {})
	flags.Func('C', "", func() {})
	flags.Func('x', "", func() {})
	flags.Value(0, "charset", func(_, v string) error { o.ascii = strings.EqualFold(v, "ascii"); return nil })
	flags.Value('L', "", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return &treeErr{"Invalid level, must be greater than 0."}
		}
		o.level = n
		return nil
	})
	flags.Value('I', "", func(_, v string) error { o.exclude = append(o.exclude, v); return nil })
	flags.Value('P', "", func(_, v string) error { o.include = append(o.include, v); return nil })
	addToolInfo(flags, "tree")
	roots, err := flags.Parse(p.Args[1:])
	if te, ok := err.(*treeErr); ok {
		p.Errorf("%s", te.msg)
		return 1
	}
	if err != nil {
		return p.usage(err, 1)
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	if o.json {
		return t.runJSON(roots)
	}
	for _, r := range roots {
		t.root(r)
	}
	if !o.noReport {
		p.printf("\n%s\n", t.report())
	}
	return t.status
}

type treeErr struct{ msg string }

func (e *treeErr) Error() string { return e.msg }

func (t *treeRun) report() string {
	if t.o.dirsOnly {
		return plural(t.dirs, "directory", "directories")
	}
	return plural(t.dirs, "directory", "directories") + ", " + plural(t.files, "file", "files")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// root prints one top directory and what is under it.
func (t *treeRun) root(name string) {
	p := t.p
	fi, err := p.Stat(name)
	if err != nil || !fi.IsDir() {
		p.printf("%s  [error opening dir]\n", name)
		if err == nil {
			t.files++
		} else {
			t.status = 2
		}
		return
	}
	top := &treeEntry{name: name, path: name, fi: fi, isDir: true}
	p.printf("%s%s\n", t.sizeField(top), t.label(top, name))
	ents := t.entries(name)
	if len(ents) > 0 {
		t.dirs++
	}
	t.list(ents, "", 1)
}

// entries reads, filters and sorts a directory.
func (t *treeRun) entries(dir string) []*treeEntry {
	des, err := t.p.FS.ReadDir(t.p.Abs(dir))
	if err != nil {
		return nil
	}
	var out []*treeEntry
	for _, de := range des {
		if e := t.entry(dir, de.Name()); e != nil {
			out = append(out, e)
		}
	}
	sortTree(out, t.o.dirsFirst)
	return out
}

func sortTree(ents []*treeEntry, dirsFirst bool) {
	less := func(a, b *treeEntry) bool {
		if dirsFirst && a.isDir != b.isDir {
			return a.isDir
		}
		return a.name < b.name
	}
	for i := 1; i < len(ents); i++ {
		for j := i; j > 0 && less(ents[j], ents[j-1]); j-- {
			ents[j], ents[j-1] = ents[j-1], ents[j]
		}
	}
}

// entry describes one name of dir, or nil when the options hide it.
func (t *treeRun) entry(dir, name string) *treeEntry {
	if !t.o.all && strings.HasPrefix(name, ".") {
		return nil
	}
	p := ftsJoin(dir, name)
	fi, err := t.p.Lstat(p)
	if err != nil {
		return nil
	}
	e := &treeEntry{name: name, path: p, fi: fi, isDir: fi.IsDir()}
	if isSymlink(fi) {
		e.link, _ = t.p.Readlink(p)
		if ti, err := t.p.Stat(p); err == nil {
			e.linkInfo = ti
			e.isDir = ti.IsDir()
		}
	}
	if treeMatch(t.o.exclude, name) {
		return nil
	}
	if t.o.dirsOnly && !e.isDir {
		return nil
	}
	if len(t.o.include) > 0 && !(e.isDir && !isSymlink(fi)) && !treeMatch(t.o.include, name) {
		return nil
	}
	return e
}

// treeMatch matches name against tree's patterns: wildcards, with
// alternatives separated by |.
func treeMatch(patterns []string, name string) bool {
	for _, pat := range patterns {
		for _, alt := range strings.Split(pat, "|") {
			if fnmatch.Match(alt, name, 0) {
				return true
			}
		}
	}
	return false
}

// list prints ents under the given prefix of indentation lines.
func (t *treeRun) list(ents []*treeEntry, prefix string, depth int) {
	for i, e := range ents {
		if t.p.Cancelled() {
			return
		}
		last := i == len(ents)-1
		branch, more := t.lines(last)
		if t.o.noIndent {
			branch, more = "", ""
		}
		shown := e.name
		if t.o.full {
			shown = e.path
		}
		t.p.printf("%s%s%s%s\n", prefix, branch, t.sizeField(e), t.label(e, shown))
		if e.isDir {
			t.dirs++
		} else {
			t.files++
		}
		if e.isDir && e.link == "" && (t.o.level == 0 || depth < t.o.level) {
			t.list(t.entries(e.path), prefix+more, depth+1)
		}
	}
}

func (t *treeRun) lines(last bool) (string, string) {
	switch {
	case t.o.ascii && last:
		return "`-- ", "    "
	case t.o.ascii:
		return "|-- ", "|   "
	case last:
		return "└── ", "    "
	}
	return "├── ", "│\u00a0\u00a0 "
}

// label is the shown name, with -F's mark and a symlink's target.
func (t *treeRun) label(e *treeEntry, shown string) string {
	if e.link != "" {
		s := shown + " -> " + e.link
		if t.o.classify && e.linkInfo != nil {
			s += treeClass(e.linkInfo)
		}
		return s
	}
	if t.o.classify {
		return shown + treeClass(e.fi)
	}
	return shown
}

func treeClass(fi fs.FileInfo) string {
	m := fi.Mode()
	switch {
	case m.IsDir():
		return "/"
	case m&fs.ModeSymlink != 0:
		return "@"
	case m&fs.ModeNamedPipe != 0:
		return "|"
	case m&fs.ModeSocket != 0:
		return "="
	case m.IsRegular() && m&0o111 != 0:
		return "*"
	}
	return ""
}

// sizeField is -s's and -h's "[size]  ".
func (t *treeRun) sizeField(e *treeEntry) string {
	if !t.o.size {
		return ""
	}
	n := e.fi.Size()
	if t.o.humanSize {
		return fmt.Sprintf("[%4s]  ", treeHuman(n))
	}
	return fmt.Sprintf("[%11d]  ", n)
}

// treeHuman is tree's -h size: one decimal under 10, K M G T P E.
func treeHuman(n int64) string {
	units := "BKMGTPE"
	if n < 1024 {
		return strconv.FormatInt(n, 10)
	}
	v := float64(n)
	i := 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	if v < 9.95 {
		return fmt.Sprintf("%.1f%c", v, units[i])
	}
	return fmt.Sprintf("%.0f%c", v, units[i])
}
