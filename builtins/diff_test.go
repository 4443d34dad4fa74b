package builtins

import "testing"

func TestQuoteC(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain.txt", "plain.txt"},
		{"a$b", "a$b"},
		{"sp ace", `"sp ace"`},
		{"tab\tx", `"tab\tx"`},
		{`a"b`, `"a\"b"`},
		{`a\b`, `"a\\b"`},
		{"é", `"\303\251"`},
		{"a\x01b", `"a\001b"`},
	}
	for _, tt := range tests {
		if got := quoteC(tt.in); got != tt.want {
			t.Errorf("quoteC(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestOptionWords(t *testing.T) {
	tests := []struct {
		args, operands []string
		want           string
	}{
		{[]string{"-ru", "a", "b"}, []string{"a", "b"}, " -ru"},
		{[]string{"a", "-r", "b", "-u"}, []string{"a", "b"}, " -r -u"},
		{[]string{"-U", "a", "a", "b"}, []string{"a", "b"}, " -U a"},
		{[]string{"--label", "x y", "a", "b"}, []string{"a", "b"}, " --label 'x y'"},
	}
	for _, tt := range tests {
		if got := optionWords(tt.args, tt.operands); got != tt.want {
			t.Errorf("optionWords(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}
