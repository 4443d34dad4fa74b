package builtins_test

import "testing"

func TestUniq(t *testing.T) {
	files := map[string]string{
		"u": "a\na\nb\nA\na\n",
		"f": "1 x\n2 x\n3 y\n",
	}
	runTextCases(t, files, []textCase{
		{"plain", "uniq u", textResult{"a\nb\nA\na\n", "", 0}},
		{"count", "uniq -c u", textResult{"      2 a\n      1 b\n      1 A\n      1 a\n", "", 0}},
		{"ignore case", "uniq -ic u", textResult{"      2 a\n      1 b\n      2 A\n", "", 0}},
		{"repeated", "uniq -d u", textResult{"a\n", "", 0}},
		{"all repeated, separated", "uniq -i --all-repeated=separate u", textResult{"a\na\n\nA\na\n", "", 0}},
		{"unique", "uniq -u u", textResult{"b\nA\na\n", "", 0}},
		{"groups", "uniq --group=both f -f1", textResult{"\n1 x\n2 x\n\n3 y\n\n", "", 0}},
		{"skip fields, obsolete", "uniq -1 -c f", textResult{"      2 1 x\n      1 3 y\n", "", 0}},
		{"skip chars, obsolete", "uniq +2 f", textResult{"1 x\n3 y\n", "", 0}},
		{"output file", "uniq u out; cat out", textResult{"a\nb\nA\na\n", "", 0}},
		{"group excludes count", "uniq --group -c u",
			textResult{"", "uniq: --group is mutually exclusive with -c/-d/-D/-u\nTry 'uniq --help' for more information.\n", 1}},
		{"bad skip", "uniq -f x u", textResult{"", "uniq: x: invalid number of fields to skip\n", 1}},
		{"extra operand", "uniq u o p", textResult{"", "uniq: extra operand ‘p’\nTry 'uniq --help' for more information.\n", 1}},
	})
}
