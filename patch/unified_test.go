package patch

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestUnified(t *testing.T) {
	mtime := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name     string
		old, new string
		opts     UnifiedOptions
		want     string
	}{
		{name: "equal", old: "a\nb\n", new: "a\nb\n", want: ""},
		{name: "both empty", want: ""},
		{
			name: "change", old: "a\nb\nc\n", new: "a\nB\nc\n",
			want: "--- x\n+++ y\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
		},
		{
			name: "times", old: "a\n", new: "b\n", opts: UnifiedOptions{OldTime: mtime, NewTime: mtime},
			want: "--- x\t2024-01-02 03:04:05.000000000 +0000\n+++ y\t2024-01-02 03:04:05.000000000 +0000\n@@ -1 +1 @@\n-a\n+b\n",
		},
		{
			name: "no newline", old: "a\nb", new: "a\nc",
			want: "--- x\n+++ y\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
		},
		{
			name: "added newline", old: "a", new: "a\n",
			want: "--- x\n+++ y\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n",
		},
		{
			name: "from empty", old: "", new: "a\nb\n",
			want: "--- x\n+++ y\n@@ -0,0 +1,2 @@\n+a\n+b\n",
		},
		{
			name: "no context", old: "1\n2\n3\n4\n5\n", new: "1\n2\nx\n4\n5\n", opts: UnifiedOptions{Context: NoContext},
			want: "--- x\n+++ y\n@@ -3 +3 @@\n-3\n+x\n",
		},
		{
			name: "ignore case", old: "A\n", new: "a\n", opts: UnifiedOptions{Options: Options{IgnoreCase: true}},
			want: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Unified("x", "y", []byte(tt.old), []byte(tt.new), tt.opts)
			if d := cmp.Diff(tt.want, string(got)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}
