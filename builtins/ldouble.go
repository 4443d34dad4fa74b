package builtins

// ldouble.go is C's long double as seq and printf use it on x86-64: a
// 64-bit mantissa (big.Float with precision 64, rounding to nearest
// even), strtold's syntax (decimal, hex floats, inf, nan), and glibc's
// printf conversions %f %e %g %a with their flags. Formatting is exact,
// like glibc's.

import (
	"math/big"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

const ldPrec = 64

// ldouble is a long double value.
type ldouble struct {
	f   *big.Float // nil for NaN
	neg bool       // the sign (also of NaN and zero)
}

func newLD() *big.Float { return new(big.Float).SetPrec(ldPrec).SetMode(big.ToNearestEven) }

// ldMax is LDBL_MAX, (2 - 2^-63) * 2^16383.
var ldMax = func() *big.Float {
	m := new(big.Float).SetPrec(ldPrec).SetMantExp(big.NewFloat(1), 16384)
	ulp := new(big.Float).SetPrec(ldPrec).SetMantExp(big.NewFloat(1), 16384-64)
	return m.Sub(m, ulp)
}()

func ldFromInt(n int64) ldouble {
	return ldouble{f: newLD().SetInt64(n), neg: n < 0}
}

func (x ldouble) isNaN() bool { return x.f == nil }
func (x ldouble) isInf() bool { return x.f != nil && x.f.IsInf() }
func (x ldouble) isZero() bool {
	return x.f != nil && x.f.Sign() == 0
}

// cmp compares two numbers that are not NaN.
func (x ldouble) cmp(y ldouble) int { return x.f.Cmp(y.f) }

func (x ldouble) add(y ldouble) ldouble {
	if x.isNaN() || y.isNaN() || (x.isInf() && y.isInf() && x.neg != y.neg) {
		return ldouble{}
	}
	z := newLD().Add(x.f, y.f)
	return ldouble{f: z, neg: z.Signbit()}.clamp()
}

func (x ldouble) mul(y ldouble) ldouble {
	if x.isNaN() || y.isNaN() || (x.isInf() && y.isZero()) || (x.isZero() && y.isInf()) {
		return ldouble{}
	}
	z := newLD().Mul(x.f, y.f)
	return ldouble{f: z, neg: z.Signbit()}.clamp()
}

// clamp turns values beyond LDBL_MAX into infinities.
func (x ldouble) clamp() ldouble {
	if x.f != nil && !x.f.IsInf() && new(big.Float).Abs(x.f).Cmp(ldMax) > 0 {
		x.f = newLD().SetInf(x.neg)
	}
	return x
}

// parseLD is strtold in the C locale: it returns the value of the
// longest prefix of s that is a number, the rest of s, whether any
// number was found, and whether the value was out of range (ERANGE).
func parseLD(s string) (x ldouble, rest string, ok, erange bool) {
	i := 0
	for i < len(s) && ctype.IsSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	t := s[i:]
	switch {
	case hasPrefixFold(t, "infinity"):
		return ldouble{f: newLD().SetInf(neg), neg: neg}, t[8:], true, false
	case hasPrefixFold(t, "inf"):
		return ldouble{f: newLD().SetInf(neg), neg: neg}, t[3:], true, false
	case hasPrefixFold(t, "nan"):
		return ldouble{neg: neg}, skipNanChars(t[3:]), true, false
	}
	n := scanLDNumber(t)
	if n == 0 {
		return ldouble{}, s, false, false
	}
	x, erange = ldFromText(t[:n], neg)
	return x, t[n:], true, erange
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// skipNanChars skips the optional (n-char-sequence) after "nan".
func skipNanChars(s string) string {
	if !strings.HasPrefix(s, "(") {
		return s
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ')':
			return s[i+1:]
		case ctype.IsAlpha(c) || ctype.IsDigit(c) || c == '_':
		default:
			return s
		}
	}
	return s
}

// scanLDNumber returns the length of the decimal or hex float at the
// start of s (without sign), or 0.
func scanLDNumber(s string) int {
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		if n := scanMantissa(s[2:], ctype.IsHexDigit); n > 0 {
			return 2 + n + scanExponent(s[2+n:], "pP")
		}
		return 1 // just the 0
	}
	n := scanMantissa(s, ctype.IsDigit)
	if n == 0 {
		return 0
	}
	return n + scanExponent(s[n:], "eE")
}

// scanMantissa scans digits with at most one point; at least one digit.
func scanMantissa(s string, digit func(byte) bool) int {
	i, digits := 0, 0
	for i < len(s) && digit(s[i]) {
		i, digits = i+1, digits+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && digit(s[i]) {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return 0
	}
	return i
}

func scanExponent(s string, marks string) int {
	if len(s) < 2 || !strings.ContainsRune(marks, rune(s[0])) {
		return 0
	}
	i := 1
	if s[i] == '+' || s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && ctype.IsDigit(s[i]) {
		i++
	}
	if i == start {
		return 0
	}
	return i
}

// ldFromText converts a scanned number; erange reports overflow, or an
// underflow to zero.
func ldFromText(t string, neg bool) (ldouble, bool) {
	if e, ok := hugeExponent(t); ok {
		zero := !strings.ContainsAny(strings.TrimLeft(mantissaPart(t), "0.xX"), "123456789abcdefABCDEF")
		if zero || e < 0 {
			z := newLD()
			if neg {
				z.Neg(z)
			}
			return ldouble{f: z, neg: neg}, !zero
		}
		return ldouble{f: newLD().SetInf(neg), neg: neg}, true
	}
	f, _, err := newLD().Parse(t, 0)
	if err != nil {
		return ldouble{}, false
	}
	if neg {
		f.Neg(f)
	}
	x := ldouble{f: f, neg: neg}
	if c := x.clamp(); c.isInf() {
		return c, true
	}
	if f.Sign() != 0 && f.MantExp(nil) < ldMinExp {
		return x.subnormal(), true
	}
	return x, false
}

// ldMinExp is the binary exponent (as big.Float's MantExp counts it) of
// the smallest normal long double, 2^-16382.
const ldMinExp = -16381

// subnormal rounds a value below the normal range to the precision a
// subnormal long double has (multiples of 2^-16445), or to zero.
func (x ldouble) subnormal() ldouble {
	q := new(big.Float).SetMantExp(x.f, 16445) // x / 2^-16445
	i, _ := q.Int(nil)
	rem := new(big.Float).Sub(q, new(big.Float).SetInt(i))
	half := big.NewFloat(0.5)
	if r := new(big.Float).Abs(rem); r.Cmp(half) > 0 || (r.Cmp(half) == 0 && i.Bit(0) == 1) {
		if q.Sign() < 0 {
			i.Sub(i, big.NewInt(1))
		} else {
			i.Add(i, big.NewInt(1))
		}
	}
	z := newLD().SetMantExp(newLD().SetInt(i), -16445)
	if x.neg && z.Sign() == 0 {
		z.Neg(z)
	}
	return ldouble{f: z, neg: x.neg}
}

func mantissaPart(t string) string {
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		if i := strings.IndexAny(t, "pP"); i >= 0 {
			return t[:i]
		}
		return t
	}
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		return t[:i]
	}
	return t
}

// hugeExponent reports an exponent so large that big.Float need not see
// it (it returns its sign).
func hugeExponent(t string) (int, bool) {
	m := mantissaPart(t)
	if len(m) == len(t) {
		return 0, false
	}
	exp := t[len(m)+1:]
	sign := 1
	if exp[0] == '-' || exp[0] == '+' {
		if exp[0] == '-' {
			sign = -1
		}
		exp = exp[1:]
	}
	exp = strings.TrimLeft(exp, "0")
	if len(exp) > 6 {
		return sign, true
	}
	return 0, false
}
