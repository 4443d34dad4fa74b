package builtins

// tar -x: the whole archive is checked first (archive_guard.go), then
// written; directories get their modes and times at the end, as GNU
// does, so that a read-only directory can still be filled.

import (
	"archive/tar"
	"io"
	"io/fs"
	"os"
	"path"
	"time"
)

type tarDirAttrs struct {
	name  string
	mode  fs.FileMode
	mtime time.Time
}

func (t *tarRun) extract(src *tarSource, found []bool) error {
	p := t.p
	if t.o.file == "-" {
		if err := src.hold(); err != nil {
			return err
		}
	}
	if dir := t.dir(); dir != "" {
		if fi, err := p.Stat(dir); err != nil || !fi.IsDir() {
			if err == nil {
				err = errNotDir
			}
			return &tarFatal{dir + ": Cannot open: " + ErrText(err)}
		}
	}
	guard := newArchiveGuard(p, t.joinDest("."))
	err := t.tarPass(src, make([]bool, len(found)), func(e *tarEntry, _ io.Reader) error {
		return guard.check(tarGuardMember(e))
	})
	if err != nil {
		return err
	}
	var dirs []tarDirAttrs
	err = t.tarPass(src, found, func(e *tarEntry, r io.Reader) error {
		if t.o.verbose > 0 {
			t.printMember(p.Stdout, e.hdr, e.hdr.Name, e.hdr.Linkname)
		}
		if d, ok := t.extractOne(e, r); ok {
			dirs = append(dirs, d)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		d := dirs[i]
		p.FS.Chmod(p.Abs(d.name), d.mode)
		if !t.o.touch {
			p.FS.Chtimes(p.Abs(d.name), d.mtime, d.mtime)
		}
	}
	return err
}

func tarGuardMember(e *tarEntry) archiveMember {
	m := archiveMember{name: e.hdr.Name, dest: e.dest}
	switch e.hdr.Typeflag {
	case tar.TypeSymlink:
		m.symlink, m.link = true, e.hdr.Linkname
	case tar.TypeLink:
		m.hardlink, m.link = true, e.link
	case tar.TypeReg, tar.TypeRegA, tar.TypeGNUSparse:
		m.size = e.hdr.Size
	}
	return m
}

// extractOne writes one member; for a directory it returns the
// attributes to set at the end.
func (t *tarRun) extractOne(e *tarEntry, r io.Reader) (tarDirAttrs, bool) {
	p := t.p
	name := t.joinDest(e.dest)
	hdr := e.hdr
	perm := fs.FileMode(hdr.Mode) & fs.ModePerm
	if t.o.noSamePerms {
		perm &^= p.Sys.Umask()
	}
	if hdr.Typeflag != tar.TypeDir {
		if err := p.FS.MkdirAll(p.Abs(path.Dir(name)), 0o777&^p.Sys.Umask()); err != nil {
			t.failf("%s: Cannot mkdir: %s", path.Dir(e.dest), ErrText(err))
			return tarDirAttrs{}, false
		}
	}
	switch hdr.Typeflag {
	case tar.TypeDir:
		if err := p.FS.MkdirAll(p.Abs(name), 0o700|perm); err != nil {
			t.failf("%s: Cannot mkdir: %s", e.dest, ErrText(err))
			return tarDirAttrs{}, false
		}
		return tarDirAttrs{name, perm, hdr.ModTime}, true
	case tar.TypeReg, tar.TypeRegA, tar.TypeGNUSparse:
		t.extractFile(e, name, perm, r)
	case tar.TypeSymlink:
		if !t.makeRoom(e, name) {
			return tarDirAttrs{}, false
		}
		if err := p.FS.SymlinkIfPossible(hdr.Linkname, p.Abs(name)); err != nil {
			t.failf("%s: Cannot create symlink to %s: %s", e.dest, quoteTar(hdr.Linkname), ErrText(err))
		}
	case tar.TypeLink:
		if !t.makeRoom(e, name) {
			return tarDirAttrs{}, false
		}
		if err := p.FS.Link(p.Abs(t.joinDest(e.link)), p.Abs(name)); err != nil {
			t.failf("%s: Cannot hard link to %s: %s", e.dest, quoteTar(e.link), ErrText(err))
		}
	default:
		t.failf("%s: Cannot mknod: Operation not permitted", e.dest)
	}
	return tarDirAttrs{}, false
}

// makeRoom removes what stands where a member goes (GNU unlinks it),
// or, with -k, reports it.
func (t *tarRun) makeRoom(e *tarEntry, name string) bool {
	p := t.p
	fi, err := p.Lstat(name)
	if err != nil {
		return true
	}
	if t.o.keepOld {
		t.failf("%s: Cannot open: File exists", e.dest)
		return false
	}
	if fi.IsDir() {
		if err := p.FS.Remove(p.Abs(name)); err != nil {
			t.failf("%s: Cannot unlink: %s", e.dest, ErrText(err))
			return false
		}
		return true
	}
	p.FS.Remove(p.Abs(name))
	return true
}

// extractFile writes a regular member through a temporary file renamed
// over name.
func (t *tarRun) extractFile(e *tarEntry, name string, perm fs.FileMode, r io.Reader) {
	p := t.p
	if fi, err := p.Lstat(name); err == nil {
		if t.o.keepOld {
			t.failf("%s: Cannot open: File exists", e.dest)
			return
		}
		if fi.IsDir() {
			t.failf("%s: Cannot open: Is a directory", e.dest)
			return
		}
	}
	abs := p.Abs(name)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), "."+path.Base(abs)+".", 0o600)
	if err != nil {
		t.failf("%s: Cannot open: %s", e.dest, ErrText(err))
		return
	}
	err = p.copyData(out, r)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		p.FS.Chmod(tmp, perm|tarSpecial(e.hdr.Mode))
		if !t.o.touch {
			p.FS.Chtimes(tmp, e.hdr.ModTime, e.hdr.ModTime)
		}
		err = p.FS.Rename(tmp, abs)
	}
	if err != nil {
		p.FS.Remove(tmp)
		if we, ok := err.(writeErr); ok {
			err = we.error
		}
		t.failf("%s: Cannot write: %s", e.dest, ErrText(err))
	}
}

// tarSpecial is the set-id and sticky bits of a header's mode.
func tarSpecial(mode int64) fs.FileMode {
	var m fs.FileMode
	if mode&0o4000 != 0 {
		m |= os.ModeSetuid
	}
	if mode&0o2000 != 0 {
		m |= os.ModeSetgid
	}
	if mode&0o1000 != 0 {
		m |= os.ModeSticky
	}
	return m
}
