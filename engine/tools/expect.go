package tools

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/shellfence/shellfence/vfs"
)

// expectArgs are the assertions of run's expect. Each is optional; the
// result has one assertion per key given.
type expectArgs struct {
	ExitCode       *int        `json:"exit_code,omitempty" jsonschema:"the exit status expected (without it, 0)"`
	StdoutContains strList     `json:"stdout_contains,omitempty" jsonschema:"text (or texts) stdout must contain"`
	StdoutMatches  string      `json:"stdout_matches,omitempty" jsonschema:"a Go regular expression searched in the whole stdout, ^ and $ matching at line boundaries"`
	StderrEmpty    *bool       `json:"stderr_empty,omitempty" jsonschema:"true: stderr must be empty; false: it must not be"`
	StderrContains strList     `json:"stderr_contains,omitempty" jsonschema:"text (or texts) stderr must contain"`
	FilesExist     strList     `json:"files_exist,omitempty" jsonschema:"paths (relative to the directory the run started in) that must exist afterwards"`
	FilesAbsent    strList     `json:"files_absent,omitempty" jsonschema:"paths that must not exist afterwards"`
	Changed        *changedArg `json:"changed,omitempty" jsonschema:"checked against files_changed: true, some file must have changed; false, none may; a path or glob pattern (relative to the directory the run started in), or a list of them: each must match a changed file (created, modified or deleted)"`
	MaxMs          *int64      `json:"max_ms,omitempty" jsonschema:"the run must take at most this many milliseconds"`
}

// assertion is one checked key of expect.
type assertion struct {
	Name   string `json:"name" jsonschema:"the expect key"`
	OK     bool   `json:"ok" jsonschema:"whether it holds"`
	Detail string `json:"detail" jsonschema:"what was found"`
}

// strList is a string or a list of strings.
type strList []string

func (l *strList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = strList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return fmt.Errorf("want a string or a list of strings")
	}
	*l = many
	return nil
}

// check evaluates e on the finished run out (its full output in rec, its
// starting directory dir), filling the result's assertions; it reports
// whether all hold.
func (tb *Toolbox) check(e *expectArgs, fsys *vfs.FS, dir string, rec *stored, out *runResult) bool {
	stdout, stderr := rec.out.text(), rec.err.text()
	var as []assertion
	add := func(name string, ok bool, detail string) { as = append(as, assertion{name, ok, detail}) }
	// Without exit_code, exit 0 is required, and listed only when it fails.
	want := 0
	if e.ExitCode != nil {
		want = *e.ExitCode
	}
	if e.ExitCode != nil || out.ExitCode != 0 {
		add("exit_code", out.ExitCode == want, fmt.Sprintf("exit code %d, expected %d", out.ExitCode, want))
	}
	for _, s := range e.StdoutContains {
		add("stdout_contains", strings.Contains(stdout, s), containsDetail("stdout", s, strings.Contains(stdout, s)))
	}
	if e.StdoutMatches != "" {
		ok, detail := matchDetail(e.StdoutMatches, stdout)
		add("stdout_matches", ok, detail)
	}
	if e.StderrEmpty != nil {
		empty := out.StderrBytes == 0
		add("stderr_empty", empty == *e.StderrEmpty, fmt.Sprintf("stderr has %d bytes", out.StderrBytes))
	}
	for _, s := range e.StderrContains {
		add("stderr_contains", strings.Contains(stderr, s), containsDetail("stderr", s, strings.Contains(stderr, s)))
	}
	for _, p := range e.FilesExist {
		ok := tb.exists(fsys, dir, p)
		add("files_exist", ok, existDetail(p, ok))
	}
	for _, p := range e.FilesAbsent {
		ok := !tb.exists(fsys, dir, p)
		add("files_absent", ok, existDetail(p, !ok))
	}
	if e.Changed != nil {
		checkChanged(e.Changed, func(p string) string { return tb.relPath(tb.pathIn(dir, p)) }, out.FilesChanged, add)
	}
	if e.MaxMs != nil {
		add("max_ms", out.DurationMs <= *e.MaxMs, fmt.Sprintf("took %d ms, at most %d expected", out.DurationMs, *e.MaxMs))
	}
	return tb.record(as, out)
}

// record puts the assertions into out.
func (tb *Toolbox) record(as []assertion, out *runResult) bool {
	failed := 0
	for _, a := range as {
		if !a.OK {
			failed++
		}
	}
	ok := failed == 0
	out.Assertions, out.AssertionsFailed, out.OK = as, failed, &ok
	return ok
}

func containsDetail(stream, s string, ok bool) string {
	if ok {
		return fmt.Sprintf("%s contains %q", stream, s)
	}
	return fmt.Sprintf("%s does not contain %q", stream, s)
}

func matchDetail(expr, text string) (bool, string) {
	re, err := regexp.Compile("(?m)" + expr)
	if err != nil {
		return false, fmt.Sprintf("bad regular expression: %v", err)
	}
	if m := re.FindString(text); m != "" || re.MatchString(text) {
		return true, fmt.Sprintf("matched %q", shorten(m, 200))
	}
	return false, "no match in stdout"
}

func existDetail(p string, exists bool) string {
	if exists {
		return p + " exists"
	}
	return p + " does not exist"
}

// exists reports whether p (relative to dir, the run's starting
// directory, or the root) exists in the workspace.
func (tb *Toolbox) exists(fsys *vfs.FS, dir, p string) bool {
	_, err := fsys.Lstat(tb.pathIn(dir, p))
	return err == nil
}

// pathIn is the visible path of p, relative to dir or absolute.
func (tb *Toolbox) pathIn(dir, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(tb.abs(dir), p)
}

// shorten cuts s to at most n bytes for a message.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
