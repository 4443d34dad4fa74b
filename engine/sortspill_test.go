package engine_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/engine"
	"github.com/shellfence/shellfence/vfs"
)

// TestSortSpills sorts 8 MB under a 4 MiB memory budget: with a scratch
// directory, sort writes sorted runs there and merges them, and its
// output is GNU sort's (or Go's sort of the lines where GNU is absent);
// the scratch directory is empty after. Without one, the budget stops it.
func TestSortSpills(t *testing.T) {
	if testing.Short() {
		t.Skip("sorts 8 MB")
	}
	dir, ws := workspace(t, nil)
	data := sortInput(8 << 20)
	if err := os.WriteFile(filepath.Join(dir, "big"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	scratch, err := vfs.OpenDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	defer scratch.Close()
	e := engine.New(ws, engine.WithMemoryLimit(4<<20), engine.WithScratch(scratch), engine.WithHeapCeiling(1<<30))
	for _, args := range []string{"", "-u", "-s -k2,2", "-n -r -k3", "-t, -k1.2,1.4 -f"} {
		t.Run(args, func(t *testing.T) {
			res := run(t, e, engine.Request{Command: "sort " + args + " big -o out"})
			if res.Code != 0 || res.Stderr != "" {
				t.Fatalf("sort %s: exit %d: %s", args, res.Code, res.Stderr)
			}
			got, _ := os.ReadFile(filepath.Join(dir, "out"))
			want := referenceSort(t, dir, args, data)
			if !bytes.Equal(got, want) {
				t.Errorf("sort %s: %d bytes differ from the reference's %d", args, len(got), len(want))
			}
			if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
				t.Errorf("left in the scratch directory: %v", ents)
			}
		})
	}
	small := engine.New(ws, engine.WithMemoryLimit(4<<20))
	res := run(t, small, engine.Request{Command: "sort big > out"})
	if res.Code == 0 || !strings.Contains(res.Stderr, "memory budget of 4 MiB exceeded (--max-memory)") {
		t.Errorf("without scratch: exit %d, %q", res.Code, res.Stderr)
	}
	// -S makes sort spill before the budget asks it to.
	res = run(t, e, engine.Request{Command: "head -c 3000000 big | sort -S 1M | sort -c && echo sorted"})
	if res.Stdout != "sorted\n" {
		t.Errorf("sort -S 1M: %+v", res)
	}
}

// sortInput is n bytes of lines "word,key,number" with many repeats.
func sortInput(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for b.Len() < n {
		fmt.Fprintf(&b, "%c%x,k%d,%d\n", 'A'+r.IntN(58), r.IntN(1<<20), r.IntN(50), r.IntN(100000)-50000)
	}
	return b.Bytes()
}

// referenceSort is GNU sort's output for args over data.
func referenceSort(t *testing.T, dir, args string, data []byte) []byte {
	sortBin, err := exec.LookPath("sort")
	if err != nil {
		t.Skip("needs GNU sort as the reference")
	}
	cmd := exec.Command(sortBin, append(strings.Fields(args), "big")...)
	cmd.Dir = dir
	cmd.Env = []string{"LC_ALL=C.UTF-8"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GNU sort %s: %v", args, err)
	}
	return out
}
