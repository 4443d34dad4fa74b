package builtins

// bc - an arbitrary precision calculator language
//
//	bc [-hilqsvw] [FILE]...
//
// GNU bc 1.07: numbers of any size with GNU's truncation rules (scale,
// ibase, obase, last), functions with auto variables and GNU's dynamic
// scoping, if/while/for, break/continue, print, strings, comments,
// backslash-newline, halt and quit, output lines broken at
// BC_LINE_LENGTH (from the run's environment; 70, 0 for never). -l loads
// the math library (s c a l e j), which gives GNU's digits. FILEs are
// read through the workspace, then standard input. Errors read as GNU's,
// with the same "adr=N": the code is laid out as GNU's.
//
// Differences: read() is refused; -s and -w do not report non-POSIX
// constructs; a number over 4,000,000 digits (2^(10^9), scale=10^9 then
// a division) is refused with a runtime error instead of being computed.

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
)

const bcUsage = `usage: %s [options] [file ...]
  -h  --help         print this usage and exit
  -i  --interactive  force interactive mode
  -l  --mathlib      use the predefined math routines
  -q  --quiet        don't print initial banner
  -s  --standard     non-standard bc constructs are errors
  -w  --warn         warn about non-standard bc constructs
  -v  --version      print version information and exit
`

const bcBanner = `bc 1.07.1
Copyright 1991-1994, 1997, 1998, 2000, 2004, 2006, 2008, 2012-2017 Free Software Foundation, Inc.
This is free software with ABSOLUTELY NO WARRANTY.
For details type ` + "`warranty'. \n"

type bcOpts struct {
	interactive, mathlib, quiet, help, version bool
}

func bc(p *Proc) int {
	var o bcOpts
	flags := opt.New(p.Name())
	flags.Hook = p.optHook()
	flags.Flag('h', "help", &o.help)
	flags.Flag('i', "interactive", &o.interactive)
	flags.Flag('l', "mathlib", &o.mathlib)
	flags.Flag('q', "quiet", &o.quiet)
	var standard, warn bool
	flags.Flag('s', "standard", &standard)
	flags.Flag('w', "warn", &warn)
	flags.Flag('v', "version", &o.version)
	files, err := flags.Parse(p.Args[1:])
	if err != nil {
		if oe, ok := err.(*opt.Error); ok {
			fmt.Fprintln(p.Stderr, strings.SplitN(oe.Msg, "\n", 2)[0])
		} else {
			fmt.Fprintln(p.Stderr, err)
		}
		p.printf(bcUsage, p.Name())
		return 1
	}
	switch {
	case o.help:
		p.printf("%s", helpText("bc"))
		return 0
	case o.version:
		p.printf("%s", versionText("bc"))
		return 0
	}
	out := &bcOut{p: p, lineLen: bcLineLength(p)}
	vm := newBcVM(p, out)
	defer vm.release()
	if o.interactive && !o.quiet {
		out.buf = append(out.buf, bcBanner...) // as GNU, outside the line count
	}
	status := vm.runAll(o, files)
	out.flush()
	if out.err != nil {
		return p.WriteFailed(out.err)
	}
	return status
}

// bcLineLength reads BC_LINE_LENGTH as GNU does: 0 never breaks lines,
// values below 3 (or not numbers) give the default 70.
func bcLineLength(p *Proc) int {
	v, ok := p.LookupEnv("BC_LINE_LENGTH")
	if !ok {
		return 70
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		n = 0
		for _, c := range strings.TrimSpace(v) {
			if c < '0' || c > '9' {
				break
			}
			n = n*10 + int(c-'0')
		}
		if n == 0 {
			return 70
		}
	}
	if n < 3 && n != 0 {
		return 70
	}
	return n
}

// runAll runs the math library, each file, then standard input.
func (vm *bcVM) runAll(o bcOpts, files []string) int {
	if o.mathlib {
		vm.scale = 20
		if _, err := vm.runSource(newBcLexer(strings.NewReader(bcMathLib), "libmath.b")); err != nil {
			return 1
		}
	}
	for _, name := range files {
		in, err := vm.p.openText(name)
		if err != nil {
			vm.out.flush()
			fmt.Fprintf(vm.p.Stderr, "File %s is unavailable.\n", name)
			return 1
		}
		done, err := vm.runSource(newBcLexer(in.r, name))
		in.done()
		if err != nil {
			return vm.endErr(err)
		}
		if done {
			return 0
		}
	}
	stdin := vm.p.Stdin
	if o.interactive {
		stdin = &bcEcho{r: bufio.NewReader(stdin), out: vm.out}
	}
	if _, err := vm.runSource(newBcLexer(stdin, "(standard_in)")); err != nil {
		return vm.endErr(err)
	}
	return 0
}

func (vm *bcVM) endErr(err error) int {
	if err == errStopped {
		return 130
	}
	vm.out.flush()
	fmt.Fprintf(vm.p.Stderr, "%s: %s\n", vm.p.Name(), ErrText(err))
	return 1
}

// runSource compiles and runs one input line by line; done is true after
// quit or halt.
func (vm *bcVM) runSource(lx *bcLexer) (done bool, err error) {
	lx.warn = func(msg string) {
		vm.out.flush()
		fmt.Fprintln(vm.p.Stderr, msg)
	}
	ps := &bcParser{lx: lx, funcs: vm.funcs, defined: func(f *bcFunc) { vm.funcs[f.name] = f }}
	for {
		if vm.p.Cancelled() {
			return true, errStopped
		}
		var code bcCode
		more, err := ps.item(&code)
		switch err {
		case errBcQuit:
			return true, nil
		case errBcSyntax:
			ps.recover()
			continue
		case nil:
		default:
			return true, err
		}
		if lx.err != nil {
			return true, lx.err
		}
		switch err := vm.runMain(&code); err {
		case nil:
		case errBcHalt:
			return true, nil
		default:
			return true, err
		}
		if vm.out.err != nil {
			return true, nil
		}
		if !more {
			return false, nil
		}
	}
}

// bcEcho gives standard input a line at a time and copies each line to
// the output as it is read, as GNU bc -i does without a terminal.
type bcEcho struct {
	r    *bufio.Reader
	out  *bcOut
	line []byte
}

func (e *bcEcho) Read(b []byte) (int, error) {
	if len(e.line) == 0 {
		line, err := e.r.ReadSlice('\n')
		if len(line) == 0 {
			return 0, err
		}
		e.out.buf = append(e.out.buf, line...)
		e.line = line
	}
	n := copy(b, e.line)
	e.line = e.line[n:]
	return n, nil
}
