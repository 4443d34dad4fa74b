package engine

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// parse parses a bash command line. name becomes $0.
func parse(src, name string) (*syntax.File, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	return p.Parse(strings.NewReader(src), name)
}

// prepare checks a parsed program before it runs. It refuses what would
// touch the host (coprocesses and output process substitution run
// processes in the background) and turns each input process substitution
// <(cmd) into a command substitution that runs cmd into an in-memory file
// only this run can open, and expands to that file's /dev/fd name. src
// is the program's text, "" for a sourced file, which gets none of the
// checks that give up a line (see abort.go): bash gives up the line of
// the sourced file, which the engine cannot resume.
func (r *run) prepare(file *syntax.File, src string, opts []string) error {
	r.shellState.mu.Lock()
	defer r.shellState.mu.Unlock()
	var err error
	syntax.Walk(file, func(n syntax.Node) bool {
		if err != nil {
			return false
		}
		switch n := n.(type) {
		case *syntax.FuncDecl:
			if n.Name == nil { // the parser takes "() cmd" for a nameless function
				err = fmt.Errorf("line %d: syntax error near unexpected token `)'", n.Pos().Line())
			}
		case *syntax.CoprocClause:
			err = fmt.Errorf("line %d: coproc is not supported (no two-way pipe to a job): run the command in the background with cmd &, with its input and output in files", n.Pos().Line())
		case *syntax.Stmt:
			if n.Background {
				r.mayHaveJobs.Store(true)
			}
		case *syntax.Word:
			err = r.rewriteProcSubst(n)
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	r.rewrite(file, src, opts)
	return nil
}

// rewrite applies the rewrites that give the interpreter bash's behaviour
// where its own differs (each file says why).
func (r *run) rewrite(file *syntax.File, src string, opts []string) {
	r.funcs.add(file)
	r.rewriteArrayOps(file)
	rewriteLet(file)
	rewriteAtQ(file)
	rewriteFDs(file)
	markRedirs(file)
	r.rewriteTime(file)
	subshellLastStages(file)
	if readsParam(file, "PIPESTATUS") {
		r.rewritePipelines(file)
	}
	if tracesCommands(file) || slices.ContainsFunc(opts, isTraceOpt) {
		r.traced.Store(true)
	} else {
		r.rewriteLoops(file)
		if src != "" {
			r.rewriteReadonly(file)
			r.rewriteArith(file, src)
		}
		rewriteRequired(file)
		r.rewriteIntegers(file)
		rewriteTicks(file)
		rewriteSplitSubst(file)
	}
}

func (r *run) rewriteProcSubst(w *syntax.Word) error {
	for i, part := range w.Parts {
		ps, ok := part.(*syntax.ProcSubst)
		if !ok {
			continue
		}
		if ps.Op != syntax.CmdIn {
			return fmt.Errorf("line %d: output process substitution %s...) is not supported: write to a file, then read it", ps.Pos().Line(), ps.Op)
		}
		w.Parts[i] = r.procSubstCmd(ps)
	}
	return nil
}

// procSubstCmd builds $( { STMTS; } >/dev/fd/N; builtin echo /dev/fd/N ).
func (r *run) procSubstCmd(ps *syntax.ProcSubst) *syntax.CmdSubst {
	name := fmt.Sprintf("/dev/fd/%d", r.nextFD)
	r.substFDs[r.nextFD].Store(true)
	if r.nextFD--; r.nextFD < 10 {
		r.nextFD = 63
	}
	body := &syntax.Stmt{
		Cmd:    &syntax.Block{Stmts: ps.Stmts},
		Redirs: []*syntax.Redirect{{Op: syntax.RdrOut, Word: lit(name)}},
	}
	echo := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("builtin"), lit("echo"), lit(name)}}}
	return &syntax.CmdSubst{Stmts: []*syntax.Stmt{body, echo}}
}

func lit(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
}

// isTraceOpt reports whether a shell option turns on tracing (-x, -v).
func isTraceOpt(o string) bool {
	return o == "xtrace" || o == "verbose" || len(o) > 1 && o[0] == '-' && o[1] != '-' && strings.ContainsAny(o[1:], "xv")
}

// readsParam reports whether the program expands the parameter name.
func readsParam(file *syntax.File, name string) bool {
	found := false
	syntax.Walk(file, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == name {
			found = true
		}
		return !found
	})
	return found
}
