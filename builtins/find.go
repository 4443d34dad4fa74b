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
	if len(args) > 0 && !p.probing() {
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
	if err := f.checkPolicy(args[n:]); err != nil {
		return f.fail(err)
	}
	if err := f.parse(args[n:]); err != nil {
		return f.fail(err)
	}
	if p.probing() {
		p.Sys.probe.end(roots)
		return 0
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
			if err := f.p.seeOption(OptionName{a}, ""); err != nil {
				return 0, f.fail(err)
			}
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
	io.WriteString(f.p.Stdout, helpText("find"))
	return 0
}

func (f *finder) version() int {
	io.WriteString(f.p.Stdout, versionText("find"))
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
