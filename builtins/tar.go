package builtins

// tar - an archiving utility
//
//	tar {c|x|t}[vzjJOkmp] [-f ARCHIVE] [-C DIR] [OPTION]... [FILE]...
//
// Modes: -c/--create, -x/--extract/--get, -t/--list. Options:
// -f/--file=ARCHIVE ("-" or none: standard input or output),
// -C/--directory=DIR, -v/--verbose, -z/--gzip/--gunzip,
// -j/--bzip2, -J/--xz, -a/--auto-compress,
// -O/--to-stdout, -k/--keep-old-files, --overwrite, -m/--touch,
// -p/--preserve-permissions, --no-same-owner, --no-same-permissions,
// --numeric-owner, --strip-components=N, --exclude=PATTERN,
// -X/--exclude-from=FILE, -T/--files-from=FILE. The first argument may
// be GNU's old style: letters without a dash whose values follow in
// order (tar xzf a.tgz, tar cvf a.tar d). Compression is recognized
// when reading, with or without -z/-j/-J.
//
// Safety: before extracting, the whole archive is read and every member
// checked (see archive_guard.go); one member that is absolute, climbs
// with "..", is a link leading out, goes through a symlink, or more
// data than the run may write, refuses the archive with nothing written
// (GNU strips a leading "/" and skips ".." members).
//
// Differences from GNU: no tape, append, update or delete modes; owners
// are not changed on extraction.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

const tarFailed = 2

type tarOpts struct {
	mode                     byte // 'c', 'x' or 't'
	file                     string
	dirs                     []string
	verbose                  int
	compress                 byte // 'z', 'j', 'J', 'a' or 0
	toStdout, keepOld, touch bool
	numeric                  bool
	strip                    int
	exclude                  []string
	filesFrom                []string
	twoModes                 bool
	unsupportedMode          string
	noSameOwner, noSamePerms bool
	preservePerms, overwrite bool
	operands                 []string
}

type tarRun struct {
	p      *Proc
	o      tarOpts
	status int
	fatal  bool // tar said it stops ("Error is not recoverable")
}

func tarCmd(p *Proc) int {
	t := &tarRun{p: p, o: tarOpts{file: "-"}}
	args := tarOldStyle(p.Args[1:])
	operands, err := t.parser().Parse(args)
	if err != nil {
		return p.usage(tarUsageErr(err), 64)
	}
	t.o.operands = append(t.o.operands, operands...)
	if code, ok := t.checkMode(); !ok {
		return code
	}
	if code := t.readLists(); code != 0 {
		return code
	}
	switch t.o.mode {
	case 'c':
		t.create()
	case 'x', 't':
		t.read()
	}
	if t.status != 0 && t.status != 130 && t.status != 141 && !t.fatal {
		p.Errorf("Exiting with failure status due to previous errors")
	}
	return t.status
}

// tarUsageErr gives an option error tar's Try line.
func tarUsageErr(err error) error {
	if oe, ok := err.(*opt.Error); ok {
		oe.Msg = strings.Replace(oe.Msg, "--help' for more information.", "--help' or 'tar --usage' for more information.", 1)
		oe.Status = 64
	}
	return err
}

// tarOldStyle rewrites GNU's old-style first argument ("xzf a.tgz") as
// dashed options ("-x -z -f a.tgz").
func tarOldStyle(args []string) []string {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return args
	}
	var out []string
	rest := args[1:]
	for _, c := range args[0] {
		out = append(out, "-"+string(c))
		if strings.ContainsRune("fCbTXKNLgVH", c) && len(rest) > 0 {
			out = append(out, rest[0])
			rest = rest[1:]
		}
	}
	return append(out, rest...)
}

func (t *tarRun) setMode(m byte) func() {
	return func() {
		if t.o.mode != 0 && t.o.mode != m {
			t.o.twoModes = true
		}
		t.o.mode = m
	}
}

func (t *tarRun) parser() *opt.Parser {
	o := &t.o
	f := t.p.newOpts(64)
	f.Func('c', "create", t.setMode('c'))
	f.Func('x', "extract", t.setMode('x'))
	f.Func(0, "get", t.setMode('x'))
	f.Func('t', "list", t.setMode('t'))
	for _, m := range []struct {
		short rune
		long  string
	}{{'A', "catenate"}, {'r', "append"}, {'u', "update"}, {'d', "diff"}, {0, "delete"}, {0, "concatenate"}, {0, "compare"}, {0, "test-label"}} {
		name := m.long
		f.Func(m.short, m.long, func() { o.unsupportedMode = name; t.setMode('?')() })
	}
	f.String('f', "file", &o.file)
	f.Value('C', "directory", func(_, v string) error {
		o.dirs = append(o.dirs, v)
		return nil
	})
	f.Func('v', "verbose", func() { o.verbose++ })
	f.Func('z', "gzip", func() { o.compress = 'z' })
	f.Func(0, "gunzip", func() { o.compress = 'z' })
	f.Func(0, "ungzip", func() { o.compress = 'z' })
	f.Func('j', "bzip2", func() { o.compress = 'j' })
	f.Func('J', "xz", func() { o.compress = 'J' })
	f.Func('a', "auto-compress", func() { o.compress = 'a' })
	f.Flag('O', "to-stdout", &o.toStdout)
	f.Flag('k', "keep-old-files", &o.keepOld)
	f.Flag(0, "overwrite", &o.overwrite)
	f.Flag('m', "touch", &o.touch)
	f.Flag('p', "preserve-permissions", &o.preservePerms)
	f.Flag(0, "same-permissions", &o.preservePerms)
	f.Flag(0, "no-same-owner", &o.noSameOwner)
	f.Flag(0, "no-same-permissions", &o.noSamePerms)
	f.Func(0, "same-owner", func() {})
	f.Flag(0, "numeric-owner", &o.numeric)
	f.Value(0, "strip-components", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return t.p.tarTry(fmt.Sprintf("Invalid number of elements: %s", quoteTar(v)))
		}
		o.strip = n
		return nil
	})
	f.Value(0, "exclude", func(_, v string) error { o.exclude = append(o.exclude, v); return nil })
	f.Value('X', "exclude-from", func(_, v string) error { o.filesFrom = append(o.filesFrom, "X"+v); return nil })
	f.Value('T', "files-from", func(_, v string) error { o.filesFrom = append(o.filesFrom, "T"+v); return nil })
	addToolInfo(f, "tar")
	return f
}

func quoteTar(s string) string { return "'" + s + "'" }

func (p *Proc) tarTry(msg string) error {
	return &opt.Error{Msg: fmt.Sprintf("%s: %s\nTry '%s --help' or '%s --usage' for more information.", p.Name(), msg, p.Name(), p.Name()), Status: tarFailed}
}

// checkMode reports a missing, double or unsupported mode.
func (t *tarRun) checkMode() (int, bool) {
	p := t.p
	switch {
	case t.o.twoModes:
		return p.usage(p.tarTry("You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option"), tarFailed), false
	case t.o.mode == 0:
		return p.usage(p.tarTry("You must specify one of the '-Acdtrux', '--delete' or '--test-label' options"), tarFailed), false
	case t.o.mode == '?':
		p.Errorf("--%s: unsupported here (only -c, -x and -t)", t.o.unsupportedMode)
		return tarFailed, false
	}
	return 0, true
}

// readLists reads -T and -X files.
func (t *tarRun) readLists() int {
	for _, spec := range t.o.filesFrom {
		kind, name := spec[0], spec[1:]
		in, closeIn, err := t.p.openInput(name)
		if err != nil {
			t.p.Errorf("%s: Cannot open: %s", name, ErrText(err))
			return tarFailed
		}
		data, err := io.ReadAll(io.LimitReader(in, 16<<20))
		closeIn()
		if err != nil {
			t.p.Errorf("%s: Read error: %s", name, ErrText(err))
			return tarFailed
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line == "" {
				continue
			}
			if kind == 'X' {
				t.o.exclude = append(t.o.exclude, line)
			} else {
				t.o.operands = append(t.o.operands, line)
			}
		}
	}
	return 0
}

// failf reports an error that does not stop tar.
func (t *tarRun) failf(format string, args ...any) {
	t.p.Errorf(format, args...)
	t.status = tarFailed
}
