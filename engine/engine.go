package engine

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
	"github.com/shellfence/shellfence/vfs/budget"
)

// Engine runs commands in one workspace. It is safe for concurrent use:
// each run has its own interpreter state.
type Engine struct {
	fs        *vfs.FS
	allow     []string // nil: every command
	env       []string
	now       func() time.Time
	loc       *time.Location
	maxOutput int // bytes of captured output kept per stream
	limits    budget.Limits
	timeout   time.Duration
	cmds      map[string]builtins.Func // the embedder's commands
	ceiling   int64                    // the process heap past which a run is stopped
	scratch   *vfs.FS                  // temporary files outside the workspace; nil: none
	wd        *watchdog
	workers   *workers          // the goroutines interpreters run on
	policy    policy            // the option rules, nil: none
	policyErr error             // rules that do not compile: every run fails
	net       *builtins.Net     // nil: curl and wget have no network
	host      builtins.HostInfo // nil: host information is off
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
// keeps: about half from the head and half from the tail, each cut at a
// line boundary, with a marker line between them.
func WithOutputLimit(n int) Option {
	return func(e *Engine) { e.maxOutput = n }
}

// WithMemoryLimit sets the memory budget of a run (default 256 MiB): what
// its command and process substitutions, captured output and buffering
// commands hold at once.
func WithMemoryLimit(n int64) Option {
	return func(e *Engine) { e.limits.Memory = n }
}

// WithFileWriteLimit sets how many bytes a run may write to files
// (default 1 GiB).
func WithFileWriteLimit(n int64) Option {
	return func(e *Engine) { e.limits.FileBytes = n }
}

// WithJobLimit sets how many goroutines (pipeline stages, background jobs,
// nested shells) one run may have alive at once (default 2048).
func WithJobLimit(n int64) Option {
	return func(e *Engine) { e.limits.Jobs = n }
}

// WithDepthLimit sets how deep a run's function calls and sourced files
// may nest (default 1000, about that many calls of a simple function).
func WithDepthLimit(n int64) Option {
	return func(e *Engine) { e.limits.Depth = n }
}

// WithHeapCeiling sets the process heap past which the engine stops the
// run holding the most (default: the memory budget and 64 MiB): the
// backstop for memory no charge sees, such as shell variables. A server
// running many runs at once may raise it; zero turns it off.
func WithHeapCeiling(n int64) Option {
	return func(e *Engine) { e.ceiling = n }
}

// WithScratch gives commands a directory outside the workspace for their
// own temporary files: sort spills sorted runs there once it holds its
// share of the memory budget, as GNU sort does in $TMPDIR, instead of
// stopping at the budget. What a run writes there is charged to its file
// budget and removed by the command that wrote it. Nothing in the
// workspace names it, and no command can open it by path.
func WithScratch(fs *vfs.FS) Option {
	return func(e *Engine) { e.scratch = fs }
}

// WithTimeout sets the default timeout of a run.
func WithTimeout(d time.Duration) Option {
	return func(e *Engine) { e.timeout = d }
}

// WithNet lets curl and wget reach the network n describes. Without it
// they refuse every URL and say how the network is turned on.
func WithNet(n *builtins.Net) Option {
	return func(e *Engine) { e.net = n }
}

// WithHostInfo lets uname, hostname, whoami, id, uptime, free, ps, df and
// nproc describe the host through h. Without it they say host
// information is off. The engine never reads the host itself.
func WithHostInfo(h builtins.HostInfo) Option {
	return func(e *Engine) { e.host = h }
}

// ReadOnly makes every write to the workspace fail.
func ReadOnly() Option {
	return func(e *Engine) { e.fs = e.fs.ReadOnly() }
}

// WithCommand adds the command name, implemented by fn, to the engine. It
// runs as the builtins do: in pipelines, from xargs and find -exec, under
// the allowlist, with the same [builtins.Proc] and confinement, and it
// shows in [Engine.Commands], type and command -v. A name that is also a
// builtin replaces it.
func WithCommand(name string, fn builtins.Func) Option {
	return func(e *Engine) {
		if e.cmds == nil {
			e.cmds = map[string]builtins.Func{}
		}
		e.cmds[name] = fn
	}
}

// New returns an engine for the workspace fsys.
func New(fsys *vfs.FS, opts ...Option) *Engine {
	e := &Engine{
		fs:        fsys,
		now:       time.Now,
		loc:       time.UTC,
		maxOutput: 1 << 20,
		limits:    budget.Limits{Memory: 256 << 20, FileBytes: 1 << 30, Jobs: 2048, Depth: 1000},
		ceiling:   -1,
	}
	for _, o := range opts {
		o(e)
	}
	if e.ceiling < 0 {
		e.ceiling = e.limits.Memory + 64<<20
	}
	e.wd = newWatchdog(e.ceiling)
	e.workers = newWorkers()
	return e
}

// FS returns the engine's workspace.
func (e *Engine) FS() *vfs.FS { return e.fs }

// Commands returns the names of the commands that can run (the builtins
// and the embedder's, filtered by the allowlist), sorted.
func (e *Engine) Commands() []string {
	var names []string
	for _, n := range builtins.Names() {
		if _, mine := e.cmds[n]; !mine && allowed(e.allow, n) {
			names = append(names, n)
		}
	}
	for n := range e.cmds {
		if allowed(e.allow, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// lookup finds the command name: the embedder's first, then the builtins.
func (e *Engine) lookup(name string) (builtins.Func, bool) {
	if f, ok := e.cmds[name]; ok {
		return f, true
	}
	return builtins.Lookup(name)
}

// names lists the engine's commands: the builtins and the embedder's.
func (e *Engine) names() []string {
	names := builtins.Names()
	for n := range e.cmds {
		if _, ok := builtins.Lookup(n); !ok {
			names = append(names, n)
		}
	}
	return names
}

// Request is one run.
type Request struct {
	// Command is a shell command line in bash syntax.
	Command string
	// Args, used when Command is empty, is one command with exact
	// arguments: no parsing, no expansion.
	Args []string
	// Dir is the working directory: a visible absolute path, or a path
	// relative to the workspace root. Empty means the root (in a
	// [Session], the directory the last run ended in).
	Dir string
	// Stdin is the standard input; nil means empty.
	Stdin io.Reader
	// Env adds "NAME=value" entries for this run.
	Env []string
	// Timeout bounds the run; zero means the engine's default (if any).
	Timeout time.Duration
	// Allow, if not nil, narrows the allowlist for this run.
	Allow []string
	// Stdout and Stderr, if set, also receive the output as it is
	// produced; the [Result] captures it all the same.
	Stdout, Stderr io.Writer
	// FS, if set, is the workspace this run sees: a view of the engine's
	// (made with [vfs.FS.Wrap], say, to journal or overlay one run).
	FS *vfs.FS
	// Marker, if set, words the line put where captured output was left
	// out (default [DefaultMarker]).
	Marker func(Omission) string
	// OutputLimit, if > 0, is how many bytes of each stream the result
	// keeps, instead of the engine's [WithOutputLimit].
	OutputLimit int
	// Journal makes the run record what it writes, so that
	// [Result.FilesChanged] lists what it created, modified and deleted.
	Journal bool
}

// Result is the outcome of a run.
type Result struct {
	ExitCode int
	// Stdout and Stderr hold the captured output. When more was written
	// than the engine keeps, they hold the head and the tail, each cut at
	// a line boundary, with a marker line between them; the Omitted
	// counts say how many bytes were left out.
	Stdout, Stderr               []byte
	StdoutOmitted, StderrOmitted int64
	// StdoutBytes and StderrBytes count everything written, StdoutLines
	// and StderrLines its lines (a last line without a newline counts).
	StdoutBytes, StderrBytes int64
	StdoutLines, StderrLines int64
	// StdoutBinary and StderrBinary report output that is not text (a
	// NUL byte, or bytes that are not UTF-8, near its start).
	StdoutBinary, StderrBinary bool
	Duration                   time.Duration
	// TimedOut is set when the timeout stopped the run (ExitCode is then
	// 124); Cancelled when the caller's context did (ExitCode 130).
	TimedOut, Cancelled bool
	// Exceeded is the budget whose limit stopped the run, if one did
	// (ExitCode is then [ExitBudget]).
	Exceeded *budget.Exceeded
	// Refused is the option a rule refused, if one did (ExitCode is then
	// [ExitRefused]).
	Refused *Refusal
	// Dir is the working directory the run ended in.
	Dir string
	// Hint, when a command was not found, says that the shell runs only
	// its built-in commands and names the nearest ones (one line per
	// missing name), as printed on standard error after bash's message.
	Hint string
	// FilesChanged, when the request asked for a journal, lists the
	// files (symlinks...) the run created, modified or deleted, sorted by
	// path: never a file only read, nor one written and put back as it
	// was. Empty, not nil, when nothing changed.
	FilesChanged []vfs.Change
}

// Exit statuses of runs the engine stopped.
const (
	ExitTimedOut  = 124 // the timeout stopped the run
	ExitCancelled = 130 // the caller's context did, as an interrupt would
	ExitBudget    = 137 // a budget did, as the kernel's OOM killer would
)

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

// Run runs req in a fresh shell: nothing of it outlives the run but what
// it wrote to the workspace (see [Session] for a shell that does). The
// error is non-nil only for a request that cannot run at all (a working
// directory outside the workspace, for example); a command that fails is
// a normal result with a non-zero exit code.
func (e *Engine) Run(ctx context.Context, req Request) (Result, error) {
	return e.NewSession().Run(ctx, req)
}

// workspace returns the workspace req runs in.
func (e *Engine) workspace(req Request) (*vfs.FS, error) {
	if req.FS == nil {
		return e.fs, nil
	}
	if req.FS.Root() != e.fs.Root() {
		return nil, fmt.Errorf("request workspace %s is not a view of the engine's, %s", req.FS.Root(), e.fs.Root())
	}
	if e.fs.IsReadOnly() && !req.FS.IsReadOnly() {
		return req.FS.ReadOnly(), nil
	}
	return req.FS, nil
}
