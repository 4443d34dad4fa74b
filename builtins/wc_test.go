package builtins_test

import "testing"

func TestWc(t *testing.T) {
	files := map[string]string{
		"a":    "hello world\nfoo\n",
		"b":    "x",
		"u":    "héllo wörld\n日本 語\n",
		"list": "a\x00b\x00",
		"d/":   "",
	}
	runTextCases(t, files, []textCase{
		{"one file", "wc a", textResult{" 2  3 16 a\n", "", 0}},
		{"single count has width 1", "wc -l a", textResult{"2 a\n", "", 0}},
		{"total", "wc a b", textResult{" 2  3 16 a\n 0  1  1 b\n 2  4 17 total\n", "", 0}},
		{"pipe is at least 7 wide", "cat a | wc", textResult{"      2       3      16\n", "", 0}},
		{"pipe, one count", "cat a | wc -c", textResult{"16\n", "", 0}},
		{"chars and width", "wc -mL u", textResult{"17 11 u\n", "", 0}},
		{"words split on unicode spaces", "printf 'a\\u3000b\\u00a0c\\u2028d\\n' | wc -w", textResult{"3\n", "", 0}},
		{"invalid bytes are not characters", "printf 'a\\xffb\\n' | wc -m", textResult{"3\n", "", 0}},
		{"directory still prints its counts", "wc d", textResult{"      0       0       0 d\n", "wc: d: Is a directory\n", 1}},
		{"missing", "wc nope a", textResult{" 2  3 16 a\n 2  3 16 total\n", "wc: nope: No such file or directory\n", 1}},
		{"files0", "wc -c --files0-from=list", textResult{"16 a\n 1 b\n17 total\n", "", 0}},
		{"files0 from a pipe", "printf 'a\\0' | wc -l --files0-from=-", textResult{"2 a\n", "", 0}},
		{"files0 with operand", "wc --files0-from=list a",
			textResult{"", "wc: extra operand 'a'\nfile operands cannot be combined with --files0-from\nTry 'wc --help' for more information.\n", 1}},
		{"empty name", "printf 'a\\0\\0' | wc -l --files0-from=-", textResult{"2 a\n2 total\n", "wc: -:2: invalid zero-length file name\n", 1}},
		{"total only", "wc --total=only a b", textResult{"2 4 17\n", "", 0}},
		{"total never", "wc -l --total=never a b", textResult{" 2 a\n 0 b\n", "", 0}},
		{"bad total", "wc --total=x a",
			textResult{"", "wc: invalid argument ‘x’ for ‘--total’\nValid arguments are:\n  - ‘auto’\n  - ‘always’\n  - ‘only’\n  - ‘never’\nTry 'wc --help' for more information.\n", 1}},
	})
}
