package engine

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Appends to array elements are rewritten in place (expandAppends).
// Two other array operations go wrong in the interpreter, and are rewritten
// into code that computes them through temporary variables set just
// before the statement that uses them (and, for assignments, stored back
// just after it), keeping $? as it was:
//
//   - an arithmetic assignment or ++/-- whose target is an array element,
//     ((count[$k]++)), ((sum[i] += n)), panics in the interpreter:
//     the element is read into __sf_aN, the expression works on
//     __sf_aN, and __sf_aN is stored back into the element;
//   - ${#m[@]} of an associative array is always 1: for the names the
//     program declares with -A, it becomes ${#__sf_kN[@]} after
//     __sf_kN=("${!m[@]}") (emptied when that is one empty word).
//
// So `((c[$w]++))` runs as
//
//	{ __sf_st=$?; __sf_a1=${c[$w]}; __sf_status $__sf_st;
//	  ((__sf_a1++)) && __sf_st=0 || __sf_st=$?; c[$w]=$__sf_a1; __sf_status $__sf_st; }
//
// Only statements that use these operations are rewritten. The C-style
// for header, evaluated again on each iteration, is left alone.

// hoisted is what one statement needs around it.
type hoisted struct {
	pre, post []*syntax.Stmt
}

// rewriteArrayOps applies the rewrites above to every statement of file.
func (r *run) rewriteArrayOps(file *syntax.File) {
	assoc := assocNames(file)
	syntax.Walk(file, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok {
			ce.Assigns = expandAppends(ce.Assigns)
		}
		if st, ok := n.(*syntax.Stmt); ok {
			var h hoisted
			r.collectOps(st, assoc, &h)
			if len(h.pre) > 0 {
				wrapHoisted(st, &h)
			}
		}
		return true
	})
}

// collectOps rewrites the operations in st's own words (not in the
// statements nested in it) and records the code they need.
func (r *run) collectOps(st *syntax.Stmt, assoc []string, h *hoisted) {
	visit := func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt, *syntax.CStyleLoop:
			return false
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				n.X = r.elemTarget(n.X, h)
			}
		case *syntax.BinaryArithm:
			if isAssignOp(n.Op) {
				n.X = r.elemTarget(n.X, h)
			}
		case *syntax.ParamExp:
			r.assocLength(n, assoc, h)
			r.anchoredRepl(n, h)
		}
		return true
	}
	if st.Cmd != nil {
		syntax.Walk(st.Cmd, visit)
	}
	for _, rd := range st.Redirs {
		syntax.Walk(rd, visit)
	}
}

func isAssignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

// elemTarget replaces an array element x that an arithmetic expression
// assigns with a temporary variable, loaded before and stored after.
func (r *run) elemTarget(x syntax.ArithmExpr, h *hoisted) syntax.ArithmExpr {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return x
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Index == nil || pe.Param == nil || !syntax.ValidName(pe.Param.Value) || pe.Excl || pe.Length {
		return x
	}
	r.hoists++
	v := fmt.Sprintf("__sf_a%d", r.hoists)
	elem := &syntax.ParamExp{Param: pe.Param, Index: pe.Index}
	h.pre = append(h.pre, assign(v, &syntax.Word{Parts: []syntax.WordPart{elem}}))
	h.post = append(h.post, &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
		Name: pe.Param, Index: pe.Index, Value: paramWord(v),
	}}}})
	return lit(v)
}

// assocLength turns ${#m[@]} of an associative array m into the length
// of a copy of its keys.
func (r *run) assocLength(pe *syntax.ParamExp, assoc []string, h *hoisted) {
	if !pe.Length || pe.Param == nil || !slices.Contains(assoc, pe.Param.Value) {
		return
	}
	if w, ok := pe.Index.(*syntax.Word); !ok || w.Lit() != "@" && w.Lit() != "*" {
		return
	}
	r.hoists++
	v := fmt.Sprintf("__sf_k%d", r.hoists)
	// An empty array's keys expand to one empty word (no key is empty);
	// the keys of a name that is not (or no longer) associative are an
	// error, so its elements are counted instead.
	m := pe.Param.Value
	keys, err := parse(fmt.Sprintf(`if [[ ${%s@a} == *A* ]]; then %s=("${!%s[@]}"); [[ -n ${%s[0]} ]] || %s=(); else %s=("${%s[@]}"); fi`,
		m, v, m, v, v, v, m), "")
	if err != nil {
		return
	}
	h.pre = append(h.pre, keys.Stmts...)
	pe.Param = &syntax.Lit{Value: v}
}

// wrapHoisted puts h's code around st, keeping $? for st and after it.
func wrapHoisted(st *syntax.Stmt, h *hoisted) {
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs}
	stmts := []*syntax.Stmt{saveStatus()}
	stmts = append(stmts, h.pre...)
	stmts = append(stmts, statusCall())
	if len(h.post) == 0 {
		stmts = append(stmts, inner)
	} else {
		run, err := parse("X && __sf_st=0 || __sf_st=$?", "")
		if err != nil {
			panic(err) // a fixed, valid snippet
		}
		run.Stmts[0].Cmd.(*syntax.BinaryCmd).X.Cmd.(*syntax.BinaryCmd).X = inner
		stmts = append(stmts, run.Stmts[0])
		stmts = append(stmts, h.post...)
		stmts = append(stmts, statusCall())
	}
	st.Cmd, st.Redirs = &syntax.Block{Stmts: stmts}, nil
}

func saveStatus() *syntax.Stmt { return assign("__sf_st", paramWord("?")) }

// statusCall builds `__sf_status $__sf_st`, which ends with that status.
func statusCall() *syntax.Stmt {
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit("__sf_status"), paramWord("__sf_st")}}}
}

// expandAppends rewrites the appends the interpreter gets wrong:
// a[i]+=s (it appends to another element) becomes a[i]="${a[i]}"s, and
// m+=([k]=v ...) (it drops the new elements) becomes m[k]=v ....
func expandAppends(list []*syntax.Assign) []*syntax.Assign {
	var out []*syntax.Assign
	for _, a := range list {
		switch {
		case !a.Append || a.Name == nil:
		case a.Index != nil && a.Value != nil:
			old := &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Param: a.Name, Index: a.Index}}}
			a = &syntax.Assign{Name: a.Name, Index: a.Index,
				Value: &syntax.Word{Parts: append([]syntax.WordPart{old}, a.Value.Parts...)}}
		case a.Array != nil && len(a.Array.Elems) > 0 && allKeyed(a.Array.Elems):
			for _, e := range a.Array.Elems {
				v := e.Value
				if v == nil {
					v = &syntax.Word{}
				}
				out = append(out, &syntax.Assign{Name: a.Name, Index: e.Index, Value: v})
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

func allKeyed(elems []*syntax.ArrayElem) bool {
	return !slices.ContainsFunc(elems, func(e *syntax.ArrayElem) bool { return e.Index == nil })
}

// assocNames lists the names the program declares associative (-A).
func assocNames(file *syntax.File) []string {
	var names []string
	syntax.Walk(file, func(n syntax.Node) bool {
		dc, ok := n.(*syntax.DeclClause)
		if !ok {
			return true
		}
		isAssoc := false
		for _, a := range dc.Args {
			if a.Naked && a.Name == nil && a.Value != nil {
				f := a.Value.Lit()
				isAssoc = isAssoc || strings.HasPrefix(f, "-") && strings.Contains(f, "A")
			} else if isAssoc && a.Name != nil {
				names = append(names, a.Name.Value)
			}
		}
		return true
	})
	return names
}

// anchoredRepl rewrites ${s/#pat/rep} and ${s/%pat/rep}, which the
// interpreter reads as patterns starting with a literal # or %: the
// result is computed before the statement with ${s##pat} or ${s%%pat}
// (the longest match at that end) and put in __sf_rN, which the
// expansion then reads. For ${a[@]/#pat/rep} (and $@) each element is
// done in turn, into an array.
func (r *run) anchoredRepl(pe *syntax.ParamExp, h *hoisted) {
	if pe.Repl == nil || pe.Repl.All || pe.Param == nil || pe.Excl || pe.Length || pe.Slice != nil || pe.Exp != nil {
		return
	}
	orig := pe.Repl.Orig
	if orig == nil || len(orig.Parts) == 0 {
		return
	}
	first, ok := orig.Parts[0].(*syntax.Lit)
	if !ok || first.Value == "" || first.Value[0] != '#' && first.Value[0] != '%' {
		return
	}
	pat := &syntax.Word{Parts: slices.Clone(orig.Parts)}
	if rest := first.Value[1:]; rest == "" {
		pat.Parts = pat.Parts[1:]
	} else {
		pat.Parts[0] = &syntax.Lit{Value: rest}
	}
	patText, ok1 := printWord(pat)
	repText, ok2 := printWord(pe.Repl.With)
	base := &syntax.ParamExp{Param: pe.Param, Index: pe.Index}
	all := false
	if w, ok := pe.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
		all, base.Index = true, lit("@") // each element, even for [*]
	}
	if pe.Param.Value == "@" || pe.Param.Value == "*" {
		all, base = true, &syntax.ParamExp{Param: &syntax.Lit{Value: "@"}}
	}
	baseText, ok3 := printWord(&syntax.Word{Parts: []syntax.WordPart{base}})
	if !ok1 || !ok2 || !ok3 {
		return
	}
	r.hoists++
	v := fmt.Sprintf("__sf_r%d", r.hoists)
	one := anchoredCode(first.Value[0], patText, repText, "__sf_v")
	code := fmt.Sprintf(`__sf_e=%s; %s; %s=$__sf_v`, baseText, one, v)
	if all {
		code = fmt.Sprintf(`%s=(); for __sf_e in "%s"; do %s; %s+=("$__sf_v"); done`, v, baseText, one, v)
	}
	f, err := parse(code, "")
	if err != nil {
		return
	}
	h.pre = append(h.pre, f.Stmts...)
	star := pe.Param.Value == "*" || pe.Index != nil && pe.Index.(*syntax.Word).Lit() == "*"
	pe.Param, pe.Index, pe.Repl = &syntax.Lit{Value: v}, nil, nil
	if all {
		idx := "@"
		if star {
			idx = "*"
		}
		pe.Index = lit(idx)
	}
}

// anchoredCode is the code that sets out to $__sf_e with pat replaced
// by rep at its start (anchor #) or end (%).
func anchoredCode(anchor byte, pat, rep, out string) string {
	if pat == "" {
		if anchor == '#' {
			return out + `=` + rep + `"$__sf_e"`
		}
		return out + `="$__sf_e"` + rep
	}
	op, joined := "##", rep+`"$__sf_t"`
	if anchor == '%' {
		op, joined = "%%", `"$__sf_t"`+rep
	}
	return fmt.Sprintf(`__sf_t=${__sf_e%s%s}; if [[ $__sf_t != "$__sf_e" ]] || [[ "" == %s ]]; then %s=%s; else %s=$__sf_e; fi`,
		op, pat, pat, out, joined, out)
}

// printWord prints w as shell source ("" for nil).
func printWord(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) == 0 {
		return "", true
	}
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, w); err != nil {
		return "", false
	}
	return b.String(), true
}
