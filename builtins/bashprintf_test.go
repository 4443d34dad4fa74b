package builtins_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins"
)

type shellCase struct {
	name           string
	args           []string
	stdout, stderr string
	status         int
	vars           string // -v assignments, "name=value;"
}

func runShellBuiltin(t *testing.T, f func(p *builtins.Proc, vars *strings.Builder) int, cases []shellCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			var vars strings.Builder
			p := &builtins.Proc{Ctx: context.Background(), Args: tc.args, Stdin: strings.NewReader(""),
				Stdout: &out, Stderr: &errb, Dir: "/", Env: []string{"TZ=UTC"}}
			status := builtins.Run(func(p *builtins.Proc) int { return f(p, &vars) }, p)
			got := shellCase{tc.name, tc.args, out.String(), errb.String(), status, vars.String()}
			if diff := cmp.Diff(tc, got, cmp.AllowUnexported(shellCase{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestShellPrintf(t *testing.T) {
	printf := func(p *builtins.Proc, vars *strings.Builder) int {
		return builtins.ShellPrintf(p, func(name, value string) error {
			if name == "RO" {
				return errors.New("RO: readonly variable")
			}
			vars.WriteString(name + "=" + value + ";")
			return nil
		})
	}
	runShellBuiltin(t, printf, []shellCase{
		{name: "float", args: []string{"printf", "%5.2f|%-6.1e|%X\n", "3.14159", "1234.5", "255"}, stdout: " 3.14|1.2e+03|FF\n"},
		{name: "q", args: []string{"printf", "%q %q %q %q\n", "a b", "it's", "", "a\tb"}, stdout: "a\\ b it\\'s '' $'a\\tb'\n"},
		{name: "v", args: []string{"printf", "-v", "x", "%s-", "a", "b"}, vars: "x=a-b-;"},
		{name: "v-attached", args: []string{"printf", "-vy", "%d", "7"}, vars: "y=7;"},
		{name: "v-readonly", args: []string{"printf", "-v", "RO", "x"}, stderr: "printf: RO: readonly variable\n", status: 1},
		{name: "v-bad-name", args: []string{"printf", "-v", "a b", "x"}, stderr: "printf: `a b': not a valid identifier\n", status: 2},
		{name: "time", args: []string{"printf", "%(%Y-%m-%d %H)T|%10(%Y)T\n", "3600", "0"}, stdout: "1970-01-01 01|      1970\n"},
		{name: "b", args: []string{"printf", "%b|%5.2b|", "\\101\\0101\\u00e9", "abc"}, stdout: "AAé|   ab|"},
		{name: "b-stop", args: []string{"printf", "%b%s", "x\\cy", "z"}, stdout: "x"},
		{name: "format-c", args: []string{"printf", "a\\cb\\0101"}, stdout: "a\\cb\b1"},
		{name: "bad-number", args: []string{"printf", "%d|", "1x", "x"}, stdout: "1|0|",
			stderr: "printf: 1x: invalid number\nprintf: x: invalid number\n", status: 1},
		{name: "range", args: []string{"printf", "%d", "99999999999999999999"}, stdout: "9223372036854775807",
			stderr: "printf: warning: 99999999999999999999: Numerical result out of range\n"},
		{name: "bad-conv", args: []string{"printf", "a%yb"}, stdout: "a", stderr: "printf: `y': invalid format character\n", status: 1},
		{name: "missing-conv", args: []string{"printf", "%5"}, stderr: "printf: `%5': missing format character\n", status: 1},
		{name: "excess", args: []string{"printf", "x\n", "a"}, stdout: "x\n"},
		{name: "usage", args: []string{"printf"}, stderr: "printf: usage: printf [-v var] format [arguments]\n", status: 2},
		{name: "bad-option", args: []string{"printf", "-x"}, stderr: "printf: -x: invalid option\nprintf: usage: printf [-v var] format [arguments]\n", status: 2},
		{name: "hex-missing", args: []string{"printf", "\\x|"}, stdout: "\\x|", stderr: "printf: missing hex digit for \\x\n"},
	})
}

func TestShellEcho(t *testing.T) {
	echo := func(p *builtins.Proc, _ *strings.Builder) int { return builtins.ShellEcho(p) }
	runShellBuiltin(t, echo, []shellCase{
		{name: "ne", args: []string{"echo", "-ne", "a\\tb\\n"}, stdout: "a\tb\n"},
		{name: "octal", args: []string{"echo", "-e", "\\0101|\\101"}, stdout: "A|\\101\n"},
		{name: "unicode", args: []string{"echo", "-e", "\\u00e9\\E"}, stdout: "é\x1b\n"},
		{name: "stop", args: []string{"echo", "-e", "a\\cb", "c"}, stdout: "a"},
		{name: "not-option", args: []string{"echo", "-nx", "--"}, stdout: "-nx --\n"},
		{name: "plain", args: []string{"echo", "a\\tb"}, stdout: "a\\tb\n"},
	})
}
