package builtins_test

import "testing"

func TestHead(t *testing.T) {
	files := map[string]string{
		"a":  "1\n2\n3\n4\n5\n",
		"b":  "x\ny",
		"d/": "",
	}
	runTextCases(t, files, []textCase{
		{"lines", "head -n 2 a", textResult{"1\n2\n", "", 0}},
		{"all but last", "head -n -2 a", textResult{"1\n2\n3\n", "", 0}},
		{"all but last, unterminated line counts", "head -n -1 b", textResult{"x\n", "", 0}},
		{"all but last from a pipe", "cat a | head -n -4", textResult{"1\n", "", 0}},
		{"bytes", "head -c 3 a", textResult{"1\n2", "", 0}},
		{"all but last bytes from a pipe", "cat a | head -c -7", textResult{"1\n2", "", 0}},
		{"suffix", "head -c 1b a", textResult{"1\n2\n3\n4\n5\n", "", 0}},
		{"obsolete", "head -2 a", textResult{"1\n2\n", "", 0}},
		{"obsolete with letters", "head -1vc a", textResult{"==> a <==\n1", "", 0}},
		{"headers", "head -n 1 a b", textResult{"==> a <==\n1\n\n==> b <==\nx\n", "", 0}},
		{"missing", "head nope", textResult{"", "head: cannot open 'nope' for reading: No such file or directory\n", 1}},
		{"directory", "head d", textResult{"", "head: error reading 'd': Is a directory\n", 1}},
		{"directory, nothing to read", "head -n 0 d", textResult{"", "", 0}},
		{"invalid count", "head -n 2x a", textResult{"", "head: invalid number of lines: ‘2x’\n", 1}},
		{"count too large", "head -c 99999999999999999999 a",
			textResult{"", "head: invalid number of bytes: ‘99999999999999999999’: Value too large for defined data type\n", 1}},
		{"digit after options", "head -n 1 -3 a",
			textResult{"", "head: invalid trailing option -- 3\nTry 'head --help' for more information.\n", 1}},
		{"zero terminated", "printf 'a\\0b\\0c' | head -z -n 2", textResult{"a\x00b\x00", "", 0}},
	})
}
