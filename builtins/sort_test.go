package builtins_test

import "testing"

func TestSort(t *testing.T) {
	files := map[string]string{
		"w": "b\na\nB\n\nc\n",
		"k": "x 10\ny 9\nz -1\nw 9\n",
		"p": "r:0\nd:1\nb:2\n",
		"s": "a\nb\n",
	}
	runTextCases(t, files, []textCase{
		{"bytes", "sort w", textResult{"\nB\na\nb\nc\n", "", 0}},
		{"fold", "sort -f w", textResult{"\na\nB\nb\nc\n", "", 0}},
		{"key numeric", "sort -k2,2n k", textResult{"z -1\nw 9\ny 9\nx 10\n", "", 0}},
		{"key numeric stable", "sort -s -k2,2n k", textResult{"z -1\ny 9\nw 9\nx 10\n", "", 0}},
		{"key numeric unique keeps the first", "sort -u -k2,2n k", textResult{"z -1\ny 9\nx 10\n", "", 0}},
		{"reverse key, last resort not reversed", "sort -k2,2nr k", textResult{"x 10\nw 9\ny 9\nz -1\n", "", 0}},
		{"global reverse reverses only the last resort", "sort -r -k2,2n k", textResult{"z -1\ny 9\nw 9\nx 10\n", "", 0}},
		{"separator", "sort -t: -k2n p", textResult{"r:0\nd:1\nb:2\n", "", 0}},
		{"obsolete key", "sort +1 -2 -n k", textResult{"z -1\nw 9\ny 9\nx 10\n", "", 0}},
		{"check", "sort -c w", textResult{"", "sort: w:2: disorder: a\n", 1}},
		{"check quiet", "sort -C s", textResult{"", "", 0}},
		{"merge", "sort -m s s", textResult{"a\na\nb\nb\n", "", 0}},
		{"output onto input", "sort -r -o s s; cat s", textResult{"b\na\n", "", 0}},
		{"version", "printf 'v1.10\\nv1.9\\nv1.9~rc\\n' | sort -V", textResult{"v1.9~rc\nv1.9\nv1.10\n", "", 0}},
		{"human", "printf '1M\\n10K\\n2\\n' | sort -h", textResult{"2\n10K\n1M\n", "", 0}},
		{"zero key", "sort -k0 w", textResult{"", "sort: field number is zero: invalid field specification ‘0’\n", 2}},
		{"bad key char", "sort -k1.x w", textResult{"", "sort: invalid number after '.': invalid count at start of ‘x’\n", 2}},
		{"incompatible", "sort -nM w", textResult{"", "sort: options '-Mn' are incompatible\n", 2}},
		{"missing file", "sort w nope", textResult{"", "sort: cannot read: nope: No such file or directory\n", 2}},
		{"bad option", "sort --nope w", textResult{"", "sort: unrecognized option '--nope'\nTry 'sort --help' for more information.\n", 2}},
		{"bad buffer size", "sort -S 1x w", textResult{"", "sort: invalid suffix in -S argument '1x'\n", 2}},
	})
}
