package builtins

// gzip, gunzip, zcat - compress or expand files
//
//	gzip [-cdfklnNqrtv19] [-S SUF] [FILE]...
//	gunzip [OPTION]... [FILE]...    (gzip -d)
//	zcat [OPTION]... [FILE]...      (gzip -dc)
//
// Options: -c/--stdout, -d/--decompress, -f/--force, -k/--keep,
// -l/--list, -n/--no-name, -N/--name, -q/--quiet, -r/--recursive,
// -S/--suffix=SUF, -t/--test, -v/--verbose, -1/--fast .. -9/--best,
// --rsyncable and --synchronous (accepted). FILE is replaced by FILE.gz
// (or the reverse), keeping its mode and times; the new file is written
// beside it and renamed into place, then FILE is removed (unless -k).
// Concatenated members are expanded in turn; trailing garbage is
// ignored with GNU's warning. Exit status 1 for errors, 2 for warnings.
//
// Differences from GNU: the compressed bytes are Go's compress/flate
// output, not zlib's (equally valid, sizes differ by a few bytes), so
// -l and -v show other sizes and ratios for files this gzip made.

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

type gzipOpts struct {
	stdout, decompress, force, keep, list, noName, name bool
	quiet, recursive, test, verbose                     bool
	suffix                                              string
	level                                               int
}

type gzipRun struct {
	p      *Proc
	o      gzipOpts
	status int
	// totals for -l
	listed                   int
	totalIn, totalOut, hdrOf int64
}

func gzipCmd(p *Proc) int {
	g := &gzipRun{p: p, o: gzipOpts{suffix: ".gz", level: gzip.DefaultCompression}}
	switch p.BaseName() {
	case "gunzip":
		g.o.decompress = true
	case "zcat":
		g.o.decompress, g.o.stdout = true, true
	}
	flags := g.parser()
	// gunzip and zcat are gzip under another name: messages say gzip.
	p = p.Child(append([]string{"gzip"}, p.Args[1:]...))
	g.p = p
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		return g.usage(err)
	}
	if g.o.suffix == "" {
		p.Errorf("invalid suffix ''")
		return 1
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	for _, f := range files {
		if p.Cancelled() {
			return 130
		}
		g.one(f, true)
	}
	if g.o.list && g.listed > 1 && !g.o.quiet {
		g.listLine(g.totalIn, g.totalOut, g.hdrOf, "(totals)")
	}
	return g.status
}

func (g *gzipRun) parser() *opt.Parser {
	o := &g.o
	flags := g.p.newOpts(1)
	flags.Flag('c', "stdout", &o.stdout)
	flags.Flag(0, "to-stdout", &o.stdout)
	flags.Flag('d', "decompress", &o.decompress)
	flags.Flag(0, "uncompress", &o.decompress)
	flags.Flag('f', "force", &o.force)
	flags.Flag('k', "keep", &o.keep)
	flags.Flag('l', "list", &o.list)
	flags.Func('n', "no-name", func() { o.noName, o.name = true, false })
	flags.Func('N', "name", func() { o.name, o.noName = true, false })
	flags.Func('q', "quiet", func() { o.quiet, o.verbose = true, false })
	flags.Func('v', "verbose", func() { o.verbose, o.quiet = true, false })
	flags.Flag('r', "recursive", &o.recursive)
	flags.Flag('t', "test", &o.test)
	flags.String('S', "suffix", &o.suffix)
	flags.Func(0, "rsyncable", func() {})
	flags.Func(0, "synchronous", func() {})
	for d := '1'; d <= '9'; d++ {
		level := int(d - '0')
		flags.Func(d, "", func() { o.level = level })
	}
	flags.Func(0, "fast", func() { o.level = 1 })
	flags.Func(0, "best", func() { o.level = 9 })
	name := g.p.BaseName()
	if name != "gunzip" && name != "zcat" {
		name = "gzip"
	}
	addToolInfo(flags, name, 'V')
	flags.Add(opt.Option{Short: 'h', Do: func(string, string) error { return infoText(helpText(name)) }})
	return flags
}

// usage prints an option error with gzip's `quoted' Try line.
func (g *gzipRun) usage(err error) int {
	var oe *opt.Error
	if errors.As(err, &oe) {
		oe.Msg = strings.Replace(oe.Msg, "Try '"+g.p.Name()+" --help'", "Try `"+g.p.Name()+" --help'", 1)
	}
	return g.p.usage(err, 1)
}

func (g *gzipRun) fail(format string, args ...any) {
	g.p.Errorf(format, args...)
	g.status = 1
}

func (g *gzipRun) warn(format string, args ...any) {
	if !g.o.quiet {
		g.p.Errorf(format, args...)
	}
	if g.status == 0 {
		g.status = 2
	}
}

// one handles one operand (or, with -r, a file found under one).
func (g *gzipRun) one(name string, operand bool) {
	if name == "-" {
		g.stream()
		return
	}
	if g.o.decompress || g.o.list || g.o.test {
		name = g.findCompressed(name)
	}
	fi, err := g.p.Lstat(name)
	if err != nil {
		g.fail("%s: %s", name, ErrText(err))
		return
	}
	switch {
	case fi.IsDir():
		g.dir(name)
		return
	case isSymlink(fi) && !g.o.force:
		g.fail("%s: Too many levels of symbolic links", name)
		return
	case isSymlink(fi):
		if fi, err = g.p.Stat(name); err != nil {
			g.fail("%s: %s", name, ErrText(err))
			return
		}
	}
	if !fi.Mode().IsRegular() {
		g.warn("%s is not a directory or a regular file - ignored", name)
		return
	}
	if g.o.decompress || g.o.list || g.o.test {
		g.expandFile(name, fi)
	} else {
		g.compressFile(name, fi)
	}
}

// dir recurses into a directory with -r.
func (g *gzipRun) dir(name string) {
	if !g.o.recursive {
		g.warn("%s is a directory -- ignored", name)
		return
	}
	ents, err := g.p.ReadDirSorted(name)
	if err != nil {
		g.fail("%s: %s", name, ErrText(err))
		return
	}
	for _, e := range ents {
		if g.p.Cancelled() {
			return
		}
		g.one(ftsJoin(name, e.Name()), false)
	}
}

// findCompressed is the name gunzip reads for name: name itself when it
// exists, else name with the first known suffix that exists.
func (g *gzipRun) findCompressed(name string) string {
	if _, err := g.p.Lstat(name); err == nil || g.suffixOf(name) != "" {
		return name
	}
	for _, s := range g.suffixes() {
		if _, err := g.p.Lstat(name + s); err == nil {
			return name + s
		}
	}
	return name + g.suffixes()[0]
}

func (g *gzipRun) suffixes() []string {
	list := []string{".gz", "-gz", ".z", "-z", "_z", ".tgz", ".taz"}
	if g.o.suffix != ".gz" {
		list = append([]string{g.o.suffix}, list...)
	}
	return list
}

// suffixOf returns the known compressed suffix name ends with, or "".
func (g *gzipRun) suffixOf(name string) string {
	base := path.Base(name)
	for _, s := range g.suffixes() {
		if len(base) > len(s) && strings.HasSuffix(base, s) {
			return s
		}
	}
	return ""
}

// expandedName is the output name of a compressed file.
func (g *gzipRun) expandedName(name string) (string, bool) {
	s := g.suffixOf(name)
	switch s {
	case "":
		return "", false
	case ".tgz", ".taz":
		return strings.TrimSuffix(name, s) + ".tar", true
	}
	return strings.TrimSuffix(name, s), true
}

// stream compresses or expands standard input to standard output.
func (g *gzipRun) stream() {
	p := g.p
	switch {
	case g.o.list:
		g.fail("stdin: cannot list the standard input")
	case g.o.decompress || g.o.test:
		out := p.Stdout
		if g.o.test {
			out = io.Discard
		}
		if err := g.expand(out, p.Stdin); err != nil {
			g.reportExpand("stdin", err)
		}
	default:
		if err := g.compress(p.Stdout, p.Stdin, "", time.Time{}); err != nil {
			g.reportWrite(err)
		}
	}
}

func (g *gzipRun) reportWrite(err error) {
	var we writeErr
	if errors.As(err, &we) {
		g.status = g.p.WriteFailed(we.error)
		return
	}
	g.fail("%s", ErrText(err))
}

// compress writes the gzip form of in to w.
func (g *gzipRun) compress(w io.Writer, in io.Reader, name string, mtime time.Time) error {
	zw, err := gzip.NewWriterLevel(&errWriter{w: w}, g.o.level)
	if err != nil {
		return err
	}
	if !g.o.noName {
		zw.Name, zw.ModTime = name, mtime
	}
	if g.o.level == 9 {
		zw.Extra = nil
	}
	if err := g.p.copyData(zw, in); err != nil {
		return err
	}
	return zw.Close()
}

// errWriter marks the errors of the underlying writer as write errors.
type errWriter struct{ w io.Writer }

func (e *errWriter) Write(b []byte) (int, error) {
	n, err := e.w.Write(b)
	if err != nil {
		return n, writeErr{err}
	}
	return n, nil
}

// compressFile replaces name by name.gz (or writes it to stdout with -c).
func (g *gzipRun) compressFile(name string, fi fs.FileInfo) {
	p := g.p
	if s := g.suffixOf(name); s != "" && !g.o.force && !g.o.stdout {
		if !g.o.quiet {
			g.p.Errorf("%s already has %s suffix -- unchanged", name, s)
		}
		return
	}
	in, err := p.Open(name)
	if err != nil {
		g.fail("%s: %s", name, ErrText(err))
		return
	}
	defer in.Close()
	if g.o.stdout {
		if err := g.compress(p.Stdout, in, path.Base(name), fi.ModTime()); err != nil {
			g.reportWrite(err)
		}
		return
	}
	target := name + g.o.suffix
	g.replace(name, target, fi, func(w io.Writer) error {
		return g.compress(w, in, path.Base(name), fi.ModTime())
	})
}

// replace writes target through a temporary file with write, gives it
// the mode and times of fi, renames it into place and removes name.
func (g *gzipRun) replace(name, target string, fi fs.FileInfo, write func(io.Writer) error) bool {
	p := g.p
	if _, err := p.Lstat(target); err == nil && !g.o.force {
		g.p.Errorf("%s already exists;\tnot overwritten", target)
		if g.status == 0 {
			g.status = 2
		}
		return false
	}
	err := p.writeReplacing(target, fi.Mode().Perm(), fi.ModTime(), write)
	if err != nil {
		if _, ok := err.(gzipDataErr); ok {
			g.reportExpand(name, err)
		} else {
			g.fail("%s: %s", target, ErrText(err))
		}
		return false
	}
	g.verboseDone(name, target)
	if !g.o.keep {
		if err := p.FS.Remove(p.Abs(name)); err != nil {
			g.fail("%s: %s", name, ErrText(err))
		}
	}
	return true
}

func (g *gzipRun) verboseDone(name, target string) {
	if !g.o.verbose {
		return
	}
	verb := "replaced with"
	if g.o.keep {
		verb = "created"
	}
	in, _ := g.p.Stat(name)
	out, _ := g.p.Stat(target)
	if in == nil || out == nil {
		return
	}
	plain, packed := in.Size(), out.Size()
	if g.o.decompress {
		plain, packed = packed, plain
	}
	fmt.Fprintf(g.p.Stderr, "%s:\t%s -- %s %s\n", name, gzipRatio(plain, packed-gzipHeaderLen(path.Base(name), g)), verb, target)
}

// gzipHeaderLen is the size of the header and trailer gzip writes for a
// file called base.
func gzipHeaderLen(base string, g *gzipRun) int64 {
	if g.o.decompress {
		base = strings.TrimSuffix(base, g.suffixOf(base))
	}
	if g.o.noName {
		return 18
	}
	return 18 + int64(len(base)) + 1
}

// gzipRatio formats the saving as GNU does: "%5.1f%%" of the plain size.
func gzipRatio(plain, packed int64) string {
	r := 0.0
	if plain > 0 {
		r = float64(plain-packed) * 100 / float64(plain)
	}
	return fmt.Sprintf("%5.1f%%", r)
}

// bufferedIn adapts a reader for the gzip decoder.
func bufferedIn(in io.Reader) *bufio.Reader { return bufio.NewReaderSize(in, 64<<10) }
