package builtins

// test, [ - check file types and compare values (the coreutils programs)
//
//	test EXPRESSION
//	[ EXPRESSION ]
//
// Expressions: ( EXPR ), ! EXPR, EXPR -a EXPR, EXPR -o EXPR; -n STRING,
// -z STRING, STRING, STRING = STRING (also ==), STRING != STRING; INTEGER
// -eq -ne -lt -le -gt -ge INTEGER (and -l STRING for its length); FILE
// -nt -ot -ef FILE; the file tests -b -c -d -e -f -g -G -h -k -L -N -O -p
// -r -s -S -t -u -w -x. One to four arguments follow POSIX's rules by
// count, as in GNU. Errors exit with status 2. [ needs a last ]; [
// --version prints GNU's text.
//
// Differences from GNU: -r -w -x look at the owner's permission bits (the
// workspace's user), -O and -G compare with the workspace's owner, and -t
// is always false (there are no terminals).
//
// Inside the shell, test and [ are the shell's builtins (as in bash);
// these run for env test, xargs, find -exec and /usr/bin/[.

import (
	"errors"
	"fmt"

	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// testRun is one evaluation: the arguments (without a closing ]) and the
// position of the next one.
type testRun struct {
	p    *Proc
	argv []string
	pos  int
	bash bool // bash's test builtin: < and >, int64 integers, its messages
}

// testSyntaxError ends the evaluation with status 2.
type testSyntaxError struct{ msg string }

func (e *testSyntaxError) Error() string { return e.msg }

func testCmd(p *Proc) int { return runTest(p, false) }

func runTest(p *Proc, bash bool) int {
	args := p.Args[1:]
	if p.BaseName() == "[" {
		if code, ok := p.soleInfoArg("[", args); ok && !bash {
			return code
		}
		if len(args) == 0 || args[len(args)-1] != "]" {
			if bash {
				p.Errorf("missing `]'")
			} else {
				p.Errorf("missing %s", quote.Locale("]"))
			}
			return 2
		}
		args = args[:len(args)-1]
	}
	t := &testRun{p: p, argv: args, bash: bash}
	ok, err := t.evaluate()
	var se *testSyntaxError
	if errors.As(err, &se) {
		p.Errorf("%s", se.msg)
		return 2
	}
	if ok {
		return 0
	}
	return 1
}

// evaluate is GNU's main: no arguments is false; all must be used.
func (t *testRun) evaluate() (ok bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			se, isSyntax := v.(*testSyntaxError)
			if !isSyntax {
				panic(v)
			}
			err = se
		}
	}()
	if len(t.argv) == 0 {
		return false, nil
	}
	ok = t.posixtest(len(t.argv))
	if t.pos != len(t.argv) {
		t.fail(msgExtra, t.argv[t.pos])
	}
	return ok, nil
}

func (t *testRun) syntax(format string, args ...any) {
	panic(&testSyntaxError{fmt.Sprintf(format, args...)})
}

func (t *testRun) arg(i int) string {
	if i < len(t.argv) {
		return t.argv[i]
	}
	return ""
}

// advance moves past an argument; with f, it must not be the last.
func (t *testRun) advance(f bool) {
	t.pos++
	if f && t.pos >= len(t.argv) {
		t.beyond()
	}
}

func (t *testRun) beyond() {
	t.fail(msgBeyond, t.argv[len(t.argv)-1])
}

// posixtest picks the rule for nargs arguments, as POSIX says.
func (t *testRun) posixtest(nargs int) bool {
	switch nargs {
	case 1:
		return t.oneArgument()
	case 2:
		return t.twoArguments()
	case 3:
		return t.threeArguments()
	case 4:
		if t.arg(t.pos) == "!" {
			t.advance(true)
			return !t.threeArguments()
		}
		if t.arg(t.pos) == "(" && t.arg(t.pos+3) == ")" {
			t.advance(false)
			v := t.twoArguments()
			t.advance(false)
			return v
		}
	}
	return t.expr()
}

func (t *testRun) oneArgument() bool {
	t.pos++
	return t.argv[t.pos-1] != ""
}

func (t *testRun) twoArguments() bool {
	a := t.arg(t.pos)
	switch {
	case a == "!":
		t.advance(false)
		return !t.oneArgument()
	case len(a) == 2 && a[0] == '-':
		return t.unaryOperator()
	}
	if t.bash {
		t.fail(msgUnop, a)
	}
	t.beyond()
	return false
}

func (t *testRun) threeArguments() bool {
	switch op := t.arg(t.pos + 1); {
	case t.isBinop(op):
		return t.binaryOperator(false)
	case t.bash && (op == "-a" || op == "-o"):
		// bash tests each side as one argument: test a -a ! is true
		a, b := t.arg(t.pos) != "", t.arg(t.pos+2) != ""
		t.pos += 3
		if op == "-a" {
			return a && b
		}
		return a || b
	case t.arg(t.pos) == "!":
		t.advance(true)
		return !t.twoArguments()
	case t.arg(t.pos) == "(" && t.arg(t.pos+2) == ")":
		t.advance(false)
		v := t.oneArgument()
		t.advance(false)
		return v
	case t.arg(t.pos+1) == "-a" || t.arg(t.pos+1) == "-o":
		return t.expr()
	}
	t.fail(msgBinop, t.arg(t.pos+1))
	return false
}

func (t *testRun) expr() bool {
	if t.pos >= len(t.argv) {
		t.beyond()
	}
	return t.or()
}

func (t *testRun) or() bool {
	v := false
	for {
		v = t.and() || v
		if !(t.pos < len(t.argv) && t.argv[t.pos] == "-o") {
			return v
		}
		t.advance(false)
	}
}

func (t *testRun) and() bool {
	v := true
	for {
		v = t.term() && v
		if !(t.pos < len(t.argv) && t.argv[t.pos] == "-a") {
			return v
		}
		t.advance(false)
	}
}

// term is a primary, with leading !s and parentheses.
func (t *testRun) term() bool {
	negated := false
	for t.pos < len(t.argv) && t.argv[t.pos] == "!" {
		t.advance(true)
		negated = !negated
	}
	if t.pos >= len(t.argv) {
		t.beyond()
	}
	a := t.argv[t.pos]
	var v bool
	switch {
	case a == "(":
		v = t.paren()
	case !t.bash && len(t.argv)-t.pos >= 4 && a == "-l" && t.isBinop(t.arg(t.pos+2)):
		v = t.binaryOperator(true)
	case len(t.argv)-t.pos >= 3 && t.isBinop(t.arg(t.pos+1)):
		v = t.binaryOperator(false)
	case len(a) == 2 && a[0] == '-':
		if testUnop(a[1]) {
			v = t.unaryOperator()
		} else {
			v = true
			t.advance(false)
		}
	default:
		v = a != ""
		t.advance(false)
	}
	return negated != v
}

// paren evaluates ( ... ) of up to four arguments by the POSIX rules.
func (t *testRun) paren() bool {
	t.advance(true)
	nargs := 1
	for ; t.pos+nargs < len(t.argv) && t.argv[t.pos+nargs] != ")"; nargs++ {
		if nargs == 4 {
			nargs = len(t.argv) - t.pos
			break
		}
	}
	v := t.posixtest(nargs)
	switch {
	case t.pos >= len(t.argv):
		t.fail(msgParen, "")
	case t.argv[t.pos] != ")":
		t.fail(msgParenFound, t.argv[t.pos])
	}
	t.advance(false)
	return v
}

// isBinop reports whether s is a binary operator (bash adds < and >).
func (t *testRun) isBinop(s string) bool {
	return testBinop(s) || t.bash && (s == "<" || s == ">")
}

func testBinop(s string) bool {
	switch s {
	case "=", "!=", "==", "-nt", "-ot", "-ef", "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		return true
	}
	return false
}

func testUnop(c byte) bool {
	switch c {
	case 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'n', 'o', 'p', 'r', 's', 't',
		'u', 'w', 'x', 'z', 'G', 'L', 'O', 'S', 'N':
		return true
	}
	return false
}
