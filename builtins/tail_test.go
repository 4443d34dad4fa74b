package builtins_test

import (
	"strings"
	"testing"
)

func TestTail(t *testing.T) {
	var big strings.Builder
	for i := 0; i < 30000; i++ {
		big.WriteString("line of text\n")
	}
	big.WriteString("last")
	files := map[string]string{
		"a":   "1\n2\n3\n4\n5\n",
		"b":   "x\ny",
		"big": big.String(),
		"d/":  "",
	}
	runTextCases(t, files, []textCase{
		{"lines", "tail -n 2 a", textResult{"4\n5\n", "", 0}},
		{"from line", "tail -n +4 a", textResult{"4\n5\n", "", 0}},
		{"from line 0", "tail -n +0 b", textResult{"x\ny", "", 0}},
		{"bytes", "tail -c 3 a", textResult{"\n5\n", "", 0}},
		{"from byte", "tail -c +7 a", textResult{"4\n5\n", "", 0}},
		{"unterminated line counts", "tail -n 1 b", textResult{"y", "", 0}},
		{"pipe", "cat a | tail -n 1", textResult{"5\n", "", 0}},
		{"pipe, unterminated", "cat b | tail -n 2", textResult{"x\ny", "", 0}},
		{"large file from the end", "tail -n 2 big", textResult{"line of text\nlast", "", 0}},
		{"large pipe", "cat big | tail -n 2", textResult{"line of text\nlast", "", 0}},
		{"large pipe bytes", "cat big | tail -c 5", textResult{"\nlast", "", 0}},
		{"obsolete", "tail -2 a", textResult{"4\n5\n", "", 0}},
		{"obsolete plus", "tail +5 a", textResult{"5\n", "", 0}},
		{"obsolete bad suffix is a digit option", "tail -2x a",
			textResult{"", "tail: option used in invalid context -- 2\n", 1}},
		{"plus with two files is a file", "tail -n 1 +2 a", textResult{"==> a <==\n5\n", "tail: cannot open '+2' for reading: No such file or directory\n", 1}},
		{"nothing to print reads nothing", "tail -n 0 nope", textResult{"", "", 0}},
		{"follow ends", "tail -f -n 1 a", textResult{"5\n", "", 0}},
		{"follow a pipe", "cat a | tail -f -n 1", textResult{"5\n", "", 0}},
		{"follow stdin by name", "cat a | tail -F", textResult{"", "tail: cannot follow '-' by name\n", 1}},
		{"follow nothing left", "tail -f nope", textResult{"", "tail: cannot open 'nope' for reading: No such file or directory\ntail: no files remaining\n", 1}},
		{"follow a directory", "tail -f d",
			textResult{"", "tail: error reading 'd': Is a directory\ntail: d: cannot follow end of this type of file; giving up on this name\ntail: no files remaining\n", 1}},
		{"pid is not supported", "tail --pid=1 a", textResult{"", "tail: unsupported option --pid (shellfence does not implement it)\n", 2}},
		{"headers", "tail -n 1 a b", textResult{"==> a <==\n5\n\n==> b <==\ny", "", 0}},
	})
}
