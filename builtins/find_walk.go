package builtins

// The walk of find: starting points, directories in the order the
// filesystem returns their entries (GNU uses fts without sorting), and
// file information fetched only when a test needs it.

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs"
)

// walkRoot visits one starting point and what lies below it.
func (f *finder) walkRoot(root string) {
	if root == "" {
		f.fileError(root, fs.ErrNotExist)
		return
	}
	e := &fentry{path: root, abs: f.p.Abs(root), root: root}
	var err error
	fi, dev := f.p.devStat(e.abs)
	switch {
	case dev: // nothing below a device, and no link to follow
	case f.follow == 'P' && !findResolvesLast(root):
		fi, err = f.p.FS.Lstat(e.abs)
	default:
		fi, err = f.followStat(e.abs)
	}
	if err == nil && strings.HasSuffix(root, "/") && !fi.IsDir() {
		err = syscall.ENOTDIR
	}
	if err != nil {
		f.fileError(root, err)
		return
	}
	e.info, e.statDone, e.typ = fi, true, fi.Mode().Type()
	f.visit(e, nil)
}

// findResolvesLast reports whether the kernel would follow a link named last
// in path: a trailing slash, or a last element "." or "..".
func findResolvesLast(p string) bool {
	if strings.HasSuffix(p, "/") {
		return true
	}
	base := p[strings.LastIndexByte(p, '/')+1:]
	return base == "." || base == ".."
}

// followStat stats name through symbolic links; a dangling link is
// reported as the link itself, as fts does.
func (f *finder) followStat(abs string) (fs.FileInfo, error) {
	fi, err := f.p.FS.Stat(abs)
	if err != nil && errors.Is(err, fs.ErrNotExist) {
		if lfi, lerr := f.p.FS.Lstat(abs); lerr == nil {
			return lfi, nil
		}
	}
	return fi, err
}

// findDirID identifies a directory for loop detection.
type findDirID struct{ dev, ino uint64 }

// findAncestor is a directory on the path from a starting point, kept when
// links are followed.
type findAncestor struct {
	id   findDirID
	path string
	up   *findAncestor
}

// visit evaluates the expression on e and walks into it if it is a
// directory.
func (f *finder) visit(e *fentry, up *findAncestor) {
	if f.quit || f.stopped != 0 {
		return
	}
	isDir := e.fileType() == fs.ModeDir
	var self *findAncestor
	if isDir && f.follow != 'P' {
		var loop bool
		if self, loop = f.checkLoop(e, up); loop {
			return
		}
	}
	findInRange := e.depth >= f.minDepth
	if findInRange && !f.depth {
		f.eval(e)
	}
	if isDir && !e.prune && (f.maxDepth < 0 || e.depth < f.maxDepth) && !f.quit {
		f.walkDir(e, self)
	}
	if findInRange && f.depth && !f.quit {
		f.eval(e)
	}
}

// checkLoop reports a directory that is its own findAncestor (only possible
// when links are followed), with GNU's message.
func (f *finder) checkLoop(e *fentry, up *findAncestor) (*findAncestor, bool) {
	fi, ok := f.stat(e)
	if !ok {
		return up, false
	}
	m := findMetaOf(fi)
	id := findDirID{m.Dev, m.Ino}
	for a := up; a != nil; a = a.up {
		if a.id == id {
			f.errorf("File system loop detected; %s is part of the same file system loop as %s.", quote.Locale(e.path), quote.Locale(a.path))
			return nil, true
		}
	}
	return &findAncestor{id: id, path: e.path, up: up}, false
}

func (f *finder) eval(e *fentry) {
	if f.p.Cancelled() {
		f.quit = true
		if f.stopped == 0 {
			f.stopped = 130
		}
		return
	}
	f.expr.eval(f, e)
}

// walkDir visits the entries of the directory e.
func (f *finder) walkDir(e *fentry, self *findAncestor) {
	lstat := f.needStat && f.follow != 'L'
	ents, err := f.p.FS.ReadDirFTS(e.abs, lstat)
	if err != nil {
		f.fileError(e.path, err)
		return
	}
	for _, d := range ents {
		if f.quit || f.stopped != 0 {
			return
		}
		name := d.Name()
		c := &fentry{path: ftsJoin(e.path, name), abs: e.abs + "/" + name, depth: e.depth + 1, root: e.root, typ: d.Type()}
		if e.abs == "/" {
			c.abs = "/" + name
		}
		if lstat {
			if fi, err := d.Info(); err == nil {
				c.info, c.statDone = fi, true
			}
		}
		if f.follow == 'L' && c.typ == fs.ModeSymlink {
			fi, err := f.followStat(c.abs)
			if err != nil {
				f.fileError(c.path, err)
				continue
			}
			c.info, c.statDone, c.typ = fi, true, fi.Mode().Type()
		}
		f.visit(c, self)
	}
}

// fileType returns the type bits of e (fs.ModeDir, fs.ModeSymlink, ...;
// 0 for a regular file).
func (e *fentry) fileType() fs.FileMode {
	return e.typ & (fs.ModeType | fs.ModeCharDevice)
}

// baseName is what -name matches: the last element, without trailing
// slashes for a starting point ("/" stays "/").
func (e *fentry) baseName() string {
	if e.depth > 0 {
		return e.path[strings.LastIndexByte(e.path, '/')+1:]
	}
	p := strings.TrimRight(e.path, "/")
	if p == "" {
		return "/"
	}
	return p[strings.LastIndexByte(p, '/')+1:]
}

// stat returns e's file information (following links under -L, and for
// starting points under -H), reporting a failure once.
func (f *finder) stat(e *fentry) (fs.FileInfo, bool) {
	if !e.statDone {
		e.statDone = true
		if f.follow == 'L' {
			e.info, e.statErr = f.followStat(e.abs)
		} else {
			e.info, e.statErr = f.p.FS.Lstat(e.abs)
		}
		if e.statErr != nil {
			f.fileError(e.path, e.statErr)
		}
	}
	return e.info, e.statErr == nil && e.info != nil
}

func (f *finder) meta(e *fentry) (vfs.Meta, bool) {
	fi, ok := f.stat(e)
	if !ok {
		return vfs.Meta{}, false
	}
	return findMetaOf(fi), true
}

func findMetaOf(fi fs.FileInfo) vfs.Meta { return vfs.MetaOf(fi) }

// fileTime returns e's access (a), birth (B), change (c) or modification
// (m) time.
func (f *finder) fileTime(e *fentry, which byte) (time.Time, bool) {
	fi, ok := f.stat(e)
	if !ok {
		return time.Time{}, false
	}
	return findTimeOf(fi, which)
}

func findTimeOf(fi fs.FileInfo, which byte) (time.Time, bool) {
	switch which {
	case 'a':
		return vfs.MetaOf(fi).Atime, true
	case 'c':
		return vfs.MetaOf(fi).Ctime, true
	case 'B':
		return time.Time{}, false
	}
	return fi.ModTime(), true
}

// xtype is the type -xtype tests: for a link that was not followed, the
// type of its target (l when it dangles); for a followed link, l.
func (f *finder) xtype(e *fentry) fs.FileMode {
	if f.follow == 'L' || f.follow == 'H' && e.depth == 0 {
		fi, err := f.p.FS.Lstat(e.abs)
		if err != nil {
			return e.fileType()
		}
		return fi.Mode().Type() & (fs.ModeType | fs.ModeCharDevice)
	}
	t := e.fileType()
	if t != fs.ModeSymlink {
		return t
	}
	fi, err := f.p.FS.Stat(e.abs)
	if err == nil {
		return fi.Mode().Type() & (fs.ModeType | fs.ModeCharDevice)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		f.fileError(e.path, err)
		return 1 // matches no letter
	}
	return t
}

// access answers -readable, -writable and -executable from the permission
// bits, for the user the engine runs as ($UID; 0 is root).
func (f *finder) access(e *fentry, bit fs.FileMode) bool {
	fi, ok := f.stat(e)
	if !ok {
		return false
	}
	perm := fi.Mode().Perm()
	uid := f.p.Getenv("UID")
	if uid == "0" || uid == "" {
		if bit == 1 {
			return perm&0o111 != 0 || fi.IsDir()
		}
		return true
	}
	shift := 0
	if m := findMetaOf(fi); uid == findItoa(uint64(m.Uid)) {
		shift = 6
	}
	return perm&(bit<<shift) != 0
}

func findItoa(n uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

func findIsErrno(err error, no syscall.Errno) bool { return errors.Is(err, no) }
