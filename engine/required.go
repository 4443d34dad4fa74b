package engine

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// ${v:?msg} and ${v?msg} of an unset (or, with the colon, empty) v end
// the shell: bash prints "bash: line N: v: msg" ("parameter null or not
// set", "parameter not set" without a message) and exits with status 127,
// a subshell with 1. The interpreter prints "v: msg" and exits with 1.
// A simple command whose words hold such an expansion (outside another
// expansion, and with no command substitution in the command, which
// would run first in bash) is rewritten to check first:
//
//	echo ${v:?msg}  ->  { __sf_req LINE WHERE v :? "${v+x}${v:+y}" "msg" && __sf_ok; echo ${v:?msg}; }
//
// The check keeps $?; when the parameter fails it prints bash's message
// and exits 1, noting the status 127 for the top level (see
// [run.unbound]).

const reqCmd = "__sf_req"

// rewriteRequired puts the checks before the commands of file that have
// ${v?} or ${v:?} expansions.
func rewriteRequired(file *syntax.File) {
	var sts []*syntax.Stmt
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && len(requiredParams(st)) > 0 {
			sts = append(sts, st)
		}
		return true
	})
	inFunc := funcStmts(file)
	for _, st := range sts {
		block := &syntax.Block{}
		for _, pe := range requiredParams(st) {
			block.Stmts = append(block.Stmts, reqCheck(st, pe, inFunc[st]))
		}
		st.Cmd = &syntax.Block{Stmts: append(block.Stmts, &syntax.Stmt{Cmd: st.Cmd})}
	}
}

// requiredParams lists the ${v?} and ${v:?} expansions of a simple
// command's words, nil when it has a command substitution.
func requiredParams(st *syntax.Stmt) []*syntax.ParamExp {
	var out []*syntax.ParamExp
	for _, w := range simpleWords(st) {
		if hasSubst(w) {
			return nil
		}
		out = appendRequired(out, w.Parts)
	}
	return out
}

func appendRequired(out []*syntax.ParamExp, parts []syntax.WordPart) []*syntax.ParamExp {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.DblQuoted:
			out = appendRequired(out, p.Parts)
		case *syntax.ParamExp:
			if isRequired(p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func isRequired(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && (pe.Exp.Op == syntax.ErrorUnset || pe.Exp.Op == syntax.ErrorUnsetOrNull) &&
		pe.Param != nil && !pe.Excl && !pe.Length && pe.Slice == nil && pe.Repl == nil && pe.Names == 0
}

// hasSubst reports whether w holds a command, process or arithmetic
// substitution.
func hasSubst(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			found = true
		}
		return !found
	})
	return found
}

// reqCheck is the check of pe, placed where st is.
func reqCheck(st *syntax.Stmt, pe *syntax.ParamExp, inFunc bool) *syntax.Stmt {
	cmd := lit(reqCmd)
	cmd.Parts[0].(*syntax.Lit).ValuePos = st.Pos()
	where := "-"
	if inFunc {
		where = "f"
	}
	state := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
		&syntax.ParamExp{Param: pe.Param, Index: pe.Index, Exp: &syntax.Expansion{Op: syntax.AlternateUnset, Word: lit("x")}},
		&syntax.ParamExp{Param: pe.Param, Index: pe.Index, Exp: &syntax.Expansion{Op: syntax.AlternateUnsetOrNull, Word: lit("y")}},
	}}}}
	msg := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{}}}
	if pe.Exp.Word != nil {
		msg = pe.Exp.Word
	}
	call := &syntax.CallExpr{Args: []*syntax.Word{cmd, lit(where), lit(paramName(pe)), lit(pe.Exp.Op.String()), state, msg}}
	return keepingStatus(call)
}

// paramName is the parameter as bash's message names it (a[1] for an
// element).
func paramName(pe *syntax.ParamExp) string {
	name := pe.Param.Value
	if pe.Index != nil {
		if text, ok := arithText(pe.Index); ok {
			name += "[" + text + "]"
		}
	}
	return name
}

// reqCall is what __sf_req WHERE NAME OP STATE MSG runs.
func (r *run) reqCall(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	if len(args) != 5 {
		return noop
	}
	where, name, op, state, msg := args[0], args[1], args[2], args[3], args[4]
	if state == "xy" || state == "x" && op == "?" {
		return r.keptStatus(ctx)
	}
	if msg == "" && op == "?" {
		msg = "parameter not set"
	} else if msg == "" {
		msg = "parameter null or not set"
	}
	fmt.Fprintf(hc.Stderr, "%s: line %d: %s: %s\n", msgShell(ctx, where == "f"), posLine(hc.Pos), name, msg)
	r.unbound.Store(true)
	return []string{"exit", "1"}
}
