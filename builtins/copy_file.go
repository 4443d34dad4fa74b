package builtins

// Making the destination: directories (recursively), regular files,
// symlinks and hard links, then the attributes cp -p and -a preserve.

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/modes"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// copyByType creates the destination according to the source's type.
func (c *copier) copyByType(st *copyState) bool {
	o, p := c.o, c.p
	srcMode := modes.Bits(st.srcInfo.Mode())
	st.omitted = 0
	switch {
	case o.preserveOwner:
		st.omitted = srcMode & 0o077
	case st.srcInfo.IsDir():
		st.omitted = srcMode & 0o022
	}
	ok := true
	src := st.srcInfo
	switch {
	case src.IsDir():
		var made bool
		if ok, made = c.copyDirectory(st, srcMode); !made && !ok {
			return c.unBackup(st)
		}
	case o.symLink:
		st.destIsSymlink = true
		if !c.symlinkSource(st) {
			return c.unBackup(st)
		}
	case o.hardLink:
		if !c.hardLinkTo(st.src, st.dst, o.unlinkAfterFailedOpen || o.interactive == iAskUser, st.dereferenceSrc) {
			return c.unBackup(st)
		}
	case src.Mode().IsRegular() || o.copyAsRegular && !isSymlink(src) && (src.Mode()&fs.ModeNamedPipe == 0 || isDevPath(p.Abs(st.src))):
		if !c.copyRegular(st, srcMode) {
			return c.unBackup(st)
		}
		c.recordDest(st)
		return true
	case isSymlink(src):
		st.destIsSymlink = true
		if !c.copySymlink(st) {
			return c.unBackup(st)
		}
	case src.Mode()&fs.ModeNamedPipe != 0:
		p.Errorf("cannot create fifo %s: Operation not supported", quote.ShellAlways(st.dst))
		return c.unBackup(st)
	default:
		p.Errorf("cannot create special file %s: Operation not supported", quote.ShellAlways(st.dst))
		return c.unBackup(st)
	}
	c.recordDest(st)
	if o.hardLink && !src.IsDir() {
		return ok
	}
	return c.finishAttrs(st, srcMode) && ok
}

// recordDest remembers a command-line destination just made.
func (c *copier) recordDest(st *copyState) {
	if st.cmdline && c.dstSeen != nil {
		if fi, err := c.p.Lstat(st.dst); err == nil {
			c.dstSeen[st.dst] = idOf(fi)
		}
	}
}

// copyDirectory makes the destination directory if needed and copies the
// entries. made is false when the directory itself could not be made.
func (c *copier) copyDirectory(st *copyState, srcMode uint32) (ok, made bool) {
	o, p := c.o, c.p
	id := idOf(st.srcInfo)
	for _, a := range st.ancestors {
		if a == id && id.ino != 0 {
			p.Errorf("cannot copy cyclic symbolic link %s", quote.ShellAlways(st.src))
			return false, false
		}
	}
	if st.newDst || !st.dstInfo.IsDir() {
		if !c.makeDir(st, srcMode) {
			return false, false
		}
	} else {
		st.omitted = 0
	}
	if o.oneFS && st.parent != nil && vfs.MetaOf(st.parent).Dev != vfs.MetaOf(st.srcInfo).Dev {
		return true, true
	}
	return c.copyDir(st), true
}

// makeDir creates the destination directory for a source directory.
func (c *copier) makeDir(st *copyState, srcMode uint32) bool {
	o, p := c.o, c.p
	mode := srcMode & modes.All &^ st.omitted
	if err := p.FS.Mkdir(p.Abs(st.dst), modes.FileMode(mode)&^fs.ModeSetuid&^fs.ModeSetgid&^p.Sys.Umask()); err != nil {
		p.Errorf("cannot create directory %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return false
	}
	fi, err := p.Lstat(st.dst)
	if err != nil {
		p.Errorf("cannot stat %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return false
	}
	st.dstInfo = fi
	if m := modes.Bits(fi.Mode()); m&0o700 != 0o700 {
		st.dstMode, st.restoreMode = m, true
		if err := p.FS.Chmod(p.Abs(st.dst), modes.FileMode(m|0o700)); err != nil {
			p.Errorf("setting permissions for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return false
		}
	}
	if !*st.firstDir {
		c.remember(st.dst, idOf(fi))
		*st.firstDir = true
	}
	if o.verbose {
		if o.move {
			p.printf("created directory %s\n", quote.ShellAlways(st.dst))
		} else {
			c.emitVerbose(st.src, st.dst, "")
		}
	}
	return true
}

// copyDir copies the entries of a source directory, in inode order.
func (c *copier) copyDir(st *copyState) bool {
	p := c.p
	names, err := p.sortedEntries(st.src)
	if err != nil {
		p.Errorf("cannot access %s: %s", quote.ShellAlways(st.src), ErrText(err))
		return false
	}
	deref := st.deref
	if deref == derefCmdline {
		deref = derefNever
	}
	ancestors := append(append([]fileID{}, st.ancestors...), idOf(st.srcInfo))
	first := *st.firstDir
	newFirst := false
	ok := true
	nonexistent := 0
	if st.newDst {
		nonexistent = 1
	}
	for _, name := range names {
		if p.Cancelled() {
			return false
		}
		f := first
		child := &copyState{src: concatName(st.src, name), dst: concatName(st.dst, name), deref: deref,
			parent: st.srcInfo, ancestors: ancestors, firstDir: &f}
		if !c.copyInternal(child, nonexistent) {
			ok = false
		}
		if child.copyIntoSelf {
			st.copyIntoSelf = true
			break
		}
		newFirst = newFirst || f
	}
	*st.firstDir = newFirst
	return ok
}

// symlinkSource is cp -s: the destination becomes a symlink to the source.
func (c *copier) symlinkSource(st *copyState) bool {
	p := c.p
	if !path.IsAbs(st.src) {
		dir := dirName(st.dst)
		cur, err1 := p.Stat(".")
		d, err2 := p.Stat(dir)
		if dir != "." && err1 == nil && err2 == nil && !sameFile(cur, d, p.Dir, p.cleanAbs(dir)) {
			p.Errorf("%s: can make relative symbolic links only in current directory", quote.Shell(st.dst))
			return false
		}
	}
	if err := p.forceSymlink(st.src, st.dst, c.o.unlinkAfterFailedOpen); err != nil {
		p.Errorf("cannot create symbolic link %s to %s: %s", quote.ShellAlways(st.dst), quote.ShellAlways(st.src), ErrText(err))
		return false
	}
	return true
}

// forceSymlink makes dst a symlink to target, replacing an existing dst
// when replace is set.
func (p *Proc) forceSymlink(target, dst string, replace bool) error {
	if dst == "" {
		return errNotExist
	}
	if _, err := p.Lstat(dst); err == nil {
		if !replace {
			return errExist
		}
		if err := p.FS.Remove(p.Abs(dst)); err != nil {
			return err
		}
	}
	return p.FS.SymlinkIfPossible(target, p.Abs(dst))
}

// copySymlink copies a symlink as a symlink.
func (c *copier) copySymlink(st *copyState) bool {
	p := c.p
	target, err := p.Readlink(st.src)
	if err != nil {
		p.Errorf("cannot read symbolic link %s: %s", quote.ShellAlways(st.src), ErrText(err))
		return false
	}
	err = p.forceSymlink(target, st.dst, c.o.unlinkAfterFailedOpen)
	if err != nil && c.o.update && !st.newDst && st.dstInfo != nil && isSymlink(st.dstInfo) {
		if cur, rerr := p.Readlink(st.dst); rerr == nil && cur == target {
			err = nil
		}
	}
	if err != nil {
		p.Errorf("cannot create symbolic link %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return false
	}
	return true
}

// hardLinkTo makes dst a hard link to src.
func (c *copier) hardLinkTo(src, dst string, replace, deref bool) bool {
	p := c.p
	from := p.Abs(src)
	if deref {
		if r, err := p.canonicalize(src, canExisting, false); err == nil {
			from = r
		}
	}
	err := p.FS.Link(from, p.Abs(dst))
	if err != nil && replace && errnoOf(err) == errExist {
		tmp := path.Join(path.Dir(p.Abs(dst)), ".cp-"+randomName(10))
		if err = p.FS.Link(from, tmp); err == nil {
			err = p.FS.Rename(tmp, p.Abs(dst))
			if _, lerr := p.FS.Lstat(tmp); lerr == nil {
				p.FS.Remove(tmp)
			}
		}
	}
	if err != nil {
		p.Errorf("cannot create hard link %s to %s: %s", quote.ShellAlways(dst), quote.ShellAlways(src), ErrText(err))
		return false
	}
	return true
}

// copyRegular copies a regular file's data and then its attributes.
func (c *copier) copyRegular(st *copyState, srcMode uint32) bool {
	p := c.p
	in, err := p.OpenFile(st.src, os.O_RDONLY, 0)
	if err != nil {
		p.Errorf("cannot open %s for reading: %s", quote.ShellAlways(st.src), ErrText(err))
		return false
	}
	defer in.Close()
	if dfi, ok := c.replaceable(st); ok {
		if ok, handled := c.copyReplacing(st, in, dfi); handled {
			return ok && c.regularAttrs(st, srcMode)
		}
	}
	out, ok := c.openDest(st, srcMode)
	if !ok {
		return false
	}
	if !c.o.attrsOnly {
		if err := p.copyData(out, in); err != nil {
			out.Close()
			if we, isW := err.(writeErr); isW {
				p.Errorf("error writing %s: %s", quote.ShellAlways(st.dst), ErrText(we.error))
			} else {
				p.Errorf("error reading %s: %s", quote.ShellAlways(st.src), ErrText(err))
			}
			return false
		}
	}
	if err := out.Close(); err != nil {
		p.Errorf("failed to close %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return false
	}
	return c.regularAttrs(st, srcMode)
}

// openDest opens the destination of a regular file: truncating an
// existing one in place (hard links to it see the new data, as with GNU),
// or creating a new one.
func (c *copier) openDest(st *copyState, srcMode uint32) (File, bool) {
	p, o := c.p, c.o
	var out File
	var err error
	if !st.newDst {
		flag := os.O_WRONLY | os.O_TRUNC
		if o.attrsOnly {
			flag = os.O_WRONLY
		}
		out, err = p.OpenFile(st.dst, flag, 0)
		if err == nil {
			if fi, serr := out.Stat(); serr == nil && fi.IsDir() {
				out.Close()
				out, err = nil, errIsDir
			}
		}
		if err != nil && o.unlinkAfterFailedOpen {
			if rerr := p.FS.Remove(p.Abs(st.dst)); rerr != nil && !isNotExist(rerr) {
				p.Errorf("cannot remove %s: %s", quote.ShellAlways(st.dst), ErrText(rerr))
				return nil, false
			}
			c.removedVerbose(st.dst)
			st.newDst = true
		}
	}
	if st.newDst {
		out, err = c.createDest(st, srcMode)
		if err == nil {
			return out, true
		}
		if err == errDangling {
			return nil, false
		}
	} else {
		st.omitted = 0
	}
	if err != nil {
		p.Errorf("cannot create regular file %s: %s", quote.ShellAlways(st.dst), ErrText(err))
		return nil, false
	}
	return out, true
}

var errDangling = fmt.Errorf("dangling symlink")

// createDest creates a new regular file at the destination.
func (c *copier) createDest(st *copyState, srcMode uint32) (File, error) {
	p := c.p
	if strings.HasSuffix(st.dst, "/") {
		if _, err := p.Stat(st.dst); err != nil && isNotExist(err) {
			return nil, errNotDir
		}
	}
	perm := modes.FileMode(srcMode & modes.RWX &^ st.omitted).Perm()
	out, err := p.OpenFile(st.dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil && errnoOf(err) == errExist && !c.o.move {
		if fi, lerr := p.Lstat(st.dst); lerr == nil && isSymlink(fi) {
			p.Errorf("not writing through dangling symlink %s", quote.ShellAlways(st.dst))
			return nil, errDangling
		}
	}
	if err != nil && errnoOf(err) == errIsDirErrno && strings.HasSuffix(st.dst, "/") {
		err = errNotDir
	}
	return out, err
}

// regularAttrs preserves what the options ask on a copied regular file.
func (c *copier) regularAttrs(st *copyState, srcMode uint32) bool {
	p, o := c.p, c.o
	abs := p.Abs(st.dst)
	if o.preserveTimes {
		if err := p.FS.Chtimes(abs, vfs.MetaOf(st.srcInfo).Atime, st.srcInfo.ModTime()); err != nil {
			p.Errorf("preserving times for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return false
		}
	}
	if o.preserveOwner {
		c.chownLike(abs, st.srcInfo)
	}
	switch {
	case o.preserveMode || o.move:
		if err := p.FS.Chmod(abs, modes.FileMode(srcMode)); err != nil {
			p.Errorf("preserving permissions for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return false
		}
	case o.explicitNoPreserveMode && st.newDst:
		p.FS.Chmod(abs, fs.FileMode(0o666&^uint32(p.Sys.Umask())))
	case st.omitted&^uint32(p.Sys.Umask()) != 0:
		p.FS.Chmod(abs, modes.FileMode(srcMode&modes.RWX))
	}
	return true
}

// chownLike gives abs the owner of fi, quietly (only root can).
func (c *copier) chownLike(abs string, fi fs.FileInfo) {
	m := vfs.MetaOf(fi)
	if cur, err := c.p.FS.Lstat(abs); err == nil {
		cm := vfs.MetaOf(cur)
		if cm.Uid == m.Uid && cm.Gid == m.Gid {
			return
		}
	}
	c.p.FS.Chown(abs, int(m.Uid), int(m.Gid))
}

// finishAttrs sets times, owner and mode on a directory or symlink copy.
func (c *copier) finishAttrs(st *copyState, srcMode uint32) bool {
	p, o := c.p, c.o
	abs := p.Abs(st.dst)
	if st.destIsSymlink {
		return true
	}
	if o.preserveTimes {
		if err := p.FS.Chtimes(abs, vfs.MetaOf(st.srcInfo).Atime, st.srcInfo.ModTime()); err != nil {
			p.Errorf("preserving times for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return false
		}
	}
	if o.preserveOwner {
		c.chownLike(abs, st.srcInfo)
	}
	switch {
	case o.preserveMode || o.move:
		if err := p.FS.Chmod(abs, modes.FileMode(srcMode)); err != nil {
			p.Errorf("preserving permissions for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return false
		}
	case o.explicitNoPreserveMode && st.newDst:
		p.FS.Chmod(abs, fs.FileMode(0o777&^uint32(p.Sys.Umask())))
	default:
		omitted := st.omitted &^ uint32(p.Sys.Umask())
		if omitted != 0 && !st.restoreMode {
			if fi, err := p.Lstat(st.dst); err == nil {
				st.dstMode = modes.Bits(fi.Mode())
				st.restoreMode = omitted&^st.dstMode != 0
			}
		}
		if st.restoreMode {
			if err := p.FS.Chmod(abs, modes.FileMode(st.dstMode|omitted)); err != nil {
				p.Errorf("preserving permissions for %s: %s", quote.ShellAlways(st.dst), ErrText(err))
				return false
			}
		}
	}
	return true
}
