package tools

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/shellfence/shellfence/builtins"
)

// Config.ToolPerCommand serves each allowed command as a tool of its own:
// ls, grep, sed... with exact arguments and no shell, for clients whose
// users approve tools one by one.

type commandArgs struct {
	Args  []string `json:"args,omitempty" jsonschema:"the arguments, passed exactly as given: no shell, so no globs, pipes, redirections, quotes or variables"`
	Cwd   string   `json:"cwd,omitempty" jsonschema:"directory to run in, relative to the workspace root; default: where the last run of this session ended"`
	Stdin string   `json:"stdin,omitempty" jsonschema:"text given to the command on standard input"`
}

// toolName is what MCP allows a tool's name to be.
var toolName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// commandTools returns a tool per allowed command; a name taken by
// another tool (run, fetch) gets the prefix cmd_.
func (tb *Toolbox) commandTools(taken []*Tool) []*Tool {
	names := map[string]bool{}
	for _, t := range taken {
		names[t.Name] = true
	}
	var list []*Tool
	for _, cmd := range tb.cfg.Engine.Commands() {
		name := cmd
		if names[name] {
			name = "cmd_" + cmd
		}
		if !toolName.MatchString(name) || names[name] { // [ is test's
			continue
		}
		list = append(list, tb.commandTool(name, cmd))
	}
	return list
}

func (tb *Toolbox) commandTool(name, cmd string) *Tool {
	e := tb.cfg.Engine
	writes := e.CanWrite(cmd)
	ann := Annotations{Title: "Run " + cmd, ReadOnly: !writes, Destructive: writes, Idempotent: !writes}
	return define(name, commandDescription(cmd, e.RuleText(cmd), writes), ann,
		func(ctx context.Context, c *Call, a commandArgs) (runResult, *Result) {
			args := a.Args
			if args == nil {
				args = []string{}
			}
			return tb.run(ctx, c, runArgs{Command: cmd, Args: args, Cwd: a.Cwd, Stdin: a.Stdin})
		})
}

// commandDescription is the command's --help synopsis and the rules in
// force.
func commandDescription(cmd, rule string, writes bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Run %s with exactly the arguments in args (no shell: no globs, pipes, redirections or variables; use run for those). "+
		"The result is run's: exit_code, stdout, stderr and the rest.\n\n", cmd)
	if syn := builtins.Synopsis(cmd); syn != "" {
		b.WriteString(syn + "\n\n")
	}
	switch {
	case rule != "":
		fmt.Fprintf(&b, "Rules in force: %s %s; a refused option stops the call with exit 126.", cmd, rule)
	default:
		b.WriteString("No option rules: every option of the command works.")
	}
	if !writes {
		b.WriteString(" It only reads the workspace.")
	}
	return b.String()
}

// withCommandTools appends the per-command tools when the config asks.
func (tb *Toolbox) withCommandTools(list []*Tool) []*Tool {
	if !tb.cfg.ToolPerCommand {
		return list
	}
	return append(list, tb.commandTools(slices.Clone(list))...)
}
