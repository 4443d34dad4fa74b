package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools"
	"github.com/shellfence/shellfence/engine/tools/mcptools"
	"github.com/shellfence/shellfence/vfs"
)

// minToken is the shortest token --auth or the config may give.
const minToken = 16

// checkSettings refuses settings that cannot work or would be unsafe.
func checkSettings(s *settings) error {
	switch {
	case s.compat != "" && s.compat != "cmdshellmcp":
		return fmt.Errorf("compat %q: the one server shellfence can stand in for is cmdshellmcp", s.compat)
	case s.maxOutput < 1:
		return fmt.Errorf("max output %d: want at least 1 byte", s.maxOutput)
	case s.maxTimeout <= 0 || s.defaultTimeout <= 0:
		return errors.New("timeouts must be positive")
	case s.port < 0 || s.port > 65535:
		return fmt.Errorf("port %d: want 0 to 65535", s.port)
	case s.logFormat != "text" && s.logFormat != "json":
		return fmt.Errorf("log format %q: want text or json", s.logFormat)
	case s.stateless && s.transport != "http":
		return errors.New("--stateless is for streamable HTTP (--http)")
	case s.auth != "" && len(s.auth) < minToken:
		return fmt.Errorf("the token is %d characters long: use at least %d (or leave it out to have one generated)", len(s.auth), minToken)
	}
	s.defaultTimeout = min(s.defaultTimeout, s.maxTimeout)
	if err := checkAllow(s.allow); err != nil {
		return err
	}
	if err := engine.CheckRules(s.rules); err != nil {
		return err
	}
	if err := checkOrigins(s.corsOrigins); err != nil {
		return err
	}
	return checkConfigPlace(s)
}

// checkAllow refuses allowlist names that are no command.
func checkAllow(names []string) error {
	var bad []string
	for _, n := range names {
		if _, ok := builtins.Lookup(n); !ok {
			bad = append(bad, n)
		}
	}
	if bad == nil {
		return nil
	}
	return fmt.Errorf("allow: no such command: %s (the commands: %s; the shell's own, such as cd and export, are always there)",
		strings.Join(bad, ", "), strings.Join(builtins.Names(), " "))
}

// checkConfigPlace refuses a config file inside the workspace, where the
// agent could rewrite its own policy, unless told otherwise.
func checkConfigPlace(s *settings) error {
	if s.conf != "" && !s.allowConfigInWorkspace && within(s.cwd, s.conf) {
		return fmt.Errorf("config %s is inside the workspace %s, where the agent could rewrite its own policy: move it out, or pass --allow-config-in-workspace", s.conf, s.cwd)
	}
	if s.rulesFile != "" && !s.allowConfigInWorkspace && within(s.cwd, s.rulesFile) {
		return fmt.Errorf("rules %s are inside the workspace %s, where the agent could rewrite its own policy: move them out, or pass --allow-config-in-workspace", s.rulesFile, s.cwd)
	}
	return nil
}

// within reports whether the file p lies in the directory dir, symlinks
// resolved; p need not exist.
func within(dir, p string) bool {
	d, err := realPath(dir)
	if err != nil {
		return false
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	} else if real, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(real, filepath.Base(abs))
	}
	rel, err := filepath.Rel(d, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// server is an MCP server over one workspace, whose every call ends when
// its life does.
type server struct {
	s        *settings
	ws       *vfs.FS
	mcp      *mcp.Server
	audit    *auditLog
	log      *logger
	scratch  *scratch
	calls    sync.WaitGroup // the calls in progress
	posts    sync.WaitGroup // the HTTP requests in progress, but GET streams
	stopRuns func()         // ends every call's context
	draining atomic.Bool    // shutting down: /readyz says no
}

// newServer builds the server s describes. Every call's context ends
// with the server's life: over stdio when ctx ends, over HTTP when the
// grace period after it has passed (see serveHTTP). The token is kept out
// of the audit log.
func newServer(ctx context.Context, s *settings, stderr io.Writer, token string) (*server, error) {
	ws, err := vfs.OpenDir(s.cwd)
	if err != nil {
		return nil, fmt.Errorf("workspace: %w", err)
	}
	tmp := openScratch()
	tb, err := newToolbox(s, ws, tmp)
	if err != nil {
		tmp.close()
		ws.Close()
		return nil, err
	}
	audit, err := openAudit(s, stderr, token)
	if err != nil {
		tmp.close()
		ws.Close()
		return nil, err
	}
	srv := &server{s: s, ws: ws, audit: audit, log: newLogger(stderr, s.logFormat), scratch: tmp}
	if s.auditLog != "" && within(s.cwd, s.auditLog) {
		srv.log.warn(fmt.Sprintf("the audit log %s is inside the workspace, where the agent can change it", s.auditLog), "audit_log", s.auditLog)
	}
	life, stop := context.WithCancel(context.Background())
	srv.stopRuns = stop
	if s.transport == "stdio" || s.grace <= 0 {
		context.AfterFunc(ctx, stop)
	}
	impl := &mcp.Implementation{Name: "shellfence", Title: "shellfence: a confined GNU shell", Version: version()}
	srv.mcp = mcptools.NewServer(tb, impl, &mcptools.Options{Audit: audit.log})
	srv.mcp.AddReceivingMiddleware(srv.bound(life))
	return srv, nil
}

// close releases the workspace and the audit file.
func (srv *server) close() {
	srv.stopRuns()
	srv.audit.close()
	srv.scratch.close()
	srv.ws.Close()
}

// newToolbox returns the tools s serves over the workspace ws.
func newToolbox(s *settings, ws *vfs.FS, tmp *scratch) (*tools.Toolbox, error) {
	opts := append([]engine.Option{engine.WithClock(time.Now, time.Local)}, s.limits.options()...)
	opts = append(opts, tmp.options()...)
	if s.allow != nil {
		opts = append(opts, engine.WithAllow(s.allow...))
	}
	if s.readOnly {
		opts = append(opts, engine.ReadOnly())
	}
	if s.rules != nil {
		opts = append(opts, engine.WithRules(s.rules))
	}
	lookupEnv := s.lookupEnv
	if lookupEnv == nil {
		lookupEnv = func(string) (string, bool) { return "", false }
	}
	granted, err := s.access.options(s.fetchPrivate, int64(s.limits.memory), lookupEnv)
	if err != nil {
		return nil, err
	}
	opts = append(opts, granted...)
	cfg := tools.Config{
		Engine:           engine.New(ws, opts...),
		MaxOutput:        s.maxOutput,
		DefaultTimeout:   s.defaultTimeout,
		MaxTimeout:       s.maxTimeout,
		NoPersist:        s.noPersist,
		Fetcher:          &fetch.Fetcher{AllowPrivate: s.fetchPrivate},
		Compat:           s.compat,
		EditDeleteBackup: s.editDeleteBackup,
		ToolPerCommand:   s.toolPerCommand,
	}
	if !s.readOnly { // a read-only workspace cannot be restored
		store, err := checkpointStore(s, ws)
		if err != nil {
			return nil, err
		}
		cfg.Checkpoints = store
	}
	if err := checkToolNames(cfg, s.disableTools); err != nil {
		return nil, err
	}
	cfg.Disabled, cfg.ReadOnly = s.disableTools, s.readOnly
	return tools.New(cfg), nil
}

// checkToolNames refuses names of tools cfg would not serve anyway: a
// misspelt name would leave the tool served.
func checkToolNames(cfg tools.Config, names []string) error {
	var all, bad []string
	for _, t := range tools.New(cfg).Tools() {
		all = append(all, t.Name)
	}
	for _, n := range names {
		if !slices.Contains(all, n) {
			bad = append(bad, n)
		}
	}
	if bad == nil {
		return nil
	}
	return fmt.Errorf("disable tools: no such tool: %s (the tools: %s)", strings.Join(bad, ", "), strings.Join(all, ", "))
}

// bound is middleware that ends every request's context with life, and
// counts the requests in progress.
func (srv *server) bound(life context.Context) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			srv.calls.Add(1)
			defer srv.calls.Done()
			ctx, cancel := context.WithCancel(ctx)
			defer cancel()
			stop := context.AfterFunc(life, cancel)
			defer stop()
			return next(ctx, method, req)
		}
	}
}

// drain waits, at most d, for the calls in progress to end.
func (srv *server) drain(d time.Duration) {
	waitAtMost(&srv.calls, d)
}

// waitAtMost waits for wg, at most d.
func waitAtMost(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}
