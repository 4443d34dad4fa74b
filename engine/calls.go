package engine

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"runtime"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs/budget"
)

// call sees every simple command after expansion, before the interpreter
// dispatches it. It replaces the interpreter builtins that would consult
// the host (type, command -v, source, pwd -P) and gives cd bash's messages.
// A function of the program's own with the name of a replaced builtin
// (echo, cd, test...) runs instead, as in bash; `builtin NAME` still
// reaches the replacement.
func (r *run) call(ctx context.Context, args []string) ([]string, error) {
	r.e.wd.poke(ctx, r)
	if len(args) > 0 && (args[0] == "eval" || r.funcs.startsJobs(args[0])) {
		r.mayHaveJobs.Store(true)
	}
	switch {
	case len(args) == 0:
		return args, nil
	case args[0] == tick:
		return []string{"__sf_status", strconv.Itoa(interp.HandlerCtx(ctx).LastExitStatus)}, nil
	case r.tooDeep(args[0]):
		return []string{"false"}, nil
	case args[0] == "eval" && argsSize(args) > maxScript:
		fmt.Fprintf(interp.HandlerCtx(ctx).Stderr, "shellfence: eval: a script of %d bytes is more than %d MiB: write it to a file and run it with bash FILE\n", argsSize(args), maxScript>>20)
		return []string{"false"}, nil
	case args[0] == "builtin" && len(args) > 1:
		out, err := r.replace(ctx, args[1:])
		if len(out) > 0 && out[0] == args[1] {
			out = append([]string{"builtin"}, out...)
		}
		return out, err
	case r.funcs.has(args[0]):
		return args, nil
	}
	return r.replace(ctx, args)
}

// replace is call for a command that is not a function.
func (r *run) replace(ctx context.Context, args []string) ([]string, error) {
	switch args[0] {
	case "type", "hash":
		return append([]string{"__sf_type", args[0]}, args[1:]...), nil
	case "command":
		if len(args) > 1 && (args[1] == "-v" || args[1] == "-V") {
			return append([]string{"__sf_type", "command" + args[1]}, args[2:]...), nil
		}
	case "printf":
		return r.printf(ctx, args), nil
	case "read":
		return r.read(ctx, args), nil
	case "trap":
		return trapArgs(args), nil
	case "set":
		r.noteSet(args)
		return setArgs(args), nil
	case "umask":
		return append([]string{"__sf_umask"}, args[1:]...), nil
	case "shopt":
		return shoptArgs(args), nil
	case "__sf_synerr":
		fmt.Fprintln(interp.HandlerCtx(ctx).Stderr, args[len(args)-1])
		if len(args) == 3 {
			return []string{"exit", args[1]}, nil
		}
		return []string{"exit", "2"}, nil
	case "__sf_fd":
		return r.fdCmd(ctx, args), nil
	case roCmd:
		return r.roCall(ctx, args[1:]), nil
	case okCmd:
		if r.funcs.has("true") {
			return noop, nil
		}
		return []string{"true"}, nil
	case arithCmd:
		return r.arithCall(ctx, args[1:]), nil
	case warnCmd:
		return r.warnCall(ctx, args[1:]), nil
	case intCmd:
		return intArgs(ctx, args[1:]), nil
	case reqCmd:
		return r.reqCall(ctx, args[1:]), nil
	case groupCmd:
		return r.groupCall(ctx, args), nil
	case "__sf_let":
		return letArgs(ctx, args[1:]), nil
	case "__sf_psload":
		return r.loadPipeStatus(ctx, args), nil
	case "echo":
		return append([]string{"__sf_echo"}, args[1:]...), nil
	case "[", "test":
		if !slices.Contains(args[1:], "-v") { // -v VAR needs the shell's variables
			return append([]string{"__sf_test", args[0]}, args[1:]...), nil
		}
	case "pwd":
		if slices.Contains(args[1:], "-P") { // the physical path, resolved through the workspace
			return append([]string{"__sf_pwd"}, args[1:]...), nil
		}
		return []string{"pwd"}, nil
	case "source", ".":
		return r.source(ctx, args), nil
	case "cd":
		return r.checkCd(ctx, args), nil
	case "unset":
		if len(args) > 2 && args[1] == "-f" {
			r.funcs.remove(args[2:])
		}
	case "return":
		if len(args) == 1 { // bash returns the last command's status
			return []string{"return", strconv.Itoa(interp.HandlerCtx(ctx).LastExitStatus)}, nil
		}
	}
	return args, nil
}

// maxScript bounds a program parsed at once (eval's arguments): its syntax
// tree takes several times its size.
const maxScript = 16 << 20

func argsSize(args []string) int {
	n := 0
	for _, a := range args {
		n += len(a)
	}
	return n
}

// framesPerLevel is about how many Go frames one level of a shell
// function call takes in the interpreter (8 to 13 for a plain call, about
// 24 through a command substitution).
const framesPerLevel = 16

// tooDeep measures, at every 16th function call or source of the run,
// how deep the interpreter's stack is, and stops the run past its depth
// budget: the Go stack would otherwise grow until the process dies.
func (r *run) tooDeep(name string) bool {
	limit := r.budget.Limits().Depth
	if limit <= 0 || !r.funcs.has(name) && name != "source" && name != "." && name != "eval" || r.calls.Add(1)%16 != 0 {
		return false
	}
	pcs := make([]uintptr, limit*framesPerLevel+1)
	if int64(runtime.Callers(0, pcs)) <= limit*framesPerLevel {
		return false
	}
	r.budget.Trip(budget.Depth)
	return true
}

// checkCd reports a directory that cd cannot enter with bash's message
// (the interpreter's own reads differently).
func (r *run) checkCd(ctx context.Context, args []string) []string {
	physical := false
	for len(args) > 2 && (args[1] == "-P" || args[1] == "-L" || args[1] == "-e" || args[1] == "-Pe") {
		physical = args[1] != "-L"
		args = append(args[:1:1], args[2:]...)
	}
	if len(args) != 2 || args[1] == "-" || args[1] == "" {
		return args
	}
	p, stop := r.proc(ctx, []string{"cd"})
	defer stop()
	if physical { // cd -P: enter the directory by its path without symlinks
		if real, err := builtins.PhysicalPath(p, args[1]); err == nil {
			args = []string{"cd", real}
		}
	}
	fi, err := p.Stat(args[1])
	msg := ""
	switch {
	case err != nil:
		msg = builtins.ErrText(err)
	case !fi.IsDir():
		msg = "Not a directory"
	default:
		return args
	}
	fmt.Fprintf(p.Stderr, "shellfence: cd: %s: %s\n", args[1], msg)
	return []string{"false"}
}

// noop is the command that stands for one that does nothing: the
// internal __sf_status, never ":", which a program may define as a
// function (the fork bomb does, and every loop's tick then ran it).
var noop = []string{"__sf_status", "0"}

// internal holds the commands the call handler rewrites to. They are the
// shell's own and so not subject to the allowlist.
var internal = map[string]func(r *run, p *builtins.Proc) int{
	"__sf_type":   (*run).typeCmd,
	"commands":    (*run).commandsCmd,
	"__sf_atq":    (*run).atQ,
	"__sf_ps":     (*run).recordStage,
	"__sf_time":   (*run).timeCmd,
	"__sf_fields": (*run).checkFields,
	"__sf_status": func(r *run, p *builtins.Proc) int {
		n, _ := strconv.Atoi(p.Args[len(p.Args)-1])
		return n
	},
	"__sf_echo": func(r *run, p *builtins.Proc) int {
		p.Args[0] = "echo"
		return builtins.Run(builtins.ShellEcho, p)
	},
	"__sf_pwd": func(r *run, p *builtins.Proc) int {
		f, _ := builtins.Lookup("pwd")
		p.Args[0] = "pwd"
		return builtins.Run(f, p)
	},
	"__sf_umask": func(r *run, p *builtins.Proc) int {
		p.Args[0] = "umask"
		return builtins.Run(builtins.ShellUmask, p)
	},
	"__sf_test": func(r *run, p *builtins.Proc) int {
		p.Args = p.Args[1:]
		return builtins.Run(builtins.ShellTest, p)
	},
	"__sf_printf": func(r *run, p *builtins.Proc) int {
		p.Args[0] = "printf"
		return builtins.Run(func(p *builtins.Proc) int { return builtins.ShellPrintf(p, noVar) }, p)
	},
}

func noVar(name, _ string) error { return fmt.Errorf("%s: cannot assign here", name) }

// printf replaces the interpreter's printf (which lacks precisions, %q,
// -v and more) with bash's. With -v the output is computed here and the
// assignment handed back to the interpreter as an eval of a quoted value,
// with printf's status; otherwise the command runs as __sf_printf.
func (r *run) printf(ctx context.Context, args []string) []string {
	if !slices.ContainsFunc(args[1:], func(a string) bool { return strings.HasPrefix(a, "-v") }) {
		return append([]string{"__sf_printf"}, args[1:]...)
	}
	p, stop := r.proc(ctx, args)
	defer stop()
	var assign string
	setVar := func(name, value string) error {
		q, err := syntax.Quote(value, syntax.LangBash)
		if err != nil {
			return fmt.Errorf("printf: %s: value cannot be assigned", name)
		}
		assign = name + "=" + q + "; "
		return nil
	}
	code := builtins.Run(func(p *builtins.Proc) int { return builtins.ShellPrintf(p, setVar) }, p)
	return quietEval(fmt.Sprintf("%s(exit %d)", assign, code))
}

// quietEval is the command that runs code, generated by a handler, out of
// sight of set -x: bash traces the command the script wrote (as the
// interpreter has already done), never the code it was turned into.
func quietEval(code string) []string {
	return []string{"eval", "{ " + code + "; } 2>/dev/null"}
}

var keywords = []string{"!", "[[", "]]", "case", "coproc", "do", "done", "elif", "else",
	"esac", "fi", "for", "function", "if", "in", "select", "then", "time", "until", "while", "{", "}"}

// typeCmd implements type [-aftpP], command -v, command -V and hash
// without looking at the host's PATH. Registry commands answer as the
// files bash would find, /usr/bin/NAME, which is also a name that runs
// them here.
func (r *run) typeCmd(p *builtins.Proc) int {
	mode, names := p.Args[1], p.Args[2:]
	flags := ""
	for len(names) > 0 && strings.HasPrefix(names[0], "-") && len(names[0]) > 1 && mode == "type" {
		flags += names[0][1:]
		names = names[1:]
	}
	w := bufio.NewWriter(p.Stdout)
	defer w.Flush()
	status := 0
	for _, n := range names {
		kind := r.kindOf(n)
		if kind == "" || strings.Contains(flags, "P") && kind != "file" {
			status = 1
			if flags == "" {
				r.typeNotFound(p, mode, n)
			}
			continue
		}
		if line := typeLine(mode, flags, n, kind); line != "" {
			fmt.Fprintln(w, line)
		}
		if kind == "function" && (mode == "type" || mode == "command-V") && flags == "" {
			fmt.Fprintln(w, r.funcs.text(n))
		}
	}
	return status
}

// typeLine is what type or command prints for name of the given kind
// (keyword, builtin or file).
func typeLine(mode, flags, name, kind string) string {
	path := "/usr/bin/" + name
	switch {
	case mode == "hash":
		return ""
	case mode == "command-v" && kind == "file":
		return path
	case mode == "command-v":
		return name
	case strings.Contains(flags, "t"):
		return kind
	case strings.ContainsAny(flags, "pP"):
		if kind == "file" {
			return path
		}
		return ""
	case kind == "file":
		return name + " is " + path
	case kind == "function":
		return name + " is a function"
	}
	return name + " is a shell " + kind
}

func (r *run) typeNotFound(p *builtins.Proc, mode, n string) {
	switch mode {
	case "type", "command-V":
		fmt.Fprintf(p.Stderr, "shellfence: type: %s: not found\n", n)
	case "hash":
		fmt.Fprintf(p.Stderr, "shellfence: hash: %s: not found\n", n)
	}
}

// kindOf says what name is: a shell keyword, a shell builtin, or nothing
// that can run here.
func (r *run) kindOf(name string) string {
	switch {
	case slices.Contains(keywords, name):
		return "keyword"
	case r.funcs.has(name):
		return "function"
	case interp.IsBuiltin(name):
		return "builtin"
	}
	if _, ok := r.e.lookup(name); ok && allowed(r.allow, name) {
		return "file"
	}
	return ""
}

// trapArgs keeps the traps the interpreter runs (EXIT and ERR) and drops
// signals: no signal ever reaches an in-process run, and the interpreter
// rejects their names, which made `set -e; trap cleanup EXIT INT TERM`
// end the script.
func trapArgs(args []string) []string {
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" && args[i] != "--" {
		i++
	}
	if i < len(args) && args[i] == "--" {
		i++
	}
	rest := args[i:]
	if len(rest) == 0 {
		return args
	}
	head, sigs := args[:i], rest[1:]
	if len(rest) == 1 { // "trap SIG": reset it
		head, sigs = append(args[:i:i], "-"), rest
	} else {
		head = append(args[:i:i], rest[0])
	}
	var kept []string
	for _, s := range sigs {
		switch strings.TrimPrefix(strings.ToUpper(s), "SIG") {
		case "EXIT", "0":
			kept = append(kept, "EXIT")
		case "ERR":
			kept = append(kept, "ERR")
		}
	}
	if len(kept) == 0 {
		return noop
	}
	return append(head, kept...)
}
