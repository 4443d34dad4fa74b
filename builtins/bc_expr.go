package builtins

// bc's expressions, with GNU bc's precedence (bc.y): || < && < ! <
// relations < assignment < + - < * / % < ^ < unary minus < ++ --. So
// x = 1 == 2 is (x = 1) == 2, and -2^2 is 4, as in GNU bc.

type bcFlags int

const (
	bcAssign bcFlags = 1 << iota // an assignment: a statement does not print it
	bcVoid                       // a call of a void function
)

const (
	bcPrecOr = 1 + iota
	bcPrecAnd
	bcPrecNot
	bcPrecRel
	bcPrecAssign
	bcPrecAdd
	bcPrecMul
	bcPrecPow
)

var bcBinaryPrec = map[string]int{
	"||": bcPrecOr, "&&": bcPrecAnd,
	"==": bcPrecRel, "!=": bcPrecRel, "<": bcPrecRel, "<=": bcPrecRel, ">": bcPrecRel, ">=": bcPrecRel,
	"+": bcPrecAdd, "-": bcPrecAdd, "*": bcPrecMul, "/": bcPrecMul, "%": bcPrecMul, "^": bcPrecPow,
}

var bcAssignOps = map[string]string{"=": "", "+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "^=": "^"}

func (p *bcParser) expr(minPrec int) (bcFlags, error) {
	flags, err := p.prefix()
	if err != nil {
		return 0, err
	}
	for {
		t := p.peek()
		if t.kind != bcOp {
			return flags, nil
		}
		prec, ok := bcBinaryPrec[t.text]
		if !ok || prec < minPrec {
			return flags, nil
		}
		p.take()
		flags = 0
		switch t.text {
		case "&&", "||":
			if err := p.logical(t.text == "&&"); err != nil {
				return 0, err
			}
			continue
		}
		next := prec + 1
		if t.text == "^" {
			next = prec
		}
		if _, err := p.expr(next); err != nil {
			return 0, err
		}
		p.code.emit(bcInst{op: bcoBinary, size: 1, text: t.text})
	}
}

// logical compiles the right side of && or || with short circuit; the
// result is 0 or 1.
func (p *bcParser) logical(and bool) error {
	c := p.code
	short, end := c.newLabel(), c.newLabel()
	jump, prec, shortVal, fallVal := bcoJumpZero, bcPrecNot, "0", "1"
	if !and {
		jump, prec, shortVal, fallVal = bcoJumpNonZero, bcPrecAnd, "1", "0"
	}
	// the left side is on the stack already
	c.emit(bcInst{op: jump, size: 3, target: short})
	if _, err := p.expr(prec); err != nil {
		return err
	}
	c.emit(bcInst{op: jump, size: 3, target: short})
	c.emit(bcInst{op: bcoConst, size: 1, text: fallVal})
	c.emit(bcInst{op: bcoJump, size: 3, target: end})
	c.setLabel(short)
	c.emit(bcInst{op: bcoConst, size: 1, text: shortVal})
	c.setLabel(end)
	return nil
}

func (p *bcParser) prefix() (bcFlags, error) {
	t := p.peek()
	if t.kind == bcOp {
		switch t.text {
		case "!":
			p.take()
			if _, err := p.expr(bcPrecRel); err != nil {
				return 0, err
			}
			p.code.emit(bcInst{op: bcoNot, size: 1})
			return 0, nil
		case "-":
			p.take()
			if _, err := p.unaryOperand(); err != nil {
				return 0, err
			}
			p.code.emit(bcInst{op: bcoNeg, size: 1})
			return 0, nil
		case "++", "--":
			p.take()
			return 0, p.incDec(t.text, false)
		}
	}
	return p.primary()
}

// unaryOperand is what unary minus applies to: another unary minus, a
// ++/-- form or a primary, never a ^ (so -2^2 is (-2)^2).
func (p *bcParser) unaryOperand() (bcFlags, error) {
	t := p.peek()
	if t.kind == bcOp && t.text == "-" {
		p.take()
		if _, err := p.unaryOperand(); err != nil {
			return 0, err
		}
		p.code.emit(bcInst{op: bcoNeg, size: 1})
		return 0, nil
	}
	if t.kind == bcOp && (t.text == "++" || t.text == "--" || t.text == "!") {
		return p.prefix()
	}
	return p.primary()
}

// bcNamed is a variable, an array element or a special variable.
type bcNamed struct {
	name  string
	array bool // the index is on the stack when it is used
}

var bcSpecials = map[string]bool{"scale": true, "ibase": true, "obase": true, "last": true}

func (p *bcParser) primary() (bcFlags, error) {
	t := p.take()
	switch t.kind {
	case bcNumber:
		size := len(t.text) + 2
		if t.text == "0" || t.text == "1" {
			size = 1
		}
		p.code.emit(bcInst{op: bcoConst, size: size, text: t.text})
		return 0, nil
	case bcOp:
		if t.text == "(" {
			flags, err := p.expr(0)
			if err != nil {
				return 0, err
			}
			return flags &^ bcAssign, p.expect(")")
		}
	case bcKeyword:
		switch t.text {
		case "length", "sqrt":
			return 0, p.builtinCall(t.text)
		case "read":
			if err := p.expect("("); err != nil {
				return 0, err
			}
			p.code.emit(bcInst{op: bcoBuiltin, size: 1, text: "read"})
			return 0, p.expect(")")
		case "scale":
			if p.is("(") {
				return 0, p.builtinCall("scale")
			}
			return p.named(bcNamed{name: t.text})
		case "ibase", "obase", "last":
			return p.named(bcNamed{name: t.text})
		}
	case bcName:
		if p.is("(") {
			return p.call(t.text)
		}
		n := bcNamed{name: t.text}
		if p.accept("[") {
			if _, err := p.expr(0); err != nil {
				return 0, err
			}
			if err := p.expect("]"); err != nil {
				return 0, err
			}
			n.array = true
		}
		return p.named(n)
	}
	p.peeked, p.tok = true, t
	return 0, p.syntax()
}

func (p *bcParser) builtinCall(name string) error {
	if err := p.expect("("); err != nil {
		return err
	}
	if _, err := p.expr(0); err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	p.code.emit(bcInst{op: bcoBuiltin, size: 2, text: name})
	return nil
}

// named compiles a use of n: an assignment, a postfix ++/-- or a load.
func (p *bcParser) named(n bcNamed) (bcFlags, error) {
	c := p.code
	t := p.peek()
	if t.kind == bcOp {
		if op, ok := bcAssignOps[t.text]; ok {
			p.take()
			return bcAssign, p.assign(n, op)
		}
		if t.text == "++" || t.text == "--" {
			p.take()
			p.emitIncDec(n, t.text, true)
			return 0, nil
		}
	}
	if n.array {
		c.emit(bcInst{op: bcoLoadArr, size: 2, text: n.name})
	} else {
		c.emit(bcInst{op: bcoLoad, size: 2, text: n.name})
	}
	return 0, nil
}

func (p *bcParser) assign(n bcNamed, op string) error {
	c := p.code
	if op != "" {
		if n.array {
			c.emit(bcInst{op: bcoDup, size: 1})
			c.emit(bcInst{op: bcoLoadArr, size: 2, text: n.name})
		} else {
			c.emit(bcInst{op: bcoLoad, size: 2, text: n.name})
		}
	}
	flags, err := p.expr(bcPrecAssign)
	if err != nil {
		return err
	}
	if flags&bcVoid != 0 {
		return p.fail("Assignment of a void expression")
	}
	if op != "" {
		c.emit(bcInst{op: bcoBinary, size: 1, text: op})
	}
	if n.array {
		c.emit(bcInst{op: bcoStoreArr, size: 2, text: n.name})
	} else {
		c.emit(bcInst{op: bcoStore, size: 2, text: n.name})
	}
	return nil
}

// incDec compiles ++x or --x (pre) after the operator was read.
func (p *bcParser) incDec(op string, post bool) error {
	t := p.take()
	var n bcNamed
	switch {
	case t.kind == bcName:
		n.name = t.text
		if p.accept("[") {
			if _, err := p.expr(0); err != nil {
				return err
			}
			if err := p.expect("]"); err != nil {
				return err
			}
			n.array = true
		}
	case t.kind == bcKeyword && (bcSpecials[t.text]):
		n.name = t.text
	default:
		p.peeked, p.tok = true, t
		return p.syntax()
	}
	p.emitIncDec(n, op, post)
	return nil
}

func (p *bcParser) emitIncDec(n bcNamed, op string, post bool) {
	d := 1
	if op == "--" {
		d = -1
	}
	if n.array {
		size := 5
		if post {
			size = 6
		}
		p.code.emit(bcInst{op: bcoIncDecArr, size: size, text: n.name, n: d, post: post})
		return
	}
	p.code.emit(bcInst{op: bcoIncDec, size: 4, text: n.name, n: d, post: post})
}

// call compiles name(args); an argument name[] passes an array.
func (p *bcParser) call(name string) (bcFlags, error) {
	p.take()
	in := bcInst{op: bcoCall, size: 3, text: name}
	if !p.accept(")") {
		for {
			if arr, ok := p.arrayArg(); ok {
				in.arrays = append(in.arrays, true)
				in.names = append(in.names, arr)
				in.size += 4
			} else {
				if _, err := p.expr(0); err != nil {
					return 0, err
				}
				in.arrays = append(in.arrays, false)
				in.names = append(in.names, "")
				in.size++
			}
			if p.accept(",") {
				continue
			}
			if err := p.expect(")"); err != nil {
				return 0, err
			}
			break
		}
	}
	in.n = len(in.arrays)
	p.code.emit(in)
	if f := p.funcs[name]; f != nil && f.void {
		return bcVoid, nil
	}
	return 0, nil
}

// arrayArg reads "name[]" when that is what comes; it needs two tokens
// of look-ahead, which the lexer's reader gives.
func (p *bcParser) arrayArg() (string, bool) {
	t := p.peek()
	if t.kind != bcName {
		return "", false
	}
	b, _ := p.lx.r.Peek(2)
	if len(b) < 2 || b[0] != '[' || b[1] != ']' {
		return "", false
	}
	p.take()
	p.lx.r.Discard(2)
	return t.text, true
}
