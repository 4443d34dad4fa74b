package tools

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/engine/tools/signals"
	"github.com/shellfence/shellfence/vfs"
)

// runArgs are the arguments of the run tool.
type runArgs struct {
	Command   string            `json:"command" jsonschema:"the command line to run, in bash syntax: pipes, redirections, &&, ||, globs, $(...), loops and functions all work. With args: the name of the one command to run"`
	Args      []string          `json:"args,omitempty" jsonschema:"run command as one program with exactly these arguments: no shell parsing, no globbing, no expansion (for arguments with quotes or spaces)"`
	Cwd       string            `json:"cwd,omitempty" jsonschema:"directory to run in, relative to the workspace root (or an absolute path inside it); default: where the last run of this session ended (the root at first)"`
	TimeoutMs int64             `json:"timeout_ms,omitempty" jsonschema:"stop the run after this many milliseconds (default 30000; the server caps it); what was printed so far is returned with timed_out true"`
	Stdin     string            `json:"stdin,omitempty" jsonschema:"text given to the command on standard input"`
	Env       map[string]string `json:"env,omitempty" jsonschema:"extra environment variables for this run only"`
	Reset     bool              `json:"reset,omitempty" jsonschema:"start a fresh shell first: working directory back to the root, variables and functions forgotten"`
	// Background and Expect are described in background.go and expect.go.
	Background bool        `json:"background,omitempty" jsonschema:"start the run and return at once with its id and status running; run_output gives its output so far and its status, run_kill stops it. It starts from a copy of the session's shell and changes nothing of it; default timeout: the server's longest"`
	Preview    bool        `json:"preview,omitempty" jsonschema:"run in a new copy-on-write preview of the workspace, held in the server's memory: the workspace is not touched; the result has preview_id, files_changed and diff (everything the preview would change). Continue with preview_id; apply with promote, drop with discard"`
	PreviewID  string      `json:"preview_id,omitempty" jsonschema:"continue in this preview (its own shell and overlay): files_changed and diff then show everything the preview would change so far"`
	Expect     *expectArgs `json:"expect,omitempty" jsonschema:"assertions checked on the finished run, reported in assertions and ok (one call instead of a run and several checks); without exit_code, exit 0 is expected"`
}

// runResult is the structured result of run.
type runResult struct {
	ID              string `json:"id" jsonschema:"the run's id: run_output with it gives the full output"`
	ExitCode        int    `json:"exit_code" jsonschema:"the exit status: 0 for success; 124 timed out, 126 an option refused by the command rules, 130 cancelled, 137 a budget exceeded, 127 command not found"`
	Stdout          string `json:"stdout" jsonschema:"standard output; when longer than the server shows, its head and tail with a marker line between"`
	Stderr          string `json:"stderr" jsonschema:"standard error, shortened the same way"`
	StdoutTruncated bool   `json:"stdout_truncated" jsonschema:"true when part of stdout is left out here (run_output has it)"`
	StderrTruncated bool   `json:"stderr_truncated" jsonschema:"true when part of stderr is left out here"`
	StdoutBytes     int64  `json:"stdout_bytes" jsonschema:"bytes written to stdout in all"`
	StderrBytes     int64  `json:"stderr_bytes" jsonschema:"bytes written to stderr in all"`
	StdoutLines     int64  `json:"stdout_lines" jsonschema:"lines written to stdout in all"`
	StderrLines     int64  `json:"stderr_lines" jsonschema:"lines written to stderr in all"`
	DurationMs      int64  `json:"duration_ms" jsonschema:"how long the run took"`
	TimedOut        bool   `json:"timed_out" jsonschema:"true when the timeout stopped the run"`
	Cancelled       bool   `json:"cancelled,omitempty" jsonschema:"true when the client cancelled the run"`
	BudgetExceeded  string `json:"budget_exceeded,omitempty" jsonschema:"the budget that stopped the run, if one did"`
	Refused         string `json:"refused,omitempty" jsonschema:"the option the command rules refused, which stopped the run before it did anything, if one did"`
	Cwd             string `json:"cwd" jsonschema:"the working directory the run ended in, relative to the workspace root; the next run starts there"`
	Hint            string `json:"hint,omitempty" jsonschema:"when a command was not found: this shell runs only its built-in commands, and the nearest ones, one line per missing command"`
	Status          string `json:"status" jsonschema:"exited, running (a background run just started), killed (run_kill or the client stopped it) or timed_out"`
	// FilesChanged comes from the run's journal (see fileChange).
	// PreviewID, Diff and DiffTruncated answer a run in a preview.
	PreviewID     string       `json:"preview_id,omitempty" jsonschema:"the preview the run went to: run with it again, promote it or discard it"`
	Diff          string       `json:"diff,omitempty" jsonschema:"in a preview: one unified diff (diff -ruN a/ b/) of everything promoting it would change"`
	DiffTruncated bool         `json:"diff_truncated,omitempty" jsonschema:"true when the diff was cut (files_changed still lists every file)"`
	FilesChanged  []fileChange `json:"files_changed" jsonschema:"the files (and symlinks) the run created, modified or deleted, sorted by path, from a journal of its writes: a file only read is never listed, nor one written and put back as it was, nor a directory itself; empty when nothing changed"`
	// Signals are the failure lines of the output a result leaves out.
	Signals     []signals.Signal `json:"signals,omitempty" jsonschema:"lines that look like failures (errors, failed tests, panics, crashes...) in the part of stdout or stderr left out here, at most 20; run_output shows their context"`
	SignalsMore int64            `json:"signals_more,omitempty" jsonschema:"how many more such lines were left out"`
	// Assertions, AssertionsFailed and OK answer expect.
	Assertions       []assertion `json:"assertions,omitempty" jsonschema:"one per key of expect: its name, whether it holds, and what was found"`
	AssertionsFailed int         `json:"assertions_failed,omitempty" jsonschema:"how many assertions failed"`
	OK               *bool       `json:"ok,omitempty" jsonschema:"with expect: true when every assertion holds"`
}

func (tb *Toolbox) runTool() *Tool {
	t := define("run", runDescription(tb.cfg), Annotations{Title: "Run a shell command", Destructive: true},
		func(ctx context.Context, c *Call, a runArgs) (runResult, *Result) { return tb.run(ctx, c, a) })
	t.alias = runAliases
	exp := prop(t.InputSchema, "expect")
	for _, name := range []string{"stdout_contains", "stderr_contains", "files_exist", "files_absent"} {
		stringOrList(prop(exp, name))
	}
	boolOrStrings(prop(exp, "changed"))
	return t
}

// ExitCode returns the exit code of a run's result; ok is false for the
// results of other tools.
func ExitCode(res *Result) (code int, ok bool) {
	r, ok := res.Structured.(runResult)
	return r.ExitCode, ok
}

// runAliases accepts the argument names agents' own shell tools use.
func runAliases(m map[string]any) {
	rename(m, "cmd", "command")
	rename(m, "run_in_background", "background")
	if v, ok := m["timeout"]; ok {
		delete(m, "timeout")
		if _, set := m["timeout_ms"]; !set {
			m["timeout_ms"] = millis(v)
		}
	}
	delete(m, "description")
}

// millis reads a timeout given as milliseconds or as a duration ("30s").
func millis(v any) any {
	s, ok := v.(string)
	if !ok {
		return v
	}
	if d, err := time.ParseDuration(s); err == nil {
		return d.Milliseconds()
	}
	return v // invalid: validation says so
}

func rename(m map[string]any, from, to string) {
	if v, ok := m[from]; ok {
		delete(m, from)
		if _, set := m[to]; !set {
			m[to] = v
		}
	}
}

func (tb *Toolbox) run(ctx context.Context, c *Call, a runArgs) (runResult, *Result) {
	if strings.TrimSpace(a.Command) == "" {
		return runResult{}, errorf("run: command is empty: give a command line such as \"ls -la\"")
	}
	if a.Preview || a.PreviewID != "" {
		return tb.runPreview(ctx, c, a)
	}
	if a.Background {
		return tb.runBackground(ctx, c, a)
	}
	return tb.runIn(ctx, c, a, c.Session.shellFor(a.Reset))
}

// runIn runs a in the shell sh, storing its output in the session's
// store.
func (tb *Toolbox) runIn(ctx context.Context, c *Call, a runArgs, sh *engine.Session) (runResult, *Result) {
	s := c.Session
	release, busy := tb.admit(ctx, s)
	if busy != nil {
		return runResult{}, busy
	}
	defer release()
	rec := s.store.add(a.Command, tb.cfg.StoreRunBytes, tb.cfg.MaxOutput)
	req := tb.runRequest(a, rec, tb.cfg.DefaultTimeout)
	stop := c.progress(ctx, rec)
	res, err := sh.Run(ctx, req)
	stop()
	s.store.trim()
	if err != nil {
		rec.finish(runResult{ID: rec.id, ExitCode: 2, Status: "exited"})
		return runResult{}, errorf("run: %v", err)
	}
	return tb.finished(a, req, tb.fs(), rec, res)
}

// finished is the result of a run that ended, with expect's assertions.
// fsys is the workspace the run saw.
func (tb *Toolbox) finished(a runArgs, req engine.Request, fsys *vfs.FS, rec *stored, res engine.Result) (runResult, *Result) {
	out := tb.runOutcome(rec, res)
	isErr := out.ExitCode != 0
	if a.Expect != nil {
		isErr = !tb.check(a.Expect, fsys, req.Dir, rec, &out)
	}
	rec.finish(out)
	return out, &Result{Text: runText(out), IsError: isErr}
}

// runRequest is the engine request for the run a, storing its output in
// rec as it is produced.
func (tb *Toolbox) runRequest(a runArgs, rec *stored, timeout time.Duration) engine.Request {
	req := engine.Request{
		Command: a.Command,
		Dir:     a.Cwd,
		Timeout: min(time.Duration(a.TimeoutMs)*time.Millisecond, tb.cfg.MaxTimeout),
		Stdout:  io.MultiWriter(rec.out, rec.outSignals),
		Stderr:  io.MultiWriter(rec.err, rec.errSignals),
		Marker:  markerFor(rec),

		OutputLimit: tb.cfg.MaxOutput,
		Journal:     true,
	}
	if a.TimeoutMs <= 0 {
		req.Timeout = timeout
	}
	if a.Args != nil {
		req.Command, req.Args = "", append([]string{a.Command}, a.Args...)
	}
	if a.Stdin != "" {
		req.Stdin = strings.NewReader(a.Stdin)
	}
	for k, v := range a.Env {
		req.Env = append(req.Env, k+"="+v)
	}
	sort.Strings(req.Env)
	return req
}

// markerFor words the line put where output is left out, pointing at
// run_output.
// The failure lines of the part it leaves out follow it (see signals).
func markerFor(rec *stored) func(engine.Omission) string {
	return func(o engine.Omission) string {
		what := fmt.Sprintf("%d bytes", o.Bytes)
		if o.Lines > 0 {
			what = fmt.Sprintf("%d lines (%d bytes)", o.Lines, o.Bytes)
		}
		marker := fmt.Sprintf("[... %s of %s omitted; run_output with id %q and offset/limit or match shows them ...]", what, o.Stream, rec.id)
		if text := rec.buried(o); text != "" {
			marker += "\n" + text
		}
		return marker
	}
}

// runOutcome is the structured result of a finished run.
func (tb *Toolbox) runOutcome(rec *stored, res engine.Result) runResult {
	out := runResult{
		ID:              rec.id,
		ExitCode:        res.ExitCode,
		Stdout:          shown(res.Stdout, res.StdoutBinary, res.StdoutBytes, rec.id, "stdout"),
		Stderr:          shown(res.Stderr, res.StderrBinary, res.StderrBytes, rec.id, "stderr"),
		StdoutTruncated: res.StdoutOmitted > 0 || res.StdoutBinary,
		StderrTruncated: res.StderrOmitted > 0 || res.StderrBinary,
		StdoutBytes:     res.StdoutBytes,
		StderrBytes:     res.StderrBytes,
		StdoutLines:     res.StdoutLines,
		StderrLines:     res.StderrLines,
		DurationMs:      res.Duration.Milliseconds(),
		TimedOut:        res.TimedOut,
		Cancelled:       res.Cancelled,
		Cwd:             tb.relPath(res.Dir),
		Hint:            res.Hint,
		Status:          "exited",
	}
	switch {
	case res.TimedOut:
		out.Status = "timed_out"
	case res.Cancelled:
		out.Status = "killed"
	}
	if res.Exceeded != nil {
		out.BudgetExceeded = res.Exceeded.Error()
	}
	if res.Refused != nil {
		out.Refused = res.Refused.Error()
	}
	out.Signals, out.SignalsMore = rec.signalsFound()
	out.FilesChanged = changesOf(res.FilesChanged)
	return out
}

// shown is a stream as the result shows it: binary output becomes a
// one-line note.
func shown(data []byte, binary bool, total int64, id, stream string) string {
	if !binary {
		return string(data)
	}
	kind := http.DetectContentType(data)
	return fmt.Sprintf("[binary output: %d bytes of %s, not shown; redirect it to a file and inspect it with od, file or wc (run %s, %s)]\n", total, kind, id, stream)
}

// relPath is a visible path relative to the workspace root.
func (tb *Toolbox) relPath(p string) string {
	if rel, ok := tb.cfg.Engine.FS().Rel(p); ok {
		return rel
	}
	return p
}

// runText renders a run for clients that ignore structured content.
func runText(r runResult) string {
	var b strings.Builder
	b.WriteString(r.Stdout)
	if r.Stdout != "" && !strings.HasSuffix(r.Stdout, "\n") {
		b.WriteString("\n")
	}
	if r.Stderr != "" {
		b.WriteString("[stderr]\n" + r.Stderr)
		if !strings.HasSuffix(r.Stderr, "\n") {
			b.WriteString("\n")
		}
	}
	status := fmt.Sprintf("exit %d", r.ExitCode)
	if r.OK != nil {
		status += fmt.Sprintf(", %d of %d assertions failed", r.AssertionsFailed, len(r.Assertions))
		for _, a := range r.Assertions {
			if !a.OK {
				fmt.Fprintf(&b, "[assertion %s failed: %s]\n", a.Name, a.Detail)
			}
		}
	}
	if line := changedLine(r.FilesChanged); line != "" {
		b.WriteString(line)
	}
	switch {
	case r.TimedOut:
		status += ", timed out"
	case r.Cancelled:
		status += ", cancelled"
	case r.BudgetExceeded != "":
		status += ", " + r.BudgetExceeded
	case r.Refused != "":
		status += ", refused by the command rules"
	}
	fmt.Fprintf(&b, "[%s · %d ms · cwd %s · id %s]", status, r.DurationMs, r.Cwd, r.ID)
	return b.String()
}

// progress reports a long run's output so far, once a second after the
// first, when the client asked for progress. The returned func stops it.
func (c *Call) progress(ctx context.Context, rec *stored) func() {
	if c.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				ob, ol := rec.out.counts()
				eb, el := rec.err.counts()
				c.Progress(float64(ob+eb), 0, fmt.Sprintf("running: %d lines (%d bytes) on stdout, %d lines (%d bytes) on stderr so far", ol, ob, el, eb))
			}
		}
	}()
	return func() { close(done) }
}
