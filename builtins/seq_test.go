package builtins_test

import "testing"

func TestSeq(t *testing.T) {
	runLines(t, nil, []lineCase{
		{name: "last", cmd: "seq 3", stdout: "1\n2\n3\n"},
		{name: "float", cmd: "seq 0 0.1 0.3", stdout: "0.0\n0.1\n0.2\n0.3\n"},
		{name: "negative", cmd: "seq 5 -2 -1", stdout: "5\n3\n1\n-1\n"},
		{name: "width", cmd: "seq -w 8 10", stdout: "08\n09\n10\n"},
		{name: "sep", cmd: "seq -s, 3", stdout: "1,2,3\n"},
		{name: "format", cmd: "seq -f '%.2e' 1 2", stdout: "1.00e+00\n2.00e+00\n"},
		{name: "big", cmd: "seq 99999999999999999999 100000000000000000000", stdout: "99999999999999999999\n100000000000000000000\n"},
		{name: "g-default", cmd: "seq 1e6 1e6 2e6", stdout: "1000000\n2000000\n"},
		{name: "zero-step", cmd: "seq 1 0 2", status: 1,
			stderr: "seq: invalid Zero increment value: ‘0’\nTry 'seq --help' for more information.\n"},
		{name: "bad-format", cmd: "seq -f %d 1", status: 1, stderr: "seq: format ‘%d’ has unknown %d directive\n"},
		{name: "infinite", cmd: "seq inf | true; echo done", stdout: "done\n"},
	})
}
