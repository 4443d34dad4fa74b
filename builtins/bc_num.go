package builtins

// bc's numbers: decimal fixed point with a scale of its own, and GNU bc's
// rules for the scale of each result (number.c's truncation, not
// rounding).

import (
	"math/big"
	"strings"
)

// bcNum is v / 10^s; s is the number's scale (digits after the point,
// trailing zeros kept, as GNU keeps them).
type bcNum struct {
	v *big.Int
	s int
}

var (
	bcZero = bcNum{new(big.Int), 0}
	bcOne  = bcNum{big.NewInt(1), 0}
	bigTen = big.NewInt(10)
)

func bcInt(n int64) bcNum { return bcNum{big.NewInt(n), 0} }

// pow10 returns 10^n.
func pow10(n int) *big.Int {
	return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil)
}

// rescale returns x at scale s, truncating toward zero when s is smaller.
func (x bcNum) rescale(s int) bcNum {
	switch {
	case s == x.s:
		return x
	case s > x.s:
		return bcNum{new(big.Int).Mul(x.v, pow10(s-x.s)), s}
	}
	return bcNum{new(big.Int).Quo(x.v, pow10(x.s-s)), s}
}

func (x bcNum) isZero() bool { return x.v.Sign() == 0 }

func (x bcNum) cmp(y bcNum) int {
	s := max(x.s, y.s)
	return x.rescale(s).v.Cmp(y.rescale(s).v)
}

func bcAdd(x, y bcNum) bcNum {
	s := max(x.s, y.s)
	return bcNum{new(big.Int).Add(x.rescale(s).v, y.rescale(s).v), s}
}

func bcSub(x, y bcNum) bcNum {
	s := max(x.s, y.s)
	return bcNum{new(big.Int).Sub(x.rescale(s).v, y.rescale(s).v), s}
}

// bcMul keeps min(full, max(scale, x.s, y.s)) digits, as bc_multiply.
func bcMul(x, y bcNum, scale int) bcNum {
	full := bcNum{new(big.Int).Mul(x.v, y.v), x.s + y.s}
	return full.rescale(min(full.s, max(scale, x.s, y.s)))
}

// bcDiv truncates the quotient to scale digits; y must not be zero.
func bcDiv(x, y bcNum, scale int) bcNum {
	num := new(big.Int).Mul(x.v, pow10(scale+y.s))
	den := new(big.Int).Mul(y.v, pow10(x.s))
	return bcNum{num.Quo(num, den), scale}
}

// bcMod is x - (x/y)*y with the quotient at scale, as bc_modulo.
func bcMod(x, y bcNum, scale int) bcNum {
	rscale := max(x.s, y.s+scale)
	q := bcDiv(x, y, scale)
	r := bcSub(x, bcMul(q, y, rscale))
	if r.s < rscale {
		r = r.rescale(rscale)
	}
	return r
}

// bcPow raises x to the integer n; the caller has checked the size.
func bcPow(x bcNum, n int64, scale int) bcNum {
	if n == 0 {
		return bcOne
	}
	neg := n < 0
	if neg {
		n = -n
	}
	full := bcNum{new(big.Int).Exp(x.v, big.NewInt(n), nil), x.s * int(n)}
	if neg {
		return bcDiv(bcOne, full, scale)
	}
	return full.rescale(min(full.s, max(scale, x.s)))
}

// bcSqrt is the square root truncated to max(scale, x.s) digits; x >= 0.
func bcSqrt(x bcNum, scale int) bcNum {
	if x.isZero() {
		return bcZero
	}
	if x.cmp(bcOne) == 0 {
		return bcOne
	}
	rs := max(scale, x.s)
	v := new(big.Int).Mul(x.v, pow10(2*rs-x.s))
	return bcNum{v.Sqrt(v), rs}
}

// digits returns the number of decimal digits the number holds, GNU's
// n_len + n_scale.
func (x bcNum) digits() int {
	n := len(new(big.Int).Abs(x.v).String())
	return max(n, x.s+1)
}

// intLen is the number of digits before the point (at least 1).
func (x bcNum) intLen() int { return x.digits() - x.s }

// bcLength is bc's length(): significant digits, or the scale for a
// number below one.
func bcLength(x bcNum) int64 {
	a := new(big.Int).Abs(x.v)
	if a.Cmp(pow10(x.s)) < 0 {
		if x.s == 0 {
			return 1
		}
		return int64(x.s)
	}
	return int64(x.digits())
}

// toInt64 returns the integer part of x and whether it fits.
func (x bcNum) toInt64() (int64, bool) {
	i := x.rescale(0).v
	return i.Int64(), i.IsInt64()
}

// decimal formats x in base 10 as bc prints it: no leading zero before
// the point, the scale's digits after it, "0" for zero.
func (x bcNum) decimal() string {
	if x.isZero() {
		return "0"
	}
	d := new(big.Int).Abs(x.v).String()
	if len(d) <= x.s {
		d = strings.Repeat("0", x.s-len(d)+1) + d
	}
	ip, fp := d[:len(d)-x.s], d[len(d)-x.s:]
	if ip == "0" {
		ip = ""
	}
	var b strings.Builder
	if x.v.Sign() < 0 {
		b.WriteByte('-')
	}
	b.WriteString(ip)
	if x.s > 0 {
		b.WriteString("." + fp)
	}
	return b.String()
}

const bcDigitChars = "0123456789ABCDEF"

// format writes x in base obase as bc_out_num does.
func (x bcNum) format(obase int) string {
	if obase == 10 || x.isZero() {
		return x.decimal()
	}
	var b strings.Builder
	if x.v.Sign() < 0 {
		b.WriteByte('-')
	}
	a := bcNum{new(big.Int).Abs(x.v), x.s}
	ip := a.rescale(0).v
	width := len(big.NewInt(int64(obase - 1)).String())
	base := big.NewInt(int64(obase))
	var ds []int64
	for m := new(big.Int); ip.Sign() > 0; {
		ip, m = new(big.Int).QuoRem(ip, base, m)
		ds = append(ds, m.Int64())
	}
	for i := len(ds) - 1; i >= 0; i-- {
		bcDigit(&b, ds[i], obase, width, true)
	}
	if x.s > 0 {
		b.WriteByte('.')
		frac := bcSub(a, bcNum{a.rescale(0).v, 0})
		bn := bcNum{base, 0}
		limit := pow10(x.s)
		space := false
		for t := big.NewInt(1); t.Cmp(limit) < 0; t.Mul(t, base) {
			frac = bcMul(frac, bn, x.s)
			d := frac.rescale(0).v
			bcDigit(&b, d.Int64(), obase, width, space)
			space = true
			frac = bcSub(frac, bcNum{d, 0})
		}
	}
	return b.String()
}

// bcDigit writes one digit in base obase: a character up to base 16,
// beyond it a space (when space) and the zero-padded decimal value.
func bcDigit(b *strings.Builder, d int64, obase, width int, space bool) {
	if obase <= 16 {
		b.WriteByte(bcDigitChars[d])
		return
	}
	if space {
		b.WriteByte(' ')
	}
	s := big.NewInt(d).String()
	b.WriteString(strings.Repeat("0", max(0, width-len(s))) + s)
}

// bcParseConst converts a constant's text in base ibase as bc does: a
// single digit keeps its value whatever the base; in longer numbers a
// digit at or above the base counts as base-1.
func bcParseConst(text string, ibase int) bcNum {
	val := func(c byte) int64 {
		if c >= 'A' {
			return int64(c-'A') + 10
		}
		return int64(c - '0')
	}
	if ibase == 10 {
		return bcParseDecimal(text)
	}
	ip, fp, _ := strings.Cut(text, ".")
	base := big.NewInt(int64(ibase))
	clamp := func(d int64) int64 { return min(d, int64(ibase-1)) }
	n := new(big.Int)
	if len(ip) == 1 && len(fp) == 0 {
		return bcNum{big.NewInt(val(ip[0])), 0}
	}
	for i := 0; i < len(ip); i++ {
		d := val(ip[i])
		if !(i == 0 && len(ip) == 1) {
			d = clamp(d)
		}
		n.Mul(n, base).Add(n, big.NewInt(d))
	}
	r := bcNum{n, 0}
	if len(fp) > 0 {
		f, div := new(big.Int), big.NewInt(1)
		for i := 0; i < len(fp); i++ {
			f.Mul(f, base).Add(f, big.NewInt(clamp(val(fp[i]))))
			div.Mul(div, base)
		}
		r = bcAdd(r, bcDiv(bcNum{f, 0}, bcNum{div, 0}, len(fp)))
	}
	return r
}

// bcParseDecimal reads a base-10 constant; letters count as 9 except
// for a lone digit (A is 10).
func bcParseDecimal(text string) bcNum {
	if len(text) == 1 && text[0] >= 'A' {
		return bcInt(int64(text[0]-'A') + 10)
	}
	ip, fp, _ := strings.Cut(text, ".")
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= 'A' {
				return '9'
			}
			return r
		}, s)
	}
	v, _ := new(big.Int).SetString("0"+norm(ip)+norm(fp), 10)
	return bcNum{v, len(fp)}
}
