package engine

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
)

// run is the state of one [Engine.Run].
type run struct {
	e      *Engine
	fs     *vfs.FS
	allow  []string
	sys    *builtins.System
	dir    string
	env    []string // the run's starting environment
	stdout io.Writer
	stderr io.Writer
	// fakeTmp is the TMPDIR the interpreter is started with: a path that
	// does not exist on the host, so that the interpreter's own temporary
	// files (which bypass the handlers) cannot be created anywhere.
	fakeTmp string
	// nextFD numbers process substitutions (/dev/fd/63, 62, ...).
	nextFD int
	// stopJobs cancels the context of the run's background jobs.
	stopJobs func()
	// pipes keeps stage statuses for PIPESTATUS.
	pipes pipeStatuses
	// loops numbers the status variables of rewritten loops.
	loops int
	// hoists numbers the temporary variables of rewritten array operations.
	hoists int
	// timers holds the start times of time clauses.
	timers timers
	// funcs holds the functions the run's programs declare.
	funcs funcSet
	// srcs holds files being sourced.
	srcs sources
	// traced is set once a program of the run may turn on set -x.
	traced atomic.Bool
}

func (e *Engine) newRun(req Request, dir string, out, errs io.Writer) *run {
	r := &run{
		e:       e,
		fs:      e.fs,
		allow:   e.effectiveAllow(req.Allow),
		dir:     dir,
		stdout:  out,
		stderr:  errs,
		fakeTmp: "/nonexistent-shellfence-" + randHex(8),
		nextFD:  63,
	}
	r.sys = e.system(r)
	r.env = e.baseEnv(dir, req.Env)
	return r
}

func randHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// workDir resolves a request's directory to a visible absolute path that
// exists in the workspace.
func (e *Engine) workDir(dir string) (string, error) {
	abs := e.fs.Root()
	if dir != "" {
		if path.IsAbs(dir) {
			abs = path.Clean(dir)
		} else {
			abs = path.Join(abs, dir)
		}
	}
	fi, err := e.fs.Stat(abs)
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

// startSafely is start, with a panic anywhere in preparing or running
// the program turned into exit status 2 and a message: a bug must not
// take down the process that embeds the engine.
func (r *run) startSafely(ctx context.Context, req Request) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(r.stderr, "shellfence: internal error: %v\n", v)
			code = 2
		}
	}()
	return r.start(ctx, req)
}

// start runs the request and returns its exit status.
func (r *run) start(ctx context.Context, req Request) int {
	if req.Command == "" {
		return r.runArgv(ctx, req)
	}
	file, err := parse(req.Command, "bash")
	if err != nil {
		fmt.Fprintln(r.stderr, syntaxMessage(err))
		return 2
	}
	if err := r.prepare(file, nil); err != nil {
		fmt.Fprintf(r.stderr, "shellfence: %v\n", err)
		return 2
	}
	runner, err := r.newRunner(req.Stdin, r.stdout, r.stderr, r.dir, r.env, nil, "")
	if err != nil {
		fmt.Fprintf(r.stderr, "shellfence: %v\n", err)
		return 2
	}
	return r.interpret(ctx, runner, file, true)
}

// runArgv runs one command with exact arguments, without the shell.
func (r *run) runArgv(ctx context.Context, req Request) int {
	if len(req.Args) == 0 {
		fmt.Fprintln(r.stderr, "shellfence: no command given")
		return 2
	}
	stdin := req.Stdin
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	p := &builtins.Proc{
		Ctx: ctx, Args: req.Args, Stdin: stdin, Stdout: r.stdout, Stderr: r.stderr,
		Dir: r.dir, Env: r.env, FS: r.fs, Sys: r.sys,
	}
	return r.execProc(p)
}

// interpret runs file on runner in a goroutine, so that a command that
// ignores cancellation cannot hold the run past its timeout.
func (r *run) interpret(ctx context.Context, runner *interp.Runner, file *syntax.File, top bool) int {
	done := make(chan int, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(r.stderr, "shellfence: internal error: %v\n", v)
				done <- 2
			}
		}()
		code := exitCode(runner.Run(ctx, file), r.stderr)
		if top {
			r.reapJobs(runner)
		}
		done <- code
	}()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	select {
	case code := <-done:
		return code
	case <-time.After(500 * time.Millisecond):
		return 124
	}
}

// reapJobs stops the background jobs of the run's top-level program and
// waits (briefly) for them to finish, so that none goes on touching the
// workspace after the run returned. A nested shell (sh -c) leaves its jobs
// running, as its parent's.
func (r *run) reapJobs(runner *interp.Runner) {
	if r.stopJobs == nil {
		return
	}
	r.stopJobs()
	wait, err := parse("{ wait; } 2>/dev/null", "") // quiet under set -x
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	runner.Run(ctx, wait.Stmts[0])
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
		return 124
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
		interp.StdIO(stdin, stdout, stderr),
		interp.CallHandler(r.call),
		interp.ExecHandlers(r.execMiddleware, denyAll),
		interp.OpenHandler(r.open),
		interp.ReadDirHandler2(r.readDir),
		interp.StatHandler(r.stat),
		interp.AccessHandler(r.access),
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
			q, err := syntax.Quote(v, syntax.LangBash)
			if err != nil {
				return err
			}
			tmp = "export TMPDIR=" + q
		}
	}
	if source != "" {
		q, err := syntax.Quote(source, syntax.LangBash)
		if err != nil {
			return err
		}
		tmp += "; BASH_SOURCE=(" + q + ")"
	}
	script := "{ " + tmp + "; BASH_VERSION='" + bashVersion + "'; } 2>/dev/null" // quiet under xtrace (bash -x)
	f, err := parse(script, "")
	if err != nil {
		return err
	}
	return runner.Run(context.Background(), f.Stmts[0])
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
