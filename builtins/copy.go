package builtins

// The copy engine behind cp and mv, after GNU's copy.c: copyInternal
// copies (or, for mv, renames) one source to one destination, recursing
// into directories.

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"syscall"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

type derefMode int

const (
	derefUndefined derefMode = iota
	derefNever
	derefCmdline
	derefAlways
)

type interactMode int

const (
	iUnspecified interactMode = iota
	iAlwaysYes
	iAlwaysNo
	iAskUser
)

// copyOpts are the settings of one cp or mv run (GNU's cp_options).
type copyOpts struct {
	move, recursive, hardLink, symLink, update, verbose bool
	deref                                               derefMode
	interactive                                         interactMode
	unlinkAfterFailedOpen, unlinkBefore                 bool
	preserveMode, preserveOwner, preserveTimes          bool
	preserveLinks, explicitNoPreserveMode               bool
	oneFS, copyAsRegular, attrsOnly                     bool
	installMode                                         bool // install's words
	backup                                              backupOpts
}

// fileID identifies a file by device and inode.
type fileID struct{ dev, ino uint64 }

func idOf(fi fs.FileInfo) fileID {
	m := vfs.MetaOf(fi)
	return fileID{m.Dev, m.Ino}
}

// copier holds the state of one command: what has been copied where.
type copier struct {
	p              *Proc
	o              *copyOpts
	topSrc, topDst string
	copied         map[fileID]string   // source file -> destination name
	srcSeen        map[fileID][]string // command-line sources (nil: no check)
	dstSeen        map[string]fileID   // command-line destinations (nil: no check)
	renameErrno    syscall.Errno       // mv's first rename attempt; 0 unknown
	renameTried    bool
}

func newCopier(p *Proc, o *copyOpts) *copier {
	return &copier{p: p, o: o, copied: map[fileID]string{}}
}

// trackArgs turns on the checks made when several sources go into one
// directory.
func (c *copier) trackArgs() {
	c.srcSeen = map[fileID][]string{}
	c.dstSeen = map[string]fileID{}
}

// copyState is the state of one copyInternal call.
type copyState struct {
	src, dst       string
	srcInfo        fs.FileInfo
	dstInfo        fs.FileInfo // when the destination exists
	newDst         bool
	cmdline        bool
	deref          derefMode
	dstBackup      string
	earlier        string
	renameErrno    syscall.Errno
	renameOK       bool
	copyIntoSelf   bool
	parent         fs.FileInfo
	ancestors      []fileID
	firstDir       *bool
	haveDstLstat   bool
	restoreMode    bool
	dstMode        uint32
	omitted        uint32
	destIsSymlink  bool
	copiedAsReg    bool
	dereferenceSrc bool
}

// copyTop copies one command-line source; nonexistent is GNU's
// nonexistent_dst (1: known missing, -1: missing or a dangling symlink,
// 0: unknown).
func (c *copier) copyTop(src, dst string, nonexistent int) (ok, intoSelf, renamed bool) {
	c.topSrc, c.topDst = src, dst
	first := false
	st := &copyState{src: src, dst: dst, cmdline: true, deref: c.o.deref, firstDir: &first}
	ok = c.copyInternal(st, nonexistent)
	return ok, st.copyIntoSelf, st.renameOK
}

// copyInternal copies st.src to st.dst.
func (c *copier) copyInternal(st *copyState, nonexistent int) bool {
	o := c.o
	st.newDst = nonexistent > 0
	if o.move {
		c.tryRename(st)
		if st.renameErrno == 0 {
			nonexistent, st.newDst, st.renameOK = 1, true, true
		}
	}
	if st.renameErrno == 0 || st.renameErrno != syscall.EEXIST || o.interactive != iAlwaysNo {
		if !c.statSource(st) {
			return false
		}
	}
	if st.cmdline && c.srcSeen != nil && st.srcInfo != nil {
		id := idOf(st.srcInfo)
		if !st.srcInfo.IsDir() && o.backup.kind == noBackups && c.seenSource(id, st.src) {
			c.p.Errorf("warning: source file %s specified more than once", quote.ShellAlways(st.src))
			return true
		}
		c.srcSeen[id] = append(c.srcSeen[id], st.src)
	}
	st.dereferenceSrc = st.deref == derefAlways || st.deref == derefCmdline && st.cmdline
	if nonexistent <= 0 {
		if done, ok := c.checkDest(st, nonexistent); done {
			return ok
		}
	}
	if st.cmdline && c.dstSeen != nil && !o.move && o.backup.kind == noBackups {
		if fi, err := c.p.Lstat(st.dst); err == nil && isSymlink(fi) {
			if id, ok := c.dstSeen[st.dst]; ok && id == idOf(fi) {
				c.p.Errorf("will not copy %s through just-created symlink %s", quote.ShellAlways(st.src), quote.ShellAlways(st.dst))
				return false
			}
		}
	}
	if o.verbose && !o.move && !st.srcInfo.IsDir() {
		c.emitVerbose(st.src, st.dst, st.dstBackup)
	}
	if done, ok := c.earlierCopy(st); done {
		return ok
	}
	if o.move {
		if done, ok := c.finishRename(st); done {
			return ok
		}
	}
	return c.copyByType(st)
}

// seenSource reports whether the same directory entry was a source
// before.
func (c *copier) seenSource(id fileID, name string) bool {
	for _, n := range c.srcSeen[id] {
		if c.p.sameName(n, name) {
			return true
		}
	}
	return false
}

// tryRename is mv's first step: rename without replacing.
func (c *copier) tryRename(st *copyState) {
	if st.cmdline && c.renameTried {
		st.renameErrno, c.renameTried = c.renameErrno, false
		return
	}
	st.renameErrno = c.renameNoReplace(st.src, st.dst)
}

// renameNoReplace renames src to dst unless dst exists (EEXIST).
func (c *copier) renameNoReplace(src, dst string) syscall.Errno {
	if _, err := c.p.Lstat(src); err != nil {
		return errnoOrOutside(err)
	}
	if _, err := c.p.Lstat(dst); err == nil {
		return syscall.EEXIST
	}
	if err := c.renameChecked(src, dst); err != nil {
		return errnoOrOutside(err)
	}
	return 0
}

// renameChecked renames, keeping trailing-slash and into-itself rules.
func (c *copier) renameChecked(src, dst string) error {
	p := c.p
	if strings.HasSuffix(src, "/") || strings.HasSuffix(dst, "/") {
		if fi, err := p.Lstat(src); err == nil && !fi.IsDir() {
			return syscall.ENOTDIR
		}
	}
	if isDotOrDotDot(lastComponent(src)) || isDotOrDotDot(lastComponent(dst)) {
		return syscall.EBUSY
	}
	as, ad := p.cleanAbs(src), p.cleanAbs(dst)
	if as == ad {
		return nil
	}
	if strings.HasPrefix(ad, as+"/") {
		return syscall.EINVAL
	}
	if err := p.replaceDir(as, ad); err != nil {
		return err
	}
	return p.FS.Rename(as, ad)
}

// replaceDir makes way for renaming the directory as onto ad: rename(2)
// replaces an empty directory, which the workspace's Rename refuses to
// do itself.
func (p *Proc) replaceDir(as, ad string) error {
	dfi, err := p.FS.Lstat(ad)
	if err != nil || !dfi.IsDir() {
		return nil
	}
	sfi, err := p.FS.Lstat(as)
	if err != nil {
		return err
	}
	if !sfi.IsDir() {
		return syscall.EISDIR
	}
	ents, err := p.FS.ReadDir(ad)
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return syscall.ENOTEMPTY
	}
	return p.FS.Remove(ad)
}

// errnoOutside stands for "outside the workspace" where an errno is kept.
const errnoOutside = syscall.Errno(0x7fff)

func errnoOrOutside(err error) syscall.Errno {
	if isOutside(err) {
		return errnoOutside
	}
	if e := errnoOf(err); e != 0 {
		return e
	}
	return syscall.EIO
}

// errText is ErrText for a kept errno.
func errText(e syscall.Errno) string {
	if e == errnoOutside {
		return vfs.ErrOutside.Error()
	}
	return ErrText(e)
}

// statSource reads the source's status.
func (c *copier) statSource(st *copyState) bool {
	name := st.src
	if st.renameErrno == 0 && c.o.move {
		name = st.dst
	}
	var fi fs.FileInfo
	var err error
	if st.deref == derefNever {
		fi, err = c.p.lstatName(name)
	} else {
		fi, err = c.p.Stat(name)
		err = dirSlashErr(name, fi, err)
	}
	if err != nil {
		c.p.Errorf("cannot stat %s: %s", quote.ShellAlways(name), ErrText(err))
		return false
	}
	st.srcInfo = fi
	if fi.IsDir() && !c.o.recursive {
		if c.o.installMode {
			c.p.Errorf("omitting directory %s", quote.ShellAlways(st.src))
		} else {
			c.p.Errorf("-r not specified; omitting directory %s", quote.ShellAlways(st.src))
		}
		return false
	}
	return true
}

// emitVerbose prints 'src' -> 'dst' with an optional backup note.
func (c *copier) emitVerbose(src, dst, backup string) {
	fmt.Fprintf(c.p.Stdout, "%s -> %s", quote.ShellAlways(src), quote.ShellAlways(dst))
	if backup != "" {
		fmt.Fprintf(c.p.Stdout, " (backup: %s)", quote.ShellAlways(backup))
	}
	fmt.Fprintln(c.p.Stdout)
}

// earlierCopy handles a source already copied in this run: a directory
// copied into itself, a directory named twice, or a hard link to keep.
func (c *copier) earlierCopy(st *copyState) (done, ok bool) {
	o := c.o
	id := idOf(st.srcInfo)
	switch {
	case st.renameErrno == 0 && o.move:
		return false, false
	case o.recursive && st.srcInfo.IsDir():
		if st.cmdline {
			st.earlier = c.remember(st.dst, id)
		} else {
			st.earlier = c.copied[id]
		}
	case o.move && vfs.MetaOf(st.srcInfo).Nlink == 1:
		st.earlier = c.copied[id]
	case o.preserveLinks && !o.hardLink && (vfs.MetaOf(st.srcInfo).Nlink > 1 ||
		st.cmdline && st.deref == derefCmdline || st.deref == derefAlways):
		st.earlier = c.remember(st.dst, id)
	}
	if st.earlier == "" {
		return false, false
	}
	if !st.srcInfo.IsDir() {
		return true, c.hardLinkTo(st.earlier, st.dst, true, st.dereferenceSrc)
	}
	switch {
	case c.p.sameName(st.src, st.earlier):
		c.p.Errorf("cannot copy a directory, %s, into itself, %s", quote.ShellAlways(c.topSrc), quote.ShellAlways(c.topDst))
		st.copyIntoSelf = true
		return true, c.unBackup(st)
	case c.p.sameName(st.dst, st.earlier):
		c.p.Errorf("warning: source directory %s specified more than once", quote.ShellAlways(c.topSrc))
		if o.move {
			st.renameOK = true
		}
		return true, true
	case st.deref == derefAlways || st.cmdline && st.deref == derefCmdline:
		return false, false
	}
	c.p.Errorf("will not create hard link %s to directory %s", quote.ShellAlways(st.dst), quote.ShellAlways(st.earlier))
	return true, c.unBackup(st)
}

// remember records that src went to dst and returns an earlier
// destination of the same source, if any.
func (c *copier) remember(dst string, id fileID) string {
	if id.ino == 0 {
		return ""
	}
	if earlier, ok := c.copied[id]; ok {
		return earlier
	}
	c.copied[id] = dst
	return ""
}

// unBackup undoes a backup after a failed copy and returns false.
func (c *copier) unBackup(st *copyState) bool {
	if st.earlier == "" && st.srcInfo != nil {
		delete(c.copied, idOf(st.srcInfo))
	}
	if st.dstBackup != "" {
		if err := c.p.FS.Rename(c.p.Abs(st.dstBackup), c.p.Abs(st.dst)); err != nil {
			c.p.Errorf("cannot un-backup %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		} else if c.o.verbose {
			fmt.Fprintf(c.p.Stdout, "%s -> %s (unbackup)\n", quote.ShellAlways(st.dstBackup), quote.ShellAlways(st.dst))
		}
	}
	return false
}

// finishRename is mv's rename over an existing destination.
func (c *copier) finishRename(st *copyState) (done, ok bool) {
	p := c.p
	if st.renameErrno == syscall.EEXIST {
		st.renameErrno = 0
		if err := c.renameChecked(st.src, st.dst); err != nil {
			st.renameErrno = errnoOrOutside(err)
		}
	}
	switch e := st.renameErrno; e {
	case 0:
		if c.o.verbose {
			fmt.Fprint(p.Stdout, "renamed ")
			c.emitVerbose(st.src, st.dst, st.dstBackup)
		}
		st.renameOK = true
		if st.cmdline && c.dstSeen != nil {
			c.dstSeen[st.dst] = idOf(st.srcInfo)
		}
		return true, true
	case syscall.EINVAL:
		p.Errorf("cannot move %s to a subdirectory of itself, %s", quote.ShellAlways(c.topSrc), quote.ShellAlways(c.topDst))
		st.copyIntoSelf = true
		return true, true
	default:
		p.Errorf("cannot move %s to %s: %s", quote.ShellAlways(st.src), quote.ShellAlways(st.dst), errText(e))
	}
	delete(c.copied, idOf(st.srcInfo))
	return true, false
}

// sortedEntries lists a directory in inode order, as GNU's savedir does
// for cp.
func (p *Proc) sortedEntries(name string) ([]string, error) {
	ents, err := p.ReadDir(name)
	if err != nil {
		return nil, err
	}
	type ent struct {
		name string
		ino  uint64
	}
	list := make([]ent, 0, len(ents))
	for _, e := range ents {
		var ino uint64
		if fi, err := e.Info(); err == nil {
			ino = vfs.MetaOf(fi).Ino
		}
		list = append(list, ent{e.Name(), ino})
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].ino < list[j].ino })
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = e.name
	}
	return names, nil
}
