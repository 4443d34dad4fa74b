package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// declare -i makes a variable an integer: what is assigned to it is
// evaluated as an arithmetic expression (n='n*2', n+=3 adds). The
// interpreter takes the option and stores strings. Assignments to the
// names a declare -i, typeset -i or local -i of the shell's programs
// names (not arrays) are rewritten into arithmetic:
//
//	n=V; n+=W       ->  __sf_int n = "V"; __sf_int n += "W"
//	declare -i n=V  ->  { declare -i n=V; __sf_int n = "$n"; }
//
// and __sf_int evaluates n=$(( V )) (not (( n = V )), after which the
// interpreter forgets that n is exported); a
// value that is not an expression ends the shell with status 1, as in
// bash (a division by zero has the interpreter's message and goes on). An
// assignment the rewrite does not see (read n, for n in, a prefix
// assignment) stores the string; declare -p shows no -i.

const intCmd = "__sf_int"

// intNames lists the names the shell's programs declare integer.
type intNames map[string]bool

// rewriteIntegers turns the assignments of file to integer names into
// arithmetic.
func (r *run) rewriteIntegers(file *syntax.File) {
	if r.intNames == nil {
		r.intNames = intNames{}
	}
	var decls, sets []*syntax.Stmt
	syntax.Walk(file, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		if d, ok := st.Cmd.(*syntax.DeclClause); ok && r.intNames.addDecl(d) {
			decls = append(decls, st)
		}
		return true
	})
	if len(r.intNames) == 0 {
		return
	}
	syntax.Walk(file, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && r.intNames.intCall(st) != nil {
			sets = append(sets, st)
		}
		return true
	})
	for _, st := range sets {
		st.Cmd = r.intNames.intCall(st)
	}
	for _, st := range decls {
		dropIntOption(st.Cmd.(*syntax.DeclClause))
		reeval := &syntax.CallExpr{Args: []*syntax.Word{lit(intCmd)}}
		for _, a := range st.Cmd.(*syntax.DeclClause).Args {
			if a.Name != nil && a.Value != nil {
				reeval.Args = append(reeval.Args, lit(a.Name.Value), lit("="), dquotedParam(a.Name.Value))
			}
		}
		if len(reeval.Args) > 1 {
			st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{{Cmd: st.Cmd}, {Cmd: reeval}}}
		}
	}
}

// dropIntOption takes the i out of d's options, which the interpreter
// refuses.
func dropIntOption(d *syntax.DeclClause) {
	args := d.Args[:0]
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") {
			o := strings.ReplaceAll(a.Value.Lit(), "i", "")
			if o == "-" {
				continue
			}
			a.Value = lit(o)
		}
		args = append(args, a)
	}
	d.Args = args
}

// addDecl adds the names d declares integer and reports whether d is
// such a declaration.
func (in intNames) addDecl(d *syntax.DeclClause) bool {
	switch d.Variant.Value {
	case "declare", "typeset", "local":
	default:
		return false
	}
	if flags := declFlags(d); !strings.Contains(flags, "i") || strings.ContainsAny(flags, "aA") {
		return false
	}
	for _, a := range d.Args {
		if a.Name != nil && a.Index == nil && a.Array == nil {
			in[a.Name.Value] = true
		}
	}
	return true
}

// intCall is the __sf_int call for st, an assignment-only command whose
// every assignment is to an integer name; nil otherwise.
func (in intNames) intCall(st *syntax.Stmt) *syntax.CallExpr {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) > 0 || len(c.Assigns) == 0 {
		return nil
	}
	call := &syntax.CallExpr{Args: []*syntax.Word{lit(intCmd)}}
	for _, a := range c.Assigns {
		if a.Name == nil || !in[a.Name.Value] || a.Index != nil || a.Array != nil || a.Naked {
			return nil
		}
		val, ok := argWord(a.Value)
		if !ok {
			return nil
		}
		op := "="
		if a.Append {
			op = "+="
		}
		call.Args = append(call.Args, lit(a.Name.Value), lit(op), val)
	}
	call.Args[0].Parts[0].(*syntax.Lit).ValuePos = st.Pos()
	return call
}

// argWord is the assigned word v as one argument: what an assignment
// neither splits nor globs, double-quoted; false when that could change
// what it means (a backslash, a brace).
func argWord(v *syntax.Word) (*syntax.Word, bool) {
	if v == nil {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{}}}, true
	}
	out := &syntax.Word{}
	var dq *syntax.DblQuoted
	for _, p := range v.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			out.Parts, dq = append(out.Parts, p), nil
			continue
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\{}~") {
				return nil, false
			}
		}
		if dq == nil {
			dq = &syntax.DblQuoted{}
			out.Parts = append(out.Parts, dq)
		}
		if q, ok := p.(*syntax.DblQuoted); ok {
			dq.Parts = append(dq.Parts, q.Parts...)
		} else {
			dq.Parts = append(dq.Parts, p)
		}
	}
	return out, true
}

func dquotedParam(name string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
		&syntax.ParamExp{Param: &syntax.Lit{Value: name}}}}}}
}

// intArgs is what __sf_int NAME OP VALUE... runs: each value evaluated
// as an arithmetic expression and assigned.
func intArgs(ctx context.Context, args []string) []string {
	var code []string
	for i := 0; i+2 < len(args); i += 3 {
		name, op, val := args[i], args[i+1], args[i+2]
		if strings.TrimSpace(val) == "" {
			val = "0"
		}
		text, ok := letExpr(val)
		if !ok || strings.ContainsAny(val, "$`") {
			hc := interp.HandlerCtx(ctx)
			fmt.Fprintf(hc.Stderr, "%s: line %d: %s\n", shellName(ctx), posLine(hc.Pos), arithSyntaxMsg(val))
			return []string{"exit", "1"} // bash ends the shell
		}
		if op == "+=" {
			text = name + " + (" + text + ")"
		}
		code = append(code, name+"=$(( "+text+" ))")
	}
	if len(code) == 0 {
		return noop
	}
	return []string{"eval", strings.Join(code, "; ")}
}

// arithSyntaxMsg is bash's message for a, which is not one arithmetic
// expression, with its "(error token is ...)" where the parser's error
// shows it.
func arithSyntaxMsg(a string) string {
	_, err := parse("(( "+a+"\n))", "")
	var pe syntax.ParseError
	if i := unmatchedParen(a); i >= 0 {
		return fmt.Sprintf("%s: syntax error in expression (error token is \"%s\")", a, a[i:])
	}
	if !errors.As(err, &pe) || pe.Pos.Line() != 1 || int(pe.Pos.Col()) < 4 || int(pe.Pos.Col())-4 >= len(a) {
		return a + ": syntax error in expression"
	}
	tok := a[pe.Pos.Col()-4:]
	switch {
	case strings.HasSuffix(pe.Text, "must be followed by an expression"), strings.HasSuffix(pe.Text, "must follow an expression"):
		return fmt.Sprintf("%s: syntax error: operand expected (error token is \"%s\")", a, tok)
	case strings.HasPrefix(pe.Text, "not a valid arithmetic operator"):
		return fmt.Sprintf("%s: syntax error in expression (error token is \"%s\")", a, tok)
	}
	return a + ": syntax error in expression"
}

// unmatchedParen is the index of the first ) in a that closes nothing,
// -1 if none.
func unmatchedParen(a string) int {
	depth := 0
	for i, c := range a {
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return i
			}
		}
	}
	return -1
}
