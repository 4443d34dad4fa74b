package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// An arithmetic expansion that divides by zero ($((5/0)), $((a%b)) with
// b=0) or holds a number too great for its base ($((08))) abandons the
// line in bash (see abort.go), with "bash: line N: 5/0: division by 0
// (error token is "0")"; the interpreter prints "division by zero" (08
// it reads as 0) and goes on. A simple command whose words hold such
// expansions is rewritten to check first:
//
//	echo $((a/b))  ->  { __sf_arith WHERE d "$((b))" 'b' 'a/b' && __sf_ok; echo $((a/b)); }
//
// Each divisor is evaluated once more by the check, so an expansion is
// left alone when evaluating it twice, or only part of it, could differ
// from bash: one that assigns (=, +=, ++, --), has a condition (?:, &&,
// ||), or divides inside a divisor. A literal like 08 or 09 fails
// always (kind b).

const arithCmd = "__sf_arith"

// rewriteArith puts the checks before the simple commands of file, whose
// source is src, that have arithmetic expansions that can fail.
func (r *run) rewriteArith(file *syntax.File, src string) {
	type site struct {
		st     *syntax.Stmt
		checks []*syntax.Stmt
	}
	type cmdSite struct {
		st   *syntax.Stmt
		call *syntax.CallExpr
	}
	var sites []site
	var cmds []cmdSite
	inFunc := funcStmts(file)
	syntax.Walk(file, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		if ac, ok := st.Cmd.(*syntax.ArithmCmd); ok {
			if call := arithCheck(st, ac.X, ac.Left, ac.Right, "((", src, inFunc[st]); call != nil {
				cmds = append(cmds, cmdSite{st, call})
			}
			return true
		}
		var checks []*syntax.Stmt
		for _, ae := range arithExps(st) {
			if call := arithCheck(st, ae.X, ae.Left, ae.Right, "$((", src, inFunc[st]); call != nil {
				checks = append(checks, keepingStatus(call))
			}
		}
		if len(checks) > 0 {
			sites = append(sites, site{st, checks})
		}
		return true
	})
	for _, s := range sites {
		r.checked.Store(true)
		s.st.Cmd = &syntax.Block{Stmts: append(s.checks, &syntax.Stmt{Cmd: s.st.Cmd})}
	}
	for _, c := range cmds {
		c.st.Cmd = checkedArithCmd(c.call, c.st.Cmd.(*syntax.ArithmCmd))
	}
}

// arithExps lists the arithmetic expansions in the words of a simple
// command (outside other expansions).
func arithExps(st *syntax.Stmt) []*syntax.ArithmExp {
	var out []*syntax.ArithmExp
	var add func(parts []syntax.WordPart)
	add = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.DblQuoted:
				add(p.Parts)
			case *syntax.ArithmExp:
				if !p.Bracket && !p.Unsigned {
					out = append(out, p)
				}
			}
		}
	}
	for _, w := range simpleWords(st) {
		add(w.Parts)
	}
	return out
}

// arithFail is one spot of an expression that can fail: a divisor (d)
// or a literal too great for its base (b).
type arithFail struct {
	kind byte
	at   syntax.ArithmExpr
}

// checkedArithCmd is `if CHECK; then (( X )); else ! __sf_ok; fi`: a
// failed check skips the command, which then fails as bash's does (set -e
// and the ERR trap see the if fail, once).
func checkedArithCmd(call *syntax.CallExpr, ac *syntax.ArithmCmd) *syntax.IfClause {
	fail := &syntax.Stmt{Negated: true, Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(okCmd)}}}
	return &syntax.IfClause{
		Cond: []*syntax.Stmt{{Cmd: call}},
		Then: []*syntax.Stmt{{Cmd: ac}},
		Else: &syntax.IfClause{Then: []*syntax.Stmt{fail}},
	}
}

// arithCheck is the check of the expression x between left (where open,
// "$((" or "((", starts) and right, nil when it needs none or cannot have
// one.
func arithCheck(st *syntax.Stmt, x syntax.ArithmExpr, left, right syntax.Pos, open, src string, inFunc bool) *syntax.CallExpr {
	start, end := int(left.Offset())+len(open), int(right.Offset())
	if x == nil || start > end || end > len(src) || src[left.Offset():start] != open {
		return nil
	}
	fails, ok := failSpots(x)
	if !ok || len(fails) == 0 {
		return nil
	}
	cmd := lit(arithCmd)
	cmd.Parts[0].(*syntax.Lit).ValuePos = st.Pos()
	where := "-"
	if inFunc {
		where = "f"
	}
	if open == "((" {
		where += "c"
	}
	call := &syntax.CallExpr{Args: []*syntax.Word{cmd, lit(where)}}
	for _, f := range fails {
		from := int(f.at.Pos().Offset())
		if from < start || from > end {
			return nil
		}
		value := lit("1")
		if f.kind == 'd' {
			value = &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ArithmExp{X: f.at}}}}}
		}
		// bash names the expression and the rest of it from the divisor;
		// for a literal, the expression up to it and the literal.
		exprEnd, tokEnd := end, end
		if f.kind == 'b' {
			exprEnd, tokEnd = int(f.at.End().Offset()), int(f.at.End().Offset())
		}
		expr := strings.TrimLeft(src[start:exprEnd], " \t\n")
		call.Args = append(call.Args, lit(string(f.kind)), value, sq(src[from:tokEnd]), sq(expr))
	}
	return call
}

func sq(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}}
}

// failSpots lists, in source order, where x can fail; false when x
// cannot be checked beforehand (see above).
func failSpots(x syntax.ArithmExpr) ([]arithFail, bool) {
	var fails []arithFail
	ok := true
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.UnaryArithm:
			ok = ok && n.Op != syntax.Inc && n.Op != syntax.Dec
		case *syntax.BinaryArithm:
			switch {
			case assigns(n.Op), n.Op == syntax.TernQuest, n.Op == syntax.AndArit, n.Op == syntax.OrArit:
				ok = false
			case n.Op == syntax.Quo || n.Op == syntax.Rem:
				if divides(n.Y) {
					ok = false
				} else if !nonzeroLit(n.Y) {
					fails = append(fails, arithFail{'d', n.Y})
				}
			}
		case *syntax.Word:
			if badBase(n.Lit()) {
				fails = append(fails, arithFail{'b', n})
			}
		case *syntax.CmdSubst, *syntax.ArithmExp:
			ok = false
		}
		return ok
	})
	sort.SliceStable(fails, func(i, j int) bool { return fails[i].at.Pos().Offset() < fails[j].at.Pos().Offset() })
	return fails, ok
}

// assigns reports whether op is one of the assignment operators.
func assigns(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn,
		syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// divides reports whether x holds a division or remainder.
func divides(x syntax.ArithmExpr) bool {
	found := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryArithm); ok && (b.Op == syntax.Quo || b.Op == syntax.Rem) {
			found = true
		}
		return !found
	})
	return found
}

// nonzeroLit reports whether x is a decimal literal other than 0.
func nonzeroLit(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	s := w.Lit()
	return s != "" && s[0] >= '1' && s[0] <= '9' && strings.Trim(s, "0123456789") == ""
}

// badBase reports whether s is an octal literal with a digit 8 or 9.
func badBase(s string) bool {
	return len(s) > 1 && s[0] == '0' && strings.Trim(s, "0123456789") == "" && strings.ContainsAny(s, "89")
}

// arithCall is what __sf_arith WHERE (KIND VALUE TOKEN EXPR)... runs.
// WHERE ends with c for an arithmetic command, whose check only fails
// (bash's (( )) fails without giving up the line).
func (r *run) arithCall(ctx context.Context, args []string) []string {
	hc := interp.HandlerCtx(ctx)
	cmd := len(args) > 0 && strings.HasSuffix(args[0], "c")
	for i := 1; i+3 < len(args); i += 4 {
		reason := ""
		switch {
		case args[i] == "b":
			reason = "value too great for base"
		case args[i+1] == "0":
			reason = "division by 0"
		default:
			continue
		}
		what := args[i+3]
		if cmd {
			what = "((: " + what
		}
		fmt.Fprintf(hc.Stderr, "%s: line %d: %s: %s (error token is \"%s\")\n", msgShell(ctx, args[0][0] == 'f'), posLine(hc.Pos), what, reason, args[i+2])
		if cmd {
			return []string{noop[0], "1"}
		}
		return abandon(ctx, true)
	}
	if cmd {
		return noop
	}
	return r.keptStatus(ctx)
}
