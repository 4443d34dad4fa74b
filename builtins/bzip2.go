package builtins

// bzip2, bunzip2, bzcat - block-sorting file compressor
//
//	bzip2 [flags and input files in any order]
//	bunzip2 ...   (bzip2 -d)
//	bzcat ...     (bzip2 -dc)
//
// Flags, as bzip2 1.0.8 reads them (short ones clustered, anywhere on
// the line, "--" ends them, "-" alone is ignored): -c/--stdout,
// -d/--decompress, -z/--compress, -k/--keep, -f/--force, -t/--test,
// -q/--quiet, -v/--verbose, -s/--small, -1 .. -9, --fast, --best,
// --exponential, -h/--help, -V/-L/--version/--license. FILE becomes
// FILE.bz2 (FILE.bz2, .bz, .tbz2 and .tbz the reverse; any other name
// FILE.out), keeping its mode and times; the output is written beside it
// and renamed into place, then FILE is removed (unless -k). Messages and
// exit statuses are bzip2's: 1 for a file problem, 2 for corrupt data,
// which also stops the run as bzip2 does.
//
// Differences from bzip2: the compressed bytes are those of
// github.com/dsnet/compress/bzip2, not libbzip2's (equally valid, sizes
// differ), so -v shows other ratios when compressing; the BZIP2 and BZIP
// variables are not read; -vv prints what -v does.

import (
	"errors"
	"fmt"
	"io"
	"strings"

	dbzip2 "github.com/dsnet/compress/bzip2"
)

// Source modes, bzip2's SM_I2O, SM_F2F and SM_F2O.
const (
	bzStdio = iota
	bzFileToFile
	bzFileToStdout
)

type bzOpts struct {
	op                  byte // 'z', 'd' or 't'
	src                 int
	force, keep, quiet  bool
	verbose, blockSize  int
	files               []string
	longest, fileCount  int
	processed           int
	unzFails, testFails bool
}

type bzRun struct {
	p               *Proc
	o               bzOpts
	exit            int
	inName, outName string
	// cantGuess: the output name is the input's with ".out"; deleting:
	// an output file is being written (bzip2's deleteOutputOnInterrupt).
	cantGuess, deleting bool
}

// errBzFatal ends the whole run, as bzip2's cleanUpAndFail does.
var errBzFatal = errors.New("bzip2: fatal")

func bzip2Cmd(p *Proc) int {
	b := &bzRun{p: p, o: bzOpts{op: 'z', blockSize: 9, longest: 7}}
	if status, done := b.parse(p.Args[1:]); done {
		return status
	}
	if err := b.run(); err != nil {
		return b.exit
	}
	if b.o.unzFails || b.o.testFails {
		if b.o.testFails && !b.o.quiet {
			fmt.Fprint(p.Stderr, "\nYou can use the `bzip2recover' program to attempt to recover\ndata from undamaged sections of corrupted files.\n\n")
		}
		b.setExit(2)
	}
	return b.exit
}

func (b *bzRun) setExit(n int) { b.exit = max(b.exit, n) }

// parse reads the flags as bzip2 does: short clusters first, then the
// long ones, each pass over the whole line.
func (b *bzRun) parse(args []string) (int, bool) {
	o, p := &b.o, b.p
	decode := true
	for _, a := range args {
		if a == "--" {
			decode = false
			continue
		}
		if strings.HasPrefix(a, "-") && decode {
			continue
		}
		o.files = append(o.files, a)
		o.longest = max(o.longest, len(a))
	}
	o.src = bzFileToFile
	if len(o.files) == 0 {
		o.src = bzStdio
	}
	name := p.BaseName()
	if strings.Contains(name, "unzip") || strings.Contains(name, "UNZIP") {
		o.op = 'd'
	}
	for _, s := range []string{"z2cat", "Z2CAT", "zcat", "ZCAT"} {
		if strings.Contains(name, s) {
			o.op, o.src = 'd', bzFileToStdout
		}
	}
	if status, done := b.shortFlags(args); done {
		return status, true
	}
	if status, done := b.longFlags(args); done {
		return status, true
	}
	if o.verbose > 4 {
		o.verbose = 4
	}
	if o.op == 't' && o.src == bzFileToStdout {
		p.Errorf("-c and -t cannot be used together.")
		return 1, true
	}
	if o.src == bzFileToStdout && len(o.files) == 0 {
		o.src = bzStdio
	}
	return 0, false
}

func (b *bzRun) shortFlags(args []string) (int, bool) {
	for _, a := range args {
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for _, c := range []byte(a[1:]) {
			if status, done := b.flag(c, a); done {
				return status, true
			}
		}
	}
	return 0, false
}

// bzLongFlags are the long options, as the letter each stands for.
var bzLongFlags = map[string]byte{
	"--stdout": 'c', "--decompress": 'd', "--compress": 'z', "--force": 'f', "--test": 't',
	"--keep": 'k', "--small": 's', "--exponential": 's', "--quiet": 'q', "--version": 'V',
	"--license": 'L', "--fast": '1', "--best": '9', "--verbose": 'v', "--help": 'h',
}

func (b *bzRun) longFlags(args []string) (int, bool) {
	for _, a := range args {
		switch {
		case a == "--":
			return 0, false
		case a == "--repetitive-best" || a == "--repetitive-fast":
			b.p.Errorf("%s is redundant in versions 0.9.5 and above", a)
		case bzLongFlags[a] != 0:
			if status, done := b.flag(bzLongFlags[a], a); done {
				return status, true
			}
		case strings.HasPrefix(a, "--"):
			b.p.Errorf("Bad flag `%s'", a)
			return b.help(1), true
		}
	}
	return 0, false
}

// flag applies the option letter c, given as arg.
func (b *bzRun) flag(c byte, arg string) (int, bool) {
	o := &b.o
	switch c {
	case 'c':
		o.src = bzFileToStdout
	case 'd', 'z', 't':
		o.op = c
	case 'f':
		o.force = true
	case 'k':
		o.keep = true
	case 's':
	case 'q':
		o.quiet = true
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		o.blockSize = int(c - '0')
	case 'V', 'L':
		return b.license(), true
	case 'v':
		o.verbose++
	case 'h':
		return b.help(0), true
	default:
		b.p.Errorf("Bad flag `%s'", arg)
		return b.help(1), true
	}
	return 0, false
}

// help prints bzip2's usage to standard error.
func (b *bzRun) help(status int) int {
	name := b.p.BaseName()
	if name != "bunzip2" && name != "bzcat" {
		name = "bzip2"
	}
	text := strings.Replace(helpText(name), "usage: "+name+" ", "usage: "+b.p.Name()+" ", 1)
	io.WriteString(b.p.Stderr, text)
	return status
}

func (b *bzRun) license() int {
	io.WriteString(b.p.Stderr, versionText("bzip2"))
	return 0
}

// run handles standard input or each file in turn.
func (b *bzRun) run() error {
	do := map[byte]func(string) error{'z': b.compress, 'd': b.uncompress, 't': b.test}[b.o.op]
	if b.o.src == bzStdio {
		return do("")
	}
	for _, f := range b.o.files {
		if b.p.Cancelled() {
			b.setExit(130)
			return errBzFatal
		}
		b.o.processed++
		if err := do(f); err != nil {
			return err
		}
	}
	return nil
}

// setNames sets the input and output names bzip2 reports.
func (b *bzRun) setNames(name, out string) {
	switch b.o.src {
	case bzStdio:
		b.inName, b.outName = "(stdin)", "(stdout)"
	case bzFileToFile:
		b.inName, b.outName = name, out
	default:
		b.inName, b.outName = name, "(stdout)"
	}
	if b.o.op == 't' {
		b.outName = "(none)"
	}
}

// fileProblem reports a problem with an operand and sets status 1.
func (b *bzRun) fileProblem(noisyOnly bool, format string, args ...any) error {
	if !noisyOnly || !b.o.quiet {
		b.p.Errorf(format, args...)
	}
	b.setExit(1)
	return nil
}

// verboseName starts bzip2 -v's line for the input.
func (b *bzRun) verboseName() {
	if b.o.verbose >= 1 {
		fmt.Fprintf(b.p.Stderr, "  %s: %s", b.inName, strings.Repeat(" ", max(0, b.o.longest-len(b.inName))))
	}
}

// bzSuffixes are bzip2's compressed suffixes and what each becomes.
var bzSuffixes = [][2]string{{".bz2", ""}, {".bz", ""}, {".tbz2", ".tar"}, {".tbz", ".tar"}}

// newBzip2Writer compresses to w with blocks of level*100k.
func newBzip2Writer(w io.Writer, level int) (io.WriteCloser, error) {
	return dbzip2.NewWriter(w, &dbzip2.WriterConfig{Level: level})
}
