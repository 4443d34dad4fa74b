package vfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/afero"
	"github.com/spf13/afero/mem"
)

// overlayUmask is applied to the modes of what the overlay creates, as
// the operating system applies a process's umask on the disk.
const overlayUmask = 0o022

// overlayLayer is the [Layer] of an [Overlay].
type overlayLayer struct{ o *Overlay }

func (l overlayLayer) Name() string { return "overlay" }

func (l overlayLayer) Create(n string) (afero.File, error) {
	return l.OpenFile(n, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

func (l overlayLayer) Open(n string) (afero.File, error) { return l.OpenFile(n, os.O_RDONLY, 0) }

func (l overlayLayer) OpenFile(n string, flag int, perm os.FileMode) (afero.File, error) {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	excl := flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0
	c, st, err := o.walk("open", n, !excl)
	if err != nil {
		return nil, err
	}
	write := flag&writeFlags != 0
	switch {
	case !st.exists && flag&os.O_CREATE == 0:
		return nil, &fs.PathError{Op: "open", Path: n, Err: fs.ErrNotExist}
	case !st.exists:
		o.touch(c)
		data := mem.CreateFile(c)
		mem.SetMode(data, perm.Perm()&^overlayUmask)
		o.put(c, &onode{kind: 'f', data: data})
		return o.handle(c, data, flag), nil
	case excl:
		return nil, &fs.PathError{Op: "open", Path: n, Err: fs.ErrExist}
	case st.isDir() && write:
		return nil, &fs.PathError{Op: "open", Path: n, Err: syscall.EISDIR}
	case st.isDir():
		return &odir{o: o, name: c, info: o.info(c, st)}, nil
	case !write && st.node == nil:
		return o.lower.OpenFile(c, flag, perm)
	case st.node == nil && !st.info.Mode().IsRegular():
		return nil, &fs.PathError{Op: "open", Path: n, Err: syscall.EPERM}
	}
	nd, err := o.copyUp(c, st, flag&os.O_TRUNC != 0)
	if err != nil {
		return nil, err
	}
	if flag&os.O_TRUNC != 0 && write {
		o.used -= mem.GetFileInfo(nd.data).Size()
		mem.NewFileHandle(nd.data).Truncate(0)
	}
	return o.handle(c, nd.data, flag), nil
}

// handle opens the upper file data.
func (o *Overlay) handle(n string, data *mem.FileData, flag int) afero.File {
	f := &ofile{File: mem.NewFileHandle(data), o: o, name: n}
	if flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		f.File = mem.NewReadOnlyFileHandle(data)
	}
	if flag&os.O_APPEND != 0 {
		f.appending = true
	}
	return f
}

func (l overlayLayer) Mkdir(n string, perm os.FileMode) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("mkdir", n, false)
	if err != nil {
		return err
	}
	if st.exists {
		return &fs.PathError{Op: "mkdir", Path: n, Err: fs.ErrExist}
	}
	o.touch(c)
	o.put(c, &onode{kind: 'd', mode: perm.Perm() &^ overlayUmask, opaque: true, mtime: time.Now()})
	return nil
}

func (l overlayLayer) MkdirAll(n string, perm os.FileMode) error {
	cur := "/"
	for _, part := range pathSegments(path.Clean("/" + n)) {
		cur = path.Join(cur, part)
		fi, err := l.Stat(cur)
		switch {
		case err == nil && fi.IsDir():
			continue
		case err == nil:
			return &fs.PathError{Op: "mkdir", Path: cur, Err: syscall.ENOTDIR}
		}
		if err := l.Mkdir(cur, perm); err != nil && !os.IsExist(err) {
			return err
		}
	}
	return nil
}

func (l overlayLayer) Remove(n string) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("remove", n, false)
	if err != nil {
		return err
	}
	if !st.exists {
		return &fs.PathError{Op: "remove", Path: n, Err: fs.ErrNotExist}
	}
	if st.isDir() && len(o.names(c, st)) > 0 {
		return &fs.PathError{Op: "remove", Path: n, Err: syscall.ENOTEMPTY}
	}
	o.touch(c)
	o.whiteout(c)
	return nil
}

func (l overlayLayer) RemoveAll(n string) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("remove", n, false)
	if err != nil || !st.exists {
		return nil
	}
	o.removeTree(c, st)
	return nil
}

// removeTree whites out n (state st) and everything beneath it.
func (o *Overlay) removeTree(n string, st ostat) {
	if st.isDir() {
		for _, name := range o.names(n, st) {
			c := path.Join(n, name)
			o.removeTree(c, o.look(c, st.hidden))
		}
	}
	o.touch(n)
	o.whiteout(n)
}

func (l overlayLayer) Rename(oldname, newname string) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	oc, ost, err := o.walk("rename", oldname, false)
	if err == nil && !ost.exists {
		err = fs.ErrNotExist
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: underlying(err)}
	}
	nc, nst, err := o.walk("rename", newname, false)
	if err == nil {
		err = o.renameCheck(oc, ost, nc, nst)
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: underlying(err)}
	}
	if oc == nc {
		return nil
	}
	if nst.exists {
		o.touch(nc)
		o.dropUnder(nc)
	}
	if err := o.move(oc, ost, nc); err != nil {
		return err
	}
	o.whiteout(oc)
	return nil
}

// renameCheck is rename(2)'s refusals.
func (o *Overlay) renameCheck(oc string, ost ostat, nc string, nst ostat) error {
	switch {
	case strings.HasPrefix(nc, oc+"/"):
		return syscall.EINVAL
	case !nst.exists:
		return nil
	case nst.isDir() && !ost.isDir():
		return syscall.EISDIR
	case !nst.isDir() && ost.isDir():
		return syscall.ENOTDIR
	case nst.isDir() && len(o.names(nc, nst)) > 0:
		return syscall.ENOTEMPTY
	}
	return nil
}

// move makes nc what oc (state st) is, all beneath it included, in the
// upper layer, and forgets the upper entries of oc.
func (o *Overlay) move(oc string, st ostat, nc string) error {
	o.touch(oc)
	o.touch(nc)
	if st.isDir() {
		o.put(nc, &onode{kind: 'd', mode: o.info(oc, st).Mode().Perm(), opaque: true, mtime: time.Now()})
		for _, name := range o.names(oc, st) {
			c := path.Join(oc, name)
			if err := o.move(c, o.look(c, st.hidden || st.node != nil && st.node.opaque), path.Join(nc, name)); err != nil {
				return err
			}
		}
		return nil
	}
	if st.node == nil {
		nd, err := o.copied(oc, st)
		if err != nil {
			return err
		}
		o.put(nc, nd)
		return nil
	}
	delete(o.nodes, oc)
	delete(o.kids[path.Dir(oc)], path.Base(oc))
	if st.node.data != nil {
		mem.ChangeFileName(st.node.data, nc)
	}
	o.put(nc, st.node)
	return nil
}

// copied is a new upper node holding a copy of the workspace's file or
// symlink n.
func (o *Overlay) copied(n string, st ostat) (*onode, error) {
	nd := &onode{mtime: st.info.ModTime()}
	if st.isLink() {
		nd.kind, nd.target = 'l', o.readlink(n, st)
		return nd, nil
	}
	nd.kind, nd.data = 'f', mem.CreateFile(n)
	mem.SetMode(nd.data, modeBits(st.info.Mode()))
	if err := o.fill(n, nd.data); err != nil {
		return nil, err
	}
	mem.SetModTime(nd.data, st.info.ModTime())
	return nd, nil
}

// copyUp makes the workspace's name n (state st) an upper entry and
// returns its node; empty leaves a file's content out.
func (o *Overlay) copyUp(n string, st ostat, empty bool) (*onode, error) {
	if st.node != nil {
		return st.node, nil
	}
	o.touch(n)
	if st.isDir() {
		nd := &onode{kind: 'd', mode: modeBits(st.info.Mode()), mtime: st.info.ModTime()}
		o.put(n, nd)
		return nd, nil
	}
	var nd *onode
	var err error
	if empty && st.info.Mode().IsRegular() {
		nd = &onode{kind: 'f', data: mem.CreateFile(n)}
		mem.SetMode(nd.data, modeBits(st.info.Mode()))
	} else if nd, err = o.copied(n, st); err != nil {
		return nil, err
	}
	o.put(n, nd)
	return nd, nil
}

// modeBits are the permission and special bits of m.
func modeBits(m fs.FileMode) fs.FileMode {
	return m.Perm() | m&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)
}

// fill copies the content of the workspace's file n into data.
func (o *Overlay) fill(n string, data *mem.FileData) error {
	src, err := o.lower.Open(n)
	if err != nil {
		return err
	}
	defer src.Close()
	w := mem.NewFileHandle(data)
	buf := make([]byte, 64<<10)
	for {
		k, rerr := RawFile(src).Read(buf)
		if k > 0 {
			if err := o.grow(int64(k)); err != nil {
				return &fs.PathError{Op: "open", Path: n, Err: err}
			}
			w.Write(buf[:k])
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			return rerr
		}
	}
}

// underlying is the cause inside a path error.
func underlying(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

func (l overlayLayer) Stat(n string) (os.FileInfo, error) {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("stat", n, true)
	if err == nil && !st.exists {
		err = &fs.PathError{Op: "stat", Path: n, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, err
	}
	return o.info(c, st), nil
}

func (l overlayLayer) LstatIfPossible(n string) (os.FileInfo, bool, error) {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("lstat", n, false)
	if err == nil && !st.exists {
		err = &fs.PathError{Op: "lstat", Path: n, Err: fs.ErrNotExist}
	}
	if err != nil {
		return nil, true, err
	}
	return o.info(c, st), true, nil
}

// changeMeta copies n up (following symlinks) and lets set change its
// node.
func (l overlayLayer) changeMeta(op, n string, set func(*onode)) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk(op, n, true)
	if err == nil && !st.exists {
		err = &fs.PathError{Op: op, Path: n, Err: fs.ErrNotExist}
	}
	if err != nil {
		return err
	}
	nd, err := o.copyUp(c, st, false)
	if err != nil {
		return err
	}
	set(nd)
	return nil
}

func (l overlayLayer) Chmod(n string, m os.FileMode) error {
	return l.changeMeta("chmod", n, func(nd *onode) {
		if nd.data != nil {
			mem.SetMode(nd.data, modeBits(m))
		} else {
			nd.mode = modeBits(m)
		}
	})
}

// Chown changes nothing: a preview keeps the owners.
func (l overlayLayer) Chown(n string, uid, gid int) error {
	_, err := l.Stat(n)
	return err
}

func (l overlayLayer) Chtimes(n string, a, m time.Time) error {
	return l.changeMeta("chtimes", n, func(nd *onode) {
		if nd.data != nil {
			mem.SetModTime(nd.data, m)
		} else {
			nd.mtime = m
		}
	})
}

func (l overlayLayer) SymlinkIfPossible(target, n string) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("symlink", n, false)
	if err == nil && st.exists {
		err = fs.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "symlink", Old: target, New: n, Err: underlying(err)}
	}
	o.touch(c)
	o.put(c, &onode{kind: 'l', target: target, mtime: time.Now()})
	return nil
}

func (l overlayLayer) ReadlinkIfPossible(n string) (string, error) {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	c, st, err := o.walk("readlink", n, false)
	if err == nil && !st.isLink() {
		err = &fs.PathError{Op: "readlink", Path: n, Err: syscall.EINVAL}
		if !st.exists {
			err = &fs.PathError{Op: "readlink", Path: n, Err: fs.ErrNotExist}
		}
	}
	if err != nil {
		return "", err
	}
	return o.readlink(c, st), nil
}

// LinkIfPossible makes newname a copy of oldname: the overlay has no
// hard links.
func (l overlayLayer) LinkIfPossible(oldname, newname string) error {
	o := l.o
	o.mu.Lock()
	defer o.mu.Unlock()
	oc, ost, err := o.walk("link", oldname, false)
	if err == nil && (!ost.exists || ost.isDir()) {
		err = fs.ErrNotExist
		if ost.exists {
			err = syscall.EPERM
		}
	}
	var nc string
	var nst ostat
	if err == nil {
		nc, nst, err = o.walk("link", newname, false)
	}
	if err == nil && nst.exists {
		err = fs.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: underlying(err)}
	}
	o.touch(nc)
	nd, err := o.duplicate(oc, ost)
	if err != nil {
		return err
	}
	o.put(nc, nd)
	return nil
}

// duplicate is a new node with a copy of n (state st).
func (o *Overlay) duplicate(n string, st ostat) (*onode, error) {
	if st.node == nil {
		return o.copied(n, st)
	}
	nd := *st.node
	if nd.data != nil {
		old := mem.GetFileInfo(st.node.data)
		nd.data = mem.CreateFile(n)
		mem.SetMode(nd.data, old.Mode())
		b := make([]byte, old.Size())
		mem.NewReadOnlyFileHandle(st.node.data).ReadAt(b, 0)
		if err := o.grow(int64(len(b))); err != nil {
			return nil, err
		}
		mem.NewFileHandle(nd.data).Write(b)
	}
	return &nd, nil
}
