package vfs

import (
	"io"
	"io/fs"
	"os"
	"path"
	"syscall"

	"github.com/spf13/afero/mem"
)

// ofile is an open upper file: its writes are charged to the overlay's
// limit.
type ofile struct {
	*mem.File
	o         *Overlay
	name      string
	appending bool
}

// charge accounts for writing k bytes at off.
func (f *ofile) charge(off int64, k int) error {
	f.o.mu.Lock()
	defer f.o.mu.Unlock()
	size := mem.GetFileInfo(f.Data()).Size()
	if grow := off + int64(k) - size; grow > 0 {
		if err := f.o.grow(grow); err != nil {
			return &fs.PathError{Op: "write", Path: f.name, Err: err}
		}
	}
	return nil
}

func (f *ofile) Write(p []byte) (int, error) {
	if f.appending {
		f.File.Seek(0, io.SeekEnd)
	}
	off, _ := f.File.Seek(0, io.SeekCurrent)
	if err := f.charge(off, len(p)); err != nil {
		return 0, err
	}
	return f.File.Write(p)
}

func (f *ofile) WriteAt(p []byte, off int64) (int, error) {
	if err := f.charge(off, len(p)); err != nil {
		return 0, err
	}
	return f.File.WriteAt(p, off)
}

func (f *ofile) WriteString(s string) (int, error) { return f.Write([]byte(s)) }

func (f *ofile) Truncate(size int64) error {
	cur := mem.GetFileInfo(f.Data()).Size()
	if size > cur {
		if err := f.charge(cur, int(size-cur)); err != nil {
			return err
		}
	} else {
		f.o.mu.Lock()
		f.o.used -= cur - size
		f.o.mu.Unlock()
	}
	return f.File.Truncate(size)
}

func (f *ofile) Name() string { return f.name }

// odir is an open directory of the merged view: its listing is the
// workspace's entries, minus whiteouts, plus the upper layer's.
type odir struct {
	o     *Overlay
	name  string
	info  fs.FileInfo
	infos []os.FileInfo // nil until listed
	off   int
}

func (d *odir) list() {
	if d.infos != nil {
		return
	}
	o := d.o
	o.mu.Lock()
	defer o.mu.Unlock()
	_, st, err := o.walk("open", d.name, true)
	d.infos = []os.FileInfo{}
	if err != nil || !st.isDir() {
		return
	}
	hidden := st.hidden || st.node != nil && st.node.opaque
	for _, name := range o.names(d.name, st) {
		c := path.Join(d.name, name)
		if cst := o.look(c, hidden); cst.exists {
			d.infos = append(d.infos, o.info(c, cst))
		}
	}
}

func (d *odir) Readdir(count int) ([]os.FileInfo, error) {
	d.list()
	rest := d.infos[d.off:]
	if count <= 0 {
		d.off = len(d.infos)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	k := min(count, len(rest))
	d.off += k
	return rest[:k], nil
}

func (d *odir) Readdirnames(count int) ([]string, error) {
	infos, err := d.Readdir(count)
	names := make([]string, len(infos))
	for i, fi := range infos {
		names[i] = fi.Name()
	}
	return names, err
}

func (d *odir) Stat() (os.FileInfo, error) { return d.info, nil }
func (d *odir) Name() string               { return d.name }
func (d *odir) Close() error               { return nil }
func (d *odir) Sync() error                { return nil }

func (d *odir) Read([]byte) (int, error)          { return 0, d.isDir("read") }
func (d *odir) ReadAt([]byte, int64) (int, error) { return 0, d.isDir("read") }
func (d *odir) Seek(int64, int) (int64, error)    { d.off = 0; return 0, nil }
func (d *odir) Write([]byte) (int, error)         { return 0, d.isDir("write") }
func (d *odir) WriteAt([]byte, int64) (int, error) {
	return 0, d.isDir("write")
}
func (d *odir) WriteString(string) (int, error) { return 0, d.isDir("write") }
func (d *odir) Truncate(int64) error            { return d.isDir("truncate") }

func (d *odir) isDir(op string) error {
	return &fs.PathError{Op: op, Path: d.name, Err: syscall.EISDIR}
}
