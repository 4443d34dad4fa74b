package opt

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// parse runs a parser with -a, -b, -n NUM, --all, --before, --number=NUM,
// --color[=WHEN] and returns a trace of what it saw.
func parse(args []string, stop bool) (string, error) {
	var trace []string
	rec := func(name, v string) error { trace = append(trace, name+"="+v); return nil }
	p := New("cmd")
	p.StopAtOperand = stop
	p.Add(Option{Short: 'a', Long: "all", Do: rec},
		Option{Short: 'b', Long: "before", Do: rec},
		Option{Short: 'n', Long: "number", Arg: Required, Do: rec},
		Option{Long: "color", Arg: Optional, Do: rec},
		Option{Long: "colors-extra", Do: rec})
	p.Unsupported("Z", "zap")
	ops, err := p.Parse(args)
	return strings.Join(trace, " ") + " | " + strings.Join(ops, " "), err
}

func TestParse(t *testing.T) {
	tests := []struct {
		args []string
		stop bool
		want string
		err  string
	}{
		{[]string{"-ab", "x"}, false, "-a= -b= | x", ""},
		{[]string{"-n3", "-n", "4", "--number=5", "--number", "6"}, false, "-n=3 -n=4 --number=5 --number=6 | ", ""},
		{[]string{"-an2"}, false, "-a= -n=2 | ", ""},
		{[]string{"x", "-a", "--", "-b"}, false, "-a= | x -b", ""},
		{[]string{"x", "-a"}, true, " | x -a", ""},
		{[]string{"--al", "--bef"}, false, "--all= --before= | ", ""},
		{[]string{"--color", "--color=never"}, false, "--color= --color=never | ", ""},
		{[]string{"-", "a"}, false, " | - a", ""},
		{[]string{"-q"}, false, "", "cmd: invalid option -- 'q'\nTry 'cmd --help' for more information."},
		{[]string{"-n"}, false, "", "cmd: option requires an argument -- 'n'\nTry 'cmd --help' for more information."},
		{[]string{"--number"}, false, "", "cmd: option '--number' requires an argument\nTry 'cmd --help' for more information."},
		{[]string{"--all=x"}, false, "", "cmd: option '--all' doesn't allow an argument\nTry 'cmd --help' for more information."},
		{[]string{"--nope=1"}, false, "", "cmd: unrecognized option '--nope=1'\nTry 'cmd --help' for more information."},
		{[]string{"--col=x"}, false, "", "cmd: option '--col=x' is ambiguous; possibilities: '--color' '--colors-extra'\nTry 'cmd --help' for more information."},
		{[]string{"-Z"}, false, "", "cmd: unsupported option -Z (shellfence does not implement it)"},
		{[]string{"--zap"}, false, "", "cmd: unsupported option --zap (shellfence does not implement it)"},
	}
	for _, tt := range tests {
		got, err := parse(tt.args, tt.stop)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.args, d)
		}
	}
}
