package builtins

// find - search for files in a directory hierarchy
//
//	find [-H] [-L] [-P] [-Olevel] [STARTING-POINT...] [EXPRESSION]
//
// Expression: ( ) ! -not -a -and -o -or , with GNU's precedence and an
// implicit -print when no action is given. Options: -depth -d -maxdepth
// -mindepth -mount -xdev -noleaf -ignore_readdir_race -files0-from
// -daystart -follow -regextype -warn -nowarn. Tests: -name -iname -path
// -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype
// -size -empty -newer -anewer -cnewer -newerXY (X and Y among a c m t) -mtime
// -mmin -atime -amin -ctime -cmin -used -perm -user -group -uid -gid
// -nouser -nogroup -links -inum -samefile -readable -writable -executable
// -true -false. Actions: -print -print0 -printf -fprint -fprint0 -fprintf
// -ls -fls -exec -execdir -ok -okdir -delete -prune -quit.
//
// Differences from GNU: -D, -fstype and -context are not supported; %F
// prints the file system type as "unknown", %Z fails as it does on a
// system without SELinux. Warnings about option positions are printed
// only with -warn (GNU prints them when standard input is a terminal,
// which it never is here). GNU's optimiser may swap the operands of ','
// when neither has side effects; shellfence evaluates them in order.
// Commands of -exec and -ok run as shellfence builtins (echo, printf, pwd
// and test as the shell's); -ok reads its answers from standard input.
// Symbolic links are never followed out of the workspace: such a link is
// reported as an error where GNU would follow it.

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// finder is one run of find.
type finder struct {
	p                              *Proc
	follow                         byte // 'P' (never), 'H' (starting points), 'L' (always)
	maxDepth                       int  // -1: no limit
	minDepth                       int
	depth                          bool // -depth: directories after their contents
	explicitDepth, deletes, prunes bool
	needStat                       bool // some primary needs file information
	warn                           bool
	daystart                       bool
	regexERE                       bool // -regextype posix-extended and relatives
	regexTyp                       string
	start                          time.Time
	expr                           *fnode
	status                         int
	quit                           bool
	stopped                        int // non-zero: a write failed; this is the exit status
	outs                           map[string]*findOut
	execs                          []*findExec
	ls                             findLsWidths
	hasFiles0                      bool
	files0                         string
	answers                        *bufio.Reader // answers to -ok
}

// fentry is one file met during the walk.
type fentry struct {
	path     string // as printed
	abs      string // visible absolute path
	depth    int
	root     string // the starting point it was found under
	typ      fs.FileMode
	info     fs.FileInfo
	statErr  error
	statDone bool
	prune    bool
}

func find(p *Proc) int {
	p.Stdout = stdioBuffer(p.Stdout)
	defer p.Flush()
	f := &finder{p: p, follow: 'P', maxDepth: -1, start: p.Now(), regexTyp: "findutils-default"}
	args := p.Args[1:]
	if len(args) > 0 {
		switch args[0] {
		case "--help":
			return f.help()
		case "--version":
			return f.version()
		}
	}
	i, code := f.leadingOptions(args)
	if code >= 0 {
		return code
	}
	args = args[i:]
	n := 0
	for n < len(args) && !findLooksLikeExpr(args[n], true) {
		n++
	}
	roots := args[:n]
	if err := f.parse(args[n:]); err != nil {
		return f.fail(err)
	}
	if f.deletes && f.prunes && !f.explicitDepth {
		p.Errorf("The -delete action automatically turns on -depth, but -prune does nothing when -depth is in effect.  If you want to carry on anyway, just explicitly use the -depth option.")
		return 1
	}
	defer f.closeOuts()
	roots, code = f.startPoints(roots)
	if code >= 0 {
		return code
	}
	for _, r := range roots {
		if f.quit || f.stopped != 0 {
			break
		}
		if p.Cancelled() {
			return 130
		}
		f.walkRoot(r)
	}
	f.flushExecs()
	if f.stopped != 0 {
		return f.stopped
	}
	return f.status
}

// startPoints returns the starting points: the operands, those of
// -files0-from, or ".".
func (f *finder) startPoints(roots []string) ([]string, int) {
	if !f.hasFiles0 {
		if len(roots) == 0 {
			roots = []string{"."}
		}
		return roots, -1
	}
	if len(roots) > 0 {
		f.p.Errorf("extra operand %s", quote.Locale(roots[0]))
		f.p.Errorf("file operands cannot be combined with -files0-from")
		return nil, 1
	}
	return f.readFiles0()
}

// findLooksLikeExpr reports whether arg starts the expression (GNU's
// looks_like_expression).
func findLooksLikeExpr(arg string, leading bool) bool {
	switch {
	case arg == "":
		return false
	case arg[0] == '-':
		return len(arg) > 1
	case arg == ")" || arg == ",":
		return !leading
	case arg == "!" || arg == "(":
		return true
	}
	return false
}

// leadingOptions handles -H -L -P -D -O before the starting points. It
// returns the index of the first other argument, and an exit status >= 0
// when find must stop.
func (f *finder) leadingOptions(args []string) (int, int) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-H" || a == "-L" || a == "-P":
			f.follow = a[1]
		case a == "--":
			return i + 1, -1
		case a == "-D":
			if i+1 >= len(args) {
				f.p.Errorf("Missing argument after the -D option.")
				fmt.Fprintln(f.p.Stderr, "Try 'find --help' for more information.")
				return 0, 1
			}
			f.p.Errorf("unsupported option -D (shellfence does not implement it)")
			return 0, 2
		case len(a) > 2 && a[:2] == "-O":
			// Optimisation levels do not change what find prints.
		default:
			return i, -1
		}
	}
	return len(args), -1
}

// findErr is a fatal error found while parsing the command line.
type findErr struct{ msg string }

func (e *findErr) Error() string { return e.msg }

func (f *finder) fail(err error) int {
	if err == findErrFindExit {
		return 0
	}
	f.p.Errorf("%s", err.Error())
	return 1
}

// errorf reports a non-fatal error: find goes on, and exits with 1.
func (f *finder) errorf(format string, args ...any) {
	f.p.Flush() // GNU's error() flushes standard output first
	f.p.Errorf(format, args...)
	f.status = 1
}

// fileError reports an error about the file printed as name.
func (f *finder) fileError(name string, err error) {
	f.errorf("%s: %s", quote.Locale(name), ErrText(err))
}

func (f *finder) help() int {
	io.WriteString(f.p.Stdout, findHelp)
	return 0
}

const findHelp = `Usage: find [-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]

Default path is the current directory; default expression is -print.
Expression may consist of: operators, options, tests, and actions.

Operators (decreasing precedence; -and is implicit where no others are given):
      ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and EXPR2
      EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2

Positional options (always true):
      -daystart -follow -nowarn -regextype -warn

Normal options (always true, specified before other expressions):
      -depth -files0-from FILE -maxdepth LEVELS -mindepth LEVELS
       -mount -noleaf -xdev -ignore_readdir_race -noignore_readdir_race

Tests (N can be +N or -N or N):
      -amin N -anewer FILE -atime N -cmin N -cnewer FILE -context CONTEXT
      -ctime N -empty -false -fstype TYPE -gid N -group NAME -ilname PATTERN
      -iname PATTERN -inum N -iwholename PATTERN -iregex PATTERN
      -links N -lname PATTERN -mmin N -mtime N -name PATTERN -newer FILE
      -nouser -nogroup -path PATTERN -perm [-/]MODE -regex PATTERN
      -readable -writable -executable
      -wholename PATTERN -size N[bcwkMG] -true -type [bcdpflsD] -uid N
      -used N -user NAME -xtype [bcdpfls]

Actions:
      -delete -print0 -printf FORMAT -fprintf FILE FORMAT -print 
      -fprint0 FILE -fprint FILE -ls -fls FILE -prune -quit
      -exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;
      -execdir COMMAND ; -execdir COMMAND {} + -okdir COMMAND ;

Other common options:
      --help                   display this help and exit
      --version                output version information and exit

Valid arguments for -D:
exec, opt, rates, search, stat, time, tree, all, help
Use '-D help' for a description of the options, or see find(1)

Please see also the documentation at https://www.gnu.org/software/findutils/.
You can report (and track progress on fixing) bugs in the "find"
program via the GNU findutils bug-reporting page at
https://savannah.gnu.org/bugs/?group=findutils or, if
you have no web access, by sending email to <bug-findutils@gnu.org>.
`

func (f *finder) version() int {
	f.p.Stdout.Write([]byte("find (GNU findutils) 4.9.0\n" +
		"Copyright (C) 2022 Free Software Foundation, Inc.\n" +
		"License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n" +
		"This is free software: you are free to change and redistribute it.\n" +
		"There is NO WARRANTY, to the extent permitted by law.\n\n" +
		"Written by Eric B. Decker, James Youngman, and Kevin Dalley.\n" +
		"Features enabled: D_TYPE O_NOFOLLOW(enabled) LEAF_OPTIMISATION FTS(FTS_CWDFD) CBO(level=2) \n"))
	return 0
}

// stdioBuffer buffers output as C's stdio does for a pipe or a file: 4096
// bytes, written out whenever full. Messages on standard error then
// interleave with the output as GNU's do (2>&1).
func stdioBuffer(w io.Writer) *procOut {
	under := w
	if o, ok := w.(*procOut); ok {
		under = o.under
	}
	return &procOut{bufio.NewWriterSize(flushThrough{w}, 4096), under}
}

// flushThrough passes writes on and flushes the writer below at once.
type flushThrough struct{ w io.Writer }

func (t flushThrough) Write(b []byte) (int, error) {
	n, err := t.w.Write(b)
	if f, ok := t.w.(interface{ Flush() error }); ok && err == nil {
		err = f.Flush()
	}
	return n, err
}
