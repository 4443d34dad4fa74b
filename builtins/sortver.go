package builtins

// sort -g's number reading (C's strtold, in long double) and sort -V's
// version comparison (gnulib's filevercmp, as in coreutils 9.1).

import (
	"math"
	"math/big"
)

// parseGeneral reads the longest prefix of text that strtold accepts
// (see ldouble.go) and returns its class (gError when there is none),
// its value as a long double and rounded to a float64.
func parseGeneral(text []byte) (float64, *big.Float, int32) {
	x, _, ok, _ := parseLD(string(text))
	switch {
	case !ok:
		return 0, nil, gError
	case x.isNaN():
		return math.NaN(), nil, gNaN
	}
	f, _ := x.f.Float64()
	return f, x.f, gNumber
}

// fileVerCmp compares two versions like gnulib's filenvercmp.
func fileVerCmp(a, b []byte) int {
	switch {
	case len(a) == 0:
		if len(b) == 0 {
			return 0
		}
		return -1
	case len(b) == 0:
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		if d, ok := dotOrder(a, b); ok {
			return d
		}
	} else if b[0] == '.' {
		return 1
	}
	ap, bp := filePrefixLen(a), filePrefixLen(b)
	onePass := ap == len(a) && bp == len(b)
	d := verrevcmp(string(a[:ap]), string(b[:bp]))
	if d != 0 || onePass {
		return d
	}
	return verrevcmp(string(a), string(b))
}

// dotOrder puts "." first, then "..", then other names with a leading dot.
func dotOrder(a, b []byte) (int, bool) {
	aDot, bDot := len(a) == 1, len(b) == 1
	switch {
	case aDot && bDot:
		return 0, true
	case aDot:
		return -1, true
	case bDot:
		return 1, true
	}
	aDD := a[1] == '.' && len(a) == 2
	bDD := b[1] == '.' && len(b) == 2
	switch {
	case aDD && bDD:
		return 0, true
	case aDD:
		return -1, true
	case bDD:
		return 1, true
	}
	return 0, false
}

// filePrefixLen is the length of s without its suffix, the longest match
// of (\.[A-Za-z~][A-Za-z0-9~]*)*$.
func filePrefixLen(s []byte) int {
	prefix := 0
	for i := 0; ; {
		if i == len(s) {
			return prefix
		}
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (isAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlnumC(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}
