package builtins

// expr - evaluate expressions
//
//	expr EXPRESSION
//
// As GNU coreutils 9.1: | & < <= = == != >= > + - * / % : and match,
// substr, index, length, + TOKEN and parentheses; integers of any size;
// ':' anchors a basic regular expression (the project's GNU engine) at
// the start and gives \1 or the length of the match. Exit status 0 when
// the result is neither empty nor zero, 1 when it is, 2 for an invalid
// expression, 3 for another error.

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/edit/regex"
)

// exprVal is a string or an integer.
type exprVal struct {
	s     string
	n     *big.Int
	isInt bool
}

func exprStr(s string) exprVal { return exprVal{s: s} }
func exprInt(n *big.Int) exprVal {
	return exprVal{n: n, isInt: true}
}
func exprBool(b bool) exprVal {
	if b {
		return exprInt(big.NewInt(1))
	}
	return exprInt(big.NewInt(0))
}

func (v exprVal) String() string {
	if v.isInt {
		return v.n.String()
	}
	return v.s
}

var exprIntRe = regexp.MustCompile(`^-?[0-9]+$`)

// toInt converts v when it looks like an integer.
func (v exprVal) toInt() (*big.Int, bool) {
	if v.isInt {
		return v.n, true
	}
	if !exprIntRe.MatchString(v.s) {
		return nil, false
	}
	n, ok := new(big.Int).SetString(v.s, 10)
	return n, ok
}

// null reports GNU's "null": zero, or an empty string or one of zeros.
func (v exprVal) null() bool {
	if v.isInt {
		return v.n.Sign() == 0
	}
	s := strings.TrimPrefix(v.s, "-")
	return v.s == "" || s != "" && strings.Trim(s, "0") == ""
}

// exprErr is an error with its exit status.
type exprErr struct {
	msg    string
	status int
}

type exprParser struct {
	args []string
	pos  int
}

func expr(p *Proc) int {
	args := p.Args[1:]
	if code, ok := p.soleInfoArg("expr", args); ok {
		return code
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return p.usageErr("missing operand") + 1
	}
	ep := &exprParser{args: args}
	v, err := ep.run()
	if err != nil {
		p.Errorf("%s", err.msg)
		return err.status
	}
	if werr := p.write([]byte(v.String() + "\n")); werr != nil {
		return p.WriteFailed(werr)
	}
	if v.null() {
		return 1
	}
	return 0
}

func (ep *exprParser) run() (v exprVal, err *exprErr) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*exprErr)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	v = ep.or()
	if ep.pos < len(ep.args) {
		ep.fail("syntax error: unexpected argument %s", quote.Locale(ep.args[ep.pos]))
	}
	return v, nil
}

func (ep *exprParser) fail(format string, args ...any) {
	panic(&exprErr{msg: fmt.Sprintf(format, args...), status: 2})
}

// accept consumes the next argument if it is tok.
func (ep *exprParser) accept(tok string) bool {
	if ep.pos < len(ep.args) && ep.args[ep.pos] == tok {
		ep.pos++
		return true
	}
	return false
}

// next returns the next argument, which must exist.
func (ep *exprParser) next() string {
	if ep.pos >= len(ep.args) {
		ep.fail("syntax error: missing argument after %s", quote.Locale(ep.args[ep.pos-1]))
	}
	ep.pos++
	return ep.args[ep.pos-1]
}

func (ep *exprParser) or() exprVal {
	l := ep.and()
	for ep.accept("|") {
		r := ep.and()
		if l.null() {
			l = r
			if r.null() {
				l = exprBool(false)
			}
		}
	}
	return l
}

func (ep *exprParser) and() exprVal {
	l := ep.compare()
	for ep.accept("&") {
		r := ep.compare()
		if l.null() || r.null() {
			l = exprBool(false)
		}
	}
	return l
}

func (ep *exprParser) compare() exprVal {
	l := ep.additive()
	for {
		op := ""
		for _, o := range []string{"<", "<=", "=", "==", "!=", ">=", ">"} {
			if ep.accept(o) {
				op = o
				break
			}
		}
		if op == "" {
			return l
		}
		r := ep.additive()
		c := 0
		ln, lok := l.toInt()
		rn, rok := r.toInt()
		if lok && rok {
			c = ln.Cmp(rn)
		} else {
			c = strings.Compare(l.String(), r.String())
		}
		l = exprBool(map[string]bool{"<": c < 0, "<=": c <= 0, "=": c == 0, "==": c == 0, "!=": c != 0, ">=": c >= 0, ">": c > 0}[op])
	}
}

func (ep *exprParser) additive() exprVal {
	l := ep.multiplicative()
	for {
		switch {
		case ep.accept("+"):
			l = ep.arith(l, ep.multiplicative(), '+')
		case ep.accept("-"):
			l = ep.arith(l, ep.multiplicative(), '-')
		default:
			return l
		}
	}
}

func (ep *exprParser) multiplicative() exprVal {
	l := ep.match()
	for {
		switch {
		case ep.accept("*"):
			l = ep.arith(l, ep.match(), '*')
		case ep.accept("/"):
			l = ep.arith(l, ep.match(), '/')
		case ep.accept("%"):
			l = ep.arith(l, ep.match(), '%')
		default:
			return l
		}
	}
}

// arith applies an arithmetic operator, truncating division as C does.
func (ep *exprParser) arith(l, r exprVal, op byte) exprVal {
	a, aok := l.toInt()
	b, bok := r.toInt()
	if !aok || !bok {
		ep.fail("non-integer argument")
	}
	if (op == '/' || op == '%') && b.Sign() == 0 {
		ep.fail("division by zero")
	}
	z := new(big.Int)
	switch op {
	case '+':
		z.Add(a, b)
	case '-':
		z.Sub(a, b)
	case '*':
		z.Mul(a, b)
	case '/':
		z.Quo(a, b)
	case '%':
		z.Rem(a, b)
	}
	return exprInt(z)
}

func (ep *exprParser) match() exprVal {
	l := ep.unary()
	for ep.accept(":") {
		l = ep.regexMatch(l, ep.unary())
	}
	return l
}

// regexMatch is STRING : REGEX, the expression anchored at the start
// (it is compiled inside a group of its own, \( \), so that group 2 is
// the expression's first).
func (ep *exprParser) regexMatch(s, pat exprVal) exprVal {
	if _, err := regex.Compile(pat.String(), regex.Options{}); err != nil {
		ep.fail("%s", err.Error())
	}
	re, err := regex.Compile("^\\("+pat.String()+"\\)", regex.Options{})
	if err != nil {
		ep.fail("%s", err.Error())
	}
	text := []byte(s.String())
	m := re.FindSubmatchIndex(text)
	if re.NumSubexp() > 1 {
		if m == nil || m[4] < 0 {
			return exprStr("")
		}
		return exprStr(string(text[m[4]:m[5]]))
	}
	if m == nil {
		return exprInt(big.NewInt(0))
	}
	return exprInt(big.NewInt(int64(utf8.RuneCount(text[:m[1]]))))
}

func (ep *exprParser) unary() exprVal {
	if ep.pos >= len(ep.args) {
		ep.fail("syntax error: missing argument after %s", quote.Locale(ep.args[ep.pos-1]))
	}
	switch {
	case ep.accept("+"):
		return exprStr(ep.next())
	case ep.accept("length"):
		return exprInt(big.NewInt(int64(utf8.RuneCountInString(ep.unary().String()))))
	case ep.accept("match"):
		s := ep.unary()
		return ep.regexMatch(s, ep.unary())
	case ep.accept("index"):
		s, chars := ep.unary().String(), ep.unary().String()
		return exprInt(big.NewInt(int64(exprIndex(s, chars))))
	case ep.accept("substr"):
		s, pos, n := ep.unary(), ep.unary(), ep.unary()
		return exprStr(exprSubstr(s.String(), pos, n))
	}
	return ep.primary()
}

func (ep *exprParser) primary() exprVal {
	if ep.accept("(") {
		if ep.pos >= len(ep.args) {
			ep.fail("syntax error: missing argument after %s", quote.Locale("("))
		}
		v := ep.or()
		if ep.pos >= len(ep.args) {
			ep.fail("syntax error: expecting ')' after %s", quote.Locale(ep.args[ep.pos-1]))
		}
		if !ep.accept(")") {
			ep.fail("syntax error: expecting ')' instead of %s", quote.Locale(ep.args[ep.pos]))
		}
		return v
	}
	if ep.pos < len(ep.args) && ep.args[ep.pos] == ")" {
		ep.fail("syntax error: unexpected ')'")
	}
	return exprStr(ep.next())
}

// exprIndex is the 1-based character position in s of the first
// character that is in chars, or 0.
func exprIndex(s, chars string) int {
	i := 0
	for _, r := range s {
		i++
		if strings.ContainsRune(chars, r) {
			return i
		}
	}
	return 0
}

// exprSubstr is substr STRING POS LENGTH, in characters.
func exprSubstr(s string, posV, lenV exprVal) string {
	pos, err1 := strconv.ParseInt(posV.String(), 10, 64)
	n, err2 := strconv.ParseInt(lenV.String(), 10, 64)
	rs := []rune(s)
	if err1 != nil || err2 != nil || pos < 1 || n < 1 || pos > int64(len(rs)) {
		return ""
	}
	end := min(int64(len(rs)), pos-1+n)
	return string(rs[pos-1 : end])
}
