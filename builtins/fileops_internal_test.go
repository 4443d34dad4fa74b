package builtins

import "testing"

func TestPathNames(t *testing.T) {
	tests := []struct{ in, base, dir string }{
		{"/", "/", "/"},
		{"//", "/", "/"},
		{"", "", "."},
		{"a", "a", "."},
		{"a/", "a", "."},
		{"a/b//", "b", "a"},
		{"//a", "a", "/"},
		{"/usr/lib/x.so", "x.so", "/usr/lib"},
	}
	for _, tt := range tests {
		if got := baseName(tt.in); got != tt.base {
			t.Errorf("baseName(%q) = %q, want %q", tt.in, got, tt.base)
		}
		if got := dirName(tt.in); got != tt.dir {
			t.Errorf("dirName(%q) = %q, want %q", tt.in, got, tt.dir)
		}
	}
	joins := [][3]string{{"d", "f", "d/f"}, {"d/", "f", "d/f"}, {"d//", "f", "d/f"}, {"/", "f", "/f"}, {"//", "f", "//f"}}
	for _, j := range joins {
		if got := concatName(j[0], j[1]); got != j[2] {
			t.Errorf("concatName(%q, %q) = %q, want %q", j[0], j[1], got, j[2])
		}
	}
	rels := [][3]string{{"/w/a/b", "/w", "a/b"}, {"/w/x", "/w/a/b", "../../x"}, {"/w", "/w", "."}, {"/w/a", "/w/a/b", ".."}}
	for _, r := range rels {
		if got, _ := relPathTo(r[0], r[1]); got != r[2] {
			t.Errorf("relPathTo(%q, %q) = %q, want %q", r[0], r[1], got, r[2])
		}
	}
}
