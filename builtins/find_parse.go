package builtins

// The expression parser of find. Like GNU's, it runs in two passes: every
// argument is first turned into a token (reading its own arguments, with
// an implicit -a between two operands), then the token list becomes a tree
// by precedence, with GNU's messages for malformed expressions.

import (
	"fmt"
	"strings"
)

// fnode is a node of the expression tree.
type fnode struct {
	op   byte // 'p' primary, '!', 'a', 'o', ','
	l, r *fnode
	test func(f *finder, e *fentry) bool
}

func (n *fnode) eval(f *finder, e *fentry) bool {
	switch n.op {
	case 'a':
		return n.l.eval(f, e) && !f.quit && n.r.eval(f, e)
	case 'o':
		return n.l.eval(f, e) || !f.quit && n.r.eval(f, e)
	case '!':
		return !n.r.eval(f, e)
	case ',':
		n.l.eval(f, e)
		return !f.quit && n.r.eval(f, e)
	}
	return n.test(f, e)
}

// Token kinds and precedences (GNU's tree.c).
const (
	findTPrimary = iota
	findTUni
	findTBi
	findTOpen
	findTClose
)

const (
	findPrecNone = iota
	findPrecComma
	findPrecOr
	findPrecAnd
	findPrecNot
)

type ftok struct {
	kind       int
	prec       int
	name       string
	artificial bool
	node       *fnode
}

// fparser holds the state of the first pass.
type fparser struct {
	f           *finder
	args        []string
	i           int
	toks        []*ftok
	hasAction   bool
	firstNonOpt string // first test, action or operator seen
}

// next returns the next argument of the primary being parsed.
func (ps *fparser) next() (string, bool) {
	if ps.i >= len(ps.args) {
		return "", false
	}
	ps.i++
	return ps.args[ps.i-1], true
}

func (ps *fparser) last() *ftok { return ps.toks[len(ps.toks)-1] }

// add appends a token, with the implicit -a GNU puts between an operand
// and a following operand, "(" or "!".
func (ps *fparser) add(t *ftok) {
	if t.kind == findTPrimary || t.kind == findTOpen || t.kind == findTUni {
		if l := ps.last(); l.kind == findTPrimary || l.kind == findTClose {
			ps.toks = append(ps.toks, &ftok{kind: findTBi, prec: findPrecAnd, name: "-a", node: &fnode{op: 'a'}})
		}
	}
	ps.toks = append(ps.toks, t)
}

// statPrimary adds a primary that needs the file's information, so that
// the walk reads it along with the directory.
func (ps *fparser) statPrimary(name string, test func(f *finder, e *fentry) bool) {
	ps.f.needStat = true
	ps.primary(name, test)
}

func (ps *fparser) primary(name string, test func(f *finder, e *fentry) bool) {
	ps.add(&ftok{kind: findTPrimary, name: name, node: &fnode{op: 'p', test: test}})
}

// parse turns the expression arguments into f.expr.
func (f *finder) parse(args []string) error {
	ps := &fparser{f: f, args: args}
	ps.toks = []*ftok{{kind: findTOpen, name: "(", artificial: true}}
	for ps.i < len(args) {
		if err := ps.one(); err != nil {
			return err
		}
	}
	toks := ps.finish()
	i := 0
	tree, err := findGetExpr(toks, &i, findPrecNone, nil)
	if err != nil {
		return err
	}
	if i < len(toks) {
		if toks[i].kind == findTClose {
			return &findErr{"you have too many ')'"}
		}
		return &findErr{fmt.Sprintf("unexpected extra predicate '%s'", toks[i].name)}
	}
	f.expr = tree
	return nil
}

// one parses the primary or operator at ps.i.
func (ps *fparser) one() error {
	a := ps.args[ps.i]
	if !findLooksLikeExpr(a, false) {
		msg := fmt.Sprintf("paths must precede expression: `%s'", a)
		if _, err := ps.f.p.Lstat(a); err == nil {
			msg += fmt.Sprintf("\n%s: possible unquoted pattern after predicate `%s'?", ps.f.p.Name(), ps.last().name)
		}
		return &findErr{msg}
	}
	pr, ok := findPrimaries[a]
	if !ok && strings.HasPrefix(a, "-newer") && len(a) == 8 {
		pr, ok = findPrimary{kind: findKTest, parse: fpNewerXY}, true
	}
	if !ok {
		return &findErr{fmt.Sprintf("unknown predicate `%s'", a)}
	}
	if err := ps.f.p.seeOption(findOptionName(a), ""); err != nil {
		return err
	}
	ps.i++
	start := ps.i
	if pr.kind == findKOption && ps.firstNonOpt != "" && ps.f.warn {
		ps.f.p.Errorf("warning: you have specified the global option %s after the argument %s, but global options are not positional, i.e., %s affects tests specified before it as well as those specified after it.  Please specify global options before other arguments.", a, ps.firstNonOpt, a)
	}
	if pr.kind != findKOption && pr.kind != findKPosOption && ps.firstNonOpt == "" {
		ps.firstNonOpt = a
	}
	if err := pr.parse(ps, a); err != nil {
		return ps.argError(err, a, start)
	}
	if pr.kind == findKAction {
		ps.hasAction = true
	}
	if (pr.kind == findKOption || pr.kind == findKPosOption) && a != "-daystart" {
		ps.primary(a, findAlwaysTrue) // GNU inserts a true test for options
	}
	ps.last().name = a
	return nil
}

var findErrFindArg = &findErr{"invalid argument"}

// argError turns a parse function's failure into GNU's message.
func (ps *fparser) argError(err error, name string, start int) error {
	if err != findErrFindArg && err != findErrFindMissing {
		return err
	}
	if err == findErrFindMissing || start >= len(ps.args) {
		return &findErr{fmt.Sprintf("missing argument to `%s'", name)}
	}
	if strings.HasPrefix(name, "-newer") && ps.i == start {
		return &findErr{fmt.Sprintf("invalid predicate `%s'", name)}
	}
	return &findErr{fmt.Sprintf("invalid argument `%s' to `%s'", ps.args[start], name)}
}

var findErrFindMissing = &findErr{"missing argument"}

// finish closes the token list as GNU does: "( EXPR ) -a -print" when no
// action was given, else EXPR alone.
func (ps *fparser) finish() []*ftok {
	if len(ps.toks) == 1 {
		return []*ftok{findPrintTok()}
	}
	if ps.hasAction {
		return ps.toks[1:]
	}
	ps.toks = append(ps.toks, &ftok{kind: findTClose, name: ")", artificial: true})
	p := findPrintTok()
	ps.add(p)
	return ps.toks
}

func findPrintTok() *ftok {
	return &ftok{kind: findTPrimary, name: "-print", artificial: true, node: &fnode{op: 'p', test: (*finder).print}}
}

// findGetExpr builds the tree from toks[*i:], stopping at operators that bind
// no tighter than prec (GNU's get_expr).
func findGetExpr(toks []*ftok, i *int, prec int, prev *ftok) (*fnode, error) {
	if *i >= len(toks) {
		return nil, &findErr{"invalid expression"}
	}
	t := toks[*i]
	var node *fnode
	switch t.kind {
	case findTBi:
		return nil, &findErr{fmt.Sprintf("invalid expression; you have used a binary operator '%s' with nothing before it.", t.name)}
	case findTClose:
		return nil, findCloseErr(t, prev)
	case findTPrimary:
		node = t.node
		*i++
	case findTUni:
		*i++
		r, err := findGetExpr(toks, i, findPrecNot, t)
		if err != nil {
			return nil, err
		}
		node = &fnode{op: '!', r: r}
	case findTOpen:
		var err error
		if node, err = findParenExpr(toks, i, t); err != nil {
			return nil, err
		}
	}
	if *i < len(toks) && toks[*i].prec > prec {
		return findScanRest(toks, i, node, prec)
	}
	return node, nil
}

func findCloseErr(t, prev *ftok) error {
	switch {
	case prev == nil:
		return &findErr{"invalid expression"}
	case (prev.kind == findTUni || prev.kind == findTBi) && !t.artificial:
		return &findErr{fmt.Sprintf("expected an expression between '%s' and ')'", prev.name)}
	case t.artificial:
		return &findErr{fmt.Sprintf("expected an expression after '%s'", prev.name)}
	}
	return &findErr{"invalid expression; you have too many ')'"}
}

func findParenExpr(toks []*ftok, i *int, open *ftok) (*fnode, error) {
	if *i+1 >= len(toks) || toks[*i+1].artificial {
		return nil, &findErr{fmt.Sprintf("invalid expression; expected to find a ')' but didn't see one. Perhaps you need an extra predicate after '%s'", open.name)}
	}
	*i++
	if toks[*i].kind == findTClose {
		return nil, &findErr{"invalid expression; empty parentheses are not allowed."}
	}
	node, err := findGetExpr(toks, i, findPrecNone, open)
	if err != nil {
		return nil, err
	}
	if *i >= len(toks) || toks[*i].kind != findTClose {
		return nil, &findErr{"invalid expression; I was expecting to find a ')' somewhere but did not see one."}
	}
	*i++
	return node, nil
}

// findScanRest attaches binary operators to head while they bind tighter than
// prec.
func findScanRest(toks []*ftok, i *int, head *fnode, prec int) (*fnode, error) {
	tree := head
	for *i < len(toks) && toks[*i].prec > prec {
		t := toks[*i]
		switch t.kind {
		case findTClose:
			return tree, nil
		case findTBi:
			*i++
			r, err := findGetExpr(toks, i, t.prec, t)
			if err != nil {
				return nil, err
			}
			tree = &fnode{op: t.node.op, l: tree, r: r}
		default:
			return nil, &findErr{"invalid expression"}
		}
	}
	return tree, nil
}

// Operators.

func fpOpen(ps *fparser, name string) error {
	ps.add(&ftok{kind: findTOpen, name: name})
	return nil
}

func fpClose(ps *fparser, name string) error {
	ps.toks = append(ps.toks, &ftok{kind: findTClose, name: name})
	return nil
}

func fpNot(ps *fparser, name string) error {
	ps.add(&ftok{kind: findTUni, prec: findPrecNot, name: name})
	return nil
}

func fpBinary(op byte, prec int) func(ps *fparser, name string) error {
	return func(ps *fparser, name string) error {
		ps.toks = append(ps.toks, &ftok{kind: findTBi, prec: prec, name: name, node: &fnode{op: op}})
		return nil
	}
}

func findAlwaysTrue(*finder, *fentry) bool  { return true }
func findAlwaysFalse(*finder, *fentry) bool { return false }
