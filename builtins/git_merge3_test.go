package builtins

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The expected results are git 2.39's (git merge-file -p --marker-size=7
// -L HEAD -L base -L B ours base theirs).
func TestGitMergeText(t *testing.T) {
	base := "1\n2\n3\n4\n5\n6\n7\n8\n"
	tests := []struct {
		name, ours, theirs, want string
		conflicts                int
	}{
		{"ours only", "1\nX\n3\n4\n5\n6\n7\n8\n", base, "1\nX\n3\n4\n5\n6\n7\n8\n", 0},
		{"theirs only", base, "1\n2\n3\n4\n5\n6\n7\nY\n", "1\n2\n3\n4\n5\n6\n7\nY\n", 0},
		{"apart", "1\nX\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\n5\n6\nY\n8\n", "1\nX\n3\n4\n5\n6\nY\n8\n", 0},
		{"same change", "1\nX\n3\n4\n5\n6\n7\n8\n", "1\nX\n3\n4\n5\n6\nY\n8\n", "1\nX\n3\n4\n5\n6\nY\n8\n", 0},
		{"conflict", "1\nX\n3\n4\n5\n6\n7\n8\n", "1\nY\n3\n4\n5\n6\n7\n8\n",
			"1\n<<<<<<< HEAD\nX\n=======\nY\n>>>>>>> B\n3\n4\n5\n6\n7\n8\n", 1},
		{"adjacent lines conflict", "1\n2\nX\n4\n5\n6\n7\n8\n", "1\n2\n3\nY\n5\n6\n7\n8\n",
			"1\n2\n<<<<<<< HEAD\nX\n4\n=======\n3\nY\n>>>>>>> B\n5\n6\n7\n8\n", 1},
		{"near conflicts joined", "X1\n2\n3\nX4\n5\n6\n7\n8\n", "Y1\n2\n3\nY4\n5\n6\n7\n8\n",
			"<<<<<<< HEAD\nX1\n2\n3\nX4\n=======\nY1\n2\n3\nY4\n>>>>>>> B\n5\n6\n7\n8\n", 1},
		{"far conflicts apart", "X1\n2\n3\n4\n5\nX6\n7\n8\n", "Y1\n2\n3\n4\n5\nY6\n7\n8\n",
			"<<<<<<< HEAD\nX1\n=======\nY1\n>>>>>>> B\n2\n3\n4\n5\n<<<<<<< HEAD\nX6\n=======\nY6\n>>>>>>> B\n7\n8\n", 2},
		{"refined to the differing line", "1\nS\nX\n4\n5\n6\n7\n8\n", "1\nS\nY\n4\n5\n6\n7\n8\n",
			"1\nS\n<<<<<<< HEAD\nX\n=======\nY\n>>>>>>> B\n4\n5\n6\n7\n8\n", 1},
		{"no newline at the end", "1\n2\n3\n4\n5\n6\n7\nX", "1\n2\n3\n4\n5\n6\n7\nY",
			"1\n2\n3\n4\n5\n6\n7\n<<<<<<< HEAD\nX\n=======\nY\n>>>>>>> B\n", 1},
	}
	for _, tt := range tests {
		got, n := gitMergeText([]byte(base), []byte(tt.ours), []byte(tt.theirs), "HEAD", "B")
		if d := cmp.Diff(tt.want, string(got)); d != "" || n != tt.conflicts {
			t.Errorf("%s: %d conflicts, want %d (-want +got):\n%s", tt.name, n, tt.conflicts, d)
		}
	}
}
