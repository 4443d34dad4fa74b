package builtins

// Number arguments with multiplier suffixes, parsed the way gnulib's
// xstrtoumax does for head, tail, sort -S and friends: leading blanks, an
// optional '+', decimal digits, then at most one suffix from the command's
// list (b=512, k/K=1024, m/M, G, T, P, E, Z, Y; with '0' in the list, "KB"
// means 1000 and "KiB" 1024).

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// numErr is gnulib's strtol_error: zero, or a set of these bits.
type numErr int

const (
	numOverflow numErr = 1 << iota
	numBadSuffix
	numInvalid
)

// parseUintSuffix parses s like xstrtoumax(s, NULL, 10, &v, suffixes). On
// numBadSuffix the value read so far is still returned; on overflow it
// is math.MaxUint64.
func parseUintSuffix(s, suffixes string) (uint64, numErr) {
	i := 0
	for i < len(s) && isSpaceC(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '-' {
		return 0, numInvalid
	}
	if i < len(s) && s[i] == '+' {
		i++
	}
	start := i
	var v uint64
	var err numErr
	for ; i < len(s) && isDigit(s[i]); i++ {
		hi, lo := bits.Mul64(v, 10)
		lo, carry := bits.Add64(lo, uint64(s[i]-'0'), 0)
		if hi != 0 || carry != 0 {
			err = numOverflow
		}
		v = lo
	}
	if err != 0 {
		v = math.MaxUint64
	}
	rest := s[i:]
	if i == start {
		if suffixes == "" || rest == "" || !strings.ContainsRune(suffixes, rune(rest[0])) {
			return 0, numInvalid
		}
		v = 1
	}
	if suffixes == "" && rest != "" {
		return v, err | numBadSuffix
	}
	if rest == "" {
		return v, err
	}
	v, serr := applySuffix(v, rest, suffixes)
	return v, err | serr
}

// applySuffix multiplies v by the suffix that starts rest.
func applySuffix(v uint64, rest, suffixes string) (uint64, numErr) {
	c := rest[0]
	if !strings.ContainsRune(suffixes, rune(c)) {
		return v, numBadSuffix
	}
	base, n := uint64(1024), 1
	if strings.IndexByte("EGgkKMmPTtYZ", c) >= 0 && strings.IndexByte(suffixes, '0') >= 0 {
		switch {
		case len(rest) > 2 && rest[1] == 'i' && rest[2] == 'B':
			n = 3
		case len(rest) > 1 && (rest[1] == 'B' || rest[1] == 'D'):
			base, n = 1000, 2
		}
	}
	power := map[byte]int{'k': 1, 'K': 1, 'm': 2, 'M': 2, 'g': 3, 'G': 3, 't': 4, 'T': 4,
		'P': 5, 'E': 6, 'Z': 7, 'Y': 8}
	var err numErr
	switch c {
	case 'b':
		v, err = mulCheck(v, 512)
	case 'B':
		v, err = mulCheck(v, 1024)
	case 'c':
	case 'w':
		v, err = mulCheck(v, 2)
	default:
		p, ok := power[c]
		if !ok {
			return v, numBadSuffix
		}
		for ; p > 0; p-- {
			var e numErr
			v, e = mulCheck(v, base)
			err |= e
		}
	}
	if len(rest) > n {
		err |= numBadSuffix
	}
	return v, err
}

func mulCheck(v, m uint64) (uint64, numErr) {
	hi, lo := bits.Mul64(v, m)
	if hi != 0 {
		return math.MaxUint64, numOverflow
	}
	return lo, 0
}

// sizeArgError is gnulib's xdectoumax message for a bad value of s:
// "what: ‘s’", with the overflow cause when the number is too large.
func sizeArgError(what, s string, err numErr) string {
	msg := fmt.Sprintf("%s: %s", what, QuoteLocale(s))
	if err == numOverflow {
		msg += ": Value too large for defined data type"
	}
	return msg
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isSpaceC is C's isspace in the C and C.UTF-8 locales.
func isSpaceC(c byte) bool { return c == ' ' || '\t' <= c && c <= '\r' }

// isBlankC is C's isblank.
func isBlankC(c byte) bool { return c == ' ' || c == '\t' }
