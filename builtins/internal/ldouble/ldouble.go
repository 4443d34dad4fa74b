// Package ldouble is C's long double as seq and printf use it on x86-64: a
// 64-bit mantissa (big.Float with precision 64, rounding to nearest
// even), strtold's syntax (decimal, hex floats, inf, nan), and glibc's
// printf conversions %f %e %g %a with their flags. Formatting is exact,
// like glibc's.
package ldouble

import (
	"math/big"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

const ldPrec = 64

// Float is a long double value.
type Float struct {
	Big *big.Float // nil for NaN
	Neg bool       // the sign (also of NaN and zero)
}

// NewBig returns a zero with a long double's precision and rounding.
func NewBig() *big.Float { return new(big.Float).SetPrec(ldPrec).SetMode(big.ToNearestEven) }

// ldMax is LDBL_MAX, (2 - 2^-63) * 2^16383.
var ldMax = func() *big.Float {
	m := new(big.Float).SetPrec(ldPrec).SetMantExp(big.NewFloat(1), 16384)
	ulp := new(big.Float).SetPrec(ldPrec).SetMantExp(big.NewFloat(1), 16384-64)
	return m.Sub(m, ulp)
}()

// FromInt returns n as a long double.
func FromInt(n int64) Float {
	return Float{Big: NewBig().SetInt64(n), Neg: n < 0}
}

// IsNaN reports whether x is a NaN.
func (x Float) IsNaN() bool { return x.Big == nil }

// IsInf reports whether x is an infinity.
func (x Float) IsInf() bool { return x.Big != nil && x.Big.IsInf() }

// IsZero reports whether x is a zero of either sign.
func (x Float) IsZero() bool {
	return x.Big != nil && x.Big.Sign() == 0
}

// Cmp compares two numbers that are not NaN.
func (x Float) Cmp(y Float) int { return x.Big.Cmp(y.Big) }

// Add returns x + y, rounded as a long double.
func (x Float) Add(y Float) Float {
	if x.IsNaN() || y.IsNaN() || (x.IsInf() && y.IsInf() && x.Neg != y.Neg) {
		return Float{}
	}
	z := NewBig().Add(x.Big, y.Big)
	return Float{Big: z, Neg: z.Signbit()}.clamp()
}

// Mul returns x * y, rounded as a long double.
func (x Float) Mul(y Float) Float {
	if x.IsNaN() || y.IsNaN() || (x.IsInf() && y.IsZero()) || (x.IsZero() && y.IsInf()) {
		return Float{}
	}
	z := NewBig().Mul(x.Big, y.Big)
	return Float{Big: z, Neg: z.Signbit()}.clamp()
}

// clamp turns values beyond LDBL_MAX into infinities.
func (x Float) clamp() Float {
	if x.Big != nil && !x.Big.IsInf() && new(big.Float).Abs(x.Big).Cmp(ldMax) > 0 {
		x.Big = NewBig().SetInf(x.Neg)
	}
	return x
}

// Parse is strtold in the C locale: it returns the value of the
// longest prefix of s that is a number, the rest of s, whether any
// number was found, and whether the value was out of range (ERANGE).
func Parse(s string) (x Float, rest string, ok, erange bool) {
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
		return Float{Big: NewBig().SetInf(neg), Neg: neg}, t[8:], true, false
	case hasPrefixFold(t, "inf"):
		return Float{Big: NewBig().SetInf(neg), Neg: neg}, t[3:], true, false
	case hasPrefixFold(t, "nan"):
		return Float{Neg: neg}, skipNanChars(t[3:]), true, false
	}
	n := scanLDNumber(t)
	if n == 0 {
		return Float{}, s, false, false
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
func ldFromText(t string, neg bool) (Float, bool) {
	if e, ok := hugeExponent(t); ok {
		zero := !strings.ContainsAny(strings.TrimLeft(mantissaPart(t), "0.xX"), "123456789abcdefABCDEF")
		if zero || e < 0 {
			z := NewBig()
			if neg {
				z.Neg(z)
			}
			return Float{Big: z, Neg: neg}, !zero
		}
		return Float{Big: NewBig().SetInf(neg), Neg: neg}, true
	}
	f, _, err := NewBig().Parse(t, 0)
	if err != nil {
		return Float{}, false
	}
	if neg {
		f.Neg(f)
	}
	x := Float{Big: f, Neg: neg}
	if c := x.clamp(); c.IsInf() {
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
func (x Float) subnormal() Float {
	q := new(big.Float).SetMantExp(x.Big, 16445) // x / 2^-16445
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
	z := NewBig().SetMantExp(NewBig().SetInt(i), -16445)
	if x.Neg && z.Sign() == 0 {
		z.Neg(z)
	}
	return Float{Big: z, Neg: x.Neg}
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
