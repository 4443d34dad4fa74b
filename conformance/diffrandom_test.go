package conformance

import (
	"bytes"
	"context"
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
	needLiveGNU(t)
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

// TestDiffRandomOptions runs diff through the engine and GNU diff with
// random output formats and options that ignore differences, on random
// texts with case and white space variations.
func TestDiffRandomOptions(t *testing.T) {
	needLiveGNU(t)
	n := 120
	if testing.Short() {
		n = 20
	}
	r := rand.New(rand.NewPCG(5, 6))
	formats := []string{"", "-u", "-c", "-U1", "-C0", "-y", "-y -W 40", "-y --suppress-common-lines", "-q", "-U0"}
	opts := []string{"", "-i", "-w", "-b", "-B", "-Z", "-E", "-iw", "-bB", "-d", "--strip-trailing-cr"}
	fails := 0
	for i := range n {
		a, b := randomSpacedPair(r)
		cmd := fmt.Sprintf("diff %s %s --label a --label b a b; echo status=$?", formats[r.IntN(len(formats))], opts[r.IntN(len(opts))])
		if msg := compareCommand(t, map[string][]byte{"a": a, "b": b}, cmd); msg != "" && fails < 5 {
			fails++
			t.Errorf("case %d: %s\na=%q\nb=%q\n%s", i, cmd, a, b, msg)
		}
	}
}

// randomSpacedPair is randomPair with lines that differ in case, blanks
// and tabs, and some empty lines.
func randomSpacedPair(r *rand.Rand) ([]byte, []byte) {
	alpha := []string{"a b", "a  b", "A b", "a\tb", "a b ", "", " ", "x", "X", "x\r", "\tx", "c d e"}
	var a, b []string
	for range r.IntN(30) {
		a = append(a, alpha[r.IntN(len(alpha))])
	}
	for _, l := range a {
		switch r.IntN(6) {
		case 0:
			continue
		case 1:
			b = append(b, alpha[r.IntN(len(alpha))])
		case 2:
			b = append(b, alpha[r.IntN(len(alpha))], l)
			continue
		}
		b = append(b, l)
	}
	return join(a, r.IntN(6) == 0), join(b, r.IntN(6) == 0)
}

// compareCommand seeds a workspace on each side and compares a command's
// outcome under bash and GNU with shellfence's.
func compareCommand(t *testing.T, files map[string][]byte, cmd string) string {
	var outcomes []Outcome
	for _, side := range []func(context.Context, string, string) (Outcome, error){RunGNU, RunOurs} {
		ws, err := TempWorkspace(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			os.WriteFile(filepath.Join(ws, name), data, 0o644)
		}
		o, err := side(context.Background(), ws, cmd)
		if err != nil {
			t.Fatal(err)
		}
		outcomes = append(outcomes, o)
	}
	if d := cmp.Diff(outcomes[0], outcomes[1]); d != "" {
		return "(-gnu +ours):\n" + d
	}
	return ""
}
