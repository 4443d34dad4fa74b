package builtins

// ls: operands, directories and recursion (GNU's gobble_file, print_dir,
// extract_dirs_from_files and the pending-directory stack).

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// lsType is a file's type as ls sees it.
type lsType int

const (
	lsUnknown lsType = iota
	lsFifo
	lsCharDev
	lsDirectory
	lsBlockDev
	lsNormal
	lsSymlink
	lsSock
	lsWhiteout
	lsArgDirectory
)

// lsFile is one entry of a listing.
type lsFile struct {
	name     string
	linkname string
	hasLink  bool
	fi       fs.FileInfo
	meta     vfs.Meta
	statOK   bool
	ftype    lsType
	linkMode fs.FileMode
	linkOK   bool
	quoted   int // -1 unknown, 0 no, 1 yes
	width    int // cached display width of the quoted name, or -1
}

// lsPending is a directory waiting to be listed; a nil name marks the end
// of a directory's subtree (for loop detection).
type lsPending struct {
	name, realname string
	isMarker       bool
	cmdline        bool
}

// lsDevIno identifies a directory for loop detection.
type lsDevIno struct{ dev, ino uint64 }

// lsRun is one run of ls.
type lsRun struct {
	p            *Proc
	c            *lsConfig
	files        []*lsFile
	someQuoted   bool
	pending      []lsPending // a stack: the last element is next
	active       map[lsDevIno]bool
	activeStack  []lsDevIno
	printDirName bool
	first        bool
	status       int
	now          time.Time
	w            lsWidths
	werr         error
}

// lsWidths are the column widths of a long listing.
type lsWidths struct {
	inode, blocks, nlink, owner, group, author, context, major, minor, size int
}

func newLsRun(p *Proc, c *lsConfig) *lsRun {
	r := &lsRun{p: p, c: c, printDirName: true, first: true, now: p.Now()}
	if c.recursive {
		r.active = map[lsDevIno]bool{}
	}
	return r
}

func (r *lsRun) run(operands []string) int {
	if len(operands) == 0 {
		if r.c.immediate {
			r.gobble(".", lsDirectory, true, "")
		} else {
			r.queue(".", "", true)
		}
	}
	for _, name := range operands {
		r.gobble(name, lsUnknown, true, "")
	}
	if len(r.files) > 0 {
		r.sortFiles()
		if !r.c.immediate {
			r.extractDirs("", true)
		}
	}
	if len(r.files) > 0 {
		r.printCurrent()
		if len(r.pending) > 0 {
			r.out("\n")
		}
	} else if len(operands) <= 1 && len(r.pending) == 1 {
		r.printDirName = false
	}
	for len(r.pending) > 0 && r.werr == nil {
		if r.p.Cancelled() {
			return 130
		}
		d := r.pending[len(r.pending)-1]
		r.pending = r.pending[:len(r.pending)-1]
		if d.isMarker {
			r.leaveDir()
			continue
		}
		r.printDir(d.name, d.realname, d.cmdline)
		r.printDirName = true
	}
	if r.werr != nil {
		return r.p.WriteFailed(r.werr)
	}
	return r.status
}

// fail reports a problem with a file and records the exit status: 2 when
// serious (a command-line operand), else 1.
func (r *lsRun) fail(serious bool, msg string, name string, err error) {
	r.flush()
	r.p.Errorf("%s %s: %s", msg, quote.ShellAlways(name), ErrText(err))
	r.setStatus(serious)
}

// flush writes out buffered output before a message, as gnulib's error
// does, so that the two interleave as in GNU.
func (r *lsRun) flush() {
	if err := r.p.Flush(); err != nil && r.werr == nil {
		r.werr = err
	}
}

func (r *lsRun) setStatus(serious bool) {
	if serious {
		r.status = 2
	} else if r.status == 0 {
		r.status = 1
	}
}

func (r *lsRun) out(s string) {
	if r.werr != nil {
		return
	}
	if _, err := r.p.Stdout.Write([]byte(s)); err != nil {
		r.werr = err
	}
}

func (r *lsRun) queue(name, realname string, cmdline bool) {
	r.pending = append(r.pending, lsPending{name: name, realname: realname, cmdline: cmdline})
}

// lsAttach joins a directory and a name as GNU's attach does.
func lsAttach(dir, name string) string {
	if dir == "" || name != "" && name[0] == '/' {
		return name
	}
	if dir == "." {
		return name
	}
	return ftsJoin(dir, name)
}

// lsTypeOf maps a file mode to an ls type.
func lsTypeOf(m fs.FileMode) lsType {
	switch {
	case m&fs.ModeDir != 0:
		return lsDirectory
	case m&fs.ModeSymlink != 0:
		return lsSymlink
	case m&fs.ModeNamedPipe != 0:
		return lsFifo
	case m&fs.ModeSocket != 0:
		return lsSock
	case m&fs.ModeCharDevice != 0:
		return lsCharDev
	case m&fs.ModeDevice != 0:
		return lsBlockDev
	case m&fs.ModeIrregular != 0:
		return lsUnknown
	}
	return lsNormal
}

// needsStat is GNU's check_stat: whether an entry must be stat'ed.
func (r *lsRun) needsStat(typ lsType, cmdline bool) bool {
	c := r.c
	switch {
	case cmdline, c.needsStat, c.needsType && typ == lsUnknown, c.inode:
		return true
	case c.needsType && typ == lsSymlink && (c.deref == lsDerefAlways || c.checkSymMode || c.colors != nil && c.colors.referent):
		return true
	}
	if cl := c.colors; cl != nil {
		if (typ == lsDirectory || typ == lsUnknown) && (cl.colored("ow") || cl.colored("st") || cl.colored("tw")) {
			return true
		}
		if (typ == lsNormal || typ == lsUnknown) && (cl.colored("ex") || cl.colored("su") || cl.colored("sg")) {
			return true
		}
	}
	return (typ == lsNormal || typ == lsUnknown) && c.indicator == lsIndClassify
}

// gobble adds a file to the current table and returns its blocks.
func (r *lsRun) gobble(name string, typ lsType, cmdline bool, dir string) uint64 {
	f := &lsFile{name: name, ftype: typ, quoted: -1, width: -1}
	if !r.someQuoted && r.c.alignQuotes {
		f.quoted = b2i(r.needsQuoting(name))
		r.someQuoted = f.quoted == 1
	}
	full := lsAttach(dir, name)
	if r.needsStat(typ, cmdline) {
		if err := r.statFile(f, full, cmdline); err != nil {
			r.fail(cmdline, "cannot access", full, err)
			if cmdline {
				return 0
			}
			r.addWidths(f)
			r.files = append(r.files, f)
			return 0
		}
	}
	if f.ftype == lsDirectory && cmdline && !r.c.immediate {
		f.ftype = lsArgDirectory
	}
	if f.ftype == lsSymlink && (r.c.format == lsLong || r.c.checkSymMode) {
		r.readLink(f, full, cmdline)
	}
	blocks := uint64(0)
	if f.statOK {
		blocks = uint64(f.meta.Blocks)
	}
	r.addWidths(f)
	r.files = append(r.files, f)
	return blocks
}

// statFile stats full as the dereference mode asks and fills f.
func (r *lsRun) statFile(f *lsFile, full string, cmdline bool) error {
	var fi fs.FileInfo
	var err error
	switch {
	case r.c.deref == lsDerefAlways:
		fi, err = statName(r.p, full)
	case cmdline && (r.c.deref == lsDerefArgs || r.c.deref == lsDerefArgsToDirs):
		fi, err = statName(r.p, full)
		if r.c.deref == lsDerefArgsToDirs && (err != nil && lsNoEnt(err) || err == nil && !fi.IsDir()) {
			fi, err = lstatName(r.p, full)
		}
	default:
		fi, err = lstatName(r.p, full)
	}
	if err != nil && path.Base(full) == ".." && errors.Is(err, vfs.ErrOutside) {
		// The workspace root's parent is the root itself, as in a chroot.
		fi, err = r.p.Stat(path.Dir(full))
	}
	if err != nil {
		return err
	}
	f.fi, f.meta, f.statOK = fi, vfs.MetaOf(fi), true
	f.ftype = lsTypeOf(fi.Mode())
	return nil
}

// lstatName is lstat as the kernel does it: a name ending in "/" follows
// a final symlink, and the empty name does not exist.
func lstatName(p *Proc, name string) (fs.FileInfo, error) {
	if strings.HasSuffix(name, "/") || name == "" {
		return statName(p, name)
	}
	return p.Lstat(name)
}

// statName is stat, with the empty name not existing (rather than being
// the working directory).
func statName(p *Proc, name string) (fs.FileInfo, error) {
	if name == "" {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
	}
	return p.Stat(name)
}

// lsNoEnt reports a missing file: a dangling command-line symlink is then
// listed itself. A symlink loop (ELOOP) is an error, as in GNU.
func lsNoEnt(err error) bool {
	return ErrText(err) == "No such file or directory"
}

// readLink reads a symlink's target and, when needed, the mode of what it
// points to.
func (r *lsRun) readLink(f *lsFile, full string, cmdline bool) {
	t, err := r.p.Readlink(full)
	if err != nil {
		r.fail(cmdline, "cannot read symbolic link", full, err)
		return
	}
	f.linkname, f.hasLink = t, true
	if f.quoted == 0 && r.needsQuoting(t) {
		f.quoted = -1
	}
	if r.c.indicator >= lsIndFileType || r.c.checkSymMode {
		if fi, err := r.p.Stat(full); err == nil {
			f.linkOK, f.linkMode = true, fi.Mode()
		}
	}
}

// ignored reports whether a directory entry is left out.
func (r *lsRun) ignored(name string) bool {
	c := r.c
	if c.ignoreMode != lsIgnoreMinimal && name[0] == '.' &&
		(c.ignoreMode == lsIgnoreDefault || name == "." || name == "..") {
		return true
	}
	if c.ignoreMode == lsIgnoreDefault && lsMatchAny(c.hide, name) {
		return true
	}
	return lsMatchAny(c.ignorePats, name)
}

func lsMatchAny(pats []string, name string) bool {
	for _, p := range pats {
		if fnmatch.Match(p, name, fnmatch.Period) {
			return true
		}
	}
	return false
}

// extractDirs queues the directories of the table for listing and drops
// the command-line ones from it.
func (r *lsRun) extractDirs(dirname string, cmdline bool) {
	inDir := dirname != ""
	if inDir && r.active != nil {
		r.pending = append(r.pending, lsPending{isMarker: true, realname: dirname})
	}
	var dirs []lsPending
	for _, f := range r.files {
		if (f.ftype == lsDirectory || f.ftype == lsArgDirectory) && !(inDir && lsDotOrDotDot(f.name)) {
			name := f.name
			if inDir && f.name[0] != '/' {
				name = concatName(dirname, f.name)
			}
			dirs = append(dirs, lsPending{name: name, realname: f.linkname, cmdline: cmdline})
		}
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		r.pending = append(r.pending, dirs[i])
	}
	kept := r.files[:0]
	for _, f := range r.files {
		if f.ftype != lsArgDirectory {
			kept = append(kept, f)
		}
	}
	r.files = kept
}

func lsDotOrDotDot(name string) bool { return name == "." || name == ".." }

// printDir lists the directory name.
func (r *lsRun) printDir(name, realname string, cmdline bool) {
	ents, err := r.p.ReadDir(name)
	if err != nil && len(ents) == 0 {
		r.fail(cmdline, "cannot open directory", name, err)
		return
	}
	if r.active != nil && !r.enterDir(name, cmdline) {
		return
	}
	r.clearFiles()
	if r.c.recursive || r.printDirName {
		if !r.first {
			r.out("\n")
		}
		r.first = false
		shown := name
		if realname != "" {
			shown = realname
		}
		r.out(r.quoteName(shown, r.c.dirQuoter, -1, true) + ":\n")
	}
	total := r.readEntries(name, ents)
	r.sortFiles()
	if r.c.recursive {
		r.extractDirs(name, false)
	}
	if r.c.format == lsLong || r.c.blocks {
		r.out("total " + human.Readable(total, r.c.humanOpts, 512, r.c.blockSize) + string(r.c.eol))
	}
	if len(r.files) > 0 {
		r.printCurrent()
	}
}

// readEntries gobbles the entries of a directory (with "." and ".." first
// when they are shown) and returns their total blocks.
func (r *lsRun) readEntries(name string, ents []fs.DirEntry) uint64 {
	var total uint64
	for _, dot := range []string{".", ".."} {
		if !r.ignored(dot) {
			total += r.gobble(dot, lsDirectory, false, name)
		}
	}
	for _, e := range ents {
		if r.p.Cancelled() {
			break
		}
		if !r.ignored(e.Name()) {
			total += r.gobble(e.Name(), lsTypeOf(e.Type()), false, name)
		}
	}
	return total
}

// enterDir records a directory as being listed; it reports a loop and
// returns false if it already is.
func (r *lsRun) enterDir(name string, cmdline bool) bool {
	fi, err := r.p.Stat(name)
	if err != nil {
		r.fail(cmdline, "cannot determine device and inode of", name, err)
		return false
	}
	m := vfs.MetaOf(fi)
	if m.Ino == 0 {
		r.activeStack = append(r.activeStack, lsDevIno{})
		return true
	}
	di := lsDevIno{m.Dev, m.Ino}
	if r.active[di] {
		r.flush()
		r.p.Errorf("%s: not listing already-listed directory", quote.Shell(name))
		r.setStatus(true)
		return false
	}
	r.active[di] = true
	r.activeStack = append(r.activeStack, di)
	return true
}

func (r *lsRun) leaveDir() {
	if n := len(r.activeStack); n > 0 {
		delete(r.active, r.activeStack[n-1])
		r.activeStack = r.activeStack[:n-1]
	}
}

// clearFiles empties the table and its widths.
func (r *lsRun) clearFiles() {
	r.files = r.files[:0]
	r.someQuoted = false
	r.w = lsWidths{}
}
