package tools

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// cmdshell runs one program with a list of arguments, as cmdshellmcp's
// tool of that name does: each argument is first decoded like a Python
// string literal (\n, \t, \\, \xHH, \uHHHH...), an argument wrapped in
// double quotes loses them and is passed literally, and any other
// argument holding *, ?, [ or ] is a glob, expanded against the workspace
// root (sorted; kept as it is when nothing matches). The program runs in
// a fresh shell at the workspace root, so cmdshell neither sees nor moves
// run's working directory. The expansion is the shell's own: the
// arguments become a command line in which only the glob characters are
// left unquoted.

type cmdshellArgs struct {
	Command string   `json:"command" jsonschema:"the name of the one command to run, such as ls or grep; no spaces: options and operands go in args"`
	Args    []string `json:"args,omitempty" jsonschema:"the command's options and operands, one per element, such as [\"-la\", \"*.txt\"]; globs are expanded, a glob in double quotes (\"\\\"*.txt\\\"\") is passed as it is; backslash escapes such as \\n are decoded"`
}

// cmdshellTimeout is cmdshellmcp's timeout for one command.
const cmdshellTimeout = 100 * time.Second

func (tb *Toolbox) cmdshellTool() *Tool {
	return define("cmdshell", cmdshellDescription(tb), Annotations{Title: "Run one command (cmdshellmcp)", Destructive: true},
		func(ctx context.Context, c *Call, a cmdshellArgs) (runResult, *Result) { return tb.cmdshell(ctx, c, a) })
}

func cmdshellDescription(tb *Toolbox) string {
	return compatDesc("Run one command of the workspace shell with a list of arguments and return its output: "+
		"its standard output when it succeeds, its standard error when it fails (exit status not 0, reported as an error result). "+
		"Pipes, redirections and other shell syntax are not interpreted: use run for a command line.",
		"run", "command (required): the command name, one of: "+strings.Join(tb.cfg.Engine.Commands(), ", ")+". "+
			"args: the options and operands, one per element. Each argument is decoded like a Python string literal first (\\n is a newline: write \\\\ for one backslash); "+
			"an argument that holds *, ? or [...] is a glob, expanded to the matching paths relative to the workspace root (sorted; kept as it is when nothing matches); "+
			"wrap it in double quotes to pass it literally. "+
			fmt.Sprintf("The command runs at the workspace root in a fresh shell (it does not see or change run's working directory). Limits: it is stopped after %d s; "+
				"each stream shows at most %d bytes (head and tail; run_output with the result's id gives the rest). Commands can change and delete files in the workspace, nothing outside it.",
				int(min(cmdshellTimeout, tb.cfg.MaxTimeout).Seconds()), tb.cfg.MaxOutput))
}

func (tb *Toolbox) cmdshell(ctx context.Context, c *Call, a cmdshellArgs) (runResult, *Result) {
	name := strings.TrimSpace(a.Command)
	switch {
	case name == "":
		return runResult{}, errorf("Error: cmdshell: command is empty: give a command name such as ls, and its arguments in args")
	case strings.ContainsAny(name, " \t\n"):
		return runResult{}, errorf("Error: cmdshell: command %q is more than a name: put each option and argument in the args list (or use run for a whole command line)", name)
	}
	line, err := cmdshellLine(name, a.Args)
	if err != nil {
		return runResult{}, errorf("Error: cmdshell: %v", err)
	}
	timeout := min(cmdshellTimeout, tb.cfg.MaxTimeout)
	out, res := tb.runIn(ctx, c, runArgs{Command: line, TimeoutMs: timeout.Milliseconds()}, tb.cfg.Engine.NewSession())
	if isZero(out) {
		res.Text = compatError("cmdshell", "run", res.Text)
		return out, res
	}
	res.Text = out.Stdout
	switch {
	case out.TimedOut:
		res.Text = fmt.Sprintf("Error: cmdshell: %s timed out after %s and was stopped (run %s)", name, timeout, out.ID)
	case out.ExitCode != 0 && out.Stderr == "":
		res.Text = fmt.Sprintf("%s exited with status %d and printed no error message", name, out.ExitCode)
	case out.ExitCode != 0:
		res.Text = out.Stderr
	}
	return out, res
}

// cmdshellLine is the command line that runs name with args, expanded as
// cmdshellmcp expands them.
func cmdshellLine(name string, args []string) (string, error) {
	q, err := syntax.Quote(name, syntax.LangBash)
	if err != nil {
		return "", fmt.Errorf("command %q: %v", name, err)
	}
	words := []string{q}
	for i, arg := range args {
		arg, err := pyUnescape(arg)
		if err != nil {
			return "", fmt.Errorf("args[%d]: %v", i, err)
		}
		glob := true
		if len(arg) >= 2 && arg[0] == '"' && arg[len(arg)-1] == '"' {
			arg, glob = arg[1:len(arg)-1], false
		}
		w, err := shellWord(arg, glob && strings.ContainsAny(arg, "*?[]"))
		if err != nil {
			return "", fmt.Errorf("args[%d]: %v", i, err)
		}
		words = append(words, w)
	}
	return strings.Join(words, " "), nil
}

// shellWord quotes s as one shell word; with glob, the characters * ? [ ]
// (and ! or ^ right after [) stay unquoted, so that the shell expands
// them and nothing else.
func shellWord(s string, glob bool) (string, error) {
	if !glob {
		return syntax.Quote(s, syntax.LangBash)
	}
	var b, lit strings.Builder
	flush := func() error {
		if lit.Len() == 0 {
			return nil
		}
		q, err := syntax.Quote(lit.String(), syntax.LangBash)
		b.WriteString(q)
		lit.Reset()
		return err
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		live := strings.IndexByte("*?[]", c) >= 0 || (c == '!' || c == '^') && i > 0 && s[i-1] == '['
		if !live {
			lit.WriteByte(c)
			continue
		}
		if err := flush(); err != nil {
			return "", err
		}
		b.WriteByte(c)
	}
	if err := flush(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// pyUnescape decodes the backslash escapes of a Python string literal,
// as cmdshellmcp does to each argument: \\ \' \" \a \b \f \n \r \t \v,
// \OOO (octal), \xHH, \uHHHH, \UHHHHHHHH (code points) and a backslash
// before a newline (dropped). Any other backslash is kept as it is.
func pyUnescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		if r, ok := simpleEscapes[s[i]]; ok {
			b.WriteString(r)
			continue
		}
		n, width, ok := 0, 0, false
		switch s[i] {
		case 'x':
			n, width, ok = hexEscape(s[i+1:], 2)
		case 'u':
			n, width, ok = hexEscape(s[i+1:], 4)
		case 'U':
			n, width, ok = hexEscape(s[i+1:], 8)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, width, ok = octalEscape(s[i:])
			width--
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
			continue
		}
		if !ok || n > utf8.MaxRune {
			return "", fmt.Errorf("invalid \\%c escape at byte %d (write \\\\ for a backslash)", s[i], i)
		}
		b.WriteRune(rune(n))
		i += width
	}
	return b.String(), nil
}

var simpleEscapes = map[byte]string{'\\': `\`, '\'': "'", '"': `"`, 'a': "\a", 'b': "\b", 'f': "\f",
	'n': "\n", 'r': "\r", 't': "\t", 'v': "\v", '\n': ""}

// hexEscape reads exactly width hex digits at the start of s.
func hexEscape(s string, width int) (int, int, bool) {
	if len(s) < width {
		return 0, 0, false
	}
	n, err := strconv.ParseUint(s[:width], 16, 32)
	return int(n), width, err == nil
}

// octalEscape reads one to three octal digits at the start of s.
func octalEscape(s string) (int, int, bool) {
	width := 0
	for width < 3 && width < len(s) && s[width] >= '0' && s[width] <= '7' {
		width++
	}
	n, err := strconv.ParseUint(s[:width], 8, 32)
	return int(n), width, err == nil
}
