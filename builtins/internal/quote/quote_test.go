package quote

import "testing"

func TestQuote(t *testing.T) {
	tests := []struct{ in, shell, always, locale string }{
		{"plain", "plain", "'plain'", "‘plain’"},
		{"", "''", "''", "‘’"},
		{"a b", "'a b'", "'a b'", "‘a b’"},
		{"a'b", `"a'b"`, `"a'b"`, "‘a'b’"},
		{"a'$b", `'a'\''$b'`, `'a'\''$b'`, "‘a'$b’"},
		{"\nx", `''$'\n''x'`, `''$'\n''x'`, `‘\nx’`},
		{"x\t", `'x'$'\t'`, `'x'$'\t'`, `‘x\t’`},
		{"\t", `''$'\t'`, `''$'\t'`, `‘\t’`},
		{"a'\tb", `'a'\'''$'\t''b'`, `'a'\'''$'\t''b'`, `‘a'\tb’`},
		{"a\x01b", `'a'$'\001''b'`, `'a'$'\001''b'`, `‘a\001b’`},
		{"a\xffb", `'a'$'\377''b'`, `'a'$'\377''b'`, `‘a\377b’`},
		{"~x", "'~x'", "'~x'", "‘~x’"},
		{"a~x", "a~x", "'a~x'", "‘a~x’"},
		{"a]b", "a]b", "'a]b'", "‘a]b’"},
		{"é", "é", "'é'", "‘é’"},
		{"a:b", "'a:b'", "'a:b'", "‘a:b’"},
		{"a$b'", `'a$b'\'''`, `'a$b'\'''`, "‘a$b'’"},
		{`a\b`, `'a\b'`, `'a\b'`, `‘a\\b’`},
		{"\u2028", `''$'\342\200\250'`, `''$'\342\200\250'`, `‘\342\200\250’`},
	}
	for _, tt := range tests {
		if got := Shell(tt.in); got != tt.shell {
			t.Errorf("Shell(%q) = %s, want %s", tt.in, got, tt.shell)
		}
		if got := ShellAlways(tt.in); got != tt.always {
			t.Errorf("ShellAlways(%q) = %s, want %s", tt.in, got, tt.always)
		}
		if got := Locale(tt.in); got != tt.locale {
			t.Errorf("Locale(%q) = %s, want %s", tt.in, got, tt.locale)
		}
	}
}
