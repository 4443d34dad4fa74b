package builtins_test

import "testing"

func TestYesSleepTrueFalse(t *testing.T) {
	runLines(t, nil, []lineCase{
		{name: "yes-pipe", cmd: "yes | paste -s -d, - | true; echo done", stdout: "done\n"},
		{name: "yes-words", cmd: "yes a b | env printf 'x' ; echo", stdout: "x\n"},
		{name: "sleep", cmd: "sleep 0.01 0.01s; echo $?", stdout: "0\n"},
		{name: "sleep-bad", cmd: "sleep 1x -- 2", status: 1,
			stderr: "sleep: invalid time interval ‘1x’\nTry 'sleep --help' for more information.\n"},
		{name: "sleep-missing", cmd: "sleep", status: 1,
			stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n"},
		{name: "true", cmd: "env true --foo; echo $?", stdout: "0\n"},
		{name: "false", cmd: "env false; echo $?", stdout: "1\n"},
		{name: "false-version", cmd: "env false --version | env printf ''; echo $?", stdout: "0\n"},
	})
}
