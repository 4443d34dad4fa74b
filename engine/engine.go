// Package engine runs shell command lines over a confined workspace.
//
// A command line is parsed with mvdan.cc/sh (bash dialect) and interpreted
// in-process; every simple command is either a shell builtin of the
// interpreter (cd, read, export, ...) or a command from the builtins
// registry, checked against the allowlist. No host program is ever run, and
// every file access goes through the workspace's [vfs.FS].
//
// An [Engine] holds what stays fixed across runs: the workspace, the
// allowlist, the base environment and the clock. [Engine.Run] runs one
// [Request] and returns a [Result].
package engine

import (
	"context"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
)

// Engine runs commands in one workspace. It is safe for concurrent use:
// each run has its own interpreter state.
type Engine struct {
	fs        *vfs.FS
	allow     []string // nil: every builtin
	env       []string
	now       func() time.Time
	loc       *time.Location
	maxOutput int // bytes of captured output kept per stream
	maxDev    int // bytes per process substitution
	timeout   time.Duration
}

// Option configures an [Engine].
type Option func(*Engine)

// WithAllow limits the commands that may run to names (the shell's own
// builtins, such as cd and echo, are always available).
func WithAllow(names ...string) Option {
	return func(e *Engine) { e.allow = slices.Clone(names) }
}

// WithEnv adds "NAME=value" entries to every run's environment. Nothing of
// the host's environment is visible unless it is passed here.
func WithEnv(env ...string) Option {
	return func(e *Engine) { e.env = append(e.env, env...) }
}

// WithClock sets the clock and time zone commands see (date, ls -l).
func WithClock(now func() time.Time, loc *time.Location) Option {
	return func(e *Engine) { e.now, e.loc = now, loc }
}

// WithOutputLimit sets how many bytes of each captured stream a [Result]
// keeps: the first half and the last half of it, with the middle dropped.
func WithOutputLimit(n int) Option {
	return func(e *Engine) { e.maxOutput = n }
}

// WithMemoryLimit bounds what one process or command substitution may
// hold in memory (default 256 MiB).
func WithMemoryLimit(n int) Option {
	return func(e *Engine) { e.maxDev = n }
}

// WithTimeout sets the default timeout of a run.
func WithTimeout(d time.Duration) Option {
	return func(e *Engine) { e.timeout = d }
}

// ReadOnly makes every write to the workspace fail.
func ReadOnly() Option {
	return func(e *Engine) { e.fs = e.fs.ReadOnly() }
}

// New returns an engine for the workspace fsys.
func New(fsys *vfs.FS, opts ...Option) *Engine {
	e := &Engine{
		fs:        fsys,
		now:       time.Now,
		loc:       time.UTC,
		maxOutput: 1 << 20,
		maxDev:    256 << 20,
	}
	for _, o := range opts {
		o(e)
	}
	return e
}

// FS returns the engine's workspace.
func (e *Engine) FS() *vfs.FS { return e.fs }

// Request is one run.
type Request struct {
	// Command is a shell command line in bash syntax.
	Command string
	// Args, used when Command is empty, is one command with exact
	// arguments: no parsing, no expansion.
	Args []string
	// Dir is the working directory: a visible absolute path, or a path
	// relative to the workspace root. Empty means the root.
	Dir string
	// Stdin is the standard input; nil means empty.
	Stdin io.Reader
	// Env adds "NAME=value" entries for this run.
	Env []string
	// Timeout bounds the run; zero means the engine's default (if any).
	Timeout time.Duration
	// Allow, if not nil, narrows the allowlist for this run.
	Allow []string
	// Stdout and Stderr, if set, receive the output as it is produced
	// instead of it being captured in the [Result].
	Stdout, Stderr io.Writer
}

// Result is the outcome of a run.
type Result struct {
	ExitCode int
	// Stdout and Stderr hold captured output (when the request gave no
	// writer). When more was written than the engine keeps, they hold the
	// head and the tail, and the Omitted counts say how many bytes were
	// dropped between them.
	Stdout, Stderr               []byte
	StdoutOmitted, StderrOmitted int64
	// StdoutBytes and StderrBytes count everything written.
	StdoutBytes, StderrBytes int64
	Duration                 time.Duration
	// TimedOut is set when the timeout stopped the run (ExitCode is then
	// 124).
	TimedOut bool
}

// Truncated reports whether any captured output was dropped.
func (r Result) Truncated() bool { return r.StdoutOmitted > 0 || r.StderrOmitted > 0 }

// allowed reports whether name may run under the allowlist list.
func allowed(list []string, name string) bool {
	return list == nil || slices.Contains(list, name)
}

// allowText describes an allowlist for messages.
func allowText(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}

// effectiveAllow intersects the engine's allowlist with the request's.
func (e *Engine) effectiveAllow(req []string) []string {
	switch {
	case req == nil:
		return e.allow
	case e.allow == nil:
		return req
	}
	var out []string
	for _, n := range req {
		if slices.Contains(e.allow, n) {
			out = append(out, n)
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// system returns the services lent to the builtins of one run.
func (e *Engine) system(r *run) *builtins.System {
	s := &builtins.System{
		Now:   e.now,
		Loc:   e.loc,
		Exec:  r.execProc,
		Shell: r.shell,
		Dev:   &builtins.DevFiles{Max: e.maxDev},
	}
	s.SetUmask(builtins.DefaultUmask)
	return s
}

// Run runs req. The error is non-nil only for a request that cannot run at
// all (a working directory outside the workspace, for example); a command
// that fails is a normal result with a non-zero exit code.
func (e *Engine) Run(ctx context.Context, req Request) (Result, error) {
	start := time.Now()
	dir, err := e.workDir(req.Dir)
	if err != nil {
		return Result{}, err
	}
	timeout := req.Timeout
	if timeout == 0 {
		timeout = e.timeout
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	// Background jobs (cmd &) stop when the run ends: nothing the run
	// started may go on touching the workspace after it returned.
	runCtx, stopJobs := context.WithCancel(ctx)
	defer stopJobs()
	out := newStream(req.Stdout, e.maxOutput)
	errs := newStream(req.Stderr, e.maxOutput)
	r := e.newRun(req, dir, out, errs)
	r.stopJobs = stopJobs
	code := r.startSafely(runCtx, req)
	res := Result{ExitCode: code, Duration: time.Since(start)}
	if ctx.Err() == context.DeadlineExceeded {
		res.TimedOut, res.ExitCode = true, 124
	}
	out.fill(&res.Stdout, &res.StdoutOmitted, &res.StdoutBytes)
	errs.fill(&res.Stderr, &res.StderrOmitted, &res.StderrBytes)
	return res, nil
}
