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
