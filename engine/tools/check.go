package tools

import (
	"context"
	"fmt"
	"strings"
)

type checkArgs struct {
	Command string `json:"command" jsonschema:"the command line to check, in bash syntax, as run would take it"`
	Cwd     string `json:"cwd,omitempty" jsonschema:"the directory it would run in, relative to the workspace root; default: where this session's shell is"`
}

type refusal struct {
	Command string `json:"command" jsonschema:"the command that would be refused"`
	Reason  string `json:"reason" jsonschema:"why: the allowlist, or the option rules, in the words the run would print"`
}

type checkResult struct {
	Commands []string  `json:"commands" jsonschema:"the names of the commands the line would run, in order, with those inside xargs, find -exec, sh -c '...', eval '...' and $(...) when they are literal"`
	Writes   []string  `json:"writes" jsonschema:"files it would write, create or remove (redirections, tee, sed -i, cp and mv destinations, rm operands...), relative to the workspace root"`
	Opaque   bool      `json:"opaque" jsonschema:"true when it runs code that cannot be seen without running it (eval of a variable, a command name from a variable, a sourced file or script): then commands and writes may be incomplete"`
	Refused  []refusal `json:"refused" jsonschema:"the commands the allowlist or the command rules would refuse, with the reason"`
}

func (tb *Toolbox) checkCommandTool() *Tool {
	return define("check_command", "Say what a command line would do, without running anything: the commands it would run "+
		"(also inside xargs, find -exec, sh -c and $(...)), the files it would write or remove, whether part of it is opaque "+
		"(eval \"$x\", a command name from a variable), and which commands the allowlist or the option rules would refuse and why.\n\n"+
		"Use it before a run that may be destructive, to ask the user first.",
		Annotations{Title: "Check a command line without running it", ReadOnly: true, Idempotent: true},
		func(ctx context.Context, c *Call, a checkArgs) (checkResult, *Result) { return tb.checkCommand(c, a) })
}

func (tb *Toolbox) checkCommand(c *Call, a checkArgs) (checkResult, *Result) {
	dir := a.Cwd
	if dir == "" {
		dir = c.Session.shellFor(false).Dir()
	}
	an, err := tb.cfg.Engine.AnalyzeIn(dir, a.Command)
	if err != nil {
		return checkResult{}, errorf("check_command: %v", err)
	}
	out := checkResult{Commands: an.Commands, Writes: an.Writes, Opaque: an.Opaque, Refused: []refusal{}}
	for _, r := range an.Refused {
		out.Refused = append(out.Refused, refusal{r.Command, r.Reason})
	}
	return out, &Result{Structured: out, Text: checkText(out)}
}

// checkText renders a check for clients that ignore structured content.
func checkText(r checkResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "commands: %s\n", strings.Join(r.Commands, " "))
	fmt.Fprintf(&b, "writes: %s\n", strings.Join(r.Writes, " "))
	fmt.Fprintf(&b, "opaque: %v\n", r.Opaque)
	for _, f := range r.Refused {
		fmt.Fprintf(&b, "refused: %s\n", f.Reason)
	}
	if len(r.Refused) == 0 {
		b.WriteString("refused: none\n")
	}
	return b.String()
}
