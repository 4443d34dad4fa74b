package engine

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// shellState is what the engine keeps for a shell beside the
// interpreter's own state, for as long as the shell lives (one run, or a
// [Session]): the numbering of the rewrites, whose variables functions
// from earlier runs still use, and the tables of their helpers.
type shellState struct {
	// fakeTmp is the TMPDIR the interpreter is started with: a path that
	// does not exist on the host, so that the interpreter's own temporary
	// files (which bypass the handlers) cannot be created anywhere.
	fakeTmp string
	// mu serializes the rewrites of programs prepared at once (sh -c in
	// the stages of a pipeline), which number what they add.
	mu sync.Mutex
	// nextFD numbers process substitutions (/dev/fd/63, 62, ...).
	nextFD int
	// substFDs marks the numbers process substitutions have taken: a
	// /dev/fd/N of no descriptor and no substitution is a bad one.
	substFDs [64]atomic.Bool
	// loops numbers the status variables of rewritten loops.
	loops int
	// hoists numbers the temporary variables of rewritten array operations.
	hoists int
	// pipes keeps stage statuses for PIPESTATUS.
	pipes pipeStatuses
	// timers holds the start times of time clauses.
	timers timers
	// srcs holds files being sourced.
	srcs sources
	// traced is set once a program may turn on set -x.
	traced atomic.Bool
	// checked is set once a program of the shell has a check that may
	// give up a line (see abort.go): from then on its programs run a
	// line at a time, functions of earlier runs holding checks too.
	checked atomic.Bool
	// noclobber is set while set -C is on.
	noclobber atomic.Bool
	// intNames holds the names the shell's programs declare integer.
	intNames intNames
	// roNames holds the names the shell's programs may have made readonly.
	roNames roNames
}

func newShellState() *shellState {
	return &shellState{fakeTmp: "/nonexistent-shellfence-" + randHex(8), nextFD: 63}
}

// run is the state of one run.
type run struct {
	*shellState
	e      *Engine
	fs     *vfs.FS
	allow  []string
	sys    *builtins.System
	budget *budget.Budget
	dir    string
	env    []string // the run's starting environment
	stdin  *os.File // nil: no input
	stdout io.Writer
	stderr io.Writer
	// stopJobs cancels the context of the run's background jobs.
	stopJobs func(error)
	// funcs holds the functions the run's programs declare.
	funcs funcSet
	// id numbers the run for the watchdog; started is when it began.
	id      string
	started time.Time
	// calls counts function calls, to measure the stack's depth now and
	// then.
	calls atomic.Int64
	// varsHeld is what the shell's variables were last charged.
	varsHeld atomic.Int64
	// mayHaveJobs is set once the run may have started a background job
	// (a program with cmd &, an eval, a function that starts one): only
	// then are jobs reaped at its end.
	mayHaveJobs atomic.Bool
	// unbound is set while the last message on a shell's standard error
	// is the interpreter's "NAME: unbound variable" (see unboundWatch).
	unbound atomic.Bool
	// hints holds the hints given for missing commands.
	hints hintSet
	// fds holds the descriptors above 2 the run's shell has open.
	fds fdTable
}

// runKey carries the *run in the contexts handed to the interpreter: a
// session's interpreter outlives the run that made it, so its handlers
// find the run they serve there.
type runKey struct{}

func runOf(ctx context.Context) *run { return ctx.Value(runKey{}).(*run) }

func (r *run) bind(ctx context.Context) context.Context {
	return context.WithValue(ctx, runKey{}, r)
}

func (e *Engine) newRun(sh *shellState, fsys *vfs.FS, req Request, dir string) *run {
	r := &run{
		shellState: sh,
		e:          e,
		fs:         fsys,
		allow:      e.effectiveAllow(req.Allow),
		dir:        dir,
	}
	r.env = e.baseEnv(dir, req.Env)
	return r
}

func randHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// workDir resolves a request's directory to a visible absolute path that
// exists in the run's workspace fsys.
func (e *Engine) workDir(fsys *vfs.FS, dir string) (string, error) {
	abs := e.fs.Root()
	if dir != "" {
		if path.IsAbs(dir) {
			abs = path.Clean(dir)
		} else {
			abs = path.Join(abs, dir)
		}
	}
	fi, err := fsys.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("working directory %s: %s", dir, vfs.Text(err))
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("working directory %s: Not a directory", dir)
	}
	return abs, nil
}

// baseEnv is the environment a run starts with: fixed defaults, then the
// engine's and the request's entries. Nothing comes from the host.
func (e *Engine) baseEnv(dir string, extra []string) []string {
	uid := "0"
	if fi, err := e.fs.Stat(e.fs.Root()); err == nil {
		uid = strconv.FormatUint(uint64(vfs.MetaOf(fi).Uid), 10)
	}
	env := []string{
		"HOME=" + e.fs.Root(),
		"PWD=" + dir,
		"PATH=",
		"LANG=C.UTF-8",
		"SHELL=/bin/bash",
		"UID=" + uid,
		"EUID=" + uid,
		"GID=" + uid,
	}
	env = append(env, e.env...)
	return append(env, extra...)
}

// Errors that end a run's context, told apart by their cause.
var (
	errTimedOut = errors.New("timed out")
	errFinished = errors.New("run finished")
)

// execute runs req as r, in the session s, and returns its result.
func (r *run) execute(ctx context.Context, req Request, s *Session, note string) Result {
	start := time.Now()
	timeout := req.Timeout
	if timeout == 0 {
		timeout = r.e.timeout
	}
	tctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		tctx, cancel = context.WithTimeoutCause(ctx, timeout, errTimedOut)
		defer cancel()
	}
	// Background jobs (cmd &) stop when the run ends: nothing the run
	// started may go on touching the workspace after it returned.
	runCtx, stop := context.WithCancelCause(tctx)
	defer stop(errFinished)
	r.stopJobs = stop
	r.budget = budget.New(r.e.limits, stop)
	defer r.e.wd.add(r)()
	var journal *vfs.Journal
	if req.Journal {
		r.fs, journal = r.fs.WithJournal()
	}
	r.fs = r.fs.WithBudget(r.budget)
	defer r.fds.closeAll()
	r.sys = r.e.system(r)
	r.sys.SetUmask(s.umask)
	limit := r.e.maxOutput
	if req.OutputLimit > 0 {
		limit = req.OutputLimit
	}
	out := newSink(runCtx, req.Stdout, limit, r.budget)
	errs := newSink(runCtx, req.Stderr, limit, r.budget)
	r.stdout, r.stderr = out, errs
	stdin, closeStdin := stdinFile(req.Stdin)
	defer closeStdin()
	r.stdin = stdin
	errs.note(note)
	code, rr := r.startSafely(r.bind(runCtx), req, s)
	res := Result{ExitCode: code, Dir: r.dir, Hint: r.hints.text()}
	r.stopped(ctx, runCtx, timeout, &res, errs)
	if rr != nil && !res.TimedOut && !res.Cancelled && res.Exceeded == nil && res.Refused == nil {
		res.Dir = rr.Dir
		s.keep(r, rr, req, code)
	}
	out.close()
	errs.close()
	fill(&res, out, errs, req.Marker)
	if journal != nil {
		res.FilesChanged = journal.Changes()
	}
	res.Duration = time.Since(start)
	return res
}

// stopped reports a run the engine stopped: its status and a message.
func (r *run) stopped(ctx, runCtx context.Context, timeout time.Duration, res *Result, errs *sink) {
	cause := context.Cause(runCtx)
	var ex *budget.Exceeded
	var ref *Refusal
	switch {
	case cause == nil || cause == errFinished:
		return
	case errors.As(cause, &ref):
		res.Refused, res.ExitCode = ref, ExitRefused
		errs.note(ref.Error() + "\n")
	case errors.As(cause, &ex):
		res.Exceeded, res.ExitCode = ex, ExitBudget
		errs.note("shellfence: " + ex.Error() + "\n")
	case cause == errTimedOut:
		res.TimedOut, res.ExitCode = true, ExitTimedOut
		errs.note(fmt.Sprintf("shellfence: timed out after %s\n", timeout))
	case ctx.Err() != nil:
		res.Cancelled, res.ExitCode = true, ExitCancelled
		errs.note("shellfence: cancelled\n")
	}
}

// fill puts what the sinks captured into res.
func fill(res *Result, out, errs *sink, marker func(Omission) string) {
	o := out.result("stdout", marker)
	res.Stdout, res.StdoutOmitted, res.StdoutBytes, res.StdoutLines, res.StdoutBinary = o.Data, o.Omitted, o.Total, o.Lines, o.Binary
	e := errs.result("stderr", marker)
	res.Stderr, res.StderrOmitted, res.StderrBytes, res.StderrLines, res.StderrBinary = e.Data, e.Omitted, e.Total, e.Lines, e.Binary
}

// stdinFile turns a run's standard input into the one pipe every command
// and nested shell of the run reads from, so that each reader takes only
// what it reads (a reader with a buffer of its own would take the rest)
// and a blocked read ends when the run does. The returned func closes
// the pipe; a copy blocked in in.Read ends when in returns.
func stdinFile(in io.Reader) (*os.File, func()) {
	switch f := in.(type) {
	case nil:
		return nil, func() {}
	case *os.File:
		return f, func() {}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, func() {}
	}
	go func() {
		io.Copy(pw, in)
		pw.Close()
	}()
	return pr, func() { pr.Close() }
}

// startSafely is start, with a panic anywhere in preparing or running
// the program turned into exit status 2 and a message: a bug must not
// take down the process that embeds the engine.
func (r *run) startSafely(ctx context.Context, req Request, s *Session) (code int, rr *interp.Runner) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(r.stderr, "shellfence: internal error: %v\n", v)
			code, rr = 2, nil
		}
	}()
	return r.start(ctx, req, s)
}

// start runs the request and returns its exit status and, when the
// program ran to its end, the interpreter as it left it.
func (r *run) start(ctx context.Context, req Request, s *Session) (int, *interp.Runner) {
	file, code := r.program(req)
	if file == nil {
		return code, nil
	}
	runner, err := s.runner(r, req)
	if err != nil {
		fmt.Fprintf(r.stderr, "shellfence: %v\n", err)
		return 2, nil
	}
	code, done := r.interpret(ctx, runner, file, true)
	if !done {
		return code, nil
	}
	return code, runner
}

// program parses and prepares the request: a command line, or one
// command with exact arguments (each a single-quoted word, so that
// nothing expands). A program that cannot run gives its status.
func (r *run) program(req Request) (*syntax.File, int) {
	if req.Command == "" {
		if len(req.Args) == 0 {
			fmt.Fprintln(r.stderr, "shellfence: no command given")
			return nil, 2
		}
		return argvProgram(req.Args), 0
	}
	file, err := parseProgram(req.Command, "bash")
	if err != nil {
		var msg string
		if file, msg = syntaxError(req.Command, "bash: -c", err); file == nil {
			fmt.Fprintln(r.stderr, msg)
			return nil, syntaxStatus(req.Command, err)
		}
	}
	if err := r.prepare(file, req.Command, nil); err != nil {
		fmt.Fprintf(r.stderr, "shellfence: %v\n", err)
		return nil, 2
	}
	return file, 0
}

// argvProgram is the program that runs args as one simple command.
func argvProgram(args []string) *syntax.File {
	call := &syntax.CallExpr{}
	for _, a := range args {
		call.Args = append(call.Args, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: a}}})
	}
	return &syntax.File{Name: "bash", Stmts: []*syntax.Stmt{{Cmd: call}}}
}

// interpret runs file on runner in a goroutine of its own (one of the
// engine's workers), so that a command that ignores cancellation cannot
// hold the run past its timeout. done reports whether the program ran to
// its end.
func (r *run) interpret(ctx context.Context, runner *interp.Runner, file *syntax.File, top bool) (code int, done bool) {
	ch := make(chan int, 1)
	r.e.workers.do(func() {
		r.label(ctx)
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(r.stderr, "shellfence: internal error: %v\n", v)
				ch <- 2
			}
		}()
		code := exitCode(r.runFile(withShellName(ctx, file.Name), runner, file), r.stderr)
		if r.unbound.Swap(false) && code == 1 {
			code = 127 // bash's status for set -u's unbound variable
		}
		if top && r.mayHaveJobs.Load() {
			r.reapJobs(runner)
		}
		ch <- code
	})
	select {
	case code := <-ch:
		return code, ranToEnd(ctx)
	case <-ctx.Done():
	}
	if ranToEnd(ctx) { // the program ended and its jobs are being reaped
		return <-ch, true
	}
	select {
	case code := <-ch:
		return code, false
	case <-time.After(500 * time.Millisecond):
		return ExitTimedOut, false
	}
}

// ranToEnd reports whether a run's context is still live, or was ended
// by the program finishing.
func ranToEnd(ctx context.Context) bool {
	return ctx.Err() == nil || context.Cause(ctx) == errFinished
}

// reapJobs stops the background jobs of the run's top-level program and
// waits (briefly) for them to finish, so that none goes on touching the
// workspace after the run returned. A nested shell (sh -c) leaves its jobs
// running, as its parent's.
func (r *run) reapJobs(runner *interp.Runner) {
	if r.stopJobs == nil {
		return
	}
	r.stopJobs(errFinished)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	runner.Run(r.bind(ctx), waitJobs())
}

// waitJobs is the statement that waits for background jobs, quiet under
// set -x. A fresh copy each time: the interpreter may keep what it runs.
func waitJobs() *syntax.Stmt {
	return &syntax.Stmt{
		Cmd:    &syntax.Block{Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("wait")}}}}},
		Redirs: []*syntax.Redirect{{Op: syntax.RdrOut, N: &syntax.Lit{Value: "2"}, Word: lit("/dev/null")}},
	}
}

// exitCode turns the interpreter's error into an exit status.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var es interp.ExitStatus
	if errors.As(err, &es) {
		return int(es)
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return ExitTimedOut
	}
	fmt.Fprintf(stderr, "shellfence: %v\n", err)
	return 2
}

// newRunner builds an interpreter whose every handler is ours. source,
// if not empty, is the script file it runs (BASH_SOURCE).
func (r *run) newRunner(stdin io.Reader, stdout, stderr io.Writer, dir string, env []string, params []string, source string) (*interp.Runner, error) {
	env = append(append([]string{}, env...), "TMPDIR="+r.fakeTmp)
	opts := []interp.RunnerOption{
		func(ir *interp.Runner) error { ir.Dir = dir; return nil },
		interp.Env(hostless{expand.ListEnviron(env...)}),
		interp.StdIO(stdin, stdout, unboundWatch{stderr, r}),
		interp.CallHandler(callHandler),
		interp.ExecHandlers(execMiddleware, denyAll),
		interp.OpenHandler(openHandler),
		interp.ReadDirHandler2(readDirHandler),
		interp.StatHandler(statHandler),
		interp.AccessHandler(accessHandler),
	}
	if params != nil {
		opts = append(opts, interp.Params(params...))
	}
	runner, err := interp.New(opts...)
	if err != nil {
		return nil, err
	}
	return runner, r.dropFakeTmp(runner, env, source)
}

// bashVersion is the dialect the shell follows, shown in $BASH_VERSION
// (not exported, as in bash).
const bashVersion = "5.2.15(1)-release"

// dropFakeTmp removes the fake TMPDIR from what scripts see, restoring the
// caller's TMPDIR if there was one, and sets BASH_VERSION (and
// BASH_SOURCE for a script file). The interpreter keeps the fake TMPDIR
// for its own use.
func (r *run) dropFakeTmp(runner *interp.Runner, env []string, source string) error {
	tmp := "unset TMPDIR"
	for _, kv := range env[:len(env)-1] {
		if v, ok := strings.CutPrefix(kv, "TMPDIR="); ok {
			tmp = "export TMPDIR=" + quote(v)
		}
	}
	if source != "" {
		tmp += "; BASH_SOURCE=(" + quote(source) + ")"
	}
	return r.quietly(runner, tmp+"; BASH_VERSION='"+bashVersion+"'")
}

// quietly runs code of the engine's own on runner, out of sight of set
// -x; it keeps $? as it was when code ends with (exit $?).
func (r *run) quietly(runner *interp.Runner, code string) error {
	if code = strings.TrimRight(code, "; "); code == "" {
		return nil
	}
	f, err := parse("{ "+code+"; } 2>/dev/null", "")
	if err != nil {
		return err
	}
	err = runner.Run(r.bind(context.Background()), f.Stmts[0])
	if _, ok := interp.IsExitStatus(err); ok {
		return nil
	}
	return err
}

// hostless keeps the interpreter from looking up other users' home
// directories on the host: "~name" stays as written, as for an unknown
// user.
type hostless struct{ expand.Environ }

func (h hostless) Get(name string) expand.Variable {
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		return expand.Variable{Set: true, Kind: expand.String, Str: "~" + user}
	}
	return h.Environ.Get(name)
}

// stdinReader is the run's standard input for the interpreter (an
// untyped nil when there is none).
func (r *run) stdinReader() io.Reader {
	if r.stdin == nil {
		return nil
	}
	return r.stdin
}

// scratchOf is the scratch directory as r sees it: its writes charged to
// r's file budget.
func (e *Engine) scratchOf(r *run) *vfs.FS {
	if e.scratch == nil {
		return nil
	}
	return e.scratch.WithBudget(r.budget)
}

// system returns the services lent to the builtins of one run.
func (e *Engine) system(r *run) *builtins.System {
	sys := &builtins.System{
		Now:     e.now,
		Loc:     e.loc,
		Exec:    r.execProc,
		Has:     func(name string) bool { _, ok := e.lookup(name); return ok && allowed(r.allow, name) },
		Shell:   r.shell,
		Dev:     &builtins.DevFiles{Budget: r.budget},
		Budget:  r.budget,
		Scratch: e.scratchOf(r),
		Net:     e.net,
		Host:    e.host,
	}
	if e.policy != nil {
		sys.CheckOption = r.checkOption
	}
	return sys
}

// unboundWatch notes the interpreter's message for an unbound variable
// under set -u, after which it ends the shell with status 1 where bash's
// status is 127 (the interpreter says no more: its message is the sign).
type unboundWatch struct {
	w io.Writer
	r *run
}

func (u unboundWatch) Write(b []byte) (int, error) {
	u.r.unbound.Store(bytes.HasSuffix(b, []byte(": unbound variable\n")) && bytes.Count(b, []byte("\n")) == 1)
	return u.w.Write(b)
}
