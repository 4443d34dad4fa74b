package engine

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs"
)

// Session is a shell that lives across runs, as an agent's own shell tool
// does: the working directory, shell and exported variables, functions,
// aliases, shell options and the umask a run ends with are there for the
// next. A run that timed out, was cancelled or hit a budget leaves the
// session as it was before that run. A Session is for one caller at a
// time: a second Run waits until the first has returned.
type Session struct {
	e     *Engine
	sem   chan struct{}
	sh    *shellState
	base  *interp.Runner // the shell as the last finished run left it; nil before
	dir   string         // the directory the last finished run ended in
	umask fs.FileMode
	funcs funcSet
	// lastDir is dir, for readers that do not wait for a run ([Session.Dir]).
	lastDir atomic.Value
}

// NewSession returns a new shell session in the engine's workspace,
// starting at the workspace root.
func (e *Engine) NewSession() *Session {
	return &Session{
		e:     e,
		sem:   make(chan struct{}, 1),
		sh:    newShellState(),
		umask: builtins.DefaultUmask,
	}
}

// Fork returns a new session that starts as a copy of s as it is now
// (waiting, as Run does, for a run going on): its runs, which may go on at
// the same time as s's, change nothing of s. Background runs and previews
// start from one.
func (s *Session) Fork(ctx context.Context) (*Session, error) {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("session busy: %w", ctx.Err())
	}
	defer func() { <-s.sem }()
	f := &Session{e: s.e, sem: make(chan struct{}, 1), sh: s.sh, base: s.base, dir: s.dir, umask: s.umask}
	f.lastDir.Store(s.dir)
	f.funcs.copyFrom(&s.funcs)
	return f, nil
}

// Run runs req in the session (see [Engine.Run] for the error). An empty
// req.Dir means the directory the last run ended in; req.Env holds for
// this run only.
func (s *Session) Run(ctx context.Context, req Request) (Result, error) {
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		return Result{}, fmt.Errorf("session busy: %w", ctx.Err())
	}
	defer func() { <-s.sem }()
	if s.e.policyErr != nil {
		return Result{}, s.e.policyErr
	}
	fsys, err := s.e.workspace(req)
	if err != nil {
		return Result{}, err
	}
	dir, note, err := s.workDir(fsys, req.Dir)
	if err != nil {
		return Result{}, err
	}
	r := s.e.newRun(s.sh, fsys, req, dir)
	r.funcs.copyFrom(&s.funcs)
	return r.execute(ctx, req, s, note), nil
}

// workDir is the directory a run starts in. When the session's directory
// has gone (a run removed it), the run starts at the root and note says
// so.
func (s *Session) workDir(fsys *vfs.FS, dir string) (abs, note string, err error) {
	if dir != "" || s.dir == "" {
		abs, err = s.e.workDir(fsys, dir)
		return abs, "", err
	}
	if abs, err = s.e.workDir(fsys, s.dir); err != nil {
		abs, err = s.e.workDir(fsys, "")
		note = fmt.Sprintf("shellfence: the working directory %s is gone; starting at the workspace root\n", s.dir)
	}
	return abs, note, err
}

// runner returns the interpreter a run of the session starts from: a
// copy of the shell the last finished run left, or a new one.
func (s *Session) runner(r *run, req Request) (*interp.Runner, error) {
	if s.base == nil {
		return r.newRunner(r.stdinReader(), r.stdout, r.stderr, r.dir, r.env, nil, "")
	}
	rr := s.base.Subshell()
	if err := interp.StdIO(r.stdinReader(), r.stdout, r.stderr)(rr); err != nil {
		return nil, err
	}
	var pre strings.Builder
	if rr.Dir != r.dir {
		rr.Dir = r.dir
		fmt.Fprintf(&pre, "OLDPWD=\"$PWD\"; PWD=%s; ", quote(r.dir))
	}
	for _, kv := range req.Env {
		if k, v, ok := strings.Cut(kv, "="); ok && validName(k) {
			fmt.Fprintf(&pre, "export %s=%s; ", k, quote(v))
		}
	}
	return rr, r.quietly(rr, pre.String())
}

// keep makes the shell of a finished run the session's. Variables that
// req.Env set, and the run left alone, go back to what they were.
func (s *Session) keep(r *run, rr *interp.Runner, req Request, code int) {
	var post strings.Builder
	for _, kv := range req.Env {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !validName(k) || rr.Vars[k].String() != v {
			continue
		}
		post.WriteString(restoreVar(k, s.prior(k)))
	}
	if post.Len() > 0 {
		fmt.Fprintf(&post, "(exit %d)", code&0xff) // $? as the run left it
		r.quietly(rr, post.String())
	}
	s.base, s.dir = rr, rr.Dir
	s.lastDir.Store(rr.Dir)
	s.umask = r.sys.Umask()
	s.funcs.copyFrom(&r.funcs)
}

// prior is the variable name as the session had it before the run.
func (s *Session) prior(name string) expand.Variable {
	if s.base == nil {
		for _, kv := range s.e.baseEnv(s.e.fs.Root(), nil) {
			if k, v, ok := strings.Cut(kv, "="); ok && k == name {
				return expand.Variable{Set: true, Exported: true, Kind: expand.String, Str: v}
			}
		}
		return expand.Variable{}
	}
	return s.base.Vars[name]
}

// restoreVar is the shell code that gives name the value vr.
func restoreVar(name string, vr expand.Variable) string {
	if !vr.IsSet() || vr.Kind != expand.String {
		return "unset " + name + "; "
	}
	code := "unset " + name + "; " + name + "=" + quote(vr.Str) + "; "
	if vr.Exported {
		code += "export " + name + "; "
	}
	return code
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}
