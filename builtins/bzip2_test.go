package builtins_test

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/vfs/vfstest"
)

// bzip2Inputs are data that exercise bzip2's stages: text, long runs
// (the run-length steps), incompressible bytes and more than one block.
func bzip2Inputs() map[string][]byte {
	r := rand.New(rand.NewSource(1))
	random := make([]byte, 300<<10)
	r.Read(random)
	var text bytes.Buffer
	for i := 0; text.Len() < 1200<<10; i++ {
		text.WriteString(strings.Repeat("word ", i%7) + "line\n")
	}
	return map[string][]byte{
		"empty":  nil,
		"one":    []byte("x"),
		"runs":   append(bytes.Repeat([]byte{'a'}, 70000), bytes.Repeat([]byte{0}, 300)...),
		"random": random,
		"text":   text.Bytes(),
	}
}

// TestBzip2WithReferenceTool checks both ways against bzip2 1.0.8: what
// our bzip2 (and tar -cj) writes, bzip2 -d reads back exactly, and what
// bzip2 writes, our bzcat reads back exactly.
func TestBzip2WithReferenceTool(t *testing.T) {
	ref, err := exec.LookPath("bzip2")
	if err != nil {
		t.Fatal("the reference bzip2 is not installed (apt-get install bzip2)")
	}
	for name, data := range bzip2Inputs() {
		for _, level := range []string{"-1", "-9"} {
			t.Run(name+level, func(t *testing.T) {
				ws, _ := vfstest.Workspace(t, nil)
				in := filepath.Join(ws, "in")
				if err := os.WriteFile(in, data, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, stderr, code := run(t, ws, "bzip2 -k "+level+" in"); code != 0 {
					t.Fatalf("bzip2 %s: status %d: %s", level, code, stderr)
				}
				got, err := exec.Command(ref, "-dc", in+".bz2").Output()
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("reference bzip2 -d of ours: %v, %d bytes back of %d", err, len(got), len(data))
				}
				theirs, err := exec.Command(ref, "-c", level, in).Output()
				if err != nil {
					t.Fatal(err)
				}
				os.WriteFile(filepath.Join(ws, "theirs.bz2"), theirs, 0o644)
				_, stderr, code := run(t, ws, "bzcat theirs.bz2 > back")
				back, _ := os.ReadFile(filepath.Join(ws, "back"))
				if code != 0 || !bytes.Equal(back, data) {
					t.Fatalf("bzcat of the reference's: status %d, %d bytes of %d: %s", code, len(back), len(data), stderr)
				}
			})
		}
	}
	t.Run("tar-cj", func(t *testing.T) {
		ws, _ := vfstest.Workspace(t, map[string]string{"d/a": "alpha\n", "d/b": strings.Repeat("b", 5000)})
		if _, stderr, code := run(t, ws, "tar cjf a.tbz2 d"); code != 0 {
			t.Fatalf("tar cjf: %d %s", code, stderr)
		}
		out, err := exec.Command(ref, "-t", filepath.Join(ws, "a.tbz2")).CombinedOutput()
		if err != nil {
			t.Fatalf("reference bzip2 -t of tar -cj: %v %s", err, out)
		}
	})
}
