package engine

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// The interpreter runs the last stage of a pipeline in the current shell
// (bash's lastpipe), where bash runs every stage in a subshell: after
// `cat f | while read l; do n=$((n+1)); done` bash still has the old n,
// and `echo x | exit 3` does not end the script. A last stage that could
// change the shell's state (a compound command, a function, or a builtin
// such as read, cd, exit or declare) is wrapped in a subshell, which
// bash's trace output does not show. Plain commands (grep, sort, wc...)
// are left as they are. A program that sets `shopt -s lastpipe` keeps
// the interpreter's behaviour.

// stateBuiltins are the builtins that can change the shell that runs them.
var stateBuiltins = []string{".", "alias", "break", "builtin", "cd", "command", "continue",
	"declare", "eval", "exec", "exit", "export", "getopts", "hash", "let", "local",
	"mapfile", "popd", "printf", "pushd", "read", "readarray", "readonly", "return",
	"set", "shift", "shopt", "source", "trap", "typeset", "umask", "unalias", "unset", "wait"}

// subshellLastStages wraps the last stage of every pipeline under file
// that needs it.
func subshellLastStages(file *syntax.File) {
	if setsLastpipe(file) {
		return
	}
	funcs := declaredFuncs(file)
	syntax.Walk(file, func(n syntax.Node) bool {
		bc, ok := n.(*syntax.BinaryCmd)
		if ok && isPipe(bc) && changesState(bc.Y, funcs) {
			bc.Y.Cmd = &syntax.Subshell{Stmts: []*syntax.Stmt{{Cmd: bc.Y.Cmd, Redirs: bc.Y.Redirs}}}
			bc.Y.Redirs = nil
		}
		return true
	})
}

// changesState reports whether the pipeline stage st may change the
// shell's variables, directory, functions, options or control flow.
func changesState(st *syntax.Stmt, funcs []string) bool {
	switch c := st.Cmd.(type) {
	case *syntax.Subshell:
		return false
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return len(c.Assigns) > 0
		}
		name := c.Args[0].Lit()
		return name == "" || slices.Contains(stateBuiltins, name) || slices.Contains(funcs, name)
	}
	return true
}

// declaredFuncs lists the names of the functions file declares.
func declaredFuncs(file *syntax.File) []string {
	var names []string
	syntax.Walk(file, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			names = append(names, fd.Name.Value)
		}
		return true
	})
	return names
}

// setsLastpipe reports whether the program may run `shopt -s lastpipe`.
func setsLastpipe(file *syntax.File) bool {
	found := false
	syntax.Walk(file, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "shopt" {
			for _, a := range ce.Args[1:] {
				found = found || a.Lit() == "lastpipe"
			}
		}
		return !found
	})
	return found
}

// funcSet holds the functions the run's programs declare, by name (the
// last declaration of each).
type funcSet struct {
	mu    sync.Mutex
	decls map[string]*syntax.FuncDecl
	jobs  map[string]bool // the function's body starts a background job
}

func (f *funcSet) add(file *syntax.File) {
	f.mu.Lock()
	defer f.mu.Unlock()
	syntax.Walk(file, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			if f.decls == nil {
				f.decls, f.jobs = map[string]*syntax.FuncDecl{}, map[string]bool{}
			}
			f.decls[fd.Name.Value] = fd
			f.jobs[fd.Name.Value] = hasBackground(fd.Body)
		}
		return true
	})
}

// copyFrom makes f hold what g holds.
func (f *funcSet) copyFrom(g *funcSet) {
	g.mu.Lock()
	decls, jobs := maps.Clone(g.decls), maps.Clone(g.jobs)
	g.mu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.decls, f.jobs = decls, jobs
}

// startsJobs reports whether the function name may start a background
// job.
func (f *funcSet) startsJobs(name string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.jobs[name]
}

func hasBackground(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && st.Background {
			found = true
		}
		return !found
	})
	return found
}

// remove forgets names (unset -f).
func (f *funcSet) remove(names []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, n := range names {
		delete(f.decls, n)
	}
}

func (f *funcSet) has(name string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.decls[name]
	return ok
}

// text prints a function the way bash's type and declare -f do:
//
//	f ()
//	{
//	    cmd1;
//	    cmd2
//	}
func (f *funcSet) text(name string) string {
	f.mu.Lock()
	fd := f.decls[name]
	f.mu.Unlock()
	if fd == nil {
		return ""
	}
	stmts := []*syntax.Stmt{fd.Body}
	if b, ok := fd.Body.Cmd.(*syntax.Block); ok && len(fd.Body.Redirs) == 0 {
		stmts = b.Stmts
	}
	var lines []string
	for _, st := range stmts {
		var b strings.Builder
		if syntax.NewPrinter(syntax.Indent(4)).Print(&b, st) != nil {
			return ""
		}
		lines = append(lines, "    "+strings.ReplaceAll(strings.TrimSuffix(b.String(), "\n"), "\n", "\n    "))
	}
	return name + " () \n{ \n" + strings.Join(lines, ";\n") + "\n}"
}
