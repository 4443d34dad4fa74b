package builtins_test

import "testing"

func TestTr(t *testing.T) {
	runLines(t, nil, []lineCase{
		{name: "upper", cmd: "echo hello | tr a-z A-Z", stdout: "HELLO\n"},
		{name: "classes", cmd: "echo 'Ab 1' | tr '[:upper:][:lower:]' '[:lower:][:upper:]'", stdout: "aB 1\n"},
		{name: "squeeze", cmd: "echo 'a   b' | tr -s ' '", stdout: "a b\n"},
		{name: "complement-delete", cmd: "echo 'a1b2' | tr -cd 0-9", stdout: "12"},
		{name: "repeat", cmd: "echo abcd | tr a-d 'x[y*]z'", stdout: "xyyz\n"},
		{name: "bytes", cmd: "printf 'é\\n' | tr 'é' 'e'", stdout: "ee\n"},
		{name: "octal", cmd: "echo ab | tr ab '\\101\\102'", stdout: "AB\n"},
		{name: "missing", cmd: "tr", stderr: "tr: missing operand\nTry 'tr --help' for more information.\n", status: 1},
		{name: "bad-class", cmd: "tr a-z '[:digit:]'", status: 1,
			stderr: "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n"},
		{name: "reverse-range", cmd: "tr z-a x", status: 1,
			stderr: "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n"},
	})
}
