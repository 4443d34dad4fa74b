package conformance

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shellfence/shellfence/patch"
)

// TestDiffRandom compares patch.Unified with GNU diff -u on many random
// pairs of files, to check that hunk boundaries fall where GNU puts them.
func TestDiffRandom(t *testing.T) {
	if _, err := exec.LookPath("diff"); err != nil {
		t.Skip("GNU diff is not installed")
	}
	n := 400
	if testing.Short() {
		n = 50
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	fails := 0
	for i := range n {
		a, b := randomPair(r)
		for _, ctx := range []int{0, 1, 3} {
			if msg := compareUnified(t, dir, a, b, ctx); msg != "" && fails < 5 {
				fails++
				t.Errorf("case %d -U%d:\na=%q\nb=%q\n%s", i, ctx, a, b, msg)
			}
		}
	}
}

func compareUnified(t *testing.T, dir string, a, b []byte, ctx int) string {
	pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(pa, a, 0o644)
	os.WriteFile(pb, b, 0o644)
	cmd := exec.Command("diff", fmt.Sprintf("-U%d", ctx), "--label", "a", "--label", "b", pa, pb)
	want, _ := cmd.Output()
	c := ctx
	if c == 0 {
		c = patch.NoContext
	}
	got := patch.Unified("a", "b", a, b, patch.UnifiedOptions{Context: c})
	if !bytes.Equal(want, got) {
		return cmp.Diff(string(want), string(got))
	}
	return ""
}

// randomPair makes a text from a small alphabet of lines and an edited
// copy of it.
func randomPair(r *rand.Rand) ([]byte, []byte) {
	alpha := []string{"a", "b", "c", "d", "", "x", "}", "{", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"}
	n := r.IntN(40)
	if r.IntN(4) == 0 {
		n = r.IntN(600)
	}
	var lines []string
	k := 2 + r.IntN(len(alpha)-1)
	for range n {
		lines = append(lines, alpha[r.IntN(k)])
	}
	var out []string
	for i := 0; i < len(lines); i++ {
		switch r.IntN(10) {
		case 0:
			continue
		case 1:
			out = append(out, alpha[r.IntN(k)])
		case 2:
			out = append(out, alpha[r.IntN(k)], lines[i])
			continue
		}
		out = append(out, lines[i])
	}
	return join(lines, r.IntN(8) == 0), join(out, r.IntN(8) == 0)
}

func join(lines []string, noeol bool) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if noeol && b.Len() > 0 {
		b.Truncate(b.Len() - 1)
	}
	return b.Bytes()
}
