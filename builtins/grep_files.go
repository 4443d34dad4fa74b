package builtins

import (
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/shellfence/shellfence/vfs"
)

// run searches the operands and returns grep's exit status.
func (g *grepRun) run(ops []string) int {
	if g.o.maxCount == 0 || g.selectsNothing() {
		return 1
	}
	implicit := len(ops) == 0
	if implicit {
		ops = []string{"-"}
		if g.o.dirs == "recurse" {
			ops = []string{"."}
		}
	}
	switch {
	case g.o.withName >= 0:
		g.names = g.o.withName
	case len(ops) > 1:
		g.names = 1
	case g.o.dirs == "recurse":
		g.names = -1
	}
	g.omitDot = implicit && g.o.dirs == "recurse"
	for _, op := range ops {
		if g.quit {
			break
		}
		g.operand(op)
	}
	switch {
	case g.status != 0:
		return g.status
	case g.o.quiet && g.matched:
		return 0
	case g.errSeen:
		return 2
	case g.matched:
		return 0
	}
	return 1
}

// selectsNothing is GNU's shortcut for -v with only empty patterns (and
// neither -x nor -w): every line matches, so none is selected, and grep
// exits 1 without reading anything (except for -L, which lists files).
func (g *grepRun) selectsNothing() bool {
	o := g.o
	if !o.invert || o.line || o.word || o.list == 'L' || len(o.patterns) == 0 {
		return false
	}
	for _, pat := range o.patterns {
		if pat != "" {
			return false
		}
	}
	return true
}

// operand searches one command-line operand.
func (g *grepRun) operand(name string) {
	if name == "-" {
		g.showName = g.names == 1
		size := int64(-1)
		if st, ok := g.p.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
			if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
				if g.isOutput(g.o.label, fi) {
					return
				}
				size = fi.Size()
			}
		}
		g.search(g.p.Stdin, g.o.label, size)
		return
	}
	fi, err := g.p.Stat(name)
	if err != nil {
		g.suppressible(name, err)
		return
	}
	if g.skipped(name, fi.Mode(), true) {
		return
	}
	if g.names < 0 {
		g.names = 0
		if fi.IsDir() {
			g.names = 1
		}
	}
	if fi.IsDir() && g.o.dirs == "recurse" {
		g.walkPath(name, ftsRoot(name), nil)
		return
	}
	g.showName = g.names == 1
	g.searchPath(name, name, fi)
}

// skipped reports whether a file is left out by -d skip, -D skip,
// --include, --exclude or --exclude-dir. Command-line names match by any
// suffix after a slash; names met in a directory by their base name.
func (g *grepRun) skipped(name string, mode fs.FileMode, commandLine bool) bool {
	if mode.IsDir() {
		if g.o.dirs == "skip" {
			return true
		}
		if commandLine && g.omitDot {
			return false
		}
		return grepExcluded(dirGlobs(g.o.dirGlobs), name, !commandLine)
	}
	if isDevice(mode) && (g.o.devices == "skip" || g.o.devices == "" && !commandLine) {
		return true
	}
	return grepExcluded(g.o.files, name, !commandLine)
}

func isDevice(mode fs.FileMode) bool {
	return mode&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe|fs.ModeSocket) != 0
}

func dirGlobs(pats []string) []grepGlob {
	out := make([]grepGlob, len(pats))
	for i, p := range pats {
		out[i] = grepGlob{pattern: p}
	}
	return out
}

// grepExcluded applies gnulib's exclude rules: the last pattern (in
// command-line order) that matches decides; when none matches, the name
// is excluded only if the first pattern given was an --include.
func grepExcluded(globs []grepGlob, name string, anchored bool) bool {
	if len(globs) == 0 {
		return false
	}
	for i := len(globs) - 1; i >= 0; i-- {
		if globMatch(globs[i].pattern, name, anchored) {
			return !globs[i].include
		}
	}
	return globs[0].include
}

// globMatch matches name, or with anchored false any part of it after a
// slash, against the wildcard pattern.
func globMatch(pattern, name string, anchored bool) bool {
	if fnmatch.Match(pattern, name, 0) {
		return true
	}
	for i := 0; !anchored && i < len(name); i++ {
		if name[i] == '/' && i+1 < len(name) && name[i+1] != '/' && fnmatch.Match(pattern, name[i+1:], 0) {
			return true
		}
	}
	return false
}

// walkPath searches the directory dir (shown as display) recursively,
// unless it is one of its ancestors.
func (g *grepRun) walkPath(dir, display string, ancestors []uint64) {
	d, err := g.p.FS.Dir(g.p.Abs(dir))
	if err != nil {
		g.suppressible(display, err)
		return
	}
	defer d.Close()
	g.descend(d, dir, display, ancestors)
}

// walk searches the open directory d, named dir and shown as display,
// recursively, in fts's order, as GNU grep does. ancestors holds the
// inodes of the directories above, to detect loops through symlinks with
// -R. The entries come with their types only, and are opened relative to
// d, which stays open meanwhile, as fts does: a file's information comes
// from the open file, a directory's from the open directory.
func (g *grepRun) walk(d *vfs.Dir, dir, display string, ancestors []uint64) {
	ents, err := d.ReadFTS(false)
	if err != nil {
		g.suppressible(display, err)
		return
	}
	g.showName = g.names == 1
	for _, e := range ents {
		if g.quit || g.p.Cancelled() {
			g.quit = true
			return
		}
		g.entry(d, dir, g.childName(display, e.Name()), e, ancestors)
	}
}

func (g *grepRun) childName(display, name string) string {
	if g.omitDot && display == "." {
		return name
	}
	return ftsJoin(display, name)
}

// entry handles the entry e of d, named dir, met during -r or -R.
func (g *grepRun) entry(d *vfs.Dir, dir, display string, e fs.DirEntry, ancestors []uint64) {
	typ := e.Type()
	switch {
	case typ&fs.ModeSymlink != 0:
		if g.o.deref {
			g.linked(dir+"/"+e.Name(), display, e.Name(), ancestors)
		}
	case g.skipped(e.Name(), typ, false):
	case typ.IsDir():
		sub, err := d.Sub(e.Name())
		if err != nil {
			g.suppressible(display, err)
			return
		}
		defer sub.Close()
		g.descend(sub, dir+"/"+e.Name(), display, ancestors)
	default:
		g.searchEntry(d, e.Name(), display)
	}
}

// linked handles a symlink met in a directory with -R: it is followed by
// its path.
func (g *grepRun) linked(path, display, name string, ancestors []uint64) {
	fi, err := g.p.Stat(path)
	if err != nil {
		if !grepExcluded(g.o.files, name, true) {
			g.suppressible(display, err)
		}
		return
	}
	switch {
	case g.skipped(name, fi.Mode(), false):
	case fi.IsDir():
		g.walkPath(path, display, ancestors)
	default:
		g.searchPath(path, display, fi)
	}
}

// descend walks the subdirectory d unless it is one of its ancestors.
func (g *grepRun) descend(d *vfs.Dir, path, display string, ancestors []uint64) {
	fi, err := d.Stat()
	if err != nil {
		g.suppressible(display, err)
		return
	}
	ino := vfs.MetaOf(fi).Ino
	for _, a := range ancestors {
		if a == ino && ino != 0 {
			if !g.o.noMessages {
				g.p.Errorf("%s: warning: recursive directory loop", display)
			}
			return
		}
	}
	g.walk(d, path, display, append(ancestors, ino))
}

// searchPath opens and searches a file that is not a directory to
// recurse into.
func (g *grepRun) searchPath(path, display string, fi fs.FileInfo) {
	if fi.IsDir() {
		if g.o.dirs != "skip" {
			// GNU fails on the first read, then ends the file as an empty
			// one: -c prints 0 and -L names it.
			g.suppressible(display, errIsDir)
			g.search(strings.NewReader(""), display, 0)
		}
		return
	}
	if g.isOutput(display, fi) {
		return
	}
	f, err := g.p.Open(path)
	if err != nil {
		g.suppressible(display, err)
		return
	}
	defer f.Close()
	g.searchOpen(f, display, fi)
}

// searchEntry opens and searches the entry name of d, which is not a
// directory or a symlink. What it is, and its size, come from the open
// file: an fstat costs a third of a stat by name, and GNU grep does the
// same.
func (g *grepRun) searchEntry(d *vfs.Dir, name, display string) {
	f, err := d.Open(name)
	if err != nil {
		g.suppressible(display, err)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		g.suppressible(display, err)
	case fi.IsDir():
		g.searchPath(d.Name()+"/"+name, display, fi) // it became one since the listing
	case !g.isOutput(display, fi):
		g.searchOpen(f, display, fi)
	}
}

// searchOpen searches the open file f, described by fi.
func (g *grepRun) searchOpen(f File, display string, fi fs.FileInfo) {
	size := int64(-1)
	if fi.Mode().IsRegular() {
		size = fi.Size()
	}
	g.search(f, display, size)
}

// suppressible reports a file error unless -s.
func (g *grepRun) suppressible(name string, err error) {
	g.errSeen = true
	if !g.o.noMessages {
		g.p.Errorf("%s: %s", name, ErrText(err))
	}
}

// readAllInput reads all of name ("-" is standard input).
func (p *Proc) readAllInput(name string) ([]byte, error) {
	in, closeIn, err := p.openInput(name)
	if err != nil {
		return nil, err
	}
	defer closeIn()
	return p.readHeld(in, 0)
}
