package builtins

// bzip2's handling of one operand: the checks bzip2 makes before it
// compresses, expands or tests a file, in bzip2's order and words.

import (
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/shellfence/shellfence/vfs"
)

// errNotBzip2 cancels writing the output of a file that is not bzip2.
var errNotBzip2 = gzipDataErr("not a bzip2 file")

func (b *bzRun) compress(name string) error {
	p, o := b.p, &b.o
	b.setNames(name, name+".bz2")
	if o.src == bzStdio {
		b.verboseName()
		return b.compressStream(p.Stdout, p.Stdin)
	}
	in, err := p.Open(name)
	if err != nil {
		return b.fileProblem(false, "Can't open input file %s: %s.", name, ErrText(err))
	}
	defer in.Close()
	for _, s := range bzSuffixes {
		if strings.HasSuffix(name, s[0]) {
			return b.fileProblem(true, "Input file %s already has %s suffix.", name, s[0])
		}
	}
	if fi, err := p.Stat(name); err == nil && fi.IsDir() {
		return b.fileProblem(false, "Input file %s is a directory.", name)
	}
	if o.src == bzFileToStdout {
		b.verboseName()
		return b.compressStream(p.Stdout, in)
	}
	b.cantGuess = false
	fi, ok := b.checkFileToFile(name, b.outName)
	if !ok {
		return nil
	}
	b.verboseName()
	return b.writeFile(fi, func(w io.Writer) error { return b.compressStream(w, in) })
}

// checkFileToFile makes bzip2's checks of an input replaced by an output
// file: a regular file, an output that does not exist yet (or -f), no
// other hard links. It returns the input's information.
func (b *bzRun) checkFileToFile(name, out string) (fs.FileInfo, bool) {
	p, o := b.p, &b.o
	lfi, err := p.Lstat(name)
	if err != nil || (!o.force && !lfi.Mode().IsRegular()) {
		b.fileProblem(true, "Input file %s is not a normal file.", name)
		return nil, false
	}
	if b.cantGuess {
		if !o.quiet {
			p.Errorf("Can't guess original name for %s -- using %s", name, out)
		}
	}
	if f, err := p.Open(out); err == nil {
		f.Close()
		if !o.force {
			b.fileProblem(false, "Output file %s already exists.", out)
			return nil, false
		}
		p.FS.Remove(p.Abs(out))
	}
	if n := linksOf(lfi) - 1; !o.force && n > 0 {
		s := "s"
		if n == 1 {
			s = ""
		}
		b.fileProblem(false, "Input file %s has %d other link%s.", name, n, s)
		return nil, false
	}
	fi, err := p.Stat(name)
	if err != nil {
		b.fileProblem(false, "Can't open input file %s: %s.", name, ErrText(err))
		return nil, false
	}
	return fi, true
}

// writeFile writes the output file through write and, once it is
// complete, removes the input (unless -k).
func (b *bzRun) writeFile(fi fs.FileInfo, write func(io.Writer) error) error {
	p := b.p
	b.deleting = true
	err := p.writeReplacing(b.outName, fi.Mode().Perm(), fi.ModTime(), write)
	b.deleting = false
	switch {
	case err == errBzFatal || err == errNotBzip2:
		return err
	case err != nil:
		return b.fileProblem(false, "Can't create output file %s: %s.", b.outName, ErrText(err))
	}
	if !b.o.keep {
		if err := p.FS.Remove(p.Abs(b.inName)); err != nil {
			return b.ioError(err)
		}
	}
	return nil
}

func (b *bzRun) uncompress(name string) error {
	p, o := b.p, &b.o
	out := name + ".out"
	b.cantGuess = true
	for _, s := range bzSuffixes {
		if strings.HasSuffix(name, s[0]) {
			out, b.cantGuess = strings.TrimSuffix(name, s[0])+s[1], false
			break
		}
	}
	b.setNames(name, out)
	if o.src == bzStdio {
		b.verboseName()
		return b.expandDone(b.uncompressStream(p.Stdout, p.Stdin))
	}
	in, err := p.Open(name)
	if err != nil {
		return b.fileProblem(false, "Can't open input file %s: %s.", name, ErrText(err))
	}
	defer in.Close()
	if fi, err := p.Stat(name); err == nil && fi.IsDir() {
		return b.fileProblem(false, "Input file %s is a directory.", name)
	}
	if o.src == bzFileToStdout {
		b.verboseName()
		return b.expandDone(b.uncompressStream(p.Stdout, in))
	}
	fi, ok := b.checkFileToFile(name, out)
	if !ok {
		return nil
	}
	b.verboseName()
	err = b.writeFile(fi, func(w io.Writer) error {
		ok, err := b.uncompressStream(w, in)
		if err == nil && !ok {
			err = errNotBzip2
		}
		return err
	})
	if err == errNotBzip2 {
		return b.expandDone(false, nil)
	}
	if err != nil {
		return err
	}
	return b.expandDone(true, nil)
}

// expandDone ends bzip2 -d's handling of one input.
func (b *bzRun) expandDone(ok bool, err error) error {
	if err != nil {
		return err
	}
	if ok {
		if b.o.verbose >= 1 {
			fmt.Fprint(b.p.Stderr, "done\n")
		}
		return nil
	}
	b.o.unzFails = true
	b.setExit(2)
	if b.o.verbose >= 1 {
		fmt.Fprint(b.p.Stderr, "not a bzip2 file.\n")
	} else {
		b.p.Errorf("%s is not a bzip2 file.", b.inName)
	}
	return nil
}

func (b *bzRun) test(name string) error {
	p := b.p
	b.setNames(name, "")
	var in io.Reader = p.Stdin
	if b.o.src != bzStdio {
		f, err := p.Open(name)
		if err != nil {
			return b.fileProblem(false, "Can't open input %s: %s.", name, ErrText(err))
		}
		defer f.Close()
		if fi, err := p.Stat(name); err == nil && fi.IsDir() {
			return b.fileProblem(false, "Input file %s is a directory.", name)
		}
		in = f
	}
	b.verboseName()
	ok, err := b.testStream(in)
	if err != nil {
		return err
	}
	if ok && b.o.verbose >= 1 {
		fmt.Fprint(p.Stderr, "ok\n")
	}
	if !ok {
		b.o.testFails = true
	}
	return nil
}

// linksOf is fi's number of hard links.
func linksOf(fi fs.FileInfo) int { return int(vfs.MetaOf(fi).Nlink) }
