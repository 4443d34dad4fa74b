package awk

import "strconv"

// expr reads an expression: assignment, the lowest precedence.
func (p *parser) expr() expr {
	lhs := p.ternary()
	switch p.tok.t {
	case tAssign, tAddAssign, tSubAssign, tMulAssign, tDivAssign, tModAssign, tPowAssign:
		if !isLvalue(lhs) {
			if p.tok.t == tDivAssign {
				return lhs
			}
			p.errorNear()
		}
		op := p.tok.t
		p.next()
		p.optNewlines()
		return &assignExpr{lhs: lhs, op: op, rhs: p.expr()}
	}
	return lhs
}

func isLvalue(e expr) bool {
	switch e.(type) {
	case *varRef, *fieldRef, *indexRef:
		return true
	}
	return false
}

func (p *parser) ternary() expr {
	c := p.or()
	if p.tok.t != tQuestion {
		return c
	}
	p.next()
	p.optNewlines()
	a := p.expr()
	p.optNewlines()
	p.expect(tColon)
	p.optNewlines()
	b := p.expr()
	return &condExpr{c, a, b}
}

func (p *parser) or() expr {
	l := p.and()
	for p.tok.t == tOr {
		p.next()
		p.optNewlines()
		l = &orExpr{l, p.and()}
	}
	return l
}

func (p *parser) and() expr {
	l := p.in()
	for p.tok.t == tAnd {
		p.next()
		p.optNewlines()
		l = &andExpr{l, p.in()}
	}
	return l
}

func (p *parser) in() expr {
	l := p.match()
	for p.tok.t == tIn && !p.noIn {
		p.next()
		if p.tok.t != tName {
			p.errorNear()
		}
		arr := p.variable(p.tok.text)
		p.next()
		subs := []expr{l}
		if g, ok := l.(*groupList); ok {
			subs = g.items
		}
		l = &inExpr{subs: subs, arr: arr}
	}
	return l
}

func (p *parser) match() expr {
	l := p.compare()
	for p.tok.t == tTilde || p.tok.t == tNoMatch {
		neg := p.tok.t == tNoMatch
		p.next()
		l = &matchExpr{l: l, re: p.compare(), neg: neg}
	}
	return l
}

func (p *parser) compare() expr {
	l := p.pipeGetline()
	switch p.tok.t {
	case tLess, tLe, tNe, tEq, tGe:
	case tGreater:
		if p.noGreater {
			return l
		}
	default:
		return l
	}
	op := p.tok.t
	p.next()
	return &binaryExpr{op: op, l: l, r: p.pipeGetline()}
}

func (p *parser) pipeGetline() expr {
	l := p.concat()
	for p.tok.t == tPipe {
		save, saveTok, savePrev := *p.lx, p.tok, p.prev
		p.next()
		if p.tok.t != tGetline {
			*p.lx, p.tok, p.prev = save, saveTok, savePrev
			return l
		}
		p.next()
		l = &getlineExpr{lhs: p.optLvalue(), src: l, cmd: true}
	}
	return l
}

// concatStart reports whether the token can start an operand of a
// concatenation.
func (p *parser) concatStart() bool {
	switch p.tok.t {
	case tNumber, tString, tName, tFuncName, tBuiltin, tDollar, tNot, tLparen, tIncr, tDecr, tSub, tAdd:
		return true
	case tIn:
		return p.noIn && false
	}
	return false
}

func (p *parser) concat() expr {
	l := p.additive()
	if !p.concatStart() || p.tok.t == tSub || p.tok.t == tAdd || p.tok.t == tNot {
		return l
	}
	parts := []expr{l}
	for p.concatStart() && p.tok.t != tSub && p.tok.t != tAdd && p.tok.t != tNot {
		parts = append(parts, p.additive())
	}
	return &concatExpr{parts}
}

func (p *parser) additive() expr {
	l := p.multiplicative()
	for p.tok.t == tAdd || p.tok.t == tSub {
		op := p.tok.t
		p.next()
		l = &binaryExpr{op: op, l: l, r: p.multiplicative()}
	}
	return l
}

func (p *parser) multiplicative() expr {
	l := p.unary()
	for p.tok.t == tMul || p.tok.t == tDiv || p.tok.t == tMod {
		op := p.tok.t
		p.next()
		l = &binaryExpr{op: op, l: l, r: p.unary()}
	}
	return l
}

func (p *parser) unary() expr {
	switch p.tok.t {
	case tNot, tSub, tAdd:
		op := p.tok.t
		p.next()
		return &unaryExpr{op: op, e: p.unary()}
	}
	return p.power()
}

func (p *parser) power() expr {
	l := p.incDec()
	if p.tok.t != tPow {
		return l
	}
	p.next()
	// right associative; the exponent may carry a sign
	var r expr
	switch p.tok.t {
	case tNot, tSub, tAdd:
		op := p.tok.t
		p.next()
		r = &unaryExpr{op: op, e: p.power()}
	default:
		r = p.power()
	}
	return &binaryExpr{op: tPow, l: l, r: r}
}

func (p *parser) incDec() expr {
	if p.tok.t == tIncr || p.tok.t == tDecr {
		d := 1.0
		if p.tok.t == tDecr {
			d = -1
		}
		p.next()
		lv := p.lvalue()
		return &incDecExpr{lhs: lv, pre: true, delta: d}
	}
	e := p.primary()
	if isLvalue(e) && (p.tok.t == tIncr || p.tok.t == tDecr) {
		d := 1.0
		if p.tok.t == tDecr {
			d = -1
		}
		p.next()
		return &incDecExpr{lhs: e, delta: d}
	}
	return e
}

// lvalue reads a variable, an array element or a field.
func (p *parser) lvalue() expr {
	switch p.tok.t {
	case tName:
		return p.nameRef()
	case tDollar:
		return p.field()
	}
	p.errorNear()
	return nil
}

// optLvalue reads getline's optional variable.
func (p *parser) optLvalue() expr {
	switch p.tok.t {
	case tName, tDollar:
		return p.lvalue()
	}
	return nil
}

func (p *parser) nameRef() expr {
	name := p.tok.text
	p.next()
	v := p.variable(name)
	if p.tok.t != tLbracket {
		return v
	}
	p.next()
	subs := p.exprList(tRbracket)
	if len(subs) == 0 {
		p.errorNear()
	}
	p.expect(tRbracket)
	return &indexRef{arr: v, subs: subs}
}

func (p *parser) field() expr {
	p.next()
	var e expr
	switch p.tok.t {
	case tIncr, tDecr:
		e = p.incDec()
	case tSub, tAdd, tNot:
		op := p.tok.t
		p.next()
		e = &unaryExpr{op: op, e: p.primary()}
	default:
		e = p.primary()
	}
	return &fieldRef{e}
}

func (p *parser) primary() expr {
	t := p.tok
	switch t.t {
	case tNumber:
		p.next()
		v, _ := strconv.ParseFloat(t.text, 64)
		return &numLit{v}
	case tString:
		p.next()
		return &strLit{t.text}
	case tDiv, tDivAssign:
		rt := p.lx.regex()
		if t.t == tDivAssign {
			rt.text = "=" + rt.text
		}
		p.tok = rt
		p.next()
		return &regexLit{p.compileRegex(rt.text)}
	case tDollar:
		return p.field()
	case tName:
		return p.nameRef()
	case tLparen:
		return p.group()
	case tFuncName:
		return p.call()
	case tBuiltin:
		return p.builtin()
	case tGetline:
		p.next()
		g := &getlineExpr{lhs: p.optLvalue()}
		if p.tok.t == tLess {
			p.next()
			g.src = p.incDec()
		}
		return g
	case tSub, tAdd, tNot:
		return p.unary()
	}
	p.errorNear()
	return nil
}

func (p *parser) compileRegex(src string) *awkRegex {
	re, err := p.cache.compile(src, true)
	if err != nil {
		p.errorf("regular expression compile failed (%s)\n%s", err.Error(), src)
	}
	return re
}

func (p *parser) group() expr {
	p.next()
	saveG, saveI := p.noGreater, p.noIn
	p.noGreater, p.noIn = false, false
	defer func() { p.noGreater, p.noIn = saveG, saveI }()
	p.optNewlines()
	e := p.expr()
	p.optNewlines()
	if p.tok.t == tComma {
		items := []expr{e}
		for p.tok.t == tComma {
			p.next()
			p.optNewlines()
			items = append(items, p.expr())
			p.optNewlines()
		}
		p.expect(tRparen)
		return &groupList{items}
	}
	p.expect(tRparen)
	return &groupExpr{e}
}

func (p *parser) call() expr {
	c := &callExpr{name: p.tok.text, line: p.tok.line}
	p.next()
	p.expect(tLparen)
	saveG, saveI := p.noGreater, p.noIn
	p.noGreater, p.noIn = false, false
	c.args = p.exprList(tRparen)
	p.noGreater, p.noIn = saveG, saveI
	p.expect(tRparen)
	p.calls = append(p.calls, c)
	return c
}

var builtinArity = map[string][2]int{
	"length": {0, 1}, "substr": {2, 3}, "index": {2, 2}, "split": {2, 3},
	"sub": {2, 3}, "gsub": {2, 3}, "match": {2, 2}, "sprintf": {1, 1 << 20},
	"sin": {1, 1}, "cos": {1, 1}, "atan2": {2, 2}, "exp": {1, 1}, "log": {1, 1},
	"sqrt": {1, 1}, "int": {1, 1}, "rand": {0, 0}, "srand": {0, 1},
	"tolower": {1, 1}, "toupper": {1, 1}, "system": {1, 1}, "close": {1, 1},
	"fflush": {0, 1},
}

func (p *parser) builtin() expr {
	b := &builtinExpr{name: p.tok.text}
	p.next()
	if p.tok.t != tLparen {
		if b.name != "length" {
			p.errorNear()
		}
		return b
	}
	p.next()
	saveG, saveI := p.noGreater, p.noIn
	p.noGreater, p.noIn = false, false
	b.args = p.exprList(tRparen)
	p.noGreater, p.noIn = saveG, saveI
	p.expect(tRparen)
	ar := builtinArity[b.name]
	if len(b.args) < ar[0] || len(b.args) > ar[1] {
		p.errorf("wrong number of arguments in call to %s", b.name)
	}
	switch b.name {
	case "split":
		if _, ok := b.args[1].(*varRef); !ok {
			p.errorf("type error in arg(2) in call to split")
		}
	case "sub", "gsub":
		if len(b.args) == 3 && !isLvalue(b.args[2]) {
			p.errorf("type error in arg(3) in call to %s", b.name)
		}
	}
	return b
}
