package regex

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Expectations recorded from GNU sed 4.9 (s/RE/<&>/g, C.UTF-8); see
// gnu_test.go for the same checks run live.
var sedCases = []struct {
	ere       bool
	pat, text string
	want      string
}{
	{false, `x*`, "abc", "<>a<>b<>c<>"},
	{false, `b*`, "abc", "<>a<b>c<>"},
	{false, `a\{2,3\}`, "aaaaaaa", "<aaa><aaa>a"},
	{true, `a{,2}`, "aaaaa", "<aa><aa><a>"},
	{true, `a{1001}`, "a", "a"},
	{false, `\(ab\)*c`, "xababcx", "x<ababc>x"},
	{false, `\(a\|ab\)\(c\|bcd\)`, "abcd", "<abcd>"},
	{true, `a|ab|abc`, "abcd", "<abc>d"},
	{false, `\<a`, "a ba \u00e9a _a", "<a> ba \u00e9a _a"},
	{false, `a\>`, "a ab a\u00e9 a_", "<a> ab a\u00e9 a_"},
	{false, `\bx`, "x yx", "<x> yx"},
	{false, `x\B`, "xy x", "<x>y x"},
	{false, `\w\+`, "h\u00e9llo, w\u00f6rld", "<h\u00e9llo>, <w\u00f6rld>"},
	{false, `[[:upper:]]`, "a\u00c9b", "a<\u00c9>b"},
	{false, `[[:space:]]\+`, "a \t b", "a< \t >b"},
	{false, `[^[:alnum:]]`, "a-\u00e9!", "a<->\u00e9<!>"},
	{false, `[]x]`, "a]x", "a<]><x>"},
	{false, `[^]x]`, "]xy", "]x<y>"},
	{false, `[\]`, "a\\b", "a<\\>b"},
	{false, `[[.-.]a]`, "x-a", "x<-><a>"},
	{false, `\(a\)\1`, "aaa", "<aa>a"},
	{true, `(a|b)\1`, "abba", "a<bb>a"},
	{false, `^*x`, "*x", "<*x>"},
	{false, `a^`, "a^", "<a^>"},
	{false, `$a`, "$a", "<$a>"},
	{false, `a\|^b`, "bab", "<b><a>b"},
	{true, `a.c`, "a\xffc", "a\xffc"},
	{true, `a.c`, "abc", "<abc>"},
	{false, `.`, "\u00e9", "<\u00e9>"},
	{true, "\\`a", "aa", "<a>a"},
	{true, `a\'`, "aa", "a<a>"},
	{true, `(^|x)a`, "aa", "<a>a"},
	{false, `a\{0\}b`, "ab", "a<b>"},
}

func TestSedMatches(t *testing.T) {
	for _, c := range sedCases {
		re, err := Compile(c.pat, Options{ERE: c.ere})
		if err != nil {
			t.Errorf("%q: %v", c.pat, err)
			continue
		}
		var b strings.Builder
		prev := 0
		for _, m := range re.FindAllSubmatchIndex([]byte(c.text), -1) {
			b.WriteString(c.text[prev:m[0]] + "<" + c.text[m[0]:m[1]] + ">")
			prev = m[1]
		}
		b.WriteString(c.text[prev:])
		if d := cmp.Diff(c.want, b.String()); d != "" {
			t.Errorf("%q on %q (-want +got):\n%s", c.pat, c.text, d)
		}
	}
}

func TestSubmatches(t *testing.T) {
	tests := []struct {
		name, pat, text string
		ere             bool
		want            []int
	}{
		{"alternation order", `(a|ab)(c|bcd)(d*)`, "abcd", true, []int{0, 4, 0, 1, 1, 4, 4, 4}},
		{"last iteration", `(a|b)*c`, "abac", true, []int{0, 4, 2, 3}},
		{"unset group", `(x)?a`, "a", true, []int{0, 1, -1, -1}},
		{"backref", `\(a*\)b\1`, "xaabaa", false, []int{1, 6, 1, 3}},
		{"nested", `\(\(a\)b\)*`, "abab", false, []int{0, 4, 2, 4, 2, 3}},
	}
	for _, tt := range tests {
		re := MustCompile(tt.pat, Options{ERE: tt.ere})
		if d := cmp.Diff(tt.want, re.FindSubmatchIndex([]byte(tt.text))); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, d)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		pat  string
		o    Options
		want string
	}{
		{`\(`, Options{}, "Unmatched ( or \\("},
		{`a\)`, Options{}, "Unmatched ) or \\)"},
		{`a)`, Options{ERE: true}, "Unmatched ) or \\)"},
		{`a)`, Options{ERE: true, Grep: true}, ""},
		{`[a`, Options{}, "Unmatched [, [^, [:, [., or [="},
		{`a\{1`, Options{}, "Unmatched \\{"},
		{`a\{2,1\}`, Options{}, "Invalid content of \\{\\}"},
		{`a{x}`, Options{ERE: true}, "Invalid content of \\{\\}"},
		{`a{x}`, Options{ERE: true, Grep: true}, ""},
		{`a{32768}`, Options{ERE: true}, "Regular expression too big"},
		{`a**`, Options{}, "Invalid preceding regular expression"},
		{`a**`, Options{Grep: true}, ""},
		{`*a`, Options{ERE: true}, "Invalid preceding regular expression"},
		{`\1`, Options{}, "Invalid back reference"},
		{`\(a\1\)`, Options{}, "Invalid back reference"},
		{`a\`, Options{}, "Trailing backslash"},
		{`[b-a]`, Options{}, "Invalid range end"},
		{`[a-é]`, Options{}, "Invalid collation character"},
		{`[[:foo:]]`, Options{}, "Invalid character class name"},
		{`[[.ab.]]`, Options{}, "Invalid collation character"},
		{`[:space:]`, Options{}, "character class syntax is [[:space:]], not [:space:]"},
	}
	for _, tt := range tests {
		_, err := Compile(tt.pat, tt.o)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q %+v: got %q, want %q", tt.pat, tt.o, got, tt.want)
		}
	}
}

func TestGrepWarnings(t *testing.T) {
	var got []string
	o := Options{ERE: true, Grep: true, Warn: func(m string) { got = append(got, m) }}
	for _, p := range []string{"*a", "+a", "a|?b", "{1}a", "^*", "a$*"} {
		MustCompile(p, o)
	}
	want := []string{"* at start of expression", "+ at start of expression",
		"? at start of expression", "{...} at start of expression", "* at start of expression"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestMultiline(t *testing.T) {
	text := []byte("ab\ncd\n")
	tests := []struct {
		pat  string
		o    Options
		want [][]int
	}{
		{`^.`, Options{}, [][]int{{0, 1}}},
		{`^.`, Options{Multiline: true}, [][]int{{0, 1}, {3, 4}}},
		{`.$`, Options{Multiline: true}, [][]int{{1, 2}, {4, 5}}},
		{`b.c`, Options{}, [][]int{{1, 4}}},
		{`b.c`, Options{Multiline: true}, nil},
		{`b[^x]c`, Options{Multiline: true}, nil},
		{"\\`.", Options{Multiline: true}, [][]int{{0, 1}}},
		{`\n`, Options{SedEscapes: true}, [][]int{{2, 3}, {5, 6}}},
		{"\\`c", Options{Buffer: true}, [][]int{{3, 4}}},
	}
	for _, tt := range tests {
		re := MustCompile(tt.pat, tt.o)
		if d := cmp.Diff(tt.want, re.FindAllSubmatchIndex(text, -1)); d != "" {
			t.Errorf("%q %+v (-want +got):\n%s", tt.pat, tt.o, d)
		}
	}
}

func TestGrepOptions(t *testing.T) {
	tests := []struct {
		pat, text string
		o         Options
		want      []int
	}{
		{"foo", "a foobar foo", Options{Grep: true, WordMatch: true}, []int{9, 12}},
		{"fo*", "fooo-x", Options{Grep: true, WordMatch: true}, []int{0, 4}},
		{"-", "a - b", Options{Grep: true, WordMatch: true}, []int{2, 3}},
		{"-", "a-b", Options{Grep: true, WordMatch: true}, nil},
		{"ab", "ab", Options{Grep: true, LineMatch: true}, []int{0, 2}},
		{"ab", "abc", Options{Grep: true, LineMatch: true}, nil},
		{"a.c", "xa.cx abc", Options{Grep: true, Fixed: true}, []int{1, 4}},
		{"x\nb", "abc", Options{Grep: true}, []int{1, 2}},
		{"é", "É", Options{Grep: true, IgnoreCase: true}, []int{0, 2}},
	}
	for _, tt := range tests {
		re := MustCompile(tt.pat, tt.o)
		if d := cmp.Diff(tt.want, re.FindIndex([]byte(tt.text))); d != "" {
			t.Errorf("%q on %q %+v (-want +got):\n%s", tt.pat, tt.text, tt.o, d)
		}
	}
}

func TestLiteral(t *testing.T) {
	tests := []struct {
		pat  string
		o    Options
		want string
	}{
		{"foo", Options{}, "foo"},
		{`[a-z]*foo\.bar`, Options{}, "foo.bar"},
		{`\<nil\>`, Options{}, "nil"},
		{"nil", Options{Grep: true, WordMatch: true}, "nil"},
		{`ab\(cd\)*efg`, Options{}, "efg"},
		{`ab\(cd\)\{2\}e`, Options{}, "cd"},
		{`abc\|d`, Options{}, ""},
		{"FROB", Options{IgnoreCase: true}, "FROB"},
		{"éa", Options{IgnoreCase: true}, "a"},
		{"x.y", Options{Grep: true, Fixed: true}, "x.y"},
		{"a\nb", Options{Grep: true}, ""},
	}
	for _, tt := range tests {
		if got := string(MustCompile(tt.pat, tt.o).Literal()); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.pat, got, tt.want)
		}
	}
}

func TestLineDFA(t *testing.T) {
	text := "abc\nx12y\nfoo bar\n\nend"
	tests := []struct {
		pat  string
		o    Options
		want int
	}{
		{"[0-9][0-9]", Options{}, 7},
		{"^foo", Options{}, 12},
		{"bar$", Options{}, 16},
		{"^$", Options{}, 17},
		{"END", Options{IgnoreCase: true}, 21},
		{"zzz", Options{}, -1},
		{"b\\|y", Options{}, 2},
		{"", Options{}, 0},
	}
	for _, tt := range tests {
		tt.o.Buffer = true
		d := MustCompile(tt.pat, tt.o).LineDFA()
		if d == nil {
			t.Fatalf("%q: no DFA", tt.pat)
		}
		if got := d.Find([]byte(text)); got != tt.want {
			t.Errorf("%q: got %d, want %d", tt.pat, got, tt.want)
		}
	}
	if MustCompile(`\<a`, Options{Buffer: true}).LineDFA() != nil {
		t.Error(`\<a has a DFA`)
	}
}

func TestLiteralExact(t *testing.T) {
	for pat, want := range map[string]bool{"foo": true, `\(foo\)`: true, "fo*": false, "r$": false,
		`\<a`: false, "é": true, "a.b": false} {
		if got := MustCompile(pat, Options{}).LiteralExact(); got != want {
			t.Errorf("%q: got %v", pat, got)
		}
	}
	if MustCompile("é", Options{IgnoreCase: true}).LiteralExact() {
		t.Error("é with IgnoreCase is exact")
	}
}
