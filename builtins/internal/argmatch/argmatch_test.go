package argmatch

import "testing"

func TestIndex(t *testing.T) {
	list := []string{"full-iso", "long-iso", "iso", "locale"}
	tests := []struct {
		arg  string
		want int
	}{
		{"iso", 2},    // exact, though also a prefix of nothing else
		{"full", 0},   // unambiguous prefix
		{"lo", -2},    // long-iso or locale
		{"l", -2},     // likewise
		{"", -1},      // the empty string matches nothing
		{"isox", -1},  // no entry
		{"locale", 3}, // exact
		{"long-", 1},  // prefix
		{"full-iso", 0},
	}
	for _, tt := range tests {
		if got := Index(tt.arg, list); got != tt.want {
			t.Errorf("Index(%q) = %d, want %d", tt.arg, got, tt.want)
		}
	}
}
