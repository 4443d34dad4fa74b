package conformance

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPatchRandom applies GNU-made patches to damaged copies of their
// files (lines added, removed or changed near the hunks) with GNU patch
// and with ours, and compares messages, status and results: it checks
// the offset search, fuzz and rejects on many shapes of input.
func TestPatchRandom(t *testing.T) {
	needLiveGNU(t)
	n := 150
	if testing.Short() {
		n = 30
	}
	r := rand.New(rand.NewPCG(3, 4))
	fails := 0
	for i := range n {
		a, b := randomPair(r)
		target := damage(r, a)
		args := []string{"", "-F1", "-F3", "-l", "-R", "-N", "--dry-run"}[r.IntN(7)]
		format := []string{"-u", "-u", "-c", "-U1", "-U0", "--normal", "-C1"}[r.IntN(7)]
		if msg := comparePatch(t, a, b, target, format, args); msg != "" && fails < 5 {
			fails++
			t.Errorf("case %d (%s):\na=%q\nb=%q\ntarget=%q\n%s", i, args, a, b, target, msg)
		}
	}
}

// damage changes a few lines of a text, as if it had moved on since the
// patch was made.
func damage(r *rand.Rand, a []byte) []byte {
	lines := strings.SplitAfter(string(a), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for k := r.IntN(4); k > 0 && len(lines) > 0; k-- {
		i := r.IntN(len(lines))
		switch r.IntN(3) {
		case 0:
			lines = append(lines[:i], append([]string{"new\n"}, lines[i:]...)...)
		case 1:
			lines = append(lines[:i], lines[i+1:]...)
		default:
			lines[i] = "changed\n"
		}
	}
	return []byte(strings.Join(lines, ""))
}

func comparePatch(t *testing.T, a, b, target []byte, format, args string) string {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), a, 0o644)
	os.WriteFile(filepath.Join(dir, "b"), b, 0o644)
	out, _ := exec.Command("diff", format, "--label", "f.txt", "--label", "f.txt", filepath.Join(dir, "a"), filepath.Join(dir, "b")).Output()
	if len(out) == 0 {
		return ""
	}
	cmd := fmt.Sprintf("patch %s f.txt < p.diff; echo status=$?", args)
	var outcomes []Outcome
	for _, side := range []func(context.Context, string, string) (Outcome, error){RunGNU, RunOurs} {
		ws, err := TempWorkspace(dir)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(ws, "f.txt"), target, 0o644)
		os.WriteFile(filepath.Join(ws, "p.diff"), out, 0o644)
		o, err := side(context.Background(), ws, cmd)
		if err != nil {
			t.Fatal(err)
		}
		o.Stdout = strings.ReplaceAll(o.Stdout, ws, "$WORK")
		outcomes = append(outcomes, o)
	}
	if d := cmp.Diff(outcomes[0], outcomes[1]); d != "" {
		return "patch:\n" + string(out) + "(-gnu +ours):\n" + d
	}
	return ""
}

var _ = bytes.Equal
