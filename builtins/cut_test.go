package builtins_test

import "testing"

func TestCut(t *testing.T) {
	files := map[string]string{
		"t": "a\tb\tc\nsolo\n",
		"c": "1,2,3\n",
	}
	runTextCases(t, files, []textCase{
		{"field", "cut -f2 t", textResult{"b\nsolo\n", "", 0}},
		{"only delimited", "cut -s -f2 t", textResult{"b\n", "", 0}},
		{"range", "cut -d, -f2- c", textResult{"2,3\n", "", 0}},
		{"complement", "cut -d, --complement -f2 c", textResult{"1,3\n", "", 0}},
		{"output delimiter", "cut -d, -f1,3 --output-delimiter=:: c", textResult{"1::3\n", "", 0}},
		{"bytes, ranges stay apart", "cut -b 1-2,3-4 --output-delimiter=. c", textResult{"1,.2,\n", "", 0}},
		{"bytes, unterminated", "printf abc | cut -b 2", textResult{"b\n", "", 0}},
		{"newline delimiter", "printf 'a\\nb\\n' | cut -d \"$(printf '\\n')\" -f2", textResult{"a\nb\n", "", 0}},
		{"no list", "cut t", textResult{"", "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n", 1}},
		{"zero", "cut -f 0 t", textResult{"", "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n", 1}},
		{"decreasing", "cut -b 3-1 t", textResult{"", "cut: invalid decreasing range\nTry 'cut --help' for more information.\n", 1}},
		{"bad value", "cut -f 1x t", textResult{"", "cut: invalid field value ‘x’\nTry 'cut --help' for more information.\n", 1}},
		{"too large", "cut -b 18446744073709551616 t",
			textResult{"", "cut: byte/character offset ‘18446744073709551616’ is too large\nTry 'cut --help' for more information.\n", 1}},
		{"largest", "cut -b 18446744073709551614 t", textResult{"\n\n", "", 0}},
	})
}
