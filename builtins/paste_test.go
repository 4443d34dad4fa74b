package builtins_test

import "testing"

func TestPaste(t *testing.T) {
	files := map[string]string{"a": "1\n2\n3\n", "b": "x\ny\n", "c": "last"}
	runLines(t, files, []lineCase{
		{name: "parallel", cmd: "paste a b", stdout: "1\tx\n2\ty\n3\t\n"},
		{name: "noeol", cmd: "paste c a", stdout: "last\t1\n\t2\n\t3\n"},
		{name: "delims", cmd: "paste -d ',;' a b a", stdout: "1,x;1\n2,y;2\n3,;3\n"},
		{name: "serial", cmd: "paste -s -d+ a", stdout: "1+2+3\n"},
		{name: "stdin-pairs", cmd: "paste - - < a", stdout: "1\t2\n3\t\n"},
		{name: "empty-delim", cmd: "paste -d '' a b", stdout: "1x\n2y\n3\n"},
		{name: "zero", cmd: "printf 'a\\0b\\0' | paste -z -s -d, | tr '\\0' '|'", stdout: "a,b|"},
		{name: "missing", cmd: "paste a nope", stderr: "paste: nope: No such file or directory\n", status: 1},
		{name: "bad-delims", cmd: "paste -d 'x\\' a", stderr: "paste: delimiter list ends with an unescaped backslash: x\\\n", status: 1},
	})
}
