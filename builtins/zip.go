package builtins

// zip - package and compress (archive) files
//
//	zip [-rqjD0-9] ZIPFILE FILE...
//
// Options: -r (recurse into directories), -q (quiet), -j (junk paths),
// -D (no directory entries), -0 (store only) .. -9. Prints Info-ZIP's
// "  adding: NAME (deflated N%)" lines; a member that deflate would
// grow is stored, as Info-ZIP does. Adding to an existing archive keeps
// its other members and says "updating:" for those replaced. The
// archive is written beside its name and renamed into place.
//
// Differences from Info-ZIP: the deflated bytes are Go's, so the
// percentages can differ by a point or two; symlinks are stored as the
// files they point to (Info-ZIP's default) and -y is not supported.

import (
	"archive/zip"
	"compress/flate"
	"io"
	"io/fs"
	"path"
	"strings"
)

type zipOpts struct {
	recurse, quiet, junk, noDirs bool
	level                        int
}

type zipRun struct {
	p       *Proc
	o       zipOpts
	zw      *zip.Writer
	old     map[string]bool
	added   map[string]bool
	pending []zipPending
	status  int
}

// zipPending is a member to write, once the order is known: replaced
// members keep their place in the archive.
type zipPending struct {
	member string
	write  func()
}

func zipCmd(p *Proc) int {
	z := &zipRun{p: p, o: zipOpts{level: 6}, added: map[string]bool{}}
	var args []string
	for i, a := range p.Args[1:] {
		if a == "--" {
			args = append(args, p.Args[i+2:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			args = append(args, a)
			continue
		}
		for _, c := range a[1:] {
			switch {
			case c == 'r':
				z.o.recurse = true
			case c == 'q':
				z.o.quiet = true
			case c == 'j':
				z.o.junk = true
			case c == 'D':
				z.o.noDirs = true
			case c >= '0' && c <= '9':
				z.o.level = int(c - '0')
			default:
				p.printf("\nzip error: Invalid command arguments (no such option: %c)\n", c)
				return 16
			}
		}
	}
	if len(args) == 0 {
		p.printf("%s", helpText("zip"))
		return 0
	}
	if len(args) == 1 {
		p.printf("\nzip error: Nothing to do! (%s)\n", zipName(args[0]))
		return 12
	}
	return z.run(zipName(args[0]), args[1:])
}

// zipName adds .zip to an archive name without a suffix, as zip does.
func zipName(name string) string {
	if path.Ext(path.Base(name)) == "" {
		return name + ".zip"
	}
	return name
}

func (z *zipRun) run(archive string, files []string) int {
	p := z.p
	abs := p.Abs(archive)
	out, tmp, err := p.FS.CreateTemp(path.Dir(abs), "."+path.Base(abs)+".", 0o600)
	if err != nil {
		p.printf("\nzip error: Could not create output file (%s)\n", archive)
		return 15
	}
	z.zw = zip.NewWriter(out)
	z.zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, z.o.level)
	})
	prior, closePrior := z.openPrior(archive)
	for _, f := range files {
		z.add(f, archive, prior)
	}
	if len(z.added) == 0 && prior == nil {
		out.Close()
		p.FS.Remove(tmp)
		p.printf("\nzip error: Nothing to do! (%s)\n", archive)
		closePrior()
		return 12
	}
	z.writeAll(prior)
	closePrior()
	err = z.zw.Close()
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		p.FS.Chmod(tmp, 0o666&^p.Sys.Umask())
		err = p.FS.Rename(tmp, abs)
	}
	if err != nil {
		p.FS.Remove(tmp)
		p.printf("\nzip error: Output file write failure (write error on zip file)\n")
		return 14
	}
	return z.status
}

// openPrior opens an existing archive whose members are kept.
func (z *zipRun) openPrior(archive string) (*zip.Reader, func()) {
	f, err := z.p.Open(archive)
	if err != nil {
		return nil, func() {}
	}
	fi, err := f.Stat()
	ra, ok := f.(io.ReaderAt)
	if err != nil || !ok {
		f.Close()
		return nil, func() {}
	}
	zr, err := zip.NewReader(ra, fi.Size())
	if err != nil {
		f.Close()
		return nil, func() {}
	}
	z.old = map[string]bool{}
	for _, m := range zr.File {
		z.old[m.Name] = true
	}
	return zr, func() { f.Close() }
}

// writeAll writes the members: the old ones in their order (replaced
// or copied as they are, compressed), then the new ones.
func (z *zipRun) writeAll(zr *zip.Reader) {
	byName := map[string]func(){}
	for _, pm := range z.pending {
		byName[pm.member] = pm.write
	}
	if zr != nil {
		z.copyPrior(zr, byName)
	}
	for _, pm := range z.pending {
		if w, ok := byName[pm.member]; ok {
			w()
			delete(byName, pm.member)
		}
	}
}

// copyPrior copies the old members not replaced, compressed as they are.
func (z *zipRun) copyPrior(zr *zip.Reader, byName map[string]func()) {
	for _, m := range zr.File {
		if w, ok := byName[m.Name]; ok {
			w()
			delete(byName, m.Name)
			continue
		}
		rc, err := m.OpenRaw()
		if err != nil {
			continue
		}
		w, err := z.zw.CreateRaw(&m.FileHeader)
		if err == nil {
			io.Copy(w, rc)
		}
	}
}

// add adds one operand (a directory's entries too with -r).
func (z *zipRun) add(name, archive string, prior *zip.Reader) {
	p := z.p
	fi, err := p.Stat(name)
	if err != nil {
		z.warn("name not matched: %s", name)
		return
	}
	member := strings.TrimPrefix(path.Clean(name), "/")
	for strings.HasPrefix(member, "../") {
		member = member[3:]
	}
	if z.o.junk {
		member = path.Base(member)
	}
	if fi.IsDir() {
		if !z.o.noDirs && !z.o.junk && member != "." {
			z.later(member+"/", func() { z.addDir(member+"/", fi) })
		}
		if z.o.recurse {
			ents, err := p.FS.ReadDir(p.Abs(name))
			if err != nil {
				z.warn("could not open for reading: %s", name)
				return
			}
			for _, e := range ents {
				z.add(path.Join(name, e.Name()), archive, prior)
			}
		}
		return
	}
	if p.Abs(name) == p.Abs(archive) {
		return
	}
	z.later(member, func() { z.addFile(name, member, fi) })
}

// later queues a member; added remembers it at once, for "Nothing to do".
func (z *zipRun) later(member string, write func()) {
	if z.added[member] {
		return
	}
	z.added[member] = true
	z.pending = append(z.pending, zipPending{member, write})
}

// warn prints a warning as Info-ZIP does, on standard output; it does
// not change the exit status.
func (z *zipRun) warn(format string, args ...any) {
	if !z.o.quiet {
		z.p.printf("\tzip warning: "+format+"\n", args...)
	}
}

func (z *zipRun) verb(member string) string {
	if z.old[member] {
		return "updating: "
	}
	return "  adding: "
}

func (z *zipRun) addDir(member string, fi fs.FileInfo) {
	h := &zip.FileHeader{Name: member, Method: zip.Store, Modified: fi.ModTime()}
	h.SetMode(fi.Mode())
	if _, err := z.zw.CreateHeader(h); err != nil {
		z.warn("%s", ErrText(err))
		return
	}
	if !z.o.quiet {
		z.p.printf("%s%s (stored 0%%)\n", z.verb(member), member)
	}
}

// addFile adds a regular file: deflated, unless deflate would not make
// it smaller (measured in a first pass over the file).
func (z *zipRun) addFile(name, member string, fi fs.FileInfo) {
	p := z.p
	packed, err := z.deflatedSize(name)
	if err != nil {
		z.warn("could not open for reading: %s", name)
		return
	}
	size := fi.Size()
	method := zip.Deflate
	if z.o.level == 0 || size == 0 || packed >= size {
		method = zip.Store
	}
	h := &zip.FileHeader{Name: member, Method: method, Modified: fi.ModTime()}
	h.SetMode(fi.Mode() & fs.ModePerm)
	w, err := z.zw.CreateHeader(h)
	if err == nil {
		var f File
		if f, err = p.Open(name); err == nil {
			err = p.copyData(w, f)
			f.Close()
		}
	}
	if err != nil {
		z.warn("%s: %s", name, ErrText(err))
		return
	}
	if z.o.quiet {
		return
	}
	if method == zip.Store {
		p.printf("%s%s (stored 0%%)\n", z.verb(member), member)
		return
	}
	p.printf("%s%s (deflated %d%%)\n", z.verb(member), member, zipPercent(size, packed))
}

// zipPercent is the saving Info-ZIP prints, rounded to a whole percent.
func zipPercent(size, packed int64) int64 {
	if size == 0 {
		return 0
	}
	return (100*(size-packed) + size/2) / size
}

func (z *zipRun) deflatedSize(name string) (int64, error) {
	f, err := z.p.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var c countWriter
	fw, _ := flate.NewWriter(&c, max(z.o.level, 1))
	if err := z.p.copyData(fw, f); err != nil {
		return 0, err
	}
	fw.Close()
	return c.n, nil
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(b []byte) (int, error) {
	c.n += int64(len(b))
	return len(b), nil
}
