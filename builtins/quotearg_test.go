package builtins

import "testing"

// The expected strings are what GNU ls 9.1 prints with --quoting-style.
func TestQuoteArg(t *testing.T) {
	tests := []struct {
		in    string
		style quotingStyle
		want  string
	}{
		{"a.txt", literalQuoting, "a.txt"},
		{"new\nline", literalQuoting, "new\nline"},
		{"a.txt", shellQuoting, "a.txt"},
		{"sp ace", shellQuoting, "'sp ace'"},
		{"it's", shellQuoting, `"it's"`},
		{"new\nline", shellQuoting, "'new\nline'"},
		{"", shellQuoting, "''"},
		{"#hash", shellQuoting, "'#hash'"},
		{"a#b", shellQuoting, "a#b"},
		{"{", shellQuoting, "'{'"},
		{"a{b", shellQuoting, "a{b"},
		{"a.txt", shellAlwaysQuoting, "'a.txt'"},
		{"it's", shellAlwaysQuoting, `"it's"`},
		{"it's $x", shellAlwaysQuoting, `'it'\''s $x'`},
		{"new\nline", shellEscapeQuoting, `'new'$'\n''line'`},
		{"tab\there", shellEscapeQuoting, `'tab'$'\t''here'`},
		{"bad\xffbyte", shellEscapeQuoting, `'bad'$'\377''byte'`},
		{"ü.txt", shellEscapeQuoting, "ü.txt"},
		{"a.txt", shellEscapeAlwaysQuoting, "'a.txt'"},
		{"new\nline", cQuoting, `"new\nline"`},
		{`a"dq`, cQuoting, `"a\"dq"`},
		{"ü", cQuoting, `"ü"`},
		{"sp ace", cMaybeQuoting, "sp ace"},
		{"new\nline", cMaybeQuoting, `"new\nline"`},
		{"sp ace", escapeQuoting, `sp ace`},
		{`back\slash`, escapeQuoting, `back\\slash`},
		{"a.txt", localeQuoting, "‘a.txt’"},
		{"new\nline", clocaleQuoting, `‘new\nline’`},
	}
	for _, tt := range tests {
		if got := quoteArg(tt.in, tt.style); got != tt.want {
			t.Errorf("quoteArg(%q, %s) = %q, want %q", tt.in, quotingStyleNames[tt.style], got, tt.want)
		}
	}
}

func TestQuoterExtraChars(t *testing.T) {
	tests := []struct {
		in    string
		style quotingStyle
		these string
		want  string
	}{
		{"sp ace", escapeQuoting, " ", `sp\ ace`},
		{"at@sign", shellEscapeQuoting, "=>@|", "'at@sign'"},
		{"a:b", escapeQuoting, ":", `a\:b`},
		{"a:b", literalQuoting, ":", "a:b"},
	}
	for _, tt := range tests {
		if got := newQuoter(tt.style, tt.these).quote(tt.in); got != tt.want {
			t.Errorf("quote(%q, %s, %q) = %q, want %q", tt.in, quotingStyleNames[tt.style], tt.these, got, tt.want)
		}
	}
}

func TestFnmatch(t *testing.T) {
	tests := []struct {
		pat, name string
		flags     fnmFlags
		want      bool
	}{
		{"*.txt", "a.txt", 0, true},
		{"*.txt", ".a.txt", fnmPeriod, false},
		{"*.txt", ".a.txt", 0, true},
		{".*", ".a", fnmPeriod, true},
		{"a?c", "abc", 0, true},
		{"a?c", "ac", 0, false},
		{"[a-c]x", "bx", 0, true},
		{"[!a-c]x", "bx", 0, false},
		{"[^a-c]x", "dx", 0, true},
		{"[[:digit:]]*", "9lives", 0, true},
		{"[]]", "]", 0, true},
		{`\*`, "*", 0, true},
		{`\*`, "a", 0, false},
		{"*", "a/b", 0, true},
		{"*", "a/b", fnmPathname, false},
		{"a/*", "a/.x", fnmPathname | fnmPeriod, false},
		{"ü?", "üx", 0, true},
		{"[ü]", "ü", 0, true},
		{"[a", "[a", 0, true},
		{"*~", "x~", 0, true},
	}
	for _, tt := range tests {
		if got := fnmatch(tt.pat, tt.name, tt.flags); got != tt.want {
			t.Errorf("fnmatch(%q, %q, %d) = %v, want %v", tt.pat, tt.name, tt.flags, got, tt.want)
		}
	}
}

func TestFilevercmp(t *testing.T) {
	// Each list is in GNU's ls -v order.
	lists := [][]string{
		{".", "..", ".a", "1", "a"},
		{"f1", "f1.9", "f1.10", "f9", "f10"},
		{"a", "a2", "a10", "b"},
		{"foo-1.0.tar.gz", "foo-1.2.tar.gz", "foo-1.10.tar.gz"},
		{"a~", "a", "a1"},
		{"x.c", "x.h", "x10.c"},
	}
	for _, eq := range [][2]string{{"a", "a0"}, {"a1", "a01"}} {
		if c := filevercmp(eq[0], eq[1]); c != 0 {
			t.Errorf("filevercmp(%q, %q) = %d, want 0 (ls breaks the tie by name)", eq[0], eq[1], c)
		}
	}
	for _, l := range lists {
		for i := 0; i+1 < len(l); i++ {
			if c := filevercmp(l[i], l[i+1]); c >= 0 {
				t.Errorf("filevercmp(%q, %q) = %d, want < 0", l[i], l[i+1], c)
			}
			if c := filevercmp(l[i+1], l[i]); c <= 0 {
				t.Errorf("filevercmp(%q, %q) = %d, want > 0", l[i+1], l[i], c)
			}
		}
	}
}
