package engine

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Assigning a readonly variable in a command of assignments only (x=2,
// a[0]=3, x+=2) abandons the line in bash (see abort.go); the
// interpreter prints "x: readonly variable" and goes on. Each such
// command that assigns a name the shell may have made readonly (one a
// readonly, declare -r, typeset -r or local -r of this program or an
// earlier one of the session names, and bash's own UID and EUID) is
// rewritten to check first:
//
//	x=2  ->  { __sf_ro x && __sf_ok; x=2; }
//
// __sf_ro keeps $? (x=$? still sees it) and, when x is readonly, prints
// bash's message and gives up the line. A name made readonly in a way
// the rewrite cannot see (readonly "$name", eval) keeps the
// interpreter's behaviour.

const roCmd = "__sf_ro"

// roNames lists the names the shell may have made readonly.
type roNames map[string]bool

// rewriteReadonly puts the check before the assignments of file to the
// names it or an earlier program makes readonly.
func (r *run) rewriteReadonly(file *syntax.File) {
	if r.roNames == nil {
		r.roNames = roNames{"UID": true, "EUID": true}
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		if d, ok := n.(*syntax.DeclClause); ok {
			r.roNames.addDecl(d)
		}
		return true
	})
	var sts []*syntax.Stmt
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && r.roNames.assigned(st) != nil {
			sts = append(sts, st)
		}
		return true
	})
	inFunc := funcStmts(file)
	for _, st := range sts {
		r.checked.Store(true)
		st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{roCheck(st, inFunc[st], r.roNames.assigned(st)), {Cmd: st.Cmd}}}
	}
}

// funcStmts is the set of the statements of file in a function's body.
func funcStmts(file *syntax.File) map[*syntax.Stmt]bool {
	in := map[*syntax.Stmt]bool{}
	syntax.Walk(file, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok {
			syntax.Walk(fd.Body, func(n syntax.Node) bool {
				if st, ok := n.(*syntax.Stmt); ok {
					in[st] = true
				}
				return true
			})
		}
		return true
	})
	return in
}

// addDecl adds the names d makes readonly.
func (ro roNames) addDecl(d *syntax.DeclClause) {
	if d.Variant.Value != "readonly" && !strings.Contains(declFlags(d), "r") {
		return
	}
	for _, a := range d.Args {
		if a.Name != nil {
			ro[a.Name.Value] = true
		}
	}
}

// declFlags is the option letters of d written as literal words.
func declFlags(d *syntax.DeclClause) string {
	var b strings.Builder
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if o := a.Value.Lit(); strings.HasPrefix(o, "-") {
				b.WriteString(o[1:])
			}
		}
	}
	return b.String()
}

// simpleWords lists the words of st, when it is a simple command: its
// arguments, then the values it assigns.
func simpleWords(st *syntax.Stmt) []*syntax.Word {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	words := append([]*syntax.Word{}, c.Args...)
	for _, a := range c.Assigns {
		if a.Value != nil {
			words = append(words, a.Value)
		}
	}
	return words
}

// assigned lists the names st assigns that may be readonly, when st is a
// command of assignments only.
func (ro roNames) assigned(st *syntax.Stmt) []string {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) > 0 {
		return nil
	}
	var names []string
	for _, a := range c.Assigns {
		if a.Name != nil && ro[a.Name.Value] {
			names = append(names, a.Name.Value)
		}
	}
	return names
}

// roCheck is `__sf_ro WHERE NAMES... && __sf_ok`, placed where st
// is; WHERE is f in a function's body, - elsewhere.
func roCheck(st *syntax.Stmt, inFunc bool, names []string) *syntax.Stmt {
	cmd := lit(roCmd)
	cmd.Parts[0].(*syntax.Lit).ValuePos = st.Pos()
	where := "-"
	if inFunc {
		where = "f"
	}
	call := &syntax.CallExpr{Args: []*syntax.Word{cmd, lit(where)}}
	for _, n := range names {
		call.Args = append(call.Args, lit(n))
	}
	return keepingStatus(call)
}

// roCall is what __sf_ro WHERE NAMES... runs.
func (r *run) roCall(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	if len(args) == 0 {
		return noop
	}
	for _, n := range args[1:] {
		if hc.Env.Get(n).ReadOnly {
			fmt.Fprintf(hc.Stderr, "%s: line %d: %s: readonly variable\n", msgShell(ctx, args[0] == "f"), posLine(hc.Pos), n)
			return abandon(ctx, false)
		}
	}
	return r.keptStatus(ctx)
}

// msgShell is the name bash's messages start with: $0, but for a
// function of a bash -c program "environment" (bash 5.2 names the
// source of such functions so).
func msgShell(ctx context.Context, inFunc bool) string {
	if inFunc && !interp.HandlerCtx(ctx).Env.Get("BASH_SOURCE").IsSet() {
		return "environment"
	}
	return shellName(ctx)
}

// posLine is the line of pos, 1 when it has none.
func posLine(pos syntax.Pos) uint {
	if pos.IsValid() {
		return pos.Line()
	}
	return 1
}
