package builtins

// bc's parser: it compiles statements to a stack code laid out as GNU
// bc's, instruction by instruction with GNU's sizes, so that a runtime
// error names the same address ("adr=N") GNU's does.

import "errors"

type bcOpcode uint8

const (
	bcoConst    bcOpcode = iota
	bcoLoad              // name (or a special variable)
	bcoStore             // name; the value stays on the stack
	bcoLoadArr           // pops the index
	bcoStoreArr          // pops value and index, pushes the value
	bcoIncDec            // name; n: +1/-1; post: the old value is pushed
	bcoIncDecArr
	bcoDup
	bcoPop
	bcoBinary // text: the operator
	bcoNeg
	bcoNot
	bcoPrint   // W: print with newline, set last
	bcoPrintNL // P: print without newline
	bcoString  // O: text printed as is (esc: with print's escapes)
	bcoJump
	bcoJumpZero
	bcoJumpNonZero
	bcoCall // name, n arguments, arrays: which are arrays
	bcoReturn
	bcoBuiltin // text: sqrt, length, scale, read
	bcoHalt
)

type bcInst struct {
	op     bcOpcode
	size   int
	text   string
	n      int
	post   bool
	esc    bool
	arrays []bool
	names  []string // a call's array arguments by name ("" for a value)
	target int      // jump target: a label index, resolved to an instruction
	cval   bcNum    // a constant's value in base cbase (0: not parsed yet)
	cbase  int
}

// bcCode is a body of instructions with its labels.
type bcCode struct {
	insts  []bcInst
	labels []int // label -> instruction index
}

func (c *bcCode) emit(in bcInst) { c.insts = append(c.insts, in) }

func (c *bcCode) newLabel() int {
	c.labels = append(c.labels, -1)
	return len(c.labels) - 1
}

func (c *bcCode) setLabel(l int) { c.labels[l] = len(c.insts) }

type bcParam struct {
	name  string
	array bool
	ref   bool
}

type bcFunc struct {
	name   string
	params []bcParam
	autos  []bcParam
	code   bcCode
	void   bool
}

// bcSyntax is a compile error already reported; the parser skips to the
// next line.
var errBcSyntax = errors.New("bc: syntax error")

// errBcQuit is the quit statement, which ends bc when it is read.
var errBcQuit = errors.New("bc: quit")

type bcParser struct {
	lx      *bcLexer
	tok     bcTok
	peeked  bool
	taken   int // tokens taken, to tell an empty last line
	code    *bcCode
	fn      *bcFunc // the function being defined, or nil
	loops   []bcLoop
	funcs   map[string]*bcFunc
	defined func(f *bcFunc)
}

type bcLoop struct{ brk, cont int }

func (p *bcParser) peek() bcTok {
	if !p.peeked {
		p.tok = p.lx.next()
		p.peeked = true
	}
	return p.tok
}

func (p *bcParser) take() bcTok {
	t := p.peek()
	p.peeked = false
	if t.kind != bcEOF {
		p.taken++
	}
	return t
}

func (p *bcParser) is(text string) bool {
	t := p.peek()
	return (t.kind == bcOp || t.kind == bcKeyword) && t.text == text
}

func (p *bcParser) accept(text string) bool {
	if p.is(text) {
		p.take()
		return true
	}
	return false
}

func (p *bcParser) fail(msg string) error {
	p.lx.errorf("%s", msg)
	return errBcSyntax
}

func (p *bcParser) syntax() error { return p.fail("syntax error") }

func (p *bcParser) expect(text string) error {
	if !p.accept(text) {
		return p.syntax()
	}
	return nil
}

func (p *bcParser) skipNewlines() {
	for p.peek().kind == bcNewline {
		p.take()
	}
}

// optNewline takes the one newline GNU's grammar allows after if (...),
// while (...), for (...) and else.
func (p *bcParser) optNewline() {
	if p.peek().kind == bcNewline {
		p.take()
	}
}

// recover skips the rest of the line after an error.
func (p *bcParser) recover() {
	for {
		t := p.take()
		if t.kind == bcNewline || t.kind == bcEOF {
			return
		}
	}
}

// item reads one top-level item: a function definition, or a line of
// statements compiled into code. It returns false at the end of input.
func (p *bcParser) item(code *bcCode) (bool, error) {
	p.code = code
	t := p.peek()
	switch {
	case t.kind == bcEOF:
		return false, nil
	case t.kind == bcKeyword && t.text == "define":
		return true, p.define()
	}
	start := p.taken
	for {
		if err := p.statementOpt(); err != nil {
			return true, err
		}
		switch t := p.take(); {
		case t.kind == bcEOF && p.taken > start:
			// a line must end with a newline, as in GNU's grammar
			return false, p.syntax()
		case t.kind == bcNewline || t.kind == bcEOF:
			return t.kind != bcEOF, nil
		case t.kind == bcOp && t.text == ";":
			continue
		default:
			p.peeked, p.tok = true, t
			return true, p.syntax()
		}
	}
}

// statementOpt compiles a statement unless the next token ends one.
func (p *bcParser) statementOpt() error {
	t := p.peek()
	if t.kind == bcNewline || t.kind == bcEOF || t.kind == bcOp && (t.text == ";" || t.text == "}") {
		return nil
	}
	return p.statement()
}

func (p *bcParser) statement() error {
	t := p.peek()
	if t.kind == bcString {
		p.take()
		p.code.emit(bcInst{op: bcoString, size: len(t.text) + 2, text: t.text})
		return nil
	}
	if t.kind == bcOp && t.text == "{" {
		p.take()
		return p.block()
	}
	if t.kind == bcKeyword {
		if f, ok := bcStatements[t.text]; ok {
			p.take()
			return f(p)
		}
	}
	flags, err := p.expr(0)
	if err != nil {
		return err
	}
	if flags&bcAssign != 0 {
		p.code.emit(bcInst{op: bcoPop, size: 1})
	} else if flags&bcVoid == 0 {
		p.code.emit(bcInst{op: bcoPrint, size: 1})
	}
	return nil
}

var bcStatements map[string]func(p *bcParser) error

func init() {
	bcStatements = map[string]func(p *bcParser) error{
		"if":       (*bcParser).ifStmt,
		"while":    (*bcParser).whileStmt,
		"for":      (*bcParser).forStmt,
		"print":    (*bcParser).printStmt,
		"return":   (*bcParser).returnStmt,
		"break":    func(p *bcParser) error { return p.jumpStmt(true) },
		"continue": func(p *bcParser) error { return p.jumpStmt(false) },
		"quit":     func(*bcParser) error { return errBcQuit },
		"halt": func(p *bcParser) error {
			p.code.emit(bcInst{op: bcoHalt, size: 1})
			return nil
		},
		"limits":   (*bcParser).limits,
		"warranty": (*bcParser).warranty,
	}
}

// block compiles statements up to the closing brace.
func (p *bcParser) block() error {
	for {
		if err := p.statementOpt(); err != nil {
			return err
		}
		t := p.take()
		switch {
		case t.kind == bcNewline || t.kind == bcOp && t.text == ";":
			continue
		case t.kind == bcOp && t.text == "}":
			return nil
		}
		p.peeked, p.tok = true, t
		return p.syntax()
	}
}

func (p *bcParser) condition() error {
	if err := p.expect("("); err != nil {
		return err
	}
	if _, err := p.expr(0); err != nil {
		return err
	}
	return p.expect(")")
}

func (p *bcParser) ifStmt() error {
	if err := p.condition(); err != nil {
		return err
	}
	c := p.code
	skip := c.newLabel()
	c.emit(bcInst{op: bcoJumpZero, size: 3, target: skip})
	p.optNewline()
	if err := p.statement(); err != nil {
		return err
	}
	if !p.accept("else") {
		c.setLabel(skip)
		return nil
	}
	end := c.newLabel()
	c.emit(bcInst{op: bcoJump, size: 3, target: end})
	c.setLabel(skip)
	p.optNewline()
	if err := p.statement(); err != nil {
		return err
	}
	c.setLabel(end)
	return nil
}

func (p *bcParser) whileStmt() error {
	c := p.code
	top, end := c.newLabel(), c.newLabel()
	c.setLabel(top)
	if err := p.condition(); err != nil {
		return err
	}
	c.emit(bcInst{op: bcoJumpZero, size: 3, target: end})
	p.optNewline()
	if err := p.loopBody(end, top); err != nil {
		return err
	}
	c.emit(bcInst{op: bcoJump, size: 3, target: top})
	c.setLabel(end)
	return nil
}

func (p *bcParser) loopBody(brk, cont int) error {
	p.loops = append(p.loops, bcLoop{brk, cont})
	defer func() { p.loops = p.loops[:len(p.loops)-1] }()
	return p.statement()
}

// forStmt lays the loop out as GNU does: init, cond, jump to the body,
// the increment, jump to cond, the body, jump to the increment.
func (p *bcParser) forStmt() error {
	c := p.code
	if err := p.expect("("); err != nil {
		return err
	}
	if err := p.optExprStmt(";", false); err != nil {
		return err
	}
	cond, end, incr, body := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.setLabel(cond)
	if p.is(";") {
		c.emit(bcInst{op: bcoConst, size: 1, text: "1"})
	} else if _, err := p.expr(0); err != nil {
		return err
	}
	if err := p.expect(";"); err != nil {
		return err
	}
	c.emit(bcInst{op: bcoJumpZero, size: 3, target: end})
	c.emit(bcInst{op: bcoJump, size: 3, target: body})
	c.setLabel(incr)
	if err := p.optExprStmt(")", true); err != nil {
		return err
	}
	c.emit(bcInst{op: bcoJump, size: 3, target: cond})
	c.setLabel(body)
	p.optNewline()
	if err := p.loopBody(end, incr); err != nil {
		return err
	}
	c.emit(bcInst{op: bcoJump, size: 3, target: incr})
	c.setLabel(end)
	return nil
}

// optExprStmt compiles an optional expression whose value is dropped,
// then the closing token.
func (p *bcParser) optExprStmt(close string, _ bool) error {
	if !p.is(close) {
		if _, err := p.expr(0); err != nil {
			return err
		}
		p.code.emit(bcInst{op: bcoPop, size: 1})
	}
	return p.expect(close)
}

func (p *bcParser) jumpStmt(brk bool) error {
	if len(p.loops) == 0 {
		if brk {
			return p.fail("Break outside a for/while")
		}
		return p.fail("Continue outside a for")
	}
	l := p.loops[len(p.loops)-1]
	target := l.cont
	if brk {
		target = l.brk
	}
	p.code.emit(bcInst{op: bcoJump, size: 3, target: target})
	return nil
}

func (p *bcParser) printStmt() error {
	for {
		if t := p.peek(); t.kind == bcString {
			p.take()
			p.code.emit(bcInst{op: bcoString, size: len(t.text) + 2, text: t.text, esc: true})
		} else {
			if _, err := p.expr(0); err != nil {
				return err
			}
			p.code.emit(bcInst{op: bcoPrintNL, size: 1})
		}
		if !p.accept(",") {
			return nil
		}
	}
}

func (p *bcParser) returnStmt() error {
	if p.accept("(") {
		if p.is(")") {
			p.code.emit(bcInst{op: bcoConst, size: 1, text: "0"})
		} else if _, err := p.expr(0); err != nil {
			return err
		}
		if err := p.expect(")"); err != nil {
			return err
		}
	} else if t := p.peek(); t.kind == bcNewline || t.kind == bcEOF || t.kind == bcOp && (t.text == ";" || t.text == "}") {
		p.code.emit(bcInst{op: bcoConst, size: 1, text: "0"})
	} else if _, err := p.expr(0); err != nil {
		return err
	}
	p.code.emit(bcInst{op: bcoReturn, size: 1})
	if p.fn == nil {
		// GNU finds this once the statement is complete, a token later
		p.peek()
		return p.fail("Return outside of a function.")
	}
	return nil
}

func (p *bcParser) limits() error {
	p.code.emit(bcInst{op: bcoString, text: bcLimitsText})
	return nil
}

func (p *bcParser) warranty() error {
	p.code.emit(bcInst{op: bcoString, text: bcWarrantyText})
	return nil
}

const bcLimitsText = `BC_BASE_MAX     = 2147483647
BC_DIM_MAX      = 16777215
BC_SCALE_MAX    = 2147483647
BC_STRING_MAX   = 2147483647
MAX Exponent    = 9223372036854775807
Number of vars  = 32767
`

const bcWarrantyText = "This is free software with ABSOLUTELY NO WARRANTY.\n"

// define compiles a function definition.
func (p *bcParser) define() error {
	p.take()
	f := &bcFunc{}
	f.void = p.accept("void")
	t := p.take()
	if t.kind != bcName {
		p.peeked, p.tok = true, t
		return p.syntax()
	}
	f.name = t.text
	if err := p.expect("("); err != nil {
		return err
	}
	var err error
	if f.params, err = p.paramList(")", true); err != nil {
		return err
	}
	p.optNewline()
	if err := p.expect("{"); err != nil {
		return err
	}
	p.skipNewlines()
	if p.accept("auto") {
		if f.autos, err = p.paramList("", false); err != nil {
			return err
		}
	}
	outer := p.code
	p.code, p.fn = &f.code, f
	defer func() { p.code, p.fn = outer, nil }()
	if err := p.block(); err != nil {
		return err
	}
	f.code.emit(bcInst{op: bcoConst, size: 1, text: "0"})
	f.code.emit(bcInst{op: bcoReturn, size: 1})
	p.defined(f)
	return nil
}

// paramList reads names, arrays as name[] (and *name[] for parameters),
// up to close (or, for auto, the end of the statement).
func (p *bcParser) paramList(close string, params bool) ([]bcParam, error) {
	var out []bcParam
	if close != "" && p.accept(close) {
		return nil, nil
	}
	for {
		var pr bcParam
		if params && p.accept("*") {
			pr.ref = true
		}
		t := p.take()
		if t.kind != bcName {
			p.peeked, p.tok = true, t
			return nil, p.syntax()
		}
		pr.name = t.text
		if p.accept("[") {
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			pr.array = true
		} else if pr.ref {
			return nil, p.syntax()
		}
		out = append(out, pr)
		if p.accept(",") {
			continue
		}
		if close != "" {
			return out, p.expect(close)
		}
		if t := p.peek(); t.kind == bcNewline || t.kind == bcOp && t.text == ";" {
			p.take()
			return out, nil
		}
		return nil, p.syntax()
	}
}
