package tools

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"github.com/shellfence/shellfence/builtins/fetch"
	"github.com/shellfence/shellfence/checkpoint"
	"github.com/shellfence/shellfence/engine"
)

// Config is what a [Toolbox] serves and how.
type Config struct {
	// Engine runs the commands and holds the workspace; required.
	Engine *engine.Engine
	// MaxOutput is how many bytes of each stream a result shows (head
	// and tail; default 20,000). Everything goes into the output store.
	MaxOutput int
	// DefaultTimeout is a run's timeout when the call gives none (default
	// 30 s); MaxTimeout caps what a call may ask for (default 10 min).
	DefaultTimeout, MaxTimeout time.Duration
	// NoPersist makes every run start a fresh shell.
	NoPersist bool
	// Store bounds the stored full outputs of each session (defaults:
	// the last 64 runs, 64 MiB, 16 MiB per stream of a run).
	StoreRuns     int
	StoreBytes    int64
	StoreRunBytes int
	Disabled      []string // tool names not to serve
	Fetcher       *fetch.Fetcher
	ReadOnly      bool // serve no tool that writes
	// MaxRuns bounds the runs going on at once in the toolbox (default 16);
	// a run of a session waits for that session's earlier one. A call that
	// cannot start within BusyWait (default 2 s) gets a busy error.
	MaxRuns  int
	BusyWait time.Duration
	// Compat, when [CompatCmdshellmcp], also serves that server's tool
	// names and parameters (cmdshell, readFile, writeFile, ...), and fetch
	// takes its parameters too.
	Compat string
	// EditDeleteBackup makes edit_file remove its backup once the diff
	// is made.
	EditDeleteBackup bool
	// ToolPerCommand also serves each allowed command as a tool named
	// after it (cmd_NAME when another tool has the name), taking exact
	// args, cwd and stdin, with run's result.
	ToolPerCommand bool
	// PreviewBytes bounds the file content one preview holds in memory
	// (default 256 MiB); PreviewTTL drops a preview unused that long
	// (default 30 min).
	PreviewBytes int64
	PreviewTTL   time.Duration
	// Checkpoints, if set, is the store of the checkpoint tools, outside
	// the workspace (without it they are not served).
	Checkpoints *checkpoint.Store
}

// Toolbox is the set of tools over one engine. It is safe for concurrent
// use; each client gets its own [Session].
type Toolbox struct {
	cfg    Config
	slots  chan struct{} // one per run going on
	locks  *pathLocks    // the paths being written by a tool
	tools  []*Tool
	byName map[string]*Tool
}

// New returns the toolbox cfg describes.
func New(cfg Config) *Toolbox {
	cfg = withDefaults(cfg)
	tb := &Toolbox{cfg: cfg, byName: map[string]*Tool{}, slots: make(chan struct{}, cfg.MaxRuns), locks: newPathLocks()}
	for _, t := range tb.all() {
		// run, run_kill and cmdshell stay in read-only mode: the engine
		// refuses their writes.
		shell := t.Name == "run" || t.Name == "run_kill" || t.Name == "cmdshell"
		if slices.Contains(cfg.Disabled, t.Name) || cfg.ReadOnly && !t.Annotations.ReadOnly && !shell {
			continue
		}
		tb.tools = append(tb.tools, t)
		tb.byName[t.Name] = t
	}
	return tb
}

func withDefaults(cfg Config) Config {
	if cfg.MaxOutput <= 0 {
		cfg.MaxOutput = 20000
	}
	if cfg.DefaultTimeout <= 0 {
		cfg.DefaultTimeout = 30 * time.Second
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = 10 * time.Minute
	}
	if cfg.MaxRuns <= 0 {
		cfg.MaxRuns = 16
	}
	if cfg.BusyWait <= 0 {
		cfg.BusyWait = 2 * time.Second
	}
	if cfg.StoreRuns <= 0 {
		cfg.StoreRuns = 64
	}
	if cfg.StoreBytes <= 0 {
		cfg.StoreBytes = 64 << 20
	}
	if cfg.PreviewBytes <= 0 {
		cfg.PreviewBytes = 256 << 20
	}
	if cfg.PreviewTTL <= 0 {
		cfg.PreviewTTL = 30 * time.Minute
	}
	if cfg.StoreRunBytes <= 0 {
		cfg.StoreRunBytes = 16 << 20
	}
	return cfg
}

// all is every tool the toolbox can serve, before Config filters them.
func (tb *Toolbox) all() []*Tool {
	list := []*Tool{tb.runTool(), tb.runOutputTool(), tb.runKillTool(), tb.checkCommandTool(), tb.promoteTool(), tb.discardTool()}
	list = append(list, tb.fileTools()...)
	list = append(list, tb.checkpointTools()...)
	list = append(list, tb.listTreeTool(), tb.readBytesTool(), tb.editFileTool(), tb.applyPatchTool())
	if tb.cfg.Fetcher != nil {
		list = append(list, tb.fetchTool())
	}
	if tb.cfg.Compat == CompatCmdshellmcp {
		list = append(list, tb.compatTools()...)
	}
	return tb.withCommandTools(list)
}

// Tools returns the tools served, in a fixed order.
func (tb *Toolbox) Tools() []*Tool { return slices.Clone(tb.tools) }

// Tool returns the tool called name.
func (tb *Toolbox) Tool(name string) (*Tool, bool) {
	t, ok := tb.byName[name]
	return t, ok
}

// Engine returns the toolbox's engine.
func (tb *Toolbox) Engine() *engine.Engine { return tb.cfg.Engine }

// Call runs the tool name for the session s (see [Tool.Handle]); an
// unknown name is an error result.
func (tb *Toolbox) Call(ctx context.Context, s *Session, name string, args json.RawMessage) *Result {
	t, ok := tb.byName[name]
	if !ok {
		return errorf("unknown tool %q", name)
	}
	return t.Handle(ctx, &Call{Session: s}, args)
}

// Session is one client's state: its shell (working directory,
// variables, functions...) and its stored outputs.
type Session struct {
	tb     *Toolbox
	turn   chan struct{}   // held by the session's run going on
	ctx    context.Context // ends when the session is closed
	cancel context.CancelFunc
	mu     sync.Mutex
	shell  *engine.Session
	store  *store
	// background counts the session's background runs going on.
	background int
	// previews are the session's previews by id.
	previews    map[string]*preview
	nextPreview int
}

// NewSession returns a new session of the toolbox.
func (tb *Toolbox) NewSession() *Session {
	ctx, cancel := context.WithCancel(context.Background())
	return &Session{
		tb:     tb,
		turn:   make(chan struct{}, 1),
		ctx:    ctx,
		cancel: cancel,
		shell:  tb.cfg.Engine.NewSession(),
		store:  newStore(tb.cfg.StoreRuns, tb.cfg.StoreBytes),

		previews: map[string]*preview{},
	}
}

// Close ends the session: its running calls stop.
func (s *Session) Close() { s.cancel() }

// bind returns ctx, ended also when the session is closed.
func (s *Session) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(s.ctx, cancel)
	return ctx, func() { stop(); cancel() }
}

// admit waits, at most BusyWait, for the session's turn and a slot of
// the toolbox; the returned func gives them back. The result is a busy
// error when they did not come.
func (tb *Toolbox) admit(ctx context.Context, s *Session) (func(), *Result) {
	wait := time.NewTimer(tb.cfg.BusyWait)
	defer wait.Stop()
	select {
	case s.turn <- struct{}{}:
	case <-wait.C:
		return nil, errorf("run: this session is still running an earlier command (it had %s to finish); wait for its result, then call again", tb.cfg.BusyWait)
	case <-ctx.Done():
		return nil, errorf("run: cancelled while waiting for the session's earlier command")
	}
	select {
	case tb.slots <- struct{}{}:
	case <-wait.C:
		<-s.turn
		return nil, errorf("run: the server is busy: %d runs are going on, the most it takes at once; try again in a moment", tb.cfg.MaxRuns)
	case <-ctx.Done():
		<-s.turn
		return nil, errorf("run: cancelled while waiting for the server")
	}
	return func() { <-tb.slots; <-s.turn }, nil
}

// shellFor returns the shell a run uses: the session's, a fresh one after
// reset, or a fresh one each time under NoPersist.
func (s *Session) shellFor(reset bool) *engine.Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tb.cfg.NoPersist {
		return s.tb.cfg.Engine.NewSession()
	}
	if reset {
		s.shell = s.tb.cfg.Engine.NewSession()
	}
	return s.shell
}
