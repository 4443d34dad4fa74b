package builtins

// unzip - list, test and extract compressed files in a ZIP archive
//
//	unzip [-lpqotn] ZIPFILE [MEMBER...] [-x MEMBER...] [-d DIR]
//
// Options: -l (list), -p (members to standard output), -q (quiet),
// -o (overwrite without asking), -n (never overwrite), -t (test),
// -j (junk paths), -d DIR (extract into DIR), -x MEMBER... (exclude).
// Output lines are Info-ZIP 6.0's. Before anything is written, every
// member is checked as tar's are (archive_guard.go): absolute names,
// "..", symlinks leading out or written through, members that expand
// more than 1100 times (a zip bomb) or beyond the run's file write
// budget refuse the whole archive. Without -o or -n an existing file is
// not replaced (unzip would ask; here there is no terminal), with
// Info-ZIP's exit status 1... as "unzip -n".

import (
	"archive/zip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
)

type unzipOpts struct {
	list, pipe, quiet, overwrite, never, test, junk bool
	dir                                             string
	members, exclude                                []string
}

type unzipRun struct {
	p      *Proc
	o      unzipOpts
	name   string
	status int
}

func unzip(p *Proc) int {
	u := &unzipRun{p: p}
	args, code := u.parseArgs(p.Args[1:])
	if code >= 0 {
		return code
	}
	if len(args) == 0 {
		p.printf("%s", helpText("unzip"))
		return 0
	}
	u.name = args[0]
	u.o.members = args[1:]
	zr, closeZ, code := u.open()
	if code != 0 {
		return code
	}
	defer closeZ()
	if !u.o.pipe && !(u.o.quiet && !u.o.list && !u.o.test) {
		p.printf("Archive:  %s\n", u.name)
	}
	ents := u.selected(zr.File)
	switch {
	case u.o.list:
		u.printList(ents)
	case u.o.pipe:
		u.pipeOut(ents)
	case u.o.test:
		u.testAll(ents)
	default:
		u.extractAll(ents)
	}
	return u.status
}

// parseArgs reads unzip's options, which may follow the archive name;
// -x takes the names after it, -d the next argument. code is -1 to go on.
func (u *unzipRun) parseArgs(args []string) ([]string, int) {
	var rest []string
	excl := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			if excl {
				u.o.exclude = append(u.o.exclude, a)
			} else {
				rest = append(rest, a)
			}
			continue
		}
		if a == "--help" || a == "-h" {
			u.p.printf("%s", helpText("unzip"))
			return nil, 0
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'l':
				u.o.list = true
			case 'p':
				u.o.pipe = true
			case 'q':
				u.o.quiet = true
			case 'o':
				u.o.overwrite = true
			case 'n':
				u.o.never = true
			case 't':
				u.o.test = true
			case 'j':
				u.o.junk = true
			case 'x':
				excl = true
			case 'd':
				if j+1 < len(a) {
					u.o.dir = a[j+1:]
				} else if i+1 < len(args) {
					i++
					u.o.dir = args[i]
				} else {
					u.p.Errorf("error:  -d option used without directory argument")
					return nil, 10
				}
				j = len(a)
			default:
				u.p.printf("%s", helpText("unzip"))
				return nil, 10
			}
		}
	}
	return rest, -1
}

// open opens the archive, trying NAME.zip and NAME.ZIP as Info-ZIP does.
func (u *unzipRun) open() (*zip.Reader, func(), int) {
	p := u.p
	for _, n := range []string{u.name, u.name + ".zip", u.name + ".ZIP"} {
		f, err := p.Open(n)
		if err != nil {
			continue
		}
		fi, err := f.Stat()
		ra, ok := f.(io.ReaderAt)
		if err != nil || fi.IsDir() || !ok {
			f.Close()
			continue
		}
		u.name = n
		zr, err := zip.NewReader(ra, fi.Size())
		if err != nil {
			f.Close()
			if !u.o.pipe {
				p.printf("Archive:  %s\n", n)
			}
			p.Flush()
			fmt.Fprintf(p.Stderr, "  End-of-central-directory signature not found.  Either this file is not\n  a zipfile, or it constitutes one disk of a multi-part archive.  In the\n  latter case the central directory and zipfile comment will be found on\n  the last disk(s) of this archive.\n")
			fmt.Fprintf(p.Stderr, "unzip:  cannot find zipfile directory in one of %s or\n        %s.zip, and cannot find %s.ZIP, period.\n", n, n, n)
			return nil, nil, 9
		}
		return zr, func() { f.Close() }, 0
	}
	p.Errorf(" cannot find or open %s, %s.zip or %s.ZIP.", u.name, u.name, u.name)
	return nil, nil, 9
}

// selected applies the member and -x patterns, and reports patterns that
// matched nothing.
func (u *unzipRun) selected(files []*zip.File) []*zip.File {
	var out []*zip.File
	hit := make([]bool, len(u.o.members))
	for _, f := range files {
		if len(u.o.members) > 0 {
			ok := false
			for i, m := range u.o.members {
				if fnmatch.Match(m, f.Name, 0) {
					hit[i], ok = true, true
				}
			}
			if !ok {
				continue
			}
		}
		if unzipExcluded(u.o.exclude, f.Name) {
			continue
		}
		out = append(out, f)
	}
	for i, ok := range hit {
		if !ok {
			u.p.Flush()
			fmt.Fprintf(u.p.Stderr, "caution: filename not matched:  %s\n", u.o.members[i])
			u.status = 11
		}
	}
	return out
}

func unzipExcluded(patterns []string, name string) bool {
	for _, p := range patterns {
		if fnmatch.Match(p, name, 0) {
			return true
		}
	}
	return false
}

// printList is unzip -l.
func (u *unzipRun) printList(files []*zip.File) {
	p := u.p
	p.printf("  Length      Date    Time    Name\n---------  ---------- -----   ----\n")
	var total uint64
	for _, f := range files {
		t := f.Modified.In(p.Loc())
		if f.Modified.IsZero() {
			t = f.ModTime()
		}
		p.printf("%9d  %s   %s\n", f.UncompressedSize64, t.Format("2006-01-02 15:04"), f.Name)
		total += f.UncompressedSize64
	}
	n := "files"
	if len(files) == 1 {
		n = "file"
	}
	p.printf("---------                     -------\n%9d                     %d %s\n", total, len(files), n)
}

// pipeOut is unzip -p: the members' data, nothing else.
func (u *unzipRun) pipeOut(files []*zip.File) {
	for _, f := range files {
		if f.FileInfo().IsDir() {
			continue
		}
		if err := u.copyMember(u.p.Stdout, f); err != nil {
			u.memberErr(f, err)
			return
		}
	}
}

func (u *unzipRun) copyMember(w io.Writer, f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return u.p.copyData(w, io.LimitReader(rc, int64(f.UncompressedSize64)+1))
}

func (u *unzipRun) memberErr(f *zip.File, err error) {
	if we, ok := err.(writeErr); ok {
		u.status = u.p.WriteFailed(we.error)
		return
	}
	u.p.Flush()
	fmt.Fprintf(u.p.Stderr, "error:  %s: %s\n", f.Name, ErrText(err))
	u.status = 2
}

// testAll is unzip -t.
func (u *unzipRun) testAll(files []*zip.File) {
	p := u.p
	bad := 0
	for _, f := range files {
		if err := u.copyMember(io.Discard, f); err != nil {
			p.printf("    testing: %-22s   bad\n", f.Name)
			bad++
			continue
		}
		p.printf("    testing: %-22s   OK\n", f.Name)
	}
	if bad == 0 {
		p.printf("No errors detected in compressed data of %s.\n", u.name)
		return
	}
	u.status = 2
}

// extractAll checks every member, then writes them.
func (u *unzipRun) extractAll(files []*zip.File) {
	p := u.p
	dir := u.o.dir
	if dir == "" {
		dir = "."
	}
	guard := newArchiveGuard(p, dir)
	for _, f := range files {
		if err := guard.check(u.guardMember(f)); err != nil {
			p.Errorf("%s", err)
			u.status = 2
			return
		}
	}
	for _, f := range files {
		if p.Cancelled() {
			u.status = 130
			return
		}
		u.extractOne(f, dir)
	}
}

func (u *unzipRun) dest(f *zip.File) string {
	if u.o.junk {
		return path.Base(f.Name)
	}
	return f.Name
}

func (u *unzipRun) guardMember(f *zip.File) archiveMember {
	m := archiveMember{name: f.Name, dest: u.dest(f), size: int64(f.UncompressedSize64), packed: int64(f.CompressedSize64)}
	if m.packed == 0 {
		m.packed = 1
	}
	if f.Mode()&fs.ModeSymlink != 0 {
		m.symlink = true
		if t, err := u.readAll(f, 4096); err == nil {
			m.link = t
		}
	}
	if strings.HasSuffix(f.Name, "/") {
		m.size = 0
	}
	return m
}

func (u *unzipRun) readAll(f *zip.File, max int64) (string, error) {
	rc, err := f.Open()
	if err != nil {
		return "", err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, max))
	return string(b), err
}
