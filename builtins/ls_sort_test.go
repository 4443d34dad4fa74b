package builtins

import "testing"

func TestFilevercmp(t *testing.T) {
	// Each list is in GNU's ls -v order.
	lists := [][]string{
		{".", "..", ".a", "1", "a"},
		{"f1", "f1.9", "f1.10", "f9", "f10"},
		{"a", "a2", "a10", "b"},
		{"foo-1.0.tar.gz", "foo-1.2.tar.gz", "foo-1.10.tar.gz"},
		{"a~", "a", "a1"},
		{"x.c", "x.h", "x10.c"},
	}
	for _, eq := range [][2]string{{"a", "a0"}, {"a1", "a01"}} {
		if c := filevercmp(eq[0], eq[1]); c != 0 {
			t.Errorf("filevercmp(%q, %q) = %d, want 0 (ls breaks the tie by name)", eq[0], eq[1], c)
		}
	}
	for _, l := range lists {
		for i := 0; i+1 < len(l); i++ {
			if c := filevercmp(l[i], l[i+1]); c >= 0 {
				t.Errorf("filevercmp(%q, %q) = %d, want < 0", l[i], l[i+1], c)
			}
			if c := filevercmp(l[i+1], l[i]); c <= 0 {
				t.Errorf("filevercmp(%q, %q) = %d, want > 0", l[i+1], l[i], c)
			}
		}
	}
}
