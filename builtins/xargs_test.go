package builtins_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestXargs(t *testing.T) {
	tests := []struct {
		name, cmd string
		want      findResult
	}{
		{"default echo", "printf 'a b\\nc\\n' | xargs", findResult{"a b c\n", "", 0}},
		{"empty input runs once", "printf '' | xargs echo x", findResult{"x\n", "", 0}},
		{"no run if empty", "printf '' | xargs -r echo x", findResult{"", "", 0}},
		{"quotes and backslashes", `printf 'a "b c" d\\ e '"'f g'"'\n' | xargs -n1`, findResult{"a\nb c\nd e\nf g\n", "", 0}},
		{"unmatched quote", `printf "a 'b\n" | xargs`, findResult{"a\n", "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", 1}},
		{"null separated", `printf 'a\0b c\0' | xargs -0 -n1`, findResult{"a\nb c\n", "", 0}},
		{"delimiter escape", `printf 'a\tb' | xargs -d '\t' -n1`, findResult{"a\nb\n", "", 0}},
		{"max lines with continuation", `printf 'a b\nc \nd\ne\n' | xargs -L 1`, findResult{"a b\nc d\ne\n", "", 0}},
		{"replace", `printf 'a\n  b c\n' | xargs -I{} echo [{}]`, findResult{"[a]\n[b c]\n", "", 0}},
		{"eof string", `printf 'x a b\n' | xargs -E a`, findResult{"x\n", "", 0}},
		{"max chars", `printf '1 2 3 4 5\n' | xargs -s 9`, findResult{"1 2\n3 4\n5\n", "", 0}},
		{"too long with -x", `printf '1 2 3\n' | xargs -n 3 -x -s 9`, findResult{"", "xargs: argument list too long\n", 1}},
		{"verbose quotes", `printf '"a b"\n' | xargs -t echo`, findResult{"a b\n", "echo 'a b'\n", 0}},
		{"status 123", `printf 'a\n' | xargs false`, findResult{"", "", 123}},
		{"status 255 aborts", `printf 'a\nb\n' | xargs -n1 sh -c 'echo $0; exit 255'`, findResult{"a\n", "xargs: sh: exited with status 255; aborting\n", 124}},
		{"not found", `printf 'a\n' | xargs nosuchcmd`, findResult{"", "xargs: nosuchcmd: No such file or directory\n", 127}},
		{"bad number", `xargs -n 0 </dev/null`, findResult{"", "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n", 1}},
		{"no tty for -p", `printf 'a\n' | xargs -p echo`, findResult{"", "echo axargs: failed to open /dev/tty for reading: No such device or address\n", 1}},
		{"exclusive options", `printf 'a b c\n' | xargs -L 1 -n 2`, findResult{"a b\nc\n", "xargs: warning: options --max-lines and --max-args/-n are mutually exclusive, ignoring previous --max-lines value\n", 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findRunIn(t, t.TempDir(), tt.cmd)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}

func TestShell(t *testing.T) {
	tests := []struct {
		name, cmd string
		want      findResult
	}{
		{"dollar zero", `sh -c 'echo $0 $1 $#' a b c`, findResult{"a b 2\n", "", 0}},
		{"default name", `bash -c 'echo $0'`, findResult{"bash\n", "", 0}},
		{"login flag", `bash -lc 'echo $0'`, findResult{"bash\n", "", 0}},
		{"errexit", `bash -e -c 'false; echo no'`, findResult{"", "", 1}},
		{"pipefail", `bash -o pipefail -c 'false | true'`, findResult{"", "", 1}},
		{"script on stdin", `echo 'echo $0 $1' | bash -s x`, findResult{"bash x\n", "", 0}},
		{"missing -c argument", `bash -c`, findResult{"", "shellfence: -c: option requires an argument\n", 2}},
		{"dash missing -c argument", `sh -c`, findResult{"", "sh: 0: -c requires an argument\n", 2}},
		{"missing script", `bash nope.sh`, findResult{"", "shellfence: nope.sh: No such file or directory\n", 127}},
		{"interactive refused", `bash -i -c true`, findResult{"", "bash: -i: interactive shells are not supported here\n", 2}},
		{"bad option name", `bash -o nosuch -c true`, findResult{"", "shellfence: bash: nosuch: invalid option name\n", 2}},
		{"exit status", `bash -c 'exit 3'`, findResult{"", "", 3}},
		{"output order", `bash -c 'echo a; echo b >&2; echo c' 2>&1`, findResult{"a\nb\nc\n", "", 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findRunIn(t, t.TempDir(), tt.cmd)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("%s (-want +got):\n%s", tt.cmd, d)
			}
		})
	}
}
