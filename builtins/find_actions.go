package builtins

// The simple actions and tests of find: printing, output files, -delete,
// -prune, -quit, -empty, owners.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"syscall"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// findOut is an output file of -fprint, -fprintf or -fls; several
// primaries naming the same file share it.
type findOut struct {
	name string
	w    *bufio.Writer
	c    io.Closer
}

// write writes b to w, ending the walk on a failed write to standard
// output.
func (f *finder) write(w io.Writer, b []byte) {
	if _, err := w.Write(b); err != nil && f.stopped == 0 {
		if w == f.p.Stdout {
			f.stopped = f.p.WriteFailed(err)
			f.quit = true
		}
	}
}

func (f *finder) writeString(w io.Writer, s string) { f.write(w, []byte(s)) }

func (f *finder) print(e *fentry) bool {
	f.writeString(f.p.Stdout, e.path+"\n")
	return true
}

func (f *finder) print0(e *fentry) bool {
	f.writeString(f.p.Stdout, e.path+"\x00")
	return true
}

// outFile opens (once) the output file of an -fprint-like primary.
func (ps *fparser) outFile() (io.Writer, error) {
	name, err := ps.strArg()
	if err != nil {
		return nil, err
	}
	f := ps.f
	switch name {
	case "/dev/stdout":
		return f.p.Stdout, nil
	case "/dev/stderr":
		return f.p.Stderr, nil
	}
	if f.p.probing() {
		return io.Discard, nil
	}
	key := f.p.Abs(name)
	if o, ok := f.outs[key]; ok {
		return o.w, nil
	}
	file, err := f.p.Create(name)
	if err != nil {
		return nil, &findErr{fmt.Sprintf("%s: %s", quote.Locale(name), ErrText(err))}
	}
	if f.outs == nil {
		f.outs = map[string]*findOut{}
	}
	o := &findOut{name: name, w: bufio.NewWriter(file), c: file}
	f.outs[key] = o
	return o.w, nil
}

func (f *finder) closeOuts() {
	for _, o := range f.outs {
		if err := o.w.Flush(); err != nil {
			f.errorf("%s: %s", quote.Locale(o.name), ErrText(err))
		}
		o.c.Close()
	}
}

func fpFprint(ps *fparser, name string) error {
	w, err := ps.outFile()
	if err != nil {
		return err
	}
	end := "\n"
	if name == "-fprint0" {
		end = "\x00"
	}
	ps.primary(name, func(f *finder, e *fentry) bool {
		f.writeString(w, e.path+end)
		return true
	})
	return nil
}

func findTestPrune(f *finder, e *fentry) bool {
	if !f.depth {
		e.prune = true
	}
	return true
}

func findTestQuit(f *finder, e *fentry) bool {
	f.quit = true
	return true
}

// delete removes e (a file, or an empty directory). The starting point
// "." is never removed.
func (f *finder) delete(e *fentry) bool {
	if e.depth == 0 && e.baseName() == "." {
		return true
	}
	var err error
	if e.fileType() == fs.ModeDir {
		err = f.p.FS.Remove(e.abs)
	} else {
		err = f.p.FS.Remove(e.abs)
	}
	if err != nil {
		f.errorf("cannot delete %s: %s", quote.Locale(e.path), findDeleteErrText(err))
		return false
	}
	return true
}

func findDeleteErrText(err error) string {
	if errors.Is(err, syscall.ENOTEMPTY) || errors.Is(err, syscall.EEXIST) {
		return "Directory not empty"
	}
	return ErrText(err)
}

func findTestEmpty(f *finder, e *fentry) bool {
	switch e.fileType() {
	case fs.ModeDir:
		ents, err := f.p.FS.ReadDir(e.abs)
		if err != nil {
			f.fileError(e.path, err)
			return false
		}
		return len(ents) == 0
	case 0:
		fi, ok := f.stat(e)
		return ok && fi.Size() == 0
	}
	return false
}

func findTestNoUser(f *finder, e *fentry) bool {
	m, ok := f.meta(e)
	return ok && f.p.FS.UserName(m.Uid) == strconv.FormatUint(uint64(m.Uid), 10)
}

func findTestNoGroup(f *finder, e *fentry) bool {
	m, ok := f.meta(e)
	return ok && f.p.FS.GroupName(m.Gid) == strconv.FormatUint(uint64(m.Gid), 10)
}

// fpUser handles -user and -group: a name, or a number that names
// nobody.
func fpUser(ps *fparser, name string) error {
	a, err := ps.strArg()
	if err != nil {
		return err
	}
	if a == "" {
		return &findErr{fmt.Sprintf("The argument to %s should not be empty", name)}
	}
	group := name == "-group"
	lookup, what := ps.f.p.FS.LookupUser, "is not the name of a known user"
	if group {
		lookup, what = ps.f.p.FS.LookupGroup, "is not the name of an existing group"
	}
	id, ok := lookup(a)
	if !ok {
		n, err := strconv.ParseUint(a, 10, 32)
		if err != nil {
			return &findErr{fmt.Sprintf("%s %s", quote.Locale(a), what)}
		}
		id = uint32(n)
	}
	ps.statPrimary(name, func(f *finder, e *fentry) bool {
		m, ok := f.meta(e)
		if group {
			return ok && m.Gid == id
		}
		return ok && m.Uid == id
	})
	return nil
}

// readFiles0 reads the starting points of -files0-from: NUL-terminated
// names in a file, or on standard input for "-".
func (f *finder) readFiles0() ([]string, int) {
	in, closeIn, err := f.p.openInput(f.files0)
	if err != nil {
		f.p.Errorf("cannot open %s for reading: %s", quote.Locale(f.files0), ErrText(err))
		return nil, 1
	}
	defer closeIn()
	data, err := f.p.readHeld(in, 0)
	if err != nil {
		f.p.Errorf("%s: %s", quote.Locale(f.files0), ErrText(err))
		return nil, 1
	}
	var roots []string
	for i, name := range bytes.Split(bytes.TrimSuffix(data, []byte{0}), []byte{0}) {
		if len(data) == 0 {
			break
		}
		if len(name) == 0 {
			f.p.Errorf("%s:%d: invalid zero-length file name", quote.Shell(f.files0), i+1)
			f.status = 1
			continue
		}
		roots = append(roots, string(name))
	}
	return roots, -1
}
