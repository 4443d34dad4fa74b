package builtins

import (
	stdcmp "cmp"
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// TestNumberOrder checks -n and its ranks against exact arithmetic.
func TestNumberOrder(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	gen := func() string {
		forms := []string{"%d", "-%d", "%d.%d", "-%d.%d", "0%d", " %d", "%d.%d0", "-0.%d", ".%d"}
		f := forms[r.Intn(len(forms))]
		n := r.Int63n(1 << uint(r.Intn(62)+1))
		switch f {
		case "%d.%d", "-%d.%d", "%d.%d0":
			return fmt.Sprintf(f, n, r.Intn(1000))
		}
		return fmt.Sprintf(f, n)
	}
	k := &sortKey{numeric: true}
	for i := 0; i < 20000; i++ {
		a, b := gen(), gen()
		if i%50 == 0 {
			a = "123456789012345678901234." + a
		}
		va, vb := parseSortNumber([]byte(a)), parseSortNumber([]byte(b))
		want := exact(a).Cmp(exact(b))
		if got := sign(compareNumbers(&va, &vb)); got != want {
			t.Fatalf("compare(%q, %q) = %d, want %d", a, b, got, want)
		}
		if ra, rb := k.rank(&va), k.rank(&vb); ra != rb && sign(stdcmp.Compare(ra, rb)) != want {
			t.Fatalf("rank(%q) vs rank(%q) disagrees with %d", a, b, want)
		}
	}
}

// exact reads the number -n sees at the start of s.
func exact(s string) *big.Rat {
	v := parseSortNumber([]byte(s))
	r, _ := new(big.Rat).SetString("0" + string(v.s) + "." + string(v.frac) + "0")
	if v.i < 0 {
		r.Neg(r)
	}
	return r
}

func TestParseKeySpec(t *testing.T) {
	tests := []struct {
		spec string
		want sortKey
	}{
		{"2", sortKey{sword: 1, eword: noPos}},
		{"2,2", sortKey{sword: 1, eword: 1}},
		{"1.3,1.5", sortKey{sword: 0, schar: 2, eword: 0, echar: 5}},
		{"1", sortKey{sword: noPos, eword: noPos}},
		{"3nr", sortKey{sword: 2, eword: noPos, numeric: true, reverse: true}},
		{"2b,3b", sortKey{sword: 1, eword: 2, skipSBlanks: true, skipEBlanks: true}},
		{"1,1di", sortKey{sword: noPos, eword: 0, ignore: 'd'}},
	}
	for _, tt := range tests {
		got, err := parseKeySpec(tt.spec)
		if err != nil {
			t.Fatalf("%s: %v", tt.spec, err)
		}
		if d := cmp.Diff(tt.want, *got, cmp.AllowUnexported(sortKey{})); d != "" {
			t.Errorf("%s (-want +got):\n%s", tt.spec, d)
		}
	}
}

func TestKeyBounds(t *testing.T) {
	tests := []struct {
		spec, line string
		tab        int
		want       string
	}{
		{"2", "a  b c", -1, "  b c"},
		{"2b", "a  b c", -1, "b c"},
		{"2,2", "a  b c", -1, "  b"},
		{"2,2", "a:b:c", ':', "b"},
		{"2", "a:b:c", ':', "b:c"},
		{"1.2,1.3", "abcd", -1, "bc"},
		{"2.5,2.1", "a bcdefg", -1, ""},
		{"9", "a b", -1, ""},
		{"2,3", "a::c", ':', ":c"},
	}
	for _, tt := range tests {
		k, err := parseKeySpec(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		b, e := k.keyBounds([]byte(tt.line), tt.tab)
		if got := tt.line[b:e]; got != tt.want {
			t.Errorf("-k%s of %q = %q, want %q", tt.spec, tt.line, got, tt.want)
		}
	}
}
