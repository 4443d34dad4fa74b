package tools

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// runOutputArgs are the arguments of run_output.
type runOutputArgs struct {
	ID     string `json:"id,omitempty" jsonschema:"the id a run result gave (default: the latest run of this session)"`
	Stream string `json:"stream,omitempty" jsonschema:"which stream: stdout (default) or stderr"`
	Match  string `json:"match,omitempty" jsonschema:"a regular expression (Go RE2 syntax): show only the lines it matches, each with its line number"`
	Offset int64  `json:"offset,omitempty" jsonschema:"the line number to start at (1-based; default 1)"`
	Limit  int64  `json:"limit,omitempty" jsonschema:"at most this many lines (default: as many as fit in the output limit)"`
}

// runOutputResult is the structured result of run_output.
type runOutputResult struct {
	ID         string `json:"id" jsonschema:"the run's id"`
	Command    string `json:"command" jsonschema:"the command line the run ran"`
	Stream     string `json:"stream" jsonschema:"the stream shown"`
	Text       string `json:"text" jsonschema:"the lines asked for (with match: each as LINE:TEXT)"`
	TotalLines int64  `json:"total_lines" jsonschema:"lines the stream has in all"`
	TotalBytes int64  `json:"total_bytes" jsonschema:"bytes the stream has in all"`
	FirstLine  int64  `json:"first_line" jsonschema:"number of the first line shown (0 when none)"`
	LastLine   int64  `json:"last_line" jsonschema:"number of the last line shown (0 when none)"`
	Matches    int64  `json:"matches,omitempty" jsonschema:"with match: how many lines matched in all"`
	More       bool   `json:"more" jsonschema:"true when more lines follow: ask again with offset last_line+1"`
	Note       string `json:"note,omitempty" jsonschema:"what could not be shown, and why"`
	Status     string `json:"status" jsonschema:"running (a background run going on), exited, killed or timed_out"`
	ExitCode   *int   `json:"exit_code,omitempty" jsonschema:"the run's exit status, once it has ended"`
	// FilesChanged is the run's, once it has ended.
	FilesChanged []fileChange `json:"files_changed,omitempty" jsonschema:"once the run has ended: the files it created, modified or deleted (as run reports them)"`
}

func (tb *Toolbox) runOutputTool() *Tool {
	t := define("run_output", runOutputDescription, Annotations{Title: "Read a run's full output", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a runOutputArgs) (runOutputResult, *Result) {
			return tb.runOutput(c, a)
		})
	setEnum(t.InputSchema, "stream", "stdout", "stderr")
	return t
}

func (tb *Toolbox) runOutput(c *Call, a runOutputArgs) (runOutputResult, *Result) {
	rec, ok := c.Session.store.get(a.ID)
	if !ok {
		return runOutputResult{}, errorf("run_output: no stored run %q in this session (stored: %s); run gives each run an id", a.ID, strings.Join(c.Session.store.ids(), ", "))
	}
	sc := rec.out
	if a.Stream == "" {
		a.Stream = "stdout"
	}
	switch a.Stream {
	case "stdout":
	case "stderr":
		sc = rec.err
	default:
		return runOutputResult{}, errorf("run_output: stream %q: use stdout or stderr", a.Stream)
	}
	head, tail, left := sc.split()
	total, lines := sc.counts()
	out := runOutputResult{ID: rec.id, Command: rec.command, Stream: a.Stream, TotalBytes: total, TotalLines: lines}
	status, res := rec.state()
	out.Status = status
	if res != nil {
		out.ExitCode, out.FilesChanged = &res.ExitCode, res.FilesChanged
	}
	text := newText(head, tail, left.Lines)
	if a.Match != "" {
		re, err := regexp.Compile(a.Match)
		if err != nil {
			return runOutputResult{}, errorf("run_output: match: %v", err)
		}
		text.grep(re, a, tb.cfg.MaxOutput, &out)
	} else {
		text.window(a.Offset, a.Limit, tb.cfg.MaxOutput, &out)
	}
	return out, &Result{Text: outputText(out)}
}

func outputText(o runOutputResult) string {
	s := o.Text
	if o.Note != "" {
		s += "[" + o.Note + "]\n"
	}
	if o.Status == "running" {
		s += "[still running]"
	} else if o.ExitCode != nil {
		s += fmt.Sprintf("[%s, exit %d]", o.Status, *o.ExitCode)
	}
	return s
}

// text is a stream's lines as kept: the head's, then, after a gap of
// lines not kept, the tail's.
type text struct {
	head, tail [][]byte
	gap        int64 // lines between head and tail that were not kept
}

func newText(head, tail []byte, gap int64) *text {
	return &text{head: splitLines(head), tail: splitLines(tail), gap: gap}
}

// splitLines splits b into lines, each with its newline (the last may
// have none).
func splitLines(b []byte) [][]byte {
	var lines [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			lines = append(lines, b)
			break
		}
		lines = append(lines, b[:i+1])
		b = b[i+1:]
	}
	return lines
}

// line returns line n (1-based); kept is false for a line in the gap or
// past the end.
func (t *text) line(n int64) (line []byte, kept bool) {
	h := int64(len(t.head))
	switch {
	case n <= h:
		return t.head[n-1], true
	case n <= h+t.gap:
		return nil, false
	case n-h-t.gap <= int64(len(t.tail)):
		return t.tail[n-h-t.gap-1], true
	}
	return nil, false
}

func (t *text) count() int64 { return int64(len(t.head)) + t.gap + int64(len(t.tail)) }

// window shows lines from offset on, at most limit, within max bytes.
func (t *text) window(offset, limit int64, max int, out *runOutputResult) {
	if offset < 1 {
		offset = 1
	}
	var b strings.Builder
	n := offset
	for ; n <= t.count() && (limit <= 0 || n < offset+limit); n++ {
		line, kept := t.line(n)
		if !kept {
			out.Note = fmt.Sprintf("lines %d-%d were not kept (the store keeps the head and tail of long outputs); ask for offset %d", n, int64(len(t.head))+t.gap, int64(len(t.head))+t.gap+1)
			break
		}
		if b.Len()+len(line) > max && b.Len() > 0 {
			break
		}
		b.Write(line)
		if out.FirstLine == 0 {
			out.FirstLine = n
		}
		out.LastLine = n
	}
	out.Text = b.String()
	out.More = out.LastLine > 0 && out.LastLine < t.count() || out.LastLine == 0 && offset <= t.count()
}

// grep shows the lines that match re, numbered, from offset on.
func (t *text) grep(re *regexp.Regexp, a runOutputArgs, max int, out *runOutputResult) {
	var b strings.Builder
	for n := max64(a.Offset, 1); n <= t.count(); n++ {
		line, kept := t.line(n)
		if !kept || !re.Match(bytes.TrimSuffix(line, []byte("\n"))) {
			if !kept && out.Note == "" {
				out.Note = fmt.Sprintf("lines %d-%d were not kept and were not searched", int64(len(t.head))+1, int64(len(t.head))+t.gap)
			}
			continue
		}
		out.Matches++
		entry := strconv.FormatInt(n, 10) + ":" + string(line)
		full := b.Len()+len(entry) > max && b.Len() > 0 || a.Limit > 0 && out.Matches > a.Limit
		if full {
			out.More = true
			continue
		}
		b.WriteString(entry)
		if !strings.HasSuffix(entry, "\n") {
			b.WriteString("\n")
		}
		if out.FirstLine == 0 {
			out.FirstLine = n
		}
		out.LastLine = n
	}
	out.Text = b.String()
}

func max64(a, b int64) int64 { return max(a, b) }
