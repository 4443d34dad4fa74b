package ctype

import "testing"

func TestByteClasses(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		if got, want := IsSpace(b), b == ' ' || b == '\t' || b == '\n' || b == '\v' || b == '\f' || b == '\r'; got != want {
			t.Errorf("IsSpace(%#x) = %v", c, got)
		}
		if got, want := IsAlpha(b), 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'; got != want {
			t.Errorf("IsAlpha(%#x) = %v", c, got)
		}
		if got, want := IsHexDigit(b), IsDigit(b) || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F'; got != want {
			t.Errorf("IsHexDigit(%#x) = %v", c, got)
		}
	}
	for s, want := range map[string]int{"0": 0, "9": 9, "a": 10, "Z": 35, " ": 99, "\xff": 99} {
		if got := DigitVal(s[0]); got != want {
			t.Errorf("DigitVal(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestWidths(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"abc", 3},
		{"é", 1},         // precomposed
		{"e\u0301", 1},   // e and a combining accent
		{"日本", 4},        // wide
		{"\t", 0},        // a control character
		{"a\xffb", 3},    // an invalid byte counts 1
		{"a\xe6\x97", 2}, // so does an incomplete character at the end
		{"\u200b", 0},    // zero width space
	}
	for _, tt := range tests {
		if got := StringWidth(tt.s); got != tt.want {
			t.Errorf("StringWidth(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
	if IsPrintRune('\u0085') || !IsPrintRune('\u00a0') || RuneWidth(0x7f) != -1 {
		t.Error("C1 control, no-break space or DEL misclassified")
	}
	if !IsSpaceRune('\u3000') || IsSpaceRune('\u00a0') || !IsNoBreakSpace('\u00a0') {
		t.Error("ideographic space or no-break space misclassified")
	}
}
