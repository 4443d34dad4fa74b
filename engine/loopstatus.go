package engine

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The interpreter ends a while or until loop with status 0, where bash
// gives the status of the last command the body ran (0 if it never ran):
// `... | while read l; do test "$l" = x && echo; done` fails in bash when
// the last line is not x. Each loop is rewritten to carry that status:
//
//	while C; do B; done   becomes
//	{ __sf_wsN=0; while C; do __sf_wsN=0; B; __sf_wsN=$?; done; [[ $- == *e* ]] || (exit $__sf_wsN); }
//
// (break and continue are status 0, which the first assignment provides).
// Under set -e bash does not stop for a loop's status, and neither may the
// rewrite, so there the loop ends with 0, as the interpreter has it.
// Under set -x the rewrite would show, so scripts that turn tracing on
// are left as written.

// rewriteLoops applies the rewrite to every while and until loop under n.
func (r *run) rewriteLoops(n syntax.Node) {
	syntax.Walk(n, func(node syntax.Node) bool {
		st, ok := node.(*syntax.Stmt)
		if !ok {
			return true
		}
		wc, ok := st.Cmd.(*syntax.WhileClause)
		if !ok {
			return true
		}
		for _, s := range wc.Do {
			r.rewriteLoops(s)
		}
		for _, s := range wc.Cond {
			r.rewriteLoops(s)
		}
		r.loops++
		v := fmt.Sprintf("__sf_ws%d", r.loops)
		wc.Do = append(append([]*syntax.Stmt{assign(v, lit("0"))}, wc.Do...), assign(v, paramWord("?")))
		exit, err := parse("[[ $- == *e* ]] || (exit $"+v+")", "")
		if err != nil {
			panic(err) // a fixed, valid snippet
		}
		st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{assign(v, lit("0")), {Cmd: wc}, exit.Stmts[0]}}
		return false
	})
}

// assign builds NAME=VALUE.
func assign(name string, value *syntax.Word) *syntax.Stmt {
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
		Name: &syntax.Lit{Value: name}, Value: value,
	}}}}
}

// paramWord builds $NAME.
func paramWord(name string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: name}}}}
}

// tracesCommands reports whether the program may turn on set -x (or -v),
// whose output would show the loop rewrite.
func tracesCommands(file *syntax.File) bool {
	found := false
	syntax.Walk(file, func(n syntax.Node) bool {
		ce, ok := n.(*syntax.CallExpr)
		if !ok || len(ce.Args) < 2 {
			return !found
		}
		if name := ce.Args[0].Lit(); name == "set" || name == "shopt" {
			for _, a := range ce.Args[1:] {
				if w := a.Lit(); w == "xtrace" || w == "verbose" || len(w) > 1 && (w[0] == '-' || w[0] == '+') && strings.ContainsAny(w[1:], "xv") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// Loops that run no command (for ((;;)); do x=$x$x; done) would never
// reach the call handler, where the watchdog's check of the heap is made
// in the run's own goroutine. So every loop begins its condition (while,
// until) or its body (for) with __sf_tick, which the call handler checks
// and turns into __sf_status with the status the loop had (never `:`,
// which the program may have made a function).

// tick is the command the rewrite inserts.
const tick = "__sf_tick"

// rewriteTicks applies the rewrite to every loop under n.
func rewriteTicks(n syntax.Node) {
	syntax.Walk(n, func(node syntax.Node) bool {
		switch c := node.(type) {
		case *syntax.WhileClause:
			c.Cond = append([]*syntax.Stmt{tickStmt()}, c.Cond...)
		case *syntax.ForClause:
			c.Do = append([]*syntax.Stmt{tickStmt()}, c.Do...)
		}
		return true
	})
}

func tickStmt() *syntax.Stmt {
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(tick)}}}
}
