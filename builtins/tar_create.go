package builtins

// tar -c: members in the order given, directories depth first in the
// order the filesystem lists them (as GNU's default --sort=none).

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/shellfence/shellfence/vfs"
	"github.com/ulikunitz/xz"
)

type tarWriter struct {
	t       *tarRun
	tw      *tar.Writer
	links   map[[2]uint64]string
	archive fs.FileInfo // the archive file, never added to itself
	warned  map[string]bool
}

func (t *tarRun) create() {
	p := t.p
	if len(t.o.operands) == 0 {
		p.usage(p.tarTry("Cowardly refusing to create an empty archive"), tarFailed)
		t.status, t.fatal = tarFailed, true
		return
	}
	if t.o.file == "-" {
		t.status = t.writeArchive(p.Stdout)
		return
	}
	abs := p.Abs(t.o.file)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), "."+path.Base(abs)+".", 0o600)
	if err != nil {
		p.Errorf("%s: Cannot open: %s", t.o.file, ErrText(err))
		p.Errorf("Error is not recoverable: exiting now")
		t.status, t.fatal = tarFailed, true
		return
	}
	fi, _ := out.Stat()
	t.status = t.writeArchiveAs(out, fi)
	cerr := out.Close()
	if cerr == nil {
		p.FS.Chmod(tmp, 0o666&^p.Sys.Umask())
		cerr = p.FS.Rename(tmp, abs)
	}
	if cerr != nil {
		p.FS.Remove(tmp)
		p.Errorf("%s: Cannot write: %s", t.o.file, ErrText(cerr))
		t.status = tarFailed
	}
}

func (t *tarRun) writeArchive(w io.Writer) int { return t.writeArchiveAs(w, nil) }

// writeArchiveAs writes the archive of the operands to w, compressed as
// asked; archive is the file w writes (nil for standard output).
func (t *tarRun) writeArchiveAs(w io.Writer, archive fs.FileInfo) int {
	zw, err := t.compressor(&errWriter{w: w})
	if err != nil {
		t.failf("%s", ErrText(err))
		return tarFailed
	}
	tw := &tarWriter{t: t, tw: tar.NewWriter(zw), links: map[[2]uint64]string{}, archive: archive, warned: map[string]bool{}}
	for _, op := range t.o.operands {
		if t.p.Cancelled() {
			return 130
		}
		if err := tw.add(t.source(op), tw.memberName(op)); err != nil {
			return t.writeFailed(err)
		}
	}
	if err := tw.tw.Close(); err != nil {
		return t.writeFailed(err)
	}
	if err := zw.Close(); err != nil {
		return t.writeFailed(err)
	}
	return t.status
}

func (t *tarRun) writeFailed(err error) int {
	if we, ok := err.(writeErr); ok {
		return t.p.WriteFailed(we.error)
	}
	t.failf("%s", ErrText(err))
	return tarFailed
}

// compressor wraps w as -z, -j, -J or -a (by the archive's suffix) ask.
func (t *tarRun) compressor(w io.Writer) (io.WriteCloser, error) {
	c := t.o.compress
	if c == 'a' {
		c = tarSuffixCompression(t.o.file)
	}
	switch c {
	case 'z':
		return gzip.NewWriter(w), nil
	case 'j':
		return newBzip2Writer(w, 9)
	case 'J':
		return xz.NewWriter(w)
	}
	return nopWriteCloser{w}, nil
}

func tarSuffixCompression(name string) byte {
	switch {
	case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".tgz"), strings.HasSuffix(name, ".taz"):
		return 'z'
	case strings.HasSuffix(name, ".xz"), strings.HasSuffix(name, ".txz"):
		return 'J'
	case strings.HasSuffix(name, ".bz2"), strings.HasSuffix(name, ".tbz2"), strings.HasSuffix(name, ".tbz"), strings.HasSuffix(name, ".tb2"):
		return 'j'
	}
	return 0
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// source is the path an operand is read from (under -C).
func (t *tarRun) source(op string) string {
	if dir := t.dir(); dir != "" && !path.IsAbs(op) {
		return path.Join(dir, op)
	}
	return op
}

// dir is the directory -C names ("" for none).
func (t *tarRun) dir() string {
	d := ""
	for _, c := range t.o.dirs {
		if d == "" || path.IsAbs(c) {
			d = c
		} else {
			d = path.Join(d, c)
		}
	}
	return d
}

// memberName strips what GNU strips from a member name: leading slashes
// and "../", saying so once.
func (tw *tarWriter) memberName(op string) string {
	name := op
	for {
		switch {
		case strings.HasPrefix(name, "/"):
			tw.warnOnce("Removing leading `/' from member names")
			name = strings.TrimLeft(name, "/")
			continue
		case strings.HasPrefix(name, "../"):
			tw.warnOnce("Removing leading `../' from member names")
			name = name[3:]
			continue
		case name == "..":
			tw.warnOnce("Removing leading `../' from member names")
			name = "."
		}
		break
	}
	if name == "" {
		name = "."
	}
	return name
}

func (tw *tarWriter) warnOnce(msg string) {
	if !tw.warned[msg] {
		tw.warned[msg] = true
		tw.t.p.Errorf("%s", msg)
	}
}

// add writes the member name for the file src, and a directory's
// entries after it.
func (tw *tarWriter) add(src, name string) error {
	p := tw.t.p
	fi, err := p.Lstat(src)
	if err != nil {
		tw.t.failf("%s: Cannot stat: %s", name, ErrText(err))
		return nil
	}
	if tw.archive != nil && fi.Mode().IsRegular() && sameFile(fi, tw.archive, "", "") {
		tw.t.p.Errorf("%s: file is the archive; not dumped", name)
		return nil
	}
	if tw.excluded(name) {
		return nil
	}
	hdr, err := tw.header(src, name, fi)
	if err != nil {
		tw.t.failf("%s: %s", name, ErrText(err))
		return nil
	}
	if hdr == nil {
		return nil
	}
	tw.t.verboseMember(hdr)
	if err := tw.tw.WriteHeader(hdr); err != nil {
		return err
	}
	switch {
	case hdr.Typeflag == tar.TypeReg:
		if err := tw.data(src, name, hdr.Size); err != nil {
			return err
		}
	case fi.IsDir():
		return tw.addEntries(src, name)
	}
	return nil
}

func (tw *tarWriter) excluded(name string) bool {
	return tarExcluded(tw.t.o.exclude, name)
}

// header makes the member's header; nil for a socket, which GNU skips.
func (tw *tarWriter) header(src, name string, fi fs.FileInfo) (*tar.Header, error) {
	p := tw.t.p
	link := ""
	if isSymlink(fi) {
		l, err := p.Readlink(src)
		if err != nil {
			return nil, err
		}
		link = l
	}
	if fi.Mode()&fs.ModeSocket != 0 {
		tw.t.p.Errorf("%s: socket ignored", name)
		return nil, nil
	}
	hdr, err := tar.FileInfoHeader(fi, link)
	if err != nil {
		return nil, err
	}
	m := vfs.MetaOf(fi)
	hdr.Name = name
	if fi.IsDir() { // GNU's dump_dir: the trailing slashes become one
		hdr.Name = strings.TrimRight(name, "/") + "/"
	}
	hdr.Uid, hdr.Gid = int(m.Uid), int(m.Gid)
	hdr.Uname, hdr.Gname = p.FS.UserName(m.Uid), p.FS.GroupName(m.Gid)
	if tw.t.o.numeric {
		hdr.Uname, hdr.Gname = "", ""
	}
	hdr.ModTime = fi.ModTime().Truncate(1e9)
	hdr.AccessTime, hdr.ChangeTime = time.Time{}, time.Time{}
	hdr.Format = tar.FormatGNU
	hdr.Mode = tarMode(fi.Mode())
	if fi.Mode().IsRegular() && m.Nlink > 1 {
		key := [2]uint64{m.Dev, m.Ino}
		if first, ok := tw.links[key]; ok {
			hdr.Typeflag, hdr.Linkname, hdr.Size = tar.TypeLink, first, 0
		} else {
			tw.links[key] = name
		}
	}
	return hdr, nil
}

// tarMode is the mode field of a header: permissions and set-id bits.
func tarMode(m fs.FileMode) int64 {
	v := int64(m.Perm())
	if m&fs.ModeSetuid != 0 {
		v |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		v |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		v |= 0o1000
	}
	return v
}

// data copies a regular file's size bytes into the archive.
func (tw *tarWriter) data(src, name string, size int64) error {
	p := tw.t.p
	f, err := p.Open(src)
	if err != nil {
		tw.t.failf("%s: Cannot open: %s", name, ErrText(err))
		return tw.pad(size)
	}
	defer f.Close()
	n, err := io.Copy(tw.tw, io.LimitReader(f, size))
	if err != nil {
		if we, ok := err.(writeErr); ok {
			return we
		}
		tw.t.failf("%s: Read error: %s", name, ErrText(err))
	}
	if n < size {
		tw.t.failf("%s: File shrank by %d bytes; padding with zeros", name, size-n)
		return tw.pad(size - n)
	}
	return nil
}

func (tw *tarWriter) pad(n int64) error {
	_, err := io.CopyN(tw.tw, zeroReader{}, n)
	return err
}

// addEntries adds a directory's entries.
func (tw *tarWriter) addEntries(src, name string) error {
	ents, err := tw.t.p.FS.ReadDir(tw.t.p.Abs(src))
	if err != nil {
		tw.t.failf("%s: Cannot open: %s", name, ErrText(err))
		return nil
	}
	for _, e := range ents {
		if tw.t.p.Cancelled() {
			return errStopped
		}
		if err := tw.add(path.Join(src, e.Name()), concatName(name, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
