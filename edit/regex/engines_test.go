package regex

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// allEngines runs re on b with each engine that can take it and returns
// the overall matches of a global search.
func allEngines(re *Regexp, b []byte) map[string][][]int {
	out := map[string][][]int{}
	collect := func(name string, m func(from int) []int) {
		var all [][]int
		for pos, prevEnd := 0, -1; pos <= len(b); {
			loc := m(pos)
			if loc == nil {
				break
			}
			if loc[1] == pos {
				if loc[0] != prevEnd {
					all = append(all, loc[:2])
				}
				_, w := utf8.DecodeRune(b[pos:])
				pos += max(w, 1)
			} else {
				all = append(all, loc[:2])
				pos = loc[1]
			}
			prevEnd = loc[1]
		}
		out[name] = all
	}
	in := input{b: b, ml: re.prog.ml, buffer: re.prog.buffer}
	collect("backtrack", newBacktrack(re.prog, in).find)
	if !re.prog.backref {
		collect("pike", newPike(re.prog, in).find)
	}
	if re.goRe != nil && re.useGo(b) {
		var all [][]int
		for _, m := range re.goRe.FindAllIndex(b, -1) {
			all = append(all, m)
		}
		out["go"] = all
	}
	return out
}

var atoms = []string{"a", "b", "ab", ".", "[ab]", "[^a]", `\w`, `\W`, `\b`, `\<`, `\>`, "^", "$", "x", " ", `\(a\)`, `\(a*\)`, `\(a\|b\)`, "é"}
var ops = []string{"", "", "*", `\+`, `\?`, `\{1,2\}`, `\{2\}`}

func randomPattern(r *rand.Rand) string {
	n := 1 + r.Intn(5)
	s := ""
	for i := 0; i < n; i++ {
		s += atoms[r.Intn(len(atoms))] + ops[r.Intn(len(ops))]
		if r.Intn(8) == 0 {
			s += `\|`
		}
	}
	return s
}

func randomText(r *rand.Rand) []byte {
	const chars = "aabbx .é"
	n := r.Intn(12)
	b := []byte{}
	for i := 0; i < n; i++ {
		c := chars[r.Intn(len(chars))]
		if c == 0xc3 {
			b = append(b, "é"...)
			continue
		}
		if c == 0xa9 {
			continue
		}
		b = append(b, c)
	}
	return b
}

// TestEnginesAgree checks that Go's regexp, the Pike VM and the
// backtracker find the same matches on random patterns and texts.
func TestEnginesAgree(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		pat := randomPattern(r)
		re, err := Compile(pat, Options{IgnoreCase: r.Intn(4) == 0})
		if err != nil {
			continue
		}
		for j := 0; j < 5; j++ {
			b := randomText(r)
			res := allEngines(re, b)
			ref := res["backtrack"]
			for name, got := range res {
				if !slices.EqualFunc(got, ref, slices.Equal) {
					t.Fatalf("%q on %q: %s %v, backtrack %v", pat, b, name, got, ref)
				}
			}
		}
	}
}

// FuzzCompile: no pattern or text panics, and the engines agree.
func FuzzCompile(f *testing.F) {
	for _, c := range diffPatterns {
		for _, s := range c.text {
			f.Add(c.pat, s, c.ere)
		}
	}
	for _, p := range errorPatterns {
		f.Add(p, "xaab", false)
	}
	f.Fuzz(func(t *testing.T, pat, text string, ere bool) {
		if len(pat) > 64 || len(text) > 256 {
			return
		}
		for _, o := range []Options{{ERE: ere}, {ERE: ere, Grep: true, WordMatch: true}, {ERE: ere, IgnoreCase: true, Multiline: true, SedEscapes: true}} {
			re, err := Compile(pat, o)
			if err != nil {
				continue
			}
			start := time.Now()
			res := allEngines(re, []byte(text))
			re.FindAllSubmatchIndex([]byte(text), -1)
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("%q on %q took %v", pat, text, d)
			}
			if re.prog.backref {
				continue
			}
			ref := res["pike"]
			for name, got := range res {
				if !slices.EqualFunc(got, ref, slices.Equal) {
					t.Fatalf("%q on %q: %s %v, pike %v", pat, text, name, got, ref)
				}
			}
		}
	})
}

// TestLineDFAAgrees checks that the automaton finds the same first
// matching line as the other engines.
func TestLineDFAAgrees(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 3000; i++ {
		pat := randomPattern(r)
		re, err := Compile(pat, Options{Buffer: true, IgnoreCase: r.Intn(4) == 0})
		if err != nil {
			continue
		}
		d := re.LineDFA()
		if d == nil {
			continue
		}
		for j := 0; j < 5; j++ {
			b := append(append(randomText(r), '\n'), randomText(r)...)
			want := -1
			if loc := re.Searcher(b)(0); loc != nil {
				want = bytes.Count(b[:loc[0]], []byte("\n"))
			}
			got := d.Find(b)
			if got >= 0 {
				got = bytes.Count(b[:got], []byte("\n"))
			}
			if got != want {
				t.Fatalf("%q on %q: DFA line %d, want %d", pat, b, got, want)
			}
		}
	}
}

// TestBacktrackMemo checks that pruning explored states never changes
// the overall match of patterns with back-references.
func TestBacktrackMemo(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	refs := []string{`\1`, `\1*`, `\(a*\)\1`, `\2`}
	for i := 0; i < 4000; i++ {
		pat := `\(` + randomPattern(r) + `\)` + randomPattern(r) + refs[r.Intn(len(refs))]
		re, err := Compile(pat, Options{IgnoreCase: r.Intn(4) == 0})
		if err != nil || !re.prog.backref {
			continue
		}
		for j := 0; j < 4; j++ {
			b := randomText(r)
			in := input{b: b}
			memo := newBacktrack(re.prog, in)
			plain := newBacktrack(re.prog, in)
			plain.noMemo = true
			for from := 0; from <= len(b); from++ {
				m1, m2 := memo.find(from), plain.find(from)
				if m1 == nil != (m2 == nil) || m1 != nil && (m1[0] != m2[0] || m1[1] != m2[1]) {
					t.Fatalf("%q on %q from %d: memo %v, plain %v", pat, b, from, m1, m2)
				}
			}
		}
	}
}

func TestBacktrackNestedStar(t *testing.T) {
	re := MustCompile(`\(a*\)*\1b`, Options{})
	text := []byte(strings.Repeat("a", 40))
	start := time.Now()
	if re.Match(text) {
		t.Error("matched")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
}
