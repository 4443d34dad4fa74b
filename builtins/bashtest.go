package builtins

import "github.com/shellfence/shellfence/builtins/internal/quote"

// ShellTest is bash 5.2's test and [ builtins, for the engine to run in
// place of the interpreter's (which lacks < and >, and takes "a -eq 1" for
// false instead of an error). It is coreutils' test (test.go) with bash's
// differences: < and > compare strings, integers must fit in 64 bits, -a
// FILE means -e, there is no -l, and the messages are bash's.

// ShellTest runs bash's test or [ with p.Args.
func ShellTest(p *Proc) int { return runTest(p, true) }

// Kinds of test syntax error, worded by coreutils or bash.
const (
	msgExtra = iota
	msgBeyond
	msgUnop
	msgBinop
	msgInt
	msgParen
	msgParenFound
)

var testMessages = map[int][2]string{
	msgExtra:      {"extra argument %s", "too many arguments"},
	msgBeyond:     {"missing argument after %s", "argument expected"},
	msgUnop:       {"%s: unary operator expected", "%s: unary operator expected"},
	msgBinop:      {"%s: binary operator expected", "%s: binary operator expected"},
	msgInt:        {"invalid integer %s", "%s: integer expression expected"},
	msgParen:      {"‘)’ expected", "`)' expected"},
	msgParenFound: {"‘)’ expected, found %s", "`)' expected, found %s"},
}

// fail ends the evaluation with a syntax error of the given kind about
// operand (quoted as coreutils does, or plain as bash does).
func (t *testRun) fail(kind int, operand string) {
	m := testMessages[kind]
	if t.bash {
		if kind == msgExtra || kind == msgBeyond || kind == msgParen {
			t.syntax("%s", m[1])
		}
		t.syntax(m[1], operand)
	}
	if kind == msgParen {
		t.syntax("%s", m[0])
	}
	t.syntax(m[0], quote.Locale(operand))
}
