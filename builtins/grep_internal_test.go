package builtins

import (
	"strings"
	"testing"
)

func TestIndexFold(t *testing.T) {
	tests := []struct {
		text, lit string
		want      int
	}{
		{"xxFROBx", "frob", 2},
		{"frOb", "frob", 0},
		{"FRO FRObfrob", "frob", 4},
		{"fro", "frob", -1},
		{"", "a", -1},
		{"ab-cd", "-c", 2},
		{strings.Repeat("F", 1000) + "frob", "frob", 1000},
	}
	for _, tt := range tests {
		if got := indexFold([]byte(tt.text), []byte(tt.lit)); got != tt.want {
			t.Errorf("indexFold(%q, %q) = %d, want %d", tt.text, tt.lit, got, tt.want)
		}
	}
}

func TestGrepDigitContext(t *testing.T) {
	tests := []struct{ in, want string }{
		{"-5 x", "--context=5 x"},
		{"-n12v x", "-nv --context=12 x"},
		{"-e -5 x", "-e -5 x"},
		{"-A5 x", "-A5 x"},
		{"--regexp -5", "--regexp -5"},
		{"-- -5", "-- -5"},
	}
	for _, tt := range tests {
		got := strings.Join(grepDigitContext(strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGrepExcluded(t *testing.T) {
	g := func(p string, inc bool) grepGlob { return grepGlob{p, inc} }
	tests := []struct {
		globs    []grepGlob
		name     string
		anchored bool
		want     bool
	}{
		{nil, "a.go", true, false},
		{[]grepGlob{g("*.go", true)}, "a.txt", true, true},
		{[]grepGlob{g("*.go", true), g("a*", false)}, "a.go", true, true},
		{[]grepGlob{g("a*", false), g("*.go", true)}, "a.go", true, false},
		{[]grepGlob{g("a*", false), g("*.go", true)}, "b.txt", true, false},
		{[]grepGlob{g("a.go", false)}, "src/a.go", false, true},
		{[]grepGlob{g("a.go", false)}, "src/a.go", true, false},
	}
	for _, tt := range tests {
		if got := grepExcluded(tt.globs, tt.name, tt.anchored); got != tt.want {
			t.Errorf("%v %q: got %v", tt.globs, tt.name, got)
		}
	}
}
