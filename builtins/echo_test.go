package builtins_test

import "testing"

func TestEcho(t *testing.T) {
	runLines(t, nil, []lineCase{
		{name: "plain", cmd: "env echo a  b", stdout: "a b\n"},
		{name: "n", cmd: "env echo -n a", stdout: "a"},
		{name: "e", cmd: "env echo -e 'a\\tb\\101\\x41\\0101'", stdout: "a\tbAAA\n"},
		{name: "combined", cmd: "env echo -ne 'x\\n'", stdout: "x\n"},
		{name: "stop", cmd: "env echo -e 'a\\cb' c", stdout: "a"},
		{name: "not-option", cmd: "env echo -nx --", stdout: "-nx --\n"},
		{name: "posix", cmd: "POSIXLY_CORRECT=1 env echo -e 'a\\tb'", stdout: "-e a\tb\n"},
	})
}
