package builtins_test

import (
	"strings"
	"testing"
)

// Characters cut by the end of a read, and positions past the first
// read, come out as when the input is read whole.
func TestIconvAcrossReads(t *testing.T) {
	big := strings.Repeat("a", 65535) + "é" + strings.Repeat("b", 100000)
	for _, tt := range []struct {
		name, in, cmd string
		want          textResult
	}{
		{"split char", big, "iconv -f UTF-8 -t ISO-8859-1 in | wc -c", textResult{Stdout: "165536\n"}},
		{"split utf16", big, "iconv -f UTF-8 -t UTF-16LE in | iconv -f UTF-16LE -t UTF-8 | cmp - in && echo same", textResult{Stdout: "same\n"}},
		{"far position", big + "\xff", "iconv -f UTF-8 -t ASCII in | wc -c",
			textResult{Stdout: "65535\n", Stderr: "iconv: illegal input sequence at position 65535\n"}},
		{"far invalid", strings.Repeat("x", 150000) + "\xff", "iconv -f UTF-8 -t ASCII in > /dev/null",
			textResult{Stderr: "iconv: illegal input sequence at position 150000\n", Status: 1}},
		{"ignore at end", strings.Repeat("x", 150000) + "\xffy", "iconv -f UTF-8 -t ASCII//IGNORE in | wc -c",
			textResult{Stdout: "150001\n", Stderr: "iconv: illegal input sequence at position 150002\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := textRun(t, map[string]string{"in": tt.in}, tt.cmd)
			if got != tt.want {
				t.Errorf("%s: got %+v, want %+v", tt.cmd, got, tt.want)
			}
		})
	}
}
