package fnmatch

import "testing"

func TestFnmatch(t *testing.T) {
	tests := []struct {
		pat, name string
		flags     Flags
		want      bool
	}{
		{"*.txt", "a.txt", 0, true},
		{"*.txt", ".a.txt", Period, false},
		{"*.txt", ".a.txt", 0, true},
		{".*", ".a", Period, true},
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
		{"*", "a/b", Pathname, false},
		{"a/*", "a/.x", Pathname | Period, false},
		{"ü?", "üx", 0, true},
		{"[ü]", "ü", 0, true},
		{"[a", "[a", 0, true},
		{"*~", "x~", 0, true},
	}
	for _, tt := range tests {
		if got := Match(tt.pat, tt.name, tt.flags); got != tt.want {
			t.Errorf("Match(%q, %q, %d) = %v, want %v", tt.pat, tt.name, tt.flags, got, tt.want)
		}
	}
}
