package engine

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The interpreter evaluates a quoted argument of let ("z=3+4", 'y=2**10')
// as the name of a variable, and so ignores it with status 1. Every let
// with a quoted argument is rewritten into __sf_let with its arguments as
// words; the call handler parses each expanded argument as bash's let
// does and hands the interpreter the arithmetic commands to evaluate.

// rewriteLet turns the let commands of file that have a quoted argument
// into __sf_let calls.
func rewriteLet(file *syntax.File) {
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			if lc, ok := st.Cmd.(*syntax.LetClause); ok && hasQuotedWord(lc) {
				if call := letCall(lc); call != nil {
					st.Cmd = call
				}
			}
		}
		return true
	})
}

func hasQuotedWord(lc *syntax.LetClause) bool {
	for _, e := range lc.Exprs {
		if w, ok := e.(*syntax.Word); ok && w.Lit() == "" {
			return true
		}
	}
	return false
}

// letCall is the __sf_let call for lc; nil when an expression cannot be
// written as a double-quoted word.
func letCall(lc *syntax.LetClause) *syntax.CallExpr {
	call := &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_let")}}
	for _, e := range lc.Exprs {
		if w, ok := e.(*syntax.Word); ok {
			call.Args = append(call.Args, w)
			continue
		}
		text, ok := arithText(e)
		if !ok || strings.ContainsAny(text, "\"\\`") {
			return nil
		}
		w, err := syntax.NewParser().Document(strings.NewReader(text))
		if err != nil {
			return nil
		}
		call.Args = append(call.Args, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: w.Parts}}})
	}
	return call
}

// letArgs is what __sf_let runs: each argument checked as an arithmetic
// expression, then evaluated in turn, the status the last one's.
func letArgs(ctx context.Context, args []string) []string {
	if len(args) == 0 {
		return letError(ctx, "expression expected")
	}
	var code []string
	for _, a := range args {
		if i := strings.IndexAny(a, "$`"); i >= 0 {
			return letError(ctx, fmt.Sprintf("%s: syntax error: operand expected (error token is %q)", a, a[i:]))
		}
		text, ok := letExpr(a)
		if !ok {
			return letError(ctx, arithSyntaxMsg(a))
		}
		code = append(code, "(( "+text+" ))")
	}
	return []string{"eval", strings.Join(code, " || :; ")}
}

func letError(ctx context.Context, msg string) []string {
	hc := interp.HandlerCtx(ctx)
	fmt.Fprintf(hc.Stderr, "%s: line %d: let: %s\n", shellName(ctx), max(hc.Pos.Line(), 1), msg)
	return []string{"__sf_status", "1"}
}

// arithText prints an arithmetic expression (the printer takes it inside
// an arithmetic command only).
func arithText(e syntax.ArithmExpr) (string, bool) {
	var b strings.Builder
	if syntax.NewPrinter().Print(&b, &syntax.ArithmCmd{X: e}) != nil {
		return "", false
	}
	s, ok := strings.CutPrefix(strings.TrimSpace(strings.ReplaceAll(b.String(), "\\\n", "")), "((")
	s, ok2 := strings.CutSuffix(s, "))")
	return s, ok && ok2
}

// letExpr checks that a is one arithmetic expression, nothing more, and
// prints it back.
func letExpr(a string) (string, bool) {
	f, err := parse("(( "+a+"\n))", "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) > 0 || f.Stmts[0].Background || f.Stmts[0].Negated {
		return "", false
	}
	ac, ok := f.Stmts[0].Cmd.(*syntax.ArithmCmd)
	if !ok || ac.X == nil {
		return "", false
	}
	return arithText(ac.X)
}
