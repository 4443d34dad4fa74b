package builtins_test

import "testing"

func TestTestCmd(t *testing.T) {
	runLines(t, map[string]string{"f": "x\n", "e": ""}, []lineCase{
		{name: "file", cmd: "env test -f f; echo $?", stdout: "0\n"},
		{name: "size", cmd: "env test -s e; echo $?", stdout: "1\n"},
		{name: "dir", cmd: "env [ -d . ]; echo $?", stdout: "0\n"},
		{name: "strings", cmd: "env test a = a -a b != c; echo $?", stdout: "0\n"},
		{name: "ints", cmd: "env test 99999999999999999999 -gt -5; echo $?", stdout: "0\n"},
		{name: "length", cmd: "env test -l abc -eq 3; echo $?", stdout: "0\n"},
		{name: "not-paren", cmd: "env test ! '(' a = b ')'; echo $?", stdout: "0\n"},
		{name: "empty", cmd: "env test; echo $?", stdout: "1\n"},
		{name: "bad-int", cmd: "env test a -eq 1", stderr: "test: invalid integer ‘a’\n", status: 2},
		{name: "bracket", cmd: "env [ a", stderr: "[: missing ‘]’\n", status: 2},
		{name: "unary", cmd: "env test -q a", stderr: "test: ‘-q’: unary operator expected\n", status: 2},
		{name: "extra", cmd: "env test a = a b", stderr: "test: extra argument ‘b’\n", status: 2},
	})
}
