package builtins_test

import "testing"

func TestPrintf(t *testing.T) {
	runLines(t, nil, []lineCase{
		{name: "reuse", cmd: "env printf '%s=%d\\n' a 1 b 2", stdout: "a=1\nb=2\n"},
		{name: "float", cmd: "env printf '%5.2f|%-8.3e|%g\\n' 3.14159 1234.5 0.0001", stdout: " 3.14|1.234e+03|0.0001\n"},
		{name: "long-double", cmd: "env printf '%.20f\\n' 0.1", stdout: "0.10000000000000000000\n"},
		{name: "hex-float", cmd: "env printf '%a\\n' 1", stdout: "0x8p-3\n"},
		{name: "ints", cmd: "env printf '%x %#o %+d %05d %.3d\\n' 255 8 5 -42 7", stdout: "ff 010 +5 -0042 007\n"},
		{name: "char", cmd: "env printf '%d %d\\n' \"'a\" \"'é\"", stdout: "97 233\n"},
		{name: "star", cmd: "env printf '%*s|%.*s|\\n' 4 a 2 abc", stdout: "   a|ab|\n"},
		{name: "b-q", cmd: "env printf '%b|%q\\n' 'a\\tb' 'a b'", stdout: "a\tb|'a b'\n"},
		{name: "unicode", cmd: "env printf '\\u00e9\\n'", stdout: "é\n"},
		{name: "stop", cmd: "env printf 'a\\cb'", stdout: "a"},
		{name: "bad-number", cmd: "env printf '%d\\n' 1x", stdout: "1\n",
			stderr: "printf: ‘1x’: value not completely converted\n", status: 1},
		{name: "excess", cmd: "env printf x y", stdout: "x",
			stderr: "printf: warning: ignoring excess arguments, starting with ‘y’\n"},
		{name: "bad-conv", cmd: "env printf '%z'", stderr: "printf: %z: invalid conversion specification\n", status: 1},
		{name: "missing", cmd: "env printf", status: 1,
			stderr: "printf: missing operand\nTry 'printf --help' for more information.\n"},
	})
}
