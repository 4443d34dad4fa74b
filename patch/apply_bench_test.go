package patch

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/shellfence/shellfence/vfs/vfstest"
)

// BenchmarkApplyPatch applies a diff -u of two 50,000-line texts with 1%
// of the lines changed, on a memory workspace.
func BenchmarkApplyPatch(b *testing.B) {
	rng := rand.New(rand.NewSource(4))
	var old, nw []string
	for i := range 50000 {
		old = append(old, fmt.Sprintf("line %d %d", i, rng.Intn(1000000)))
	}
	for _, l := range old {
		if rng.Intn(100) == 0 {
			l += " changed"
		}
		nw = append(nw, l)
	}
	a, c := strings.Join(old, "\n")+"\n", strings.Join(nw, "\n")+"\n"
	p := Unified("f.txt", "f.txt", []byte(a), []byte(c), UnifiedOptions{})
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		fsys := vfstest.Mem(b, "/ws", map[string]string{"f.txt": a})
		b.StartTimer()
		res := ApplyPatch(context.Background(), fsys, p, ApplyOptions{Dir: "/ws", Silent: true})
		if res.Status != 0 {
			b.Fatal(res.Status)
		}
	}
}

// BenchmarkUnified compares two 50,000-line texts with 1% of the lines
// changed and writes diff -u.
func BenchmarkUnified(b *testing.B) {
	rng := rand.New(rand.NewSource(4))
	var old, nw []string
	for i := range 50000 {
		old = append(old, fmt.Sprintf("line %d %d", i, rng.Intn(1000000)))
	}
	for _, l := range old {
		if rng.Intn(100) == 0 {
			l += " changed"
		}
		nw = append(nw, l)
	}
	a, c := []byte(strings.Join(old, "\n")+"\n"), []byte(strings.Join(nw, "\n")+"\n")
	b.ResetTimer()
	for range b.N {
		Unified("f.txt", "f.txt", a, c, UnifiedOptions{})
	}
}
