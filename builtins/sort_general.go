package builtins

// sort -g's number reading (C's strtold, in long double); sort -V's
// version order is internal/filevercmp's.

import (
	"math"
	"math/big"

	"github.com/shellfence/shellfence/builtins/internal/ldouble"
)

// parseGeneral reads the longest prefix of text that strtold accepts
// (see internal/ldouble) and returns its class (gError when there is none),
// its value as a long double and rounded to a float64.
func parseGeneral(text []byte) (float64, *big.Float, int32) {
	x, _, ok, _ := ldouble.Parse(string(text))
	switch {
	case !ok:
		return 0, nil, gError
	case x.IsNaN():
		return math.NaN(), nil, gNaN
	}
	f, _ := x.Big.Float64()
	return f, x.Big, gNumber
}
