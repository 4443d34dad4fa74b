package awk

import (
	"fmt"
	"strconv"
)

// The special variables have fixed global slots.
const (
	gNF = iota
	gNR
	gFNR
	gFS
	gOFS
	gORS
	gRS
	gSUBSEP
	gCONVFMT
	gOFMT
	gRSTART
	gRLENGTH
	gFILENAME
	gENVIRON
	gARGC
	gARGV
	nSpecial
)

var specialNames = []string{"NF", "NR", "FNR", "FS", "OFS", "ORS", "RS", "SUBSEP",
	"CONVFMT", "OFMT", "RSTART", "RLENGTH", "FILENAME", "ENVIRON", "ARGC", "ARGV"}

// parser reads a program; errors panic with *syntaxError and are
// recovered by parse.
type parser struct {
	lx  *lexer
	tok token
	// prev is the kind of the token before tok.
	prev tok
	prog *program
	// locals maps the parameters of the function being parsed to slots.
	locals map[string]int
	calls  []*callExpr
	// noGreater: inside print's unparenthesized list, > is a redirection;
	// noIn: in a for's init, "in" is not an operator.
	noGreater, noIn  bool
	loops, funcDepth int
	cache            *regexCache
}

func parse(src string, cache *regexCache) (prog *program, err error) {
	defer func() {
		if v := recover(); v != nil {
			se, ok := v.(*syntaxError)
			if !ok {
				panic(v)
			}
			err = se
		}
	}()
	p := &parser{lx: &lexer{src: src, line: 1}, cache: cache}
	p.prog = &program{funcs: map[string]*function{}, globals: map[string]int{}}
	for i, n := range specialNames {
		p.prog.globals[n] = i
	}
	p.prog.nglobals = nSpecial
	p.next()
	p.program()
	p.resolveCalls()
	return p.prog, nil
}

func (p *parser) next() {
	p.prev = p.tok.t
	p.tok = p.lx.next()
}

// errorNear reports a syntax error at the current token, as mawk does.
func (p *parser) errorNear() {
	near := p.tok.text
	switch p.tok.t {
	case tEOF:
		near = "end of file"
	case tNewline:
		near = "end of line"
	case tString:
		near = strconv.Quote(p.tok.text)
	case tRegex:
		near = "/" + p.tok.text + "/"
	}
	panic(&syntaxError{p.tok.line, "syntax error at or near " + near})
}

func (p *parser) errorf(format string, args ...any) {
	panic(&syntaxError{p.tok.line, fmt.Sprintf(format, args...)})
}

func (p *parser) expect(t tok) token {
	if p.tok.t != t {
		p.errorNear()
	}
	tk := p.tok
	p.next()
	return tk
}

func (p *parser) optNewlines() {
	for p.tok.t == tNewline {
		p.next()
	}
}

// terminators passes newlines and semicolons between items.
func (p *parser) terminators() {
	for p.tok.t == tNewline || p.tok.t == tSemi {
		p.next()
	}
}

func (p *parser) program() {
	p.terminators()
	for p.tok.t != tEOF {
		p.item()
		p.terminators()
	}
}

func (p *parser) item() {
	switch p.tok.t {
	case tBEGIN:
		p.next()
		p.prog.begin = append(p.prog.begin, p.braceBlock())
	case tEND:
		p.next()
		p.prog.end = append(p.prog.end, p.braceBlock())
	case tFunction:
		p.function()
	default:
		it := &item{}
		if p.tok.t != tLbrace {
			it.pat = p.expr()
			if p.tok.t == tComma {
				p.next()
				p.optNewlines()
				it.pat2 = p.expr()
			}
		}
		if p.tok.t == tLbrace {
			it.body = p.braceBlock()
		} else if p.tok.t != tNewline && p.tok.t != tSemi && p.tok.t != tEOF {
			p.errorNear()
		}
		p.prog.items = append(p.prog.items, it)
	}
}

func (p *parser) braceBlock() *blockStmt {
	if p.tok.t != tLbrace {
		p.errorNear()
	}
	p.next()
	b := &blockStmt{}
	for {
		p.terminators()
		if p.tok.t == tRbrace {
			p.next()
			return b
		}
		b.list = append(b.list, p.stmt())
	}
}

func (p *parser) function() {
	line := p.tok.line
	p.next()
	if p.tok.t != tName && p.tok.t != tFuncName {
		p.errorNear()
	}
	name := p.tok.text
	if _, ok := p.prog.funcs[name]; ok {
		p.errorf("function %s redefined", name)
	}
	if _, ok := p.prog.globals[name]; ok && p.prog.globals[name] < nSpecial {
		p.errorNear()
	}
	p.next()
	p.expect(tLparen)
	f := &function{name: name, line: line}
	p.locals = map[string]int{}
	for p.tok.t != tRparen {
		if p.tok.t != tName {
			p.errorNear()
		}
		if _, dup := p.locals[p.tok.text]; dup {
			p.errorf("function %s: duplicate parameter %s", name, p.tok.text)
		}
		p.locals[p.tok.text] = len(f.params)
		f.params = append(f.params, p.tok.text)
		p.next()
		if p.tok.t == tComma {
			p.next()
			p.optNewlines()
		} else if p.tok.t != tRparen {
			p.errorNear()
		}
	}
	p.next()
	p.optNewlines()
	p.prog.funcs[name] = f
	p.funcDepth++
	f.body = p.braceBlock()
	p.funcDepth--
	p.locals = nil
}

func (p *parser) resolveCalls() {
	for _, c := range p.calls {
		f, ok := p.prog.funcs[c.name]
		if !ok {
			panic(&syntaxError{c.line, "function " + c.name + " never defined"})
		}
		if len(c.args) > len(f.params) {
			panic(&syntaxError{c.line, "too many arguments in call to " + c.name})
		}
		c.fn = f
	}
}

// variable resolves a name to its slot.
func (p *parser) variable(name string) *varRef {
	if i, ok := p.locals[name]; ok {
		return &varRef{local: true, idx: i, name: name}
	}
	if _, ok := p.prog.funcs[name]; ok && p.funcDepth == 0 {
		p.errorNear()
	}
	i, ok := p.prog.globals[name]
	if !ok {
		i = p.prog.nglobals
		p.prog.globals[name] = i
		p.prog.nglobals++
	}
	return &varRef{idx: i, name: name}
}

// simpleEnd reports whether the token ends a simple statement.
func (p *parser) simpleEnd() bool {
	switch p.tok.t {
	case tNewline, tSemi, tRbrace, tEOF:
		return true
	}
	return false
}

// endSimple consumes a simple statement's terminator.
func (p *parser) endSimple() {
	switch p.tok.t {
	case tNewline, tSemi:
		p.next()
	case tRbrace, tEOF:
	default:
		p.errorNear()
	}
}

func (p *parser) stmt() stmt {
	switch p.tok.t {
	case tLbrace:
		return p.braceBlock()
	case tIf:
		return p.ifStmt()
	case tWhile:
		p.next()
		p.expect(tLparen)
		c := p.expr()
		p.expect(tRparen)
		if p.tok.t == tSemi {
			p.next()
			return &whileStmt{c: c, body: &blockStmt{}}
		}
		p.optNewlines()
		return &whileStmt{c: c, body: p.loopBody()}
	case tDo:
		p.next()
		p.optNewlines()
		body := p.loopBody()
		p.terminators()
		p.expect(tWhile)
		p.expect(tLparen)
		c := p.expr()
		p.expect(tRparen)
		p.endSimple()
		return &doStmt{body: body, c: c}
	case tFor:
		return p.forStmt()
	case tSemi:
		p.next()
		return &blockStmt{}
	}
	s := p.simpleStmt()
	p.endSimple()
	return s
}

func (p *parser) loopBody() stmt {
	p.loops++
	defer func() { p.loops-- }()
	return p.stmt()
}

func (p *parser) ifStmt() stmt {
	p.next()
	p.expect(tLparen)
	c := p.expr()
	p.expect(tRparen)
	p.optNewlines()
	s := &ifStmt{c: c}
	if p.tok.t == tSemi {
		p.next()
		s.then = &blockStmt{}
	} else {
		s.then = p.stmt()
	}
	// else may follow newlines and one semicolon
	save := *p.lx
	saveTok, savePrev := p.tok, p.prev
	p.terminators()
	if p.tok.t == tElse {
		p.next()
		p.optNewlines()
		s.els = p.stmt()
		return s
	}
	*p.lx = save
	p.tok, p.prev = saveTok, savePrev
	return s
}

func (p *parser) forStmt() stmt {
	p.next()
	p.expect(tLparen)
	if p.tok.t == tLparen {
		// for ((a, b) in arr) is not POSIX; treat as an expression
	}
	var init stmt
	if p.tok.t != tSemi {
		p.noIn = true
		e := p.simpleStmt()
		p.noIn = false
		if es, ok := e.(*exprStmt); ok && p.tok.t == tIn {
			if v, ok := es.e.(*varRef); ok {
				return p.forIn(v)
			}
			if g, ok := es.e.(*groupExpr); ok {
				if v, ok := g.e.(*varRef); ok {
					return p.forIn(v)
				}
			}
		}
		init = e
	}
	p.expect(tSemi)
	p.optNewlines()
	var c expr
	if p.tok.t != tSemi {
		c = p.expr()
	}
	p.expect(tSemi)
	p.optNewlines()
	var post stmt
	if p.tok.t != tRparen {
		post = p.simpleStmt()
	}
	p.expect(tRparen)
	if p.tok.t == tSemi {
		p.next()
		return &forStmt{init: init, c: c, post: post, body: &blockStmt{}}
	}
	p.optNewlines()
	return &forStmt{init: init, c: c, post: post, body: p.loopBody()}
}

func (p *parser) forIn(v *varRef) stmt {
	p.next()
	if p.tok.t != tName {
		p.errorNear()
	}
	arr := p.variable(p.tok.text)
	p.next()
	p.expect(tRparen)
	p.optNewlines()
	return &forInStmt{v: v, arr: arr, body: p.loopBody()}
}

func (p *parser) simpleStmt() stmt {
	switch p.tok.t {
	case tPrint, tPrintf:
		return p.printStmt()
	case tNext:
		if p.funcDepth == 0 && p.inBeginEnd() {
			p.errorf("improper use of next")
		}
		p.next()
		return &nextStmt{}
	case tNextfile:
		p.next()
		return &nextfileStmt{}
	case tExit:
		p.next()
		s := &exitStmt{}
		if !p.simpleEnd() {
			s.e = p.expr()
		}
		return s
	case tReturn:
		if p.funcDepth == 0 {
			p.errorNear()
		}
		p.next()
		s := &returnStmt{}
		if !p.simpleEnd() {
			s.e = p.expr()
		}
		return s
	case tBreak, tContinue:
		if p.loops == 0 {
			p.errorNear()
		}
		t := p.tok.t
		p.next()
		if t == tBreak {
			return &breakStmt{}
		}
		return &continueStmt{}
	case tDelete:
		return p.deleteStmt()
	}
	line := p.tok.line
	return &exprStmt{p.expr(), line}
}

// inBeginEnd is never known while parsing an action (next is checked at
// run time in BEGIN and END); it exists for clarity.
func (p *parser) inBeginEnd() bool { return false }

func (p *parser) deleteStmt() stmt {
	p.next()
	if p.tok.t != tName {
		p.errorNear()
	}
	arr := p.variable(p.tok.text)
	p.next()
	if p.tok.t != tLbracket {
		return &deleteStmt{arr: arr}
	}
	p.next()
	subs := p.exprList(tRbracket)
	p.expect(tRbracket)
	return &deleteStmt{arr: arr, subs: subs}
}

func (p *parser) printStmt() stmt {
	s := &printStmt{printf: p.tok.t == tPrintf, line: p.tok.line}
	p.next()
	if !p.simpleEnd() && p.tok.t != tGreater && p.tok.t != tAppend && p.tok.t != tPipe {
		p.noGreater = true
		e := p.expr()
		if g, ok := e.(*groupList); ok && p.tok.t != tComma {
			s.args = g.items
		} else {
			s.args = []expr{e}
			for p.tok.t == tComma {
				p.next()
				p.optNewlines()
				s.args = append(s.args, p.expr())
			}
		}
		p.noGreater = false
	}
	if s.printf && len(s.args) == 0 {
		p.errorNear()
	}
	switch p.tok.t {
	case tGreater, tAppend, tPipe:
		s.redir = p.tok.t
		p.next()
		p.noGreater = true
		s.dest = p.concat()
		p.noGreater = false
	}
	return s
}

// exprList reads expressions separated by commas, up to the closing
// token (not consumed).
func (p *parser) exprList(closing tok) []expr {
	var list []expr
	p.optNewlines()
	for p.tok.t != closing {
		list = append(list, p.expr())
		p.optNewlines()
		if p.tok.t == tComma {
			p.next()
			p.optNewlines()
		} else if p.tok.t != closing {
			p.errorNear()
		}
	}
	return list
}
