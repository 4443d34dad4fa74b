package builtins

// What cp and mv do about an existing destination (GNU copy.c: the
// same-file check, -u, -n, -i, type conflicts, backups, unlinking).

import (
	"io/fs"
	"syscall"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// checkDest looks at the destination; done means copyInternal is over,
// with ok as its result.
func (c *copier) checkDest(st *copyState, nonexistent int) (done, ok bool) {
	o, p := c.o, c.p
	if !(st.renameErrno == syscall.EEXIST && o.interactive == iAlwaysNo) {
		src := st.srcInfo
		useLstat := (!src.Mode().IsRegular() && (!o.copyAsRegular || src.IsDir() || isSymlink(src))) ||
			o.move || o.symLink || o.hardLink || o.backup.kind != noBackups || o.unlinkBefore
		var fi fs.FileInfo
		var err error
		switch {
		case !useLstat && nonexistent < 0:
			st.newDst = true
		default:
			if useLstat {
				fi, err = p.lstatName(st.dst)
			} else {
				fi, err = p.Stat(st.dst)
			}
			switch {
			case err == nil:
				st.dstInfo, st.haveDstLstat, st.renameErrno = fi, useLstat, syscall.EEXIST
			case isNotExist(err):
				st.newDst = true
			default:
				p.Errorf("cannot stat %s: %s", quote.ShellAlways(st.dst), ErrText(err))
				return true, false
			}
		}
	}
	if st.renameErrno != syscall.EEXIST {
		return false, false
	}
	return c.existingDest(st)
}

// existingDest applies the rules for a destination that exists.
func (c *copier) existingDest(st *copyState) (done, ok bool) {
	o, p := c.o, c.p
	if o.interactive == iAlwaysNo {
		if o.move {
			st.renameOK = true
		}
		if st.srcInfo == nil || !st.srcInfo.IsDir() || o.move {
			return true, true
		}
	}
	returnNow := false
	if o.interactive != iAlwaysNo && !c.sameFileOK(st, &returnNow) {
		p.Errorf("%s and %s are the same file", quote.ShellAlways(st.src), quote.ShellAlways(st.dst))
		return true, false
	}
	if o.update && !st.srcInfo.IsDir() && !st.dstInfo.ModTime().Before(st.srcInfo.ModTime()) {
		if o.move {
			st.renameOK = true
		}
		return true, true
	}
	if o.move {
		if o.interactive == iAskUser && !p.ask("overwrite %s? ", quote.ShellAlways(st.dst)) {
			st.renameOK = true
			return true, true
		}
	} else if !st.srcInfo.IsDir() && o.interactive == iAskUser && !p.ask("overwrite %s? ", quote.ShellAlways(st.dst)) {
		return true, true
	}
	if returnNow {
		return true, true
	}
	if done, ok := c.typeConflict(st); done {
		return done, ok
	}
	return c.makeRoom(st)
}

// typeConflict refuses to replace a directory by a file or the reverse.
func (c *copier) typeConflict(st *copyState) (done, ok bool) {
	o, p := c.o, c.p
	srcDir, dstDir := st.srcInfo.IsDir(), st.dstInfo.IsDir()
	if !dstDir {
		if srcDir && !(o.move && o.backup.kind != noBackups) {
			p.Errorf("cannot overwrite non-directory %s with directory %s", quote.ShellAlways(st.dst), quote.ShellAlways(st.src))
			return true, false
		}
		if st.cmdline && o.backup.kind != numberedBackups && c.dstSeen != nil {
			if id, ok := c.dstSeen[st.dst]; ok && id == idOf(st.dstInfo) {
				p.Errorf("will not overwrite just-created %s with %s", quote.ShellAlways(st.dst), quote.ShellAlways(st.src))
				return true, false
			}
		}
	}
	if !srcDir && dstDir && !(o.move && o.backup.kind != noBackups) {
		p.Errorf("cannot overwrite directory %s with non-directory", quote.ShellAlways(st.dst))
		return true, false
	}
	return false, false
}

// makeRoom backs up or removes the destination when the options ask.
func (c *copier) makeRoom(st *copyState) (done, ok bool) {
	o, p := c.o, c.p
	dstDir := st.dstInfo.IsDir()
	srcBase := lastComponent(st.src)
	if o.backup.kind != noBackups && !isDotOrDotDot(srcBase) && (o.move || !dstDir) {
		if o.backup.kind != numberedBackups && c.sourceIsDstBackup(st) {
			verb := "copied"
			if o.move {
				verb = "moved"
			}
			p.Errorf("backing up %s might destroy source;  %s not %s", quote.ShellAlways(st.dst), quote.ShellAlways(st.src), verb)
			return true, false
		}
		bname, err := o.backup.backup(p, st.dst)
		if err != nil {
			p.Errorf("cannot backup %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return true, false
		}
		st.dstBackup, st.newDst = bname, true
		return false, false
	}
	links := vfs.MetaOf(st.dstInfo).Nlink
	if !dstDir && !o.move && (o.unlinkBefore || !o.attrsOnly && (o.preserveLinks && links > 1 ||
		st.deref == derefNever && !st.srcInfo.Mode().IsRegular())) {
		if err := p.FS.Remove(p.Abs(st.dst)); err != nil && !isNotExist(err) {
			p.Errorf("cannot remove %s: %s", quote.ShellAlways(st.dst), ErrText(err))
			return true, false
		}
		st.newDst = true
		c.removedVerbose(st.dst)
	}
	return false, false
}

func (c *copier) removedVerbose(name string) {
	if c.o.verbose {
		c.p.printf("removed %s\n", quote.ShellAlways(name))
	}
}

// sourceIsDstBackup reports whether the source is the simple backup the
// copy would make of the destination.
func (c *copier) sourceIsDstBackup(st *copyState) bool {
	suffix := c.o.backup.suffix
	srcBase, dstBase := baseName(st.src), baseName(st.dst)
	if srcBase != dstBase+suffix {
		return false
	}
	fi, err := c.p.Stat(st.dst + suffix)
	return err == nil && sameFile(fi, st.srcInfo, "", "x")
}

// sameFileOK is GNU's same_file_ok: whether copying onto a destination
// that may be the source itself is safe.
func (c *copier) sameFileOK(st *copyState, returnNow *bool) bool {
	o, p := c.o, c.p
	srcSb, dstSb := st.srcInfo, st.dstInfo
	same := sameFile(srcSb, dstSb, p.cleanAbs(st.src), p.cleanAbs(st.dst))
	if same && o.hardLink {
		*returnNow = true
		return true
	}
	srcL, dstL := srcSb, dstSb
	sameLink := same
	if st.deref == derefNever {
		if isSymlink(srcSb) && isSymlink(dstSb) {
			sn := p.sameName(st.src, st.dst)
			if !sn {
				if o.backup.kind != noBackups {
					return true
				}
				if sameLink {
					*returnNow = true
					return !o.move
				}
			}
			return !sn
		}
	} else {
		if !same {
			return true
		}
		var err1, err2 error
		dstL, err1 = p.Lstat(st.dst)
		srcL, err2 = p.Lstat(st.src)
		if err1 != nil || err2 != nil {
			return true
		}
		sameLink = sameFile(srcL, dstL, p.cleanAbs(st.src), p.cleanAbs(st.dst))
		if isSymlink(srcL) && isSymlink(dstL) && o.unlinkBefore {
			return true
		}
	}
	if o.backup.kind != noBackups {
		if !sameLink {
			if !o.move && st.deref != derefNever && isSymlink(srcL) && !isSymlink(dstL) {
				return false
			}
			return true
		}
		return !p.sameName(st.src, st.dst)
	}
	return c.sameFileRest(st, srcL, dstL, sameLink, returnNow)
}

func (c *copier) sameFileRest(st *copyState, srcL, dstL fs.FileInfo, sameLink bool, returnNow *bool) bool {
	o, p := c.o, c.p
	if o.move || o.unlinkBefore {
		if isSymlink(dstL) {
			return true
		}
		if sameLink && vfs.MetaOf(dstL).Nlink > 1 && !p.sameName(st.src, st.dst) {
			return !o.move
		}
	}
	if !isSymlink(srcL) && !isSymlink(dstL) {
		if !sameFile(srcL, dstL, p.cleanAbs(st.src), p.cleanAbs(st.dst)) {
			return true
		}
		if o.hardLink {
			*returnNow = true
			return true
		}
	}
	if o.move && isSymlink(st.srcInfo) && vfs.MetaOf(dstL).Nlink > 1 {
		if abs, err := p.canonicalize(st.src, canExisting, false); err == nil {
			return !p.sameName(abs, st.dst)
		}
	}
	if o.symLink && isSymlink(dstL) {
		return true
	}
	if st.deref == derefNever {
		s, d := srcL, dstL
		var err error
		if isSymlink(s) {
			if s, err = p.Stat(st.src); err != nil {
				return true
			}
		}
		if isSymlink(d) {
			if d, err = p.Stat(st.dst); err != nil {
				return true
			}
		}
		if !sameFile(s, d, "a", "b") {
			return true
		}
		if o.hardLink {
			*returnNow = !isSymlink(dstL)
			return true
		}
	}
	return false
}
