package builtins_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/builtins"
)

func TestOptionsTables(t *testing.T) {
	for _, tt := range []struct {
		cmd, spelling string
		want          builtins.OptionName
	}{
		{"rm", "-R", builtins.OptionName{"-r", "-R", "--recursive"}},
		{"cp", "--recursive", builtins.OptionName{"-r", "-R", "--recursive"}},
		{"sed", "-E", builtins.OptionName{"-r", "-E", "--regexp-extended"}},
		{"grep", "-y", builtins.OptionName{"-i", "-y", "--ignore-case"}},
		{"find", "-delete", builtins.OptionName{"-delete"}},
		{"find", "-d", builtins.OptionName{"-depth", "-d"}},
		{"find", "-newermt", builtins.OptionName{"-newermt"}},
		{"xargs", "-0", builtins.OptionName{"-0", "--null"}},
	} {
		table, ok := builtins.Options(tt.cmd)
		if !ok {
			t.Fatalf("%s: no option table", tt.cmd)
		}
		var got builtins.OptionName
		for _, n := range table {
			if n.Has(tt.spelling) {
				got = n
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %s (-want +got):\n%s", tt.cmd, tt.spelling, diff)
		}
	}
	for _, cmd := range []string{"echo", "test", "sh", "nosuch"} {
		if _, ok := builtins.Options(cmd); ok {
			t.Errorf("%s has an option table", cmd)
		}
	}
	if got := (builtins.OptionName{"-r", "-R", "--recursive"}).String(); got != "'-r' (--recursive)" {
		t.Errorf("String() = %q", got)
	}
}

func TestParseArgsRunsNothing(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		options  []string
		operands []string
	}{
		{[]string{"rm", "-fr", "--rec", "a", "b"}, []string{"-f", "-r", "-r"}, []string{"a", "b"}},
		{[]string{"xargs", "-0", "rm", "-r"}, []string{"-0"}, []string{"rm", "-r"}},
		{[]string{"sed", "-i", "s/x/y/", "c"}, []string{"-i"}, []string{"s/x/y/", "c"}},
		{[]string{"cp", "-t", "dir", "a"}, []string{"-t"}, []string{"a"}},
		{[]string{"find", ".", "-name", "x", "-fprint", "o", "-exec", "rm", "{}", ";"}, []string{"-name", "-fprint", "-exec"}, []string{"."}},
	} {
		p, ok := builtins.ParseArgs(nil, "", tt.args)
		if !ok {
			t.Fatalf("%q did not parse", tt.args)
		}
		var opts []string
		for _, u := range p.Options {
			opts = append(opts, u.Name[0])
		}
		if diff := cmp.Diff(tt.options, opts); diff != "" {
			t.Errorf("%q options (-want +got):\n%s", tt.args, diff)
		}
		if diff := cmp.Diff(tt.operands, p.Operands); diff != "" {
			t.Errorf("%q operands (-want +got):\n%s", tt.args, diff)
		}
	}
}
