package engine

import (
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/shellfence/shellfence/builtins"
	"github.com/shellfence/shellfence/vfs/budget"
)

// A command substitution that the interpreter splits into fields
// (unquoted among a command's arguments, a for loop's words or an array's
// elements) can make millions of them from output well within the memory
// budget: a=( $(seq 1 5000000) ) takes 38 MB of output and more than
// 400 MB of fields. The split cannot be stopped once it has begun: it
// went on, holding that memory, long after the run was stopped. So each
// such substitution ends with __sf_fields $?, which checks that the
// fields its output will make (fieldCost for each blank, tab or newline
// past the first freeFields) fit in the memory budget, and when they do
// not, drops the output and stops the run before the split. It ends with
// the status it is given, the substitution's own.

const (
	fieldCost  = 96 // about what the interpreter allocates for a field
	freeFields = 1 << 16
)

// rewriteSplitSubst ends each command substitution that is split into
// fields with __sf_fields.
func rewriteSplitSubst(file *syntax.File) {
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for _, w := range n.Args {
				checkFieldsOf(w)
			}
		case *syntax.WordIter:
			for _, w := range n.Items {
				checkFieldsOf(w)
			}
		case *syntax.ArrayExpr:
			for _, e := range n.Elems {
				if e.Value != nil {
					checkFieldsOf(e.Value)
				}
			}
		}
		return true
	})
}

// checkFieldsOf appends __sf_fields to the unquoted command substitutions
// of w, except $(<file), which the interpreter reads as a file only when
// it is alone.
func checkFieldsOf(w *syntax.Word) {
	for _, part := range w.Parts {
		cs, ok := part.(*syntax.CmdSubst)
		if !ok || len(cs.Stmts) == 0 || len(cs.Stmts) == 1 && cs.Stmts[0].Cmd == nil {
			continue
		}
		cs.Stmts = append(cs.Stmts, &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_fields"), paramWord("?")}}})
	}
}

// checkFields is __sf_fields: its standard output is the substitution's
// buffer, whose fields it checks against the memory budget.
func (r *run) checkFields(p *builtins.Proc) int {
	status, _ := strconv.Atoi(p.Args[len(p.Args)-1])
	c, ok := p.Stdout.(*capped)
	if !ok {
		return status
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.sb.String()
	n := int64(strings.Count(s, " ") + strings.Count(s, "\t") + strings.Count(s, "\n"))
	if n <= freeFields {
		return status
	}
	cost := (n - freeFields) * fieldCost
	if err := c.budget.Charge(budget.Memory, cost); err != nil {
		c.sb.Reset()
		fmt.Fprintf(p.Stderr, "shellfence: %v\n", err)
		return ExitBudget
	}
	c.budget.Release(budget.Memory, cost)
	return status
}
