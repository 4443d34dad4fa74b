package regex

import (
	"bytes"
	"testing"
)

func BenchmarkLineDFA(b *testing.B) {
	text := bytes.Repeat([]byte("\tfunc return if err nil value buffer index\n"), 25000)
	d := MustCompile("[0-9][0-9]", Options{Buffer: true}).LineDFA()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if d.Find(text) != -1 {
			b.Fatal("match")
		}
	}
}
