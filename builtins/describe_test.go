package builtins

import (
	"strings"
	"testing"
)

func TestDescribe(t *testing.T) {
	for name, want := range map[string]string{
		"cat":      "Concatenate FILE(s) to standard output",
		"realpath": "Print the resolved absolute file name",
		"tr":       "Translate, squeeze, and/or delete characters from standard input, writing to standard output",
		"[":        "Exit with the status determined by EXPRESSION",
		"find":     "Search for files in a directory hierarchy",
		"nosuch":   "",
	} {
		if got := Describe(name); got != want {
			t.Errorf("Describe(%q) = %q, want %q", name, got, want)
		}
	}
	for _, n := range Names() {
		if d := Describe(n); len(d) > maxDescription || strings.Contains(d, "\n") {
			t.Errorf("Describe(%q) is %d bytes: not one line", n, len(d))
		}
	}
}
