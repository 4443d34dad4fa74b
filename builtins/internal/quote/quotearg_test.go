package quote

import "testing"

// The expected strings are what GNU ls 9.1 prints with --quoting-style.
func TestQuoteArg(t *testing.T) {
	tests := []struct {
		in    string
		style Style
		want  string
	}{
		{"a.txt", LiteralQuoting, "a.txt"},
		{"new\nline", LiteralQuoting, "new\nline"},
		{"a.txt", ShellQuoting, "a.txt"},
		{"sp ace", ShellQuoting, "'sp ace'"},
		{"it's", ShellQuoting, `"it's"`},
		{"new\nline", ShellQuoting, "'new\nline'"},
		{"", ShellQuoting, "''"},
		{"#hash", ShellQuoting, "'#hash'"},
		{"a#b", ShellQuoting, "a#b"},
		{"{", ShellQuoting, "'{'"},
		{"a{b", ShellQuoting, "a{b"},
		{"a.txt", ShellAlwaysQuoting, "'a.txt'"},
		{"it's", ShellAlwaysQuoting, `"it's"`},
		{"it's $x", ShellAlwaysQuoting, `'it'\''s $x'`},
		{"new\nline", ShellEscapeQuoting, `'new'$'\n''line'`},
		{"tab\there", ShellEscapeQuoting, `'tab'$'\t''here'`},
		{"bad\xffbyte", ShellEscapeQuoting, `'bad'$'\377''byte'`},
		{"ü.txt", ShellEscapeQuoting, "ü.txt"},
		{"a.txt", ShellEscapeAlwaysQuoting, "'a.txt'"},
		{"new\nline", CQuoting, `"new\nline"`},
		{`a"dq`, CQuoting, `"a\"dq"`},
		{"ü", CQuoting, `"ü"`},
		{"sp ace", CMaybeQuoting, "sp ace"},
		{"new\nline", CMaybeQuoting, `"new\nline"`},
		{"sp ace", EscapeQuoting, `sp ace`},
		{`back\slash`, EscapeQuoting, `back\\slash`},
		{"a.txt", LocaleQuoting, "‘a.txt’"},
		{"new\nline", CLocaleQuoting, `‘new\nline’`},
	}
	for _, tt := range tests {
		if got := Arg(tt.in, tt.style); got != tt.want {
			t.Errorf("Arg(%q, %s) = %q, want %q", tt.in, StyleNames[tt.style], got, tt.want)
		}
	}
}

func TestQuoterExtraChars(t *testing.T) {
	tests := []struct {
		in    string
		style Style
		these string
		want  string
	}{
		{"sp ace", EscapeQuoting, " ", `sp\ ace`},
		{"at@sign", ShellEscapeQuoting, "=>@|", "'at@sign'"},
		{"a:b", EscapeQuoting, ":", `a\:b`},
		{"a:b", LiteralQuoting, ":", "a:b"},
	}
	for _, tt := range tests {
		if got := New(tt.style, tt.these).Quote(tt.in); got != tt.want {
			t.Errorf("quote(%q, %s, %q) = %q, want %q", tt.in, StyleNames[tt.style], tt.these, got, tt.want)
		}
	}
}
