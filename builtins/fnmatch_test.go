package builtins

import "testing"

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
