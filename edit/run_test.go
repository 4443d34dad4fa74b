package edit_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shellfence/shellfence/edit"
)

// runSed compiles scripts and runs them on in as standard input.
func runSed(t *testing.T, in string, opts edit.Options, scripts ...string) (string, string, int) {
	t.Helper()
	c := edit.NewCompiler(memFiles{})
	for _, s := range scripts {
		if err := c.AddExpression(s); err != nil {
			return "", err.Error(), 1
		}
	}
	prog, err := c.Finish()
	if err != nil {
		return "", err.Error(), 1
	}
	var out, errs bytes.Buffer
	env := &edit.Env{Ctx: context.Background(), Name: "sed", Files: memFiles{},
		Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errs, Options: opts}
	if env.LineLength == 0 {
		env.LineLength = 70
	}
	status, werr := prog.Run(env, nil)
	if werr != nil {
		t.Fatal(werr)
	}
	return out.String(), errs.String(), status
}

func TestRunEdges(t *testing.T) {
	long := strings.Repeat("ab", 300_000)
	tests := []struct {
		name    string
		in      string
		opts    edit.Options
		scripts []string
		want    string
	}{
		{"long-line", long + "\nx\n", edit.Options{}, []string{`s/b*$/!/`}, long[:len(long)-1] + "!\nx!\n"},
		{"long-line-global", strings.Repeat("a", 100_000) + "\n", edit.Options{}, []string{`s/a/b/g`}, strings.Repeat("b", 100_000) + "\n"},
		{"long-line-noeol", long, edit.Options{Quiet: true}, []string{`$=`}, "1\n"},
		{"nul-bytes", "a\x00b\nc\n", edit.Options{}, []string{`s/b/B/`}, "a\x00B\nc\n"},
		{"nul-data", "a\nb\x00c\x00", edit.Options{NullData: true}, []string{`s/^/>/`}, ">a\nb\x00>c\x00"},
		{"many-lines", strings.Repeat("x\n", 100_000), edit.Options{Quiet: true}, []string{`$=`}, "100000\n"},
		{"no-input", "", edit.Options{}, []string{`p`}, ""},
		{"crlf", "a\r\nb\r\n", edit.Options{}, []string{`s/\r$//`}, "a\nb\n"},
		{"invalid-utf8", "\xff\xfea\n", edit.Options{}, []string{`s/a/b/`, `y/b/c/`}, "\xff\xfec\n"},
		{"upper-invalid", "\xffab\n", edit.Options{}, []string{`s/.*/\U&/`, `s/[a-z]*$/\U&/`}, "\xffAB\n"},
		{"hold-growth", "a\nb\nc\n", edit.Options{Quiet: true}, []string{`H;${x;s/\n/,/g;p}`}, ",a,b,c\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, status := runSed(t, tt.in, tt.opts, tt.scripts...)
			if status != 0 || errs != "" {
				t.Fatalf("status %d, stderr %q", status, errs)
			}
			if got != tt.want {
				if len(got) > 200 || len(tt.want) > 200 {
					t.Errorf("output differs: got %d bytes, want %d", len(got), len(tt.want))
				} else {
					t.Errorf("output (-want +got):\n%s", cmp.Diff(tt.want, got))
				}
			}
		})
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct{ script, want string }{
		{`s/a`, "-e expression #1, char 3: unterminated `s' command"},
		{"p\ns/a/b/x", "-e expression #1, char 9: unknown option to `s'"},
		{`1,2q`, "-e expression #1, char 4: command only uses one address"},
		{`{p`, "-e expression #1, char 0: unmatched `{'"},
		{`b nowhere`, "can't find label for jump to `nowhere'"},
		{`y/ab/c/`, "-e expression #1, char 7: strings for `y' command are different lengths"},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			_, errs, status := runSed(t, "", edit.Options{}, tt.script)
			if status == 0 || errs != tt.want {
				t.Errorf("status %d, error %q, want %q", status, errs, tt.want)
			}
		})
	}
}
