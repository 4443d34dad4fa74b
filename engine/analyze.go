package engine

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
)

// Analysis is what a command line would do, found without running it.
type Analysis struct {
	// Commands are the names of the commands it would run, in the order
	// they appear, with those inside xargs, find -exec, sh -c '...',
	// eval '...' and $(...) when they are literal.
	Commands []string `json:"commands"`
	// Writes are the files it would redirect to or name as write targets
	// (>, >>, tee, sed -i, cp and mv destinations, rm operands, ...),
	// relative to the workspace root (absolute when outside it).
	Writes []string `json:"writes"`
	// Opaque is set when it runs code that cannot be seen here: eval of
	// an expansion, a command name from a variable, a sourced file or a
	// script.
	Opaque bool `json:"opaque"`
	// Refused lists the commands the allowlist or the rules would refuse.
	Refused []Refused `json:"refused"`
}

// Refused is one command that would be refused, and why.
type Refused struct {
	Command string `json:"command"`
	Reason  string `json:"reason"`
}

// Analyze reports what the command line would run and write, in the
// workspace root, without running anything. The error is a syntax error.
func (e *Engine) Analyze(line string) (Analysis, error) {
	return e.AnalyzeIn("", line)
}

// AnalyzeIn is [Engine.Analyze] in the directory dir (a visible absolute
// path, or relative to the workspace root).
func (e *Engine) AnalyzeIn(dir, line string) (Analysis, error) {
	abs := e.fs.Root()
	switch {
	case dir == "":
	case path.IsAbs(dir):
		abs = path.Clean(dir)
	default:
		abs = path.Join(abs, dir)
	}
	return e.analyzeIn(abs, line)
}

// Dir returns the directory the session's next run starts in.
func (s *Session) Dir() string {
	if d, ok := s.lastDir.Load().(string); ok && d != "" {
		return d
	}
	return s.e.fs.Root()
}

func (e *Engine) analyzeIn(dir, line string) (Analysis, error) {
	file, err := parse(line, "bash")
	if err != nil {
		return Analysis{}, err
	}
	a := &analyzer{e: e, dir: dir}
	a.file(file, 0)
	out := a.out
	if out.Commands == nil {
		out.Commands = []string{}
	}
	if out.Writes == nil {
		out.Writes = []string{}
	}
	if out.Refused == nil {
		out.Refused = []Refused{}
	}
	return out, nil
}

// analyzer walks a program, and the programs inside it.
type analyzer struct {
	e   *Engine
	dir string
	out Analysis
}

// maxAnalyzeDepth bounds nested programs (sh -c 'eval "sh -c ..."').
const maxAnalyzeDepth = 16

// unknown stands for an argument that is not literal.
const unknown = "\x00?"

func (a *analyzer) file(f *syntax.File, depth int) {
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			a.redirects(n.Redirs)
		case *syntax.CallExpr:
			a.call(n, depth)
		}
		return true
	})
}

// redirects records the files a statement's redirections write.
func (a *analyzer) redirects(rs []*syntax.Redirect) {
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob, syntax.RdrAll, syntax.AppAll, syntax.RdrInOut:
			if s := a.fields(r.Word); len(s) == 1 {
				a.write(s[0])
			}
		}
	}
}

func (a *analyzer) call(c *syntax.CallExpr, depth int) {
	if len(c.Args) == 0 {
		return
	}
	var args []string
	for _, w := range c.Args {
		args = append(args, a.fields(w)...)
	}
	if len(args) == 0 || args[0] == unknown {
		a.out.Opaque = true
		return
	}
	a.command(args, depth)
}

// command analyzes one simple command with its arguments.
func (a *analyzer) command(args []string, depth int) {
	name := args[0]
	if depth > maxAnalyzeDepth {
		a.out.Opaque = true
		return
	}
	a.out.Commands = append(a.out.Commands, name)
	switch name {
	case "eval":
		a.program(strings.Join(args[1:], " "), depth)
		return
	case "source", ".":
		a.out.Opaque = true
		return
	case "command", "builtin", "exec", "time", "nohup":
		if rest := skipOptions(args[1:]); len(rest) > 0 {
			a.command(rest, depth+1)
		}
		return
	}
	if interp.IsBuiltin(name) { // the shell's own: always there
		return
	}
	a.registryCommand(args, depth)
}

// program analyzes script, a nested program (eval, sh -c).
func (a *analyzer) program(script string, depth int) {
	if strings.Contains(script, unknown) {
		a.out.Opaque = true
		return
	}
	f, err := parse(script, "bash")
	if err != nil {
		a.out.Opaque = true
		return
	}
	a.file(f, depth+1)
}

// registryCommand analyzes a command of the registry: is it allowed, do
// the rules refuse an option, what does it write or run.
func (a *analyzer) registryCommand(args []string, depth int) {
	name := args[0]
	if strings.Contains(name, "/") {
		base, isBin := binName(name)
		if !isBin {
			a.out.Opaque = true // a script of the workspace
			return
		}
		name = base
	}
	if _, ok := a.e.lookup(name); !ok {
		a.refuse(name, name+": command not found")
		return
	}
	if !allowed(a.e.allow, name) {
		a.refuse(name, name+": not allowed here (allowed: "+allowText(a.e.allow)+")")
		return
	}
	parsed, ok := builtins.ParseArgs(a.e.fs.ReadOnly(), a.dir, append([]string{name}, args[1:]...))
	if _, hasTable := builtins.Options(name); hasTable && !ok {
		return // the command line is wrong: it would fail
	}
	for _, u := range parsed.Options {
		if ref := a.e.policy.check(name, u.Name); ref != nil {
			a.refuse(name, ref.Error())
			break
		}
	}
	a.effects(name, args, parsed, depth)
}

func (a *analyzer) refuse(name, reason string) {
	a.out.Refused = append(a.out.Refused, Refused{Command: name, Reason: reason})
}

// effects records what the command writes and the commands it runs.
func (a *analyzer) effects(name string, args []string, p builtins.Parsed, depth int) {
	ops := p.Operands
	switch name {
	case "rm", "rmdir", "touch", "mkdir", "tee", "truncate":
		a.writeAll(ops)
	case "chmod":
		if !p.Has("--reference") && len(ops) > 0 {
			ops = ops[1:]
		}
		a.writeAll(ops)
	case "cp", "mv", "ln":
		a.destination(p)
	case "sed":
		if p.Has("-i") {
			if !p.Has("-e") && !p.Has("-f") && len(ops) > 0 {
				ops = ops[1:]
			}
			a.writeAll(ops)
		}
	case "sort":
		for _, u := range p.Options {
			if u.Name.Has("-o") {
				a.write(u.Value)
			}
		}
	case "uniq":
		if len(ops) > 1 {
			a.write(ops[1])
		}
	case "xargs":
		if len(ops) == 0 {
			ops = []string{"echo"}
		}
		a.command(ops, depth+1)
	case "timeout":
		if len(ops) > 1 {
			a.command(ops[1:], depth+1)
		}
	case "env":
		for len(ops) > 0 && strings.Contains(ops[0], "=") {
			ops = ops[1:]
		}
		if len(ops) > 0 {
			a.command(ops, depth+1)
		}
	case "find":
		a.findEffects(args[1:], p, depth)
	case "sh", "bash":
		a.shellEffects(args[1:], depth)
	}
}

// destination records the target of cp, mv or ln: -t DIR or the last
// operand.
func (a *analyzer) destination(p builtins.Parsed) {
	for _, u := range p.Options {
		if u.Name.Has("-t") {
			a.write(u.Value)
			return
		}
	}
	if len(p.Operands) > 1 {
		a.write(p.Operands[len(p.Operands)-1])
	}
}

// findEffects records what find's actions write and run.
func (a *analyzer) findEffects(args []string, p builtins.Parsed, depth int) {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-delete":
			a.writeAll(p.Operands)
			if len(p.Operands) == 0 {
				a.write(".")
			}
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			if i+1 < len(args) {
				a.write(args[i+1])
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(args) && args[end] != ";" && args[end] != "+" {
				end++
			}
			if end > i+1 {
				inner := slices.Clone(args[i+1 : end])
				for j := range inner {
					inner[j] = strings.ReplaceAll(inner[j], "{}", unknown) // the file found
				}
				a.command(inner, depth+1)
			}
			i = end
		}
	}
}

// shellEffects analyzes sh -c SCRIPT; a script file or standard input is
// opaque.
func (a *analyzer) shellEffects(args []string, depth int) {
	cflag := false
	for i := 0; i < len(args); i++ {
		s := args[i]
		switch {
		case s == "-o" || s == "+o" || s == "--rcfile" || s == "--init-file":
			i++
		case s == "--":
		case strings.HasPrefix(s, "--"):
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
			cflag = cflag || s[0] == '-' && strings.Contains(s, "c")
		case cflag:
			a.program(s, depth)
			return
		default:
			a.out.Opaque = true
			return
		}
	}
	a.out.Opaque = true // the script comes from standard input
}

func (a *analyzer) writeAll(names []string) {
	for _, n := range names {
		a.write(n)
	}
}

// write records name as a write, relative to the workspace root.
func (a *analyzer) write(name string) {
	switch {
	case name == "" || strings.Contains(name, unknown) || name == "-":
		return
	case name == "/dev/null" || name == "/dev/stdout" || name == "/dev/stderr" || strings.HasPrefix(name, "/dev/fd/"):
		return
	}
	abs := name
	if !path.IsAbs(abs) {
		abs = path.Join(a.dir, name)
	}
	rel := path.Clean(abs)
	if r, ok := a.e.fs.Rel(rel); ok {
		rel = r
	}
	if !slices.Contains(a.out.Writes, rel) {
		a.out.Writes = append(a.out.Writes, rel)
	}
}

// skipOptions drops the leading options of command, builtin and exec.
func skipOptions(args []string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		if args[0] == "--" {
			return args[1:]
		}
		args = args[1:]
	}
	return args
}

// fields returns the fields a word expands to when it is literal text
// and quotes (braces and ~ expanded, never globs), and [unknown] for
// one that needs the shell (parameters, substitutions, arithmetic).
func (a *analyzer) fields(w *syntax.Word) []string {
	if w == nil {
		return []string{unknown}
	}
	for _, p := range w.Parts {
		if !literalPart(p) {
			return []string{unknown}
		}
	}
	cfg := &expand.Config{Env: expand.ListEnviron("HOME=" + a.e.fs.Root())}
	fs, err := expand.Fields(cfg, w)
	if err != nil {
		return []string{unknown}
	}
	return fs
}

func literalPart(p syntax.WordPart) bool {
	switch p := p.(type) {
	case *syntax.Lit, *syntax.SglQuoted:
		return true
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if !literalPart(q) {
				return false
			}
		}
		return true
	}
	return false
}
