package builtins

// tar -t and -x: reading an archive, compressed or not, from a file or
// standard input.

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/fnmatch"
	"github.com/ulikunitz/xz"
)

// tarSource opens the archive for one pass; a pass over standard input
// reads what the first pass held.
type tarSource struct {
	t    *tarRun
	held []byte
}

func (s *tarSource) open() (io.Reader, func(), error) {
	t := s.t
	if t.o.file != "-" {
		f, err := t.p.Open(t.o.file)
		if err != nil {
			return nil, nil, err
		}
		return f, func() { f.Close() }, nil
	}
	if s.held != nil {
		return bytes.NewReader(s.held), func() {}, nil
	}
	return t.p.Stdin, func() {}, nil
}

// hold keeps standard input for a second pass, charging the run's memory.
func (s *tarSource) hold() error {
	var buf bytes.Buffer
	chunk := make([]byte, 64<<10)
	for {
		n, err := s.t.p.Stdin.Read(chunk)
		if n > 0 {
			if err := s.t.p.growHeld(&buf, n); err != nil {
				return err
			}
			buf.Write(chunk[:n])
		}
		if err == io.EOF {
			s.held = buf.Bytes()
			if s.held == nil {
				s.held = []byte{}
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// decompress recognizes gzip, bzip2 and xz by their magic numbers.
func decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		return gzip.NewReader(br)
	case bytes.HasPrefix(magic, []byte("BZh")):
		return bzip2.NewReader(br), nil
	case bytes.HasPrefix(magic, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return xz.NewReader(br)
	}
	return br, nil
}

// tarEntry is one member as the options select and rename it.
type tarEntry struct {
	hdr  *tar.Header
	dest string // name after --strip-components
	link string // hard link target after --strip-components
}

// tarPass reads the archive once, calling f for each selected member.
func (t *tarRun) tarPass(src *tarSource, found []bool, f func(e *tarEntry, r io.Reader) error) error {
	in, closeIn, err := src.open()
	if err != nil {
		return &tarFatal{fmt.Sprintf("%s: Cannot open: %s", t.o.file, ErrText(err))}
	}
	defer closeIn()
	r, err := decompress(in)
	if err != nil {
		return &tarFatal{"Child returned status 1"}
	}
	tr := tar.NewReader(r)
	for first := true; ; first = false {
		if t.p.Cancelled() {
			return errStopped
		}
		hdr, err := tr.Next()
		if err == io.EOF {
			if first {
				return nil
			}
			return nil
		}
		if err != nil {
			if first {
				return &tarFatal{"This does not look like a tar archive"}
			}
			return &tarFatal{"Unexpected EOF in archive"}
		}
		e, ok := t.selectMember(hdr, found)
		if !ok {
			continue
		}
		if err := f(e, tr); err != nil {
			return err
		}
	}
}

// tarFatal ends reading with GNU's message.
type tarFatal struct{ msg string }

func (e *tarFatal) Error() string { return e.msg }

// selectMember applies the operands, --exclude and --strip-components.
func (t *tarRun) selectMember(hdr *tar.Header, found []bool) (*tarEntry, bool) {
	name := hdr.Name
	if len(t.o.operands) > 0 {
		hit := false
		for i, op := range t.o.operands {
			op = strings.TrimSuffix(op, "/")
			if name == op || strings.TrimSuffix(name, "/") == op || strings.HasPrefix(name, op+"/") {
				found[i], hit = true, true
			}
		}
		if !hit {
			return nil, false
		}
	}
	if tarExcluded(t.o.exclude, name) {
		return nil, false
	}
	e := &tarEntry{hdr: hdr, dest: name, link: hdr.Linkname}
	if t.o.strip > 0 {
		var ok bool
		if e.dest, ok = stripComponents(name, t.o.strip); !ok {
			return nil, false
		}
		if hdr.Typeflag == tar.TypeLink {
			if e.link, ok = stripComponents(hdr.Linkname, t.o.strip); !ok {
				return nil, false
			}
		}
	}
	return e, true
}

// stripComponents removes n leading elements of name.
func stripComponents(name string, n int) (string, bool) {
	rest := strings.TrimLeft(name, "/")
	for i := 0; i < n; i++ {
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return "", false
		}
		rest = strings.TrimLeft(rest[j+1:], "/")
	}
	return rest, rest != ""
}

// tarExcluded matches name against the --exclude patterns as GNU does
// by default: unanchored (any trailing run of elements), with wildcards
// that match slashes.
func tarExcluded(patterns []string, name string) bool {
	name = strings.TrimSuffix(name, "/")
	for _, pat := range patterns {
		pat = strings.TrimSuffix(pat, "/")
		for sub := name; ; {
			if fnmatch.Match(pat, sub, 0) || strings.HasPrefix(sub, pat+"/") {
				return true
			}
			i := strings.IndexByte(sub, '/')
			if i < 0 {
				break
			}
			sub = sub[i+1:]
		}
		if fnmatch.Match(pat+"/*", name, 0) {
			return true
		}
	}
	return false
}

// read lists or extracts the archive.
func (t *tarRun) read() {
	src := &tarSource{t: t}
	found := make([]bool, len(t.o.operands))
	var err error
	switch {
	case t.o.mode == 't':
		err = t.tarPass(src, found, t.listMember)
	case t.o.toStdout:
		err = t.tarPass(src, found, t.catMember)
	default:
		err = t.extract(src, found)
	}
	t.endRead(err, found)
}

func (t *tarRun) endRead(err error, found []bool) {
	var fatal *tarFatal
	var ref *refusal
	var we writeErr
	switch {
	case err == nil:
	case errors.As(err, &we):
		t.status = t.p.WriteFailed(we.error)
		return
	case err == errStopped:
		t.status = 130
		return
	case errors.As(err, &ref):
		t.p.Errorf("%s", ref.Error())
		t.status = tarFailed
		return
	case errors.As(err, &fatal):
		t.p.Errorf("%s", fatal.msg)
		if strings.Contains(fatal.msg, "Cannot open") || strings.HasPrefix(fatal.msg, "Child") {
			t.p.Errorf("Error is not recoverable: exiting now")
			t.status, t.fatal = tarFailed, true
			return
		}
		t.status = tarFailed
	default:
		t.failf("%s", ErrText(err))
	}
	for i, ok := range found {
		if !ok {
			t.failf("%s: Not found in archive", t.o.operands[i])
		}
	}
}

// listMember prints a member for -t.
func (t *tarRun) listMember(e *tarEntry, _ io.Reader) error {
	t.printMember(t.p.Stdout, e.hdr, e.dest, e.link)
	return nil
}

// verboseMember prints a member -c adds under -v.
func (t *tarRun) verboseMember(hdr *tar.Header) {
	if t.o.verbose == 0 {
		return
	}
	w := t.p.Stdout
	if t.o.file == "-" {
		t.p.Flush()
		w = t.p.Stderr
	}
	t.printMember(w, hdr, hdr.Name, hdr.Linkname)
}

// printMember prints a member's name, or its long line with -v.
func (t *tarRun) printMember(w io.Writer, hdr *tar.Header, name, link string) {
	if t.o.verbose == 0 || t.o.mode != 't' && t.o.verbose == 1 {
		fmt.Fprintf(w, "%s\n", name)
		return
	}
	mode := []byte(modeString(hdr.FileInfo().Mode()))
	if hdr.Typeflag == tar.TypeLink {
		mode[0] = 'h'
	}
	owner := hdr.Uname
	if owner == "" || t.o.numeric {
		owner = fmt.Sprint(hdr.Uid)
	}
	group := hdr.Gname
	if group == "" || t.o.numeric {
		group = fmt.Sprint(hdr.Gid)
	}
	size := fmt.Sprint(hdr.Size)
	if hdr.Typeflag == tar.TypeChar || hdr.Typeflag == tar.TypeBlock {
		size = fmt.Sprintf("%d,%d", hdr.Devmajor, hdr.Devminor)
	}
	pad := len(owner) + 1 + len(group) + 1 + len(size)
	width := max(19, pad)
	when := hdr.ModTime.In(t.p.Loc()).Format("2006-01-02 15:04")
	line := fmt.Sprintf("%s %s/%s %*s %s %s", mode, owner, group, width-pad+len(size), size, when, name)
	switch hdr.Typeflag {
	case tar.TypeSymlink:
		line += " -> " + link
	case tar.TypeLink:
		line += " link to " + link
	}
	fmt.Fprintln(w, line)
}

// catMember writes a regular member's data for -O.
func (t *tarRun) catMember(e *tarEntry, r io.Reader) error {
	if t.o.verbose > 0 {
		t.p.Flush()
		fmt.Fprintf(t.p.Stderr, "%s\n", e.dest)
	}
	if e.hdr.Typeflag != tar.TypeReg {
		return nil
	}
	return t.p.copyData(t.p.Stdout, r)
}

// joinDest is a member's path under the extraction directory.
func (t *tarRun) joinDest(name string) string {
	dir := t.dir()
	if dir == "" {
		dir = "."
	}
	return path.Join(dir, name)
}
