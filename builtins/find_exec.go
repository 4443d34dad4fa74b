package builtins

// -exec, -execdir, -ok and -okdir. Commands run through the engine
// (p.Exec), so the allowlist and the workspace confinement apply to them.
// "{} +" collects file names and runs the command when the argument list
// would pass GNU's 128 KiB limit, when -execdir moves to another
// directory, and at the end.

import (
	"bufio"
	"fmt"
	"path"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// findExecArgMax is the size of the argument buffer GNU uses: every argument
// counts its length plus a terminating NUL.
const findExecArgMax = 128 << 10

type findExec struct {
	name     string
	argv     []string // the command; for "+", without the final {}
	multi    bool
	inDir    bool // -execdir, -okdir
	ask      bool // -ok, -okdir
	batch    []string
	batchDir string
	size     int
	baseSize int
}

func fpExec(ps *fparser, name string) error {
	x := &findExec{name: name, inDir: strings.HasSuffix(name, "dir"), ask: strings.HasPrefix(name, "-ok")}
	start, end := ps.i, ps.i
	saw, braces := false, 0
	for ; end < len(ps.args); end++ {
		a := ps.args[end]
		if a == ";" {
			break
		}
		if !x.ask && a == "+" && saw {
			x.multi = true
			break
		}
		saw = strings.Contains(a, "{}")
		if saw {
			braces++
		}
	}
	if end == start || end >= len(ps.args) {
		ps.i = end
		if end < len(ps.args) {
			return findErrFindArg
		}
		return findErrFindMissing
	}
	x.argv = ps.args[start:end]
	ps.i = end + 1
	if x.multi {
		if err := x.checkMulti(braces); err != nil {
			return err
		}
		x.argv = x.argv[:len(x.argv)-1]
		for _, a := range x.argv {
			x.baseSize += len(a) + 1
		}
		ps.f.execs = append(ps.f.execs, x)
	}
	ps.primary(name, func(f *finder, e *fentry) bool { return f.runExec(x, e) })
	return nil
}

func (x *findExec) checkMulti(braces int) error {
	suffix := strings.TrimPrefix(x.name, "-exec")
	if braces > 1 {
		return &findErr{fmt.Sprintf("Only one instance of {} is supported with -exec%s ... +", suffix)}
	}
	if last := x.argv[len(x.argv)-1]; last != "{}" {
		return &findErr{fmt.Sprintf("In %s the %s must appear by itself, but you specified %s",
			quote.Locale("-exec"+suffix+" ... {} +"), quote.Locale("{}"), quote.Locale(last))}
	}
	return nil
}

// execTarget returns the name {} stands for and the directory the command
// runs in.
func (f *finder) execTarget(x *findExec, e *fentry) (string, string) {
	if !x.inDir {
		return e.path, f.p.Dir
	}
	if e.depth > 0 {
		return "./" + e.path[strings.LastIndexByte(e.path, '/')+1:], path.Dir(e.abs)
	}
	trimmed := strings.TrimRight(e.path, "/")
	i := strings.LastIndexByte(trimmed, '/')
	switch {
	case trimmed == "":
		return e.path, "/"
	case i < 0:
		return "./" + e.path, f.p.Dir
	case i == 0:
		return "./" + e.path[1:], f.p.Abs("/")
	}
	return "./" + e.path[i+1:], f.p.Abs(e.path[:i])
}

func (f *finder) runExec(x *findExec, e *fentry) bool {
	name, dir := f.execTarget(x, e)
	if x.multi {
		if len(x.batch) > 0 && (dir != x.batchDir || x.size+len(name)+1 > findExecArgMax) {
			f.runBatch(x)
		}
		x.batch = append(x.batch, name)
		x.batchDir = dir
		x.size += len(name) + 1
		return true
	}
	args := make([]string, len(x.argv))
	for i, a := range x.argv {
		args[i] = strings.ReplaceAll(a, "{}", name)
	}
	if x.ask && !f.confirm(args[0], e.path) {
		return false
	}
	return f.execCmd(args, dir, x.ask) == 0
}

// runBatch runs the command of a "+" primary on the names collected.
func (f *finder) runBatch(x *findExec) {
	if len(x.batch) == 0 {
		return
	}
	args := append(append([]string{}, x.argv...), x.batch...)
	x.batch, x.size = x.batch[:0], x.baseSize
	if f.execCmd(args, x.batchDir, false) != 0 {
		f.status = 1
	}
}

// flushExecs runs what "+" primaries still hold, at the end (also after
// -quit).
func (f *finder) flushExecs() {
	for _, x := range f.execs {
		f.runBatch(x)
	}
}

// execCmd runs args in dir and returns its exit status.
func (f *finder) execCmd(args []string, dir string, nullStdin bool) int {
	q := f.p.Child(args)
	q.Dir = dir
	if nullStdin {
		q.Stdin = strings.NewReader("")
	}
	code, found := runUtility(f.p, q)
	switch {
	case !found:
		f.p.Errorf("%s: No such file or directory", quote.Locale(args[0]))
	case diedOfSIGPIPE(args[0], code):
		f.p.Errorf("%s terminated by signal 13", quote.Locale(args[0]))
	}
	return code
}

// shellUtilities are the commands that are programs on a GNU system and
// shell builtins in the engine: find -exec and xargs run them through the
// shell when the registry does not have them.
var shellUtilities = map[string]bool{"echo": true, "printf": true, "pwd": true, "test": true,
	"[": true, "true": true, "false": true}

// runUtility runs q as find and xargs run a program: a builtin of the
// registry, a workspace script, or a shell utility. found is false (and
// nothing ran) when there is no such command; the caller says so in its
// own words.
func runUtility(p *Proc, q *Proc) (code int, found bool) {
	name := q.Args[0]
	if !p.HasCommand(name) && !strings.Contains(name, "/") {
		if !shellUtilities[name] || !p.CanShell() {
			return 127, false
		}
		return p.Shell(q.Child(append([]string{"sh"}, q.Args...)), `"$@"`), true
	}
	return p.Exec(q), true
}

// diedOfSIGPIPE reports whether a program's status 141 stands for its
// death by SIGPIPE (a closed pipe). A shell (sh -c '...') exits with 141
// itself when its command died so: that is a plain failure.
func diedOfSIGPIPE(name string, code int) bool {
	base := path.Base(name)
	return code == 141 && base != "sh" && base != "bash"
}

// confirm asks whether to run the command of -ok, and reads the answer
// from standard input: yes when it starts with y or Y.
func (f *finder) confirm(prog, name string) bool {
	f.p.Flush()
	fmt.Fprintf(f.p.Stderr, "< %s ... %s > ? ", prog, name)
	if f.answers == nil {
		f.answers = bufio.NewReader(f.p.Stdin)
	}
	line, err := f.answers.ReadString('\n')
	if err != nil && line == "" {
		return false
	}
	return line[0] == 'y' || line[0] == 'Y'
}
