package builtins

// xargs - build and execute command lines from standard input
//
//	xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]
//
// Options: -0 (--null), -a FILE (--arg-file), -d DELIM (--delimiter),
// -E END, -e[END] (--eof), -I R, -i[R] (--replace), -L N, -l[N]
// (--max-lines), -n N (--max-args), -o (--open-tty), -P N (--max-procs),
// -p (--interactive), --process-slot-var=VAR, -r (--no-run-if-empty),
// -s N (--max-chars), --show-limits, -t (--verbose), -x (--exit). The
// default command is echo; commands run through the engine (p.Exec).
//
// Differences from GNU: -P runs the commands one after the other (output
// never interleaves); there is no terminal, so -p and -o fail as GNU does
// without one.

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// xargsArgMax is GNU's default command buffer size.
const xargsArgMax = 128 << 10

type xargsRun struct {
	p          *Proc
	delim      int // -1: blank-separated with quotes; else the delimiter
	eof        string
	replace    string
	hasReplace bool
	maxLines   int
	maxArgs    int
	maxChars   int
	noEmpty    bool
	verbose    bool
	exitSize   bool
	ask        bool
	openTTY    bool
	slotVar    string
	argFile    string
	showLimits bool

	cmd      []string // command and initial arguments
	cmdSize  int
	args     []string
	size     int
	lines    int
	execs    int
	status   int
	in       *bufio.Reader
	nulWarn  bool
	inputEOF bool
	line     string // the line read for -I
	haveLine bool
}

// xargsExit ends xargs with a status after a message was printed.
type xargsExit struct{ status int }

func (e *xargsExit) Error() string { return "exit " + strconv.Itoa(e.status) }

func xargs(p *Proc) int {
	x := &xargsRun{p: p, delim: -1, maxChars: xargsArgMax}
	flags := p.newOpts(1)
	flags.StopAtOperand = true
	x.options(flags)
	operands, err := flags.Parse(p.Args[1:])
	if err != nil {
		if e, ok := err.(*xargsExit); ok {
			return e.status
		}
		return p.usage(err, 1)
	}
	if x.delim >= 0 && x.eof != "" {
		p.Errorf("warning: the -E option has no effect if -0 or -d is used.\n") // GNU's message ends in a blank line
		x.eof = ""
	}
	x.cmd = operands
	if len(x.cmd) == 0 {
		x.cmd = []string{"echo"}
	}
	return x.fail(x.run())
}

// fail turns run's error into the exit status.
func (x *xargsRun) fail(err error) int {
	if err == nil {
		return x.status
	}
	if e, ok := err.(*xargsExit); ok {
		return e.status
	}
	x.p.Errorf("%s", err.Error())
	return 1
}

func (x *xargsRun) options(flags *opt.Parser) {
	value := func(short rune, long string, f func(v string) error) {
		flags.Value(short, long, func(_, v string) error { return f(v) })
	}
	optional := func(short rune, long string, f func(v string) error) {
		flags.Add(opt.Option{Short: short, Long: long, Arg: opt.Optional, Do: func(_, v string) error { return f(v) }})
	}
	flags.Func('0', "null", func() { x.delim = 0 })
	value('a', "arg-file", func(v string) error { x.argFile = v; return nil })
	value('d', "delimiter", x.setDelim)
	value('E', "", func(v string) error { x.eof = v; return nil })
	optional('e', "eof", func(v string) error { x.eof = v; return nil })
	value('I', "", func(v string) error { x.setReplace(v); return nil })
	optional('i', "replace", func(v string) error {
		if v == "" {
			v = "{}"
		}
		x.setReplace(v)
		return nil
	})
	value('L', "", func(v string) error { return x.setLines(v, 'L') })
	optional('l', "max-lines", func(v string) error { return x.setLines(v, 'l') })
	value('n', "max-args", x.setMaxArgs)
	flags.Func('o', "open-tty", func() { x.openTTY = true })
	value('P', "max-procs", func(v string) error { _, err := x.num(v, 'P', 0, -1, true); return err })
	flags.Func('p', "interactive", func() { x.ask = true })
	value(0, "process-slot-var", func(v string) error { x.slotVar = v; return nil })
	flags.Func('r', "no-run-if-empty", func() { x.noEmpty = true })
	value('s', "max-chars", func(v string) error {
		n, err := x.num(v, 's', 1, 2093779, false)
		x.maxChars = n
		return err
	})
	flags.Func(0, "show-limits", func() { x.showLimits = true })
	flags.Func('t', "verbose", func() { x.verbose = true })
	flags.Func('x', "exit", func() { x.exitSize = true })
	flags.Add(opt.Option{Long: "help", Do: func(string, string) error { return x.help(xargsHelp) }})
	flags.Add(opt.Option{Long: "version", Do: func(string, string) error { return x.help(xargsVersion) }})
}

// help prints text and ends xargs with status 0.
func (x *xargsRun) help(text string) error {
	io.WriteString(x.p.Stdout, text)
	return &xargsExit{0}
}

func (x *xargsRun) setReplace(v string) {
	x.replace, x.hasReplace = v, true
	x.exitSize = true
	if x.maxLines != 0 {
		x.warnExclusive("--replace/-I/-i", "--max-lines")
	}
	x.maxLines = 1
}

// setLines handles -L N and -l[N] (--max-lines).
func (x *xargsRun) setLines(v string, letter byte) error {
	n, name := 1, "-L"
	if letter == 'l' {
		name = "--max-lines"
		x.exitSize = true
	}
	if letter == 'L' || v != "" {
		var err error
		if n, err = x.num(v, letter, 1, -1, true); err != nil {
			return err
		}
	}
	x.maxLines = n
	if x.maxArgs != 0 {
		x.warnExclusive(name, "--max-args")
		x.maxArgs = 0
	}
	if x.hasReplace {
		x.warnExclusive(name, "--replace")
		x.hasReplace, x.replace = false, ""
	}
	return nil
}

func (x *xargsRun) setMaxArgs(v string) error {
	n, err := x.num(v, 'n', 1, -1, true)
	if err != nil {
		return err
	}
	x.maxArgs = n
	if x.maxLines != 0 && !x.hasReplace {
		x.warnExclusive("--max-args/-n", "--max-lines")
		x.maxLines = 0
	}
	return nil
}

func (x *xargsRun) warnExclusive(option, offending string) {
	x.p.Errorf("warning: options %s and %s are mutually exclusive, ignoring previous %s value", offending, option, offending)
}

// num parses the number of an option as GNU's parse_num: out of range is
// fatal, or clamped with a message when fatal is false.
func (x *xargsRun) num(s string, opt byte, lo, hi int, fatal bool) (int, error) {
	v, err := strconv.Atoi(s)
	switch {
	case err != nil:
		x.p.Errorf("invalid number \"%s\" for -%c option", s, opt)
		return 0, x.tryHelp()
	case v < lo:
		x.p.Errorf("value %s for -%c option should be >= %d", s, opt, lo)
		if fatal {
			return 0, x.tryHelp()
		}
		v = lo
	case hi >= 0 && v > hi:
		x.p.Errorf("value %s for -%c option should be <= %d", s, opt, hi)
		if fatal {
			return 0, x.tryHelp()
		}
		v = hi
	}
	return v, nil
}

func (x *xargsRun) tryHelp() error {
	fmt.Fprintf(x.p.Stderr, "Try '%s --help' for more information.\n", x.p.Name())
	return &xargsExit{1}
}

// setDelim reads -d's argument: one character or a backslash escape
// (GNU's get_input_delimiter).
func (x *xargsRun) setDelim(s string) error {
	if len(s) == 1 {
		x.delim = int(s[0])
		return nil
	}
	if s == "" || s[0] != '\\' {
		return fmt.Errorf("Invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", s)
	}
	if c, ok := map[byte]int{'a': 7, 'b': 8, 'f': 12, 'n': 10, 'r': 13, 't': 9, 'v': 11, '\\': '\\'}[s[1]]; ok {
		x.delim = c
		return nil
	}
	base, digits, limit := 8, s[1:], "377"
	switch {
	case s[1] == 'x':
		base, digits, limit = 16, s[2:], "ff"
	case s[1] < '0' || s[1] > '9':
		return fmt.Errorf("Invalid escape sequence %s in input delimiter specification.", s)
	}
	n := 0
	for n < len(digits) && xargsDigitValue(digits[n]) < base {
		n++
	}
	v, err := strconv.ParseUint("0"+digits[:n], base, 64)
	if err != nil || v > 255 {
		return fmt.Errorf("Invalid escape sequence %s in input delimiter specification; character values must not exceed %s.", s, limit)
	}
	if n < len(digits) {
		return fmt.Errorf("Invalid escape sequence %s in input delimiter specification; trailing characters %s not recognised.", s, digits[n:])
	}
	x.delim = int(v)
	return nil
}

func xargsDigitValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// run reads the input and runs the commands.
func (x *xargsRun) run() error {
	if x.hasReplace && x.replace == "" {
		return fmt.Errorf("command too long")
	}
	in, closeIn, err := x.input()
	if err != nil {
		return err
	}
	defer closeIn()
	x.in = bufio.NewReaderSize(in, 64<<10)
	for _, a := range x.cmd {
		x.cmdSize += len(a) + 1
	}
	if x.showLimits {
		x.limits()
	}
	if x.cmdSize > x.maxChars {
		return fmt.Errorf("cannot fit single argument within argument list size limit")
	}
	if x.hasReplace {
		return x.runReplace()
	}
	return x.runBatches()
}

func (x *xargsRun) input() (io.Reader, func(), error) {
	if x.argFile == "" {
		return x.p.Stdin, func() {}, nil
	}
	in, closeIn, err := x.p.openInput(x.argFile)
	if err != nil {
		return nil, nil, fmt.Errorf("Cannot open input file %s: %s", quote.Locale(x.argFile), ErrText(err))
	}
	return in, closeIn, nil
}

func (x *xargsRun) limits() {
	env := 0
	for _, e := range x.p.Env {
		env += len(e) + 1
	}
	fmt.Fprintf(x.p.Stderr, "Your environment variables take up %d bytes\n"+
		"POSIX upper limit on argument length (this system): %d\n"+
		"POSIX smallest allowable upper limit on argument length (all systems): 4096\n"+
		"Maximum length of command we could actually use: %d\n"+
		"Size of command buffer we are actually using: %d\n"+
		"Maximum parallelism (--max-procs must be no greater): 2147483647\n",
		env, 2097152-2048-env, 2097152-2048-env-x.cmdSize, x.maxChars)
}

// runBatches collects arguments into command lines bounded by -n, -L and
// -s.
func (x *xargsRun) runBatches() error {
	for {
		more, err := x.read()
		if err != nil {
			return err
		}
		if !more {
			break
		}
		if x.maxLines > 0 && x.lines >= x.maxLines {
			if err := x.exec(); err != nil {
				return err
			}
			x.lines = 0
		}
	}
	if len(x.args) > 0 || !x.noEmpty && x.execs == 0 {
		return x.exec()
	}
	return nil
}

// runReplace runs the command once per input line with -I's string
// replaced.
func (x *xargsRun) runReplace() error {
	for {
		line, ok, err := x.readReplaceLine()
		if err != nil || !ok {
			return err
		}
		args := []string{x.cmd[0]}
		for _, a := range x.cmd[1:] {
			args = append(args, strings.ReplaceAll(a, x.replace, line))
		}
		if err := x.runCmd(args); err != nil {
			return err
		}
	}
}

// push adds an argument to the command line being built, running the
// command first when the argument would not fit.
func (x *xargsRun) push(arg string) error {
	if x.cmdSize+x.size+len(arg)+1 > x.maxChars {
		if len(x.args) == 0 {
			return fmt.Errorf("cannot fit single argument within argument list size limit")
		}
		if x.exitSize {
			return fmt.Errorf("argument list too long")
		}
		if err := x.exec(); err != nil {
			return err
		}
	}
	x.args = append(x.args, arg)
	x.size += len(arg) + 1
	if x.maxArgs > 0 && len(x.args) == x.maxArgs {
		return x.exec()
	}
	return nil
}

// exec runs the command with the arguments collected.
func (x *xargsRun) exec() error {
	args := append(append([]string{}, x.cmd...), x.args...)
	x.args, x.size = x.args[:0], 0
	return x.runCmd(args)
}

// runCmd runs one command line and applies GNU's exit status rules.
func (x *xargsRun) runCmd(args []string) error {
	x.execs++
	if x.verbose || x.ask {
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = quote.Shell(a)
		}
		line := strings.Join(quoted, " ")
		if x.ask {
			io.WriteString(x.p.Stderr, line)
			return fmt.Errorf("failed to open /dev/tty for reading: No such device or address")
		}
		io.WriteString(x.p.Stderr, line+"\n")
	}
	if x.openTTY {
		return fmt.Errorf("%s: No such device or address", quote.Locale("/dev/tty"))
	}
	q := x.p.Child(args)
	q.Stdin = strings.NewReader("")
	if x.slotVar != "" {
		q.Env = append(append([]string{}, q.Env...), x.slotVar+"=0")
	}
	code, found := runUtility(x.p, q)
	switch {
	case !found:
		x.p.Errorf("%s: No such file or directory", args[0])
		return &xargsExit{127}
	case code == 255:
		x.p.Errorf("%s: exited with status 255; aborting", args[0])
		return &xargsExit{124}
	case diedOfSIGPIPE(args[0], code):
		x.p.Errorf("%s: terminated by signal 13", args[0])
		return &xargsExit{125}
	case code != 0:
		x.status = 123
	}
	return nil
}

const xargsHelp = `Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

Mandatory and optional arguments to long options are also
mandatory or optional for the corresponding short option.
  -0, --null                   items are separated by a null, not whitespace;
                                 disables quote and backslash processing and
                                 logical EOF processing
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER,
                                 not by whitespace; disables quote and backslash
                                 processing and logical EOF processing
  -E END                       set logical EOF string; if END occurs as a line
                                 of input, the rest of the input is ignored
                                 (ignored if -0 or -d was specified)
  -e, --eof[=END]              equivalent to -E END if END is specified;
                                 otherwise, there is no end-of-file string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read
                                 from standard input, split at newlines;
                                 if R is unspecified, assume {}
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per
                                 command line
  -l[MAX-LINES]                similar to -L but defaults to at most one non-
                                 blank input line if MAX-LINES is not specified
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -o, --open-tty               Reopen stdin as /dev/tty in the child process
                                 before executing the command; useful to run an
                                 interactive application.
  -P, --max-procs=MAX-PROCS    run at most MAX-PROCS processes at a time
  -p, --interactive            prompt before running commands
      --process-slot-var=VAR   set environment variable VAR in child processes
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND;
                                 if this option is not given, COMMAND will be
                                 run at least once
  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
      --show-limits            show limits on command-line length
  -t, --verbose                print commands before executing them
  -x, --exit                   exit if the size (see -s) is exceeded
      --help                   display this help and exit
      --version                output version information and exit

Please see also the documentation at https://www.gnu.org/software/findutils/.
You can report (and track progress on fixing) bugs in the "xargs"
program via the GNU findutils bug-reporting page at
https://savannah.gnu.org/bugs/?group=findutils or, if
you have no web access, by sending email to <bug-findutils@gnu.org>.
`

const xargsVersion = `xargs (GNU findutils) 4.9.0
Copyright (C) 2022 Free Software Foundation, Inc.
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.

Written by Eric B. Decker, James Youngman, and Kevin Dalley.
`
