package tools

import (
	"context"
	"fmt"
	"time"
)

// Background runs (run with background: true) return at once with their
// id. Each runs in a fork of the session's shell, so it changes nothing of
// the session and other runs go on beside it; it stops when run_kill asks,
// at its timeout (by default the server's longest), or when the session
// ends. A session has at most MaxBackground of them going on at once.

// maxBackground is how many background runs a session may have going on.
const maxBackground = 4

func (tb *Toolbox) runBackground(ctx context.Context, c *Call, a runArgs) (runResult, *Result) {
	s := c.Session
	if !s.takeBackground() {
		return runResult{}, errorf("run: this session has %d background runs going on, the most it may; stop one with run_kill or wait for one to end", maxBackground)
	}
	wait, cancelWait := context.WithTimeout(ctx, tb.cfg.BusyWait)
	defer cancelWait()
	sh, err := s.shellFor(a.Reset).Fork(wait)
	if err != nil {
		s.giveBackground()
		return runResult{}, errorf("run: the session is still running an earlier command; wait for its result, then call again")
	}
	rec := s.store.add(a.Command, tb.cfg.StoreRunBytes, tb.cfg.MaxOutput)
	req := tb.runRequest(a, rec, tb.cfg.MaxTimeout)
	bctx, cancel := context.WithCancel(s.ctx)
	rec.mu.Lock()
	rec.cancel = cancel
	rec.mu.Unlock()
	go func() {
		defer s.giveBackground()
		defer cancel()
		res, err := sh.Run(bctx, req)
		if err != nil {
			rec.finish(runResult{ID: rec.id, ExitCode: 2, Status: "exited", Stderr: err.Error()})
			return
		}
		tb.finished(a, req, tb.fs(), rec, res)
		s.store.trim()
	}()
	out := runResult{ID: rec.id, ExitCode: -1, Status: "running", Cwd: tb.relPath(tb.abs(a.Cwd)), FilesChanged: []fileChange{}}
	text := fmt.Sprintf("[started in the background: id %s; run_output with that id shows its output so far and its status, run_kill stops it]", rec.id)
	return out, &Result{Text: text}
}

func (s *Session) takeBackground() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.background >= maxBackground {
		return false
	}
	s.background++
	return true
}

func (s *Session) giveBackground() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.background--
}

type runKillArgs struct {
	ID string `json:"id" jsonschema:"the id of the background run to stop"`
}

type runKillResult struct {
	ID       string `json:"id" jsonschema:"the run's id"`
	Status   string `json:"status" jsonschema:"killed, or how it had already ended: exited, timed_out"`
	ExitCode int    `json:"exit_code" jsonschema:"the run's exit status"`
}

func (tb *Toolbox) runKillTool() *Tool {
	return define("run_kill", "Stop a background run (started by run with background: true) and everything it started: pipeline stages, jobs, nested shells.\n\n"+
		"The run ends within a moment; its output so far stays readable with run_output. A run that had already ended is left as it is and its status is reported. "+
		"Only runs of this session can be stopped.",
		Annotations{Title: "Stop a background run", Destructive: true, Idempotent: true},
		func(ctx context.Context, c *Call, a runKillArgs) (runKillResult, *Result) { return tb.runKill(c, a) })
}

func (tb *Toolbox) runKill(c *Call, a runKillArgs) (runKillResult, *Result) {
	rec, ok := c.Session.store.get(a.ID)
	if !ok || a.ID == "" {
		return runKillResult{}, errorf("run_kill: no run %q in this session", a.ID)
	}
	rec.mu.Lock()
	cancel := rec.cancel
	rec.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	select {
	case <-rec.done:
	case <-time.After(2 * time.Second):
	}
	status, res := rec.state()
	out := runKillResult{ID: rec.id, Status: status, ExitCode: -1}
	if res != nil {
		out.ExitCode = res.ExitCode
	}
	return out, &Result{Text: fmt.Sprintf("run %s: %s (exit %d)", out.ID, out.Status, out.ExitCode)}
}
