package builtins

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"time"

	"github.com/shellfence/shellfence/vfs"
)

// differ runs one diff command.
type differ struct {
	p      *Proc
	o      *diffOpts
	status int
	stack  [][2]fileID // directories being compared, for loops
}

// side is one file of a comparison.
type side struct {
	name   string // as shown
	dir    string // the directory it was found in, below the top level
	info   fs.FileInfo
	err    error
	absent bool // -N: an absent file taken as empty
	stdin  bool
}

func (s *side) isDir() bool { return s.info != nil && s.info.IsDir() }

func (d *differ) note(status int) { d.status = max(d.status, status) }

// stat fills in s.info or s.err.
func (d *differ) stat(s *side) {
	if s.stdin {
		s.info = devInfo{name: "/dev/stdin", pipe: true}
		return
	}
	s.info, s.err = d.p.Stat(s.name)
}

// compareTop compares the two operands of the command line.
func (d *differ) compareTop(n0, n1 string) {
	a := &side{name: n0, stdin: n0 == "-"}
	b := &side{name: n1, stdin: n1 == "-"}
	d.stat(a)
	d.stat(b)
	for _, s := range []*side{a, b} {
		other := b
		if s == b {
			other = a
		}
		newOK := d.o.newFile || s == a && d.o.newFirstOnly
		if newOK && s.err != nil && errors.Is(s.err, fs.ErrNotExist) && other.err == nil {
			s.err, s.absent, s.info = nil, true, nil
		}
	}
	if bad := d.report(a); d.report(b) || bad {
		return
	}
	if a.isDir() != b.isDir() && !a.absent && !b.absent {
		if !d.intoDir(a, b) {
			return
		}
	}
	d.compare(a, b, false)
}

// report prints a stat error and says whether there was one.
func (d *differ) report(s *side) bool {
	if s.err == nil {
		return false
	}
	d.p.Errorf("%s: %s", s.name, ErrText(s.err))
	d.note(2)
	return true
}

// intoDir handles "diff FILE DIR" and "diff DIR FILE": the file is
// compared with the file of the same name in the directory.
func (d *differ) intoDir(a, b *side) bool {
	dir, file := a, b
	if b.isDir() {
		dir, file = b, a
	}
	if file.stdin {
		d.p.Errorf("cannot compare '-' to a directory")
		d.note(2)
		return false
	}
	dir.name = concatName(dir.name, path.Base(file.name))
	d.stat(dir)
	return !d.report(dir)
}

// compare compares two existing (or -N absent) files or directories;
// inDir is set below the top level.
func (d *differ) compare(a, b *side, inDir bool) {
	switch {
	case a.absent && b.absent:
	case d.sameFile(a, b) && d.o.style != styleSide:
		d.identical(a, b)
	case a.isDir() && b.isDir():
		if inDir && !d.o.recursive {
			fmt.Fprintf(d.p.Stdout, "Common subdirectories: %s and %s\n", a.name, b.name)
			return
		}
		d.compareDirs(a, b)
	case a.isDir() || b.isDir() || inDir && !(plainFile(a) && plainFile(b)):
		d.mismatch(a, b)
	default:
		d.compareFiles(a, b, inDir)
	}
}

// plainFile reports whether s is a regular file or symlink (or absent).
func plainFile(s *side) bool {
	return s.absent || s.info.Mode().IsRegular() || s.info.Mode()&fs.ModeSymlink != 0
}

// mismatch handles a directory or special file against something else.
func (d *differ) mismatch(a, b *side) {
	if a.absent || b.absent {
		if d.o.recursive && (a.isDir() || b.isDir()) {
			d.compareDirs(a, b)
			return
		}
		there := a
		if a.absent {
			there = b
		}
		fmt.Fprintf(d.p.Stdout, "Only in %s: %s\n", there.dir, path.Base(there.name))
		d.note(1)
		return
	}
	fmt.Fprintf(d.p.Stdout, "File %s is a %s while file %s is a %s\n",
		d.label(0, a.name), fileType(a.info), d.label(1, b.name), fileType(b.info))
	d.note(1)
}

// label returns --label's text for file f, or name.
func (d *differ) label(f int, name string) string {
	if f < len(d.o.labels) {
		return d.o.labels[f]
	}
	return name
}

// sameFile reports whether a and b are one file (same device and inode).
func (d *differ) sameFile(a, b *side) bool {
	if a.stdin && b.stdin {
		return true
	}
	if a.absent || b.absent || a.stdin || b.stdin {
		return false
	}
	ma, mb := vfs.MetaOf(a.info), vfs.MetaOf(b.info)
	return ma.Ino != 0 && ma.Ino == mb.Ino && ma.Dev == mb.Dev && a.info.Mode() == b.info.Mode()
}

func (d *differ) identical(a, b *side) {
	if d.o.reportSame && !a.isDir() {
		fmt.Fprintf(d.p.Stdout, "Files %s and %s are identical\n", d.label(0, a.name), d.label(1, b.name))
	}
}

// read returns the content of s.
func (d *differ) read(s *side) ([]byte, error) {
	switch {
	case s.absent:
		return nil, nil
	case s.stdin:
		return d.p.readHeld(d.p.Stdin, 0)
	}
	f, err := d.p.Open(s.name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return d.p.readHeld(f, regularSize(s.info))
}

// regularSize is the size of a regular file, to reserve before reading
// it whole (0 for anything else).
func regularSize(fi fs.FileInfo) int64 {
	if fi != nil && fi.Mode().IsRegular() {
		return fi.Size()
	}
	return 0
}

// mtime is the time shown for s in -u and -c headers: the file's, the
// current time for standard input and pipes, the epoch for an absent
// file.
func (d *differ) mtime(s *side) time.Time {
	switch {
	case s.absent:
		return time.Unix(0, 0).In(d.p.Loc())
	case s.stdin || s.info.ModTime().IsZero():
		return d.p.Now()
	}
	return s.info.ModTime().In(d.p.Loc())
}

// binary reports whether data looks binary to GNU diff: a NUL byte in
// its first buffer.
func binary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 4096)], 0) >= 0
}
