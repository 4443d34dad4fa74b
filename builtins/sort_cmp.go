package builtins

// sort's key values, computed once per line, and their comparisons:
// text (C.UTF-8 collation is byte order), -n and -h numbers (exact
// decimal comparison, as GNU's strnumcmp), -g floating point, -M months,
// -V versions and -R hashes.

import (
	"bytes"
	"cmp"
	"hash/maphash"
	"math"
	"math/big"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/filevercmp"
)

// keyVal is one key of one line, ready to compare.
type keyVal struct {
	s    []byte     // key text, or the integer digits of a number
	frac []byte     // fraction digits of a number, trailing zeros dropped
	ld   *big.Float // -g value
	pre  uint64     // first bytes of s (text), value of s (number, up to 19 digits), -R hash
	fpre uint64     // the first 19 fraction digits as a number; -g value as float64 bits
	i    int32      // sign of a number, month, -g class
	unit int32      // -h unit order
}

// makeKey computes key k of line.
func (k *sortKey) makeKey(line []byte, tab int, seed maphash.Seed) keyVal {
	beg, end := k.keyBounds(line, tab)
	text := line[beg:end]
	if k.ignore != 0 || k.fold {
		text = k.translate(text)
	}
	var v keyVal
	switch {
	case k.numeric:
		v = parseSortNumber(text)
	case k.human:
		v = parseSortNumber(text)
		v.unit = int32(unitOrder(text))
	case k.general:
		var f float64
		f, v.ld, v.i = parseGeneral(text)
		v.fpre = math.Float64bits(f)
	case k.month:
		v.i = int32(monthOf(text))
	case k.random:
		v.s, v.pre = text, maphash.Bytes(seed, text)
	default:
		v.s, v.pre = text, prefix8(text)
	}
	return v
}

// rank maps a key value to a number whose order agrees with the key's
// comparison wherever two ranks differ; equal ranks need the full
// comparison. Computed once per line, it makes most comparisons one
// integer comparison.
func (k *sortKey) rank(v *keyVal) uint64 {
	switch {
	case k.numeric:
		return numberRank(v)
	case k.human:
		return uint64(v.unit+8)<<59 | numberRank(v)>>5
	case k.general:
		return generalRank(v)
	case k.month:
		return uint64(v.i)
	case k.random, k.version:
		return 0
	}
	return v.pre
}

func numberRank(v *keyVal) uint64 {
	const half = 1 << 63
	n := min(v.pre, 1<<62)
	if len(v.s) > 19 {
		n = 1 << 62
	}
	if v.i < 0 {
		return half - 1 - n
	}
	return half + n
}

func generalRank(v *keyVal) uint64 {
	if v.i != gNumber {
		return uint64(v.i)
	}
	f := math.Float64frombits(v.fpre)
	if f == 0 {
		f = 0 // -0 sorts as +0
	}
	u := math.Float64bits(f)
	if u>>63 != 0 {
		return max(^u, 2)
	}
	return u | 1<<63
}

// prefix8 packs the first 8 bytes of b, big-endian and zero-padded:
// different prefixes order two texts as bytes.Compare would.
func prefix8(b []byte) uint64 {
	var p uint64
	for i := 0; i < 8; i++ {
		p <<= 8
		if i < len(b) {
			p |= uint64(b[i])
		}
	}
	return p
}

// compareText is bytes.Compare with the prefixes tried first.
func compareText(a, b *keyVal) int {
	if a.pre != b.pre {
		if a.pre < b.pre {
			return -1
		}
		return 1
	}
	return bytes.Compare(a.s, b.s)
}

// translate applies -d, -i and -f to a key.
func (k *sortKey) translate(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for _, c := range text {
		switch k.ignore {
		case 'd':
			if !(isAlnumC(c) || sortBlank(c)) {
				continue
			}
		case 'i':
			if c < 0x20 || c >= 0x7f {
				continue
			}
		}
		if k.fold {
			c = upperASCII(c)
		}
		out = append(out, c)
	}
	return out
}

func isAlnumC(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// compare compares two values of key k (without its reverse flag).
func (k *sortKey) compare(a, b *keyVal) int {
	switch {
	case k.numeric:
		return compareNumbers(a, b)
	case k.human:
		if d := int(a.unit - b.unit); d != 0 {
			return d
		}
		return compareNumbers(a, b)
	case k.general:
		return compareGeneral(a, b)
	case k.month:
		return int(a.i - b.i)
	case k.random:
		if a.pre != b.pre {
			if a.pre < b.pre {
				return -1
			}
			return 1
		}
		return bytes.Compare(a.s, b.s)
	case k.version:
		return filevercmp.Compare(string(a.s), string(b.s))
	}
	return compareText(a, b)
}

// parseSortNumber reads a number as -n does: leading blanks, an optional
// '-', digits, an optional decimal point and digits. No thousands
// separator in C.UTF-8.
func parseSortNumber(text []byte) keyVal {
	i := 0
	for i < len(text) && sortBlank(text[i]) {
		i++
	}
	neg := i < len(text) && text[i] == '-'
	if neg {
		i++
	}
	for i < len(text) && text[i] == '0' {
		i++
	}
	start := i
	for i < len(text) && ctype.IsDigit(text[i]) {
		i++
	}
	v := keyVal{s: text[start:i]}
	if i < len(text) && text[i] == '.' {
		i++
		start = i
		for i < len(text) && ctype.IsDigit(text[i]) {
			i++
		}
		v.frac = bytes.TrimRight(text[start:i], "0")
	}
	if neg && (len(v.s) > 0 || len(v.frac) > 0) {
		v.i = -1
	}
	if len(v.s) <= 19 {
		for _, c := range v.s {
			v.pre = v.pre*10 + uint64(c-'0')
		}
	}
	for j := 0; j < 19; j++ {
		v.fpre *= 10
		if j < len(v.frac) {
			v.fpre += uint64(v.frac[j] - '0')
		}
	}
	return v
}

func compareNumbers(a, b *keyVal) int {
	if a.i != b.i {
		return int(a.i - b.i)
	}
	d := len(a.s) - len(b.s)
	switch {
	case d != 0:
	case len(a.s) <= 19 && a.pre != b.pre:
		d = cmp.Compare(a.pre, b.pre)
	case len(a.s) > 19:
		d = bytes.Compare(a.s, b.s)
	}
	if d == 0 {
		d = cmp.Compare(a.fpre, b.fpre)
		if d == 0 && (len(a.frac) > 19 || len(b.frac) > 19) {
			d = bytes.Compare(a.frac, b.frac)
		}
	}
	if a.i < 0 {
		return -d
	}
	return d
}

// unitOrder is GNU's find_unit_order: the power of the suffix after a
// nonzero number (K/k 1, M 2, ... Y 8), negative for negative numbers.
func unitOrder(text []byte) int {
	i := 0
	for i < len(text) && sortBlank(text[i]) {
		i++
	}
	neg := i < len(text) && text[i] == '-'
	if neg {
		i++
	}
	nonzero := false
	for i < len(text) && ctype.IsDigit(text[i]) {
		nonzero = nonzero || text[i] != '0'
		i++
	}
	if i < len(text) && text[i] == '.' {
		for i++; i < len(text) && ctype.IsDigit(text[i]); i++ {
			nonzero = nonzero || text[i] != '0'
		}
	}
	if !nonzero || i >= len(text) {
		return 0
	}
	order := map[byte]int{'K': 1, 'k': 1, 'M': 2, 'G': 3, 'T': 4, 'P': 5, 'E': 6, 'Z': 7, 'Y': 8}[text[i]]
	if neg {
		return -order
	}
	return order
}

// Classes of -g values: conversion errors sort first, then NaNs, then
// numbers.
const (
	gError = iota
	gNaN
	gNumber
)

func compareGeneral(a, b *keyVal) int {
	if a.i != gNumber || b.i != gNumber {
		return int(a.i - b.i)
	}
	af, bf := math.Float64frombits(a.fpre), math.Float64frombits(b.fpre)
	switch {
	case af < bf:
		return -1
	case af > bf:
		return 1
	}
	return a.ld.Cmp(b.ld)
}

// months are the C locale's abbreviated month names.
var months = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

// monthOf returns 1-12 for a key starting (after blanks) with a month
// name, in any case; 0 otherwise.
func monthOf(text []byte) int {
	i := 0
	for i < len(text) && sortBlank(text[i]) {
		i++
	}
	if len(text)-i < 3 {
		return 0
	}
	name := string([]byte{upperASCII(text[i]), upperASCII(text[i+1]), upperASCII(text[i+2])})
	for m, n := range months {
		if n == name {
			return m + 1
		}
	}
	return 0
}
