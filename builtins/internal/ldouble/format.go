package ldouble

// Formatting of long doubles as glibc's printf does it (see ldouble.go).

import (
	"fmt"
	"math/big"
	"strings"
)

// Spec is a printf conversion: flags, width and precision (-1 when
// not given).
type Spec struct {
	Minus, Plus, Space, Alt, Zero bool
	Width, Prec                   int
	Conv                          byte
}

// Format formats x for the conversion e, f, g or a (or their upper
// case forms).
func Format(x Float, sp Spec) string {
	upper := sp.Conv >= 'A' && sp.Conv <= 'Z'
	conv := sp.Conv | 0x20
	sign := ""
	switch {
	case x.Neg:
		sign = "-"
	case sp.Plus:
		sign = "+"
	case sp.Space:
		sign = " "
	}
	var body string
	special := x.IsNaN() || x.IsInf()
	switch {
	case x.IsNaN():
		body = "nan"
	case x.IsInf():
		body = "inf"
	default:
		abs := new(big.Float).Abs(x.Big)
		switch conv {
		case 'f':
			body = fmtF(abs, sp)
		case 'e':
			body = fmtE(abs, sp)
		case 'g':
			body = fmtG(abs, sp)
		case 'a':
			body = fmtA(abs, sp)
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	return padNumber(sign, body, sp, !special)
}

// padNumber pads sign+body to the width: on the right for -, with zeros
// after the sign (and 0x) for 0, else with spaces on the left.
func padNumber(sign, body string, sp Spec, zeroOK bool) string {
	n := len(sign) + len(body)
	if sp.Width <= n {
		return sign + body
	}
	fill := sp.Width - n
	switch {
	case sp.Minus:
		return sign + body + strings.Repeat(" ", fill)
	case sp.Zero && zeroOK:
		prefix := ""
		if len(body) > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') {
			prefix, body = body[:2], body[2:]
		}
		return sign + prefix + strings.Repeat("0", fill) + body
	}
	return strings.Repeat(" ", fill) + sign + body
}

func defaultPrec(p int) int {
	if p < 0 {
		return 6
	}
	return p
}

func fmtF(abs *big.Float, sp Spec) string {
	prec := defaultPrec(sp.Prec)
	s := abs.Text('f', prec)
	if prec == 0 && sp.Alt {
		s += "."
	}
	return s
}

func fmtE(abs *big.Float, sp Spec) string {
	prec := defaultPrec(sp.Prec)
	s := abs.Text('e', prec)
	if prec == 0 && sp.Alt {
		i := strings.IndexByte(s, 'e')
		s = s[:i] + "." + s[i:]
	}
	return s
}

// fmtG is %g: %e or %f by the exponent, trailing zeros removed unless #.
func fmtG(abs *big.Float, sp Spec) string {
	p := defaultPrec(sp.Prec)
	if p == 0 {
		p = 1
	}
	e := abs.Text('e', p-1)
	x := 0
	if i := strings.IndexByte(e, 'e'); i >= 0 {
		fmt.Sscanf(e[i+1:], "%d", &x)
	}
	var s string
	if p > x && x >= -4 {
		s = abs.Text('f', p-1-x)
	} else {
		s = e
	}
	if sp.Alt {
		if !strings.Contains(s, ".") {
			if i := strings.IndexByte(s, 'e'); i >= 0 {
				s = s[:i] + "." + s[i:]
			} else {
				s += "."
			}
		}
		return s
	}
	return trimFraction(s)
}

// trimFraction removes trailing zeros of the fraction, and a bare point.
func trimFraction(s string) string {
	mant, exp := s, ""
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		mant, exp = s[:i], s[i:]
	}
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	return mant + exp
}

// fmtA is %a for the x87 long double: the leading hex digit holds the
// top four bits of the 64-bit mantissa (1.0 is 0x8p-3).
func fmtA(abs *big.Float, sp Spec) string {
	if abs.Sign() == 0 {
		s := "0x0"
		if sp.Prec > 0 {
			s += "." + strings.Repeat("0", sp.Prec)
		} else if sp.Alt {
			s += "."
		}
		return s + "p+0"
	}
	mant := new(big.Float)
	exp := abs.MantExp(mant) - 4
	m, _ := new(big.Float).SetMantExp(mant, 64).Int(nil) // 64-bit mantissa
	if exp+4 < ldMinExp {
		// A subnormal: glibc keeps the exponent of the smallest normal
		// number and lets the leading digits be zero.
		m, _ = new(big.Float).SetMantExp(abs, 16445).Int(nil)
		exp = ldMinExp - 1 - 3
	}
	digits := fmt.Sprintf("%016x", m)
	lead, frac := digits[:1], digits[1:]
	if sp.Prec >= 0 && sp.Prec < len(frac) {
		lead, frac, exp = roundHex(lead, frac, sp.Prec, exp)
	} else if sp.Prec < 0 {
		frac = strings.TrimRight(frac, "0")
	} else {
		frac += strings.Repeat("0", sp.Prec-len(frac))
	}
	s := "0x" + lead
	if frac != "" || sp.Alt {
		s += "." + frac
	}
	return fmt.Sprintf("%sp%+d", s, exp)
}

// roundHex rounds lead.frac to n hex digits after the point, to nearest
// even.
func roundHex(lead, frac string, n, exp int) (string, string, int) {
	v := new(big.Int)
	v.SetString(lead+frac, 16)
	drop := uint(4 * (len(frac) - n))
	q := new(big.Int).Rsh(v, drop)
	rem := new(big.Int).Sub(v, new(big.Int).Lsh(q, drop))
	half := new(big.Int).Lsh(big.NewInt(1), drop-1)
	if c := rem.Cmp(half); c > 0 || (c == 0 && q.Bit(0) == 1) {
		q.Add(q, big.NewInt(1))
	}
	s := fmt.Sprintf("%0*x", n+1, q)
	if len(s) > n+1 { // the leading digit overflowed: 0xf.f -> 0x1.0p+4
		s = s[:n+1]
		exp += 4
	}
	return s[:1], s[1:], exp
}

// SetFlag sets the flag c (one of - + # 0 and space).
func (sp *Spec) SetFlag(c byte) {
	switch c {
	case '-':
		sp.Minus = true
	case '+':
		sp.Plus = true
	case '#':
		sp.Alt = true
	case '0':
		sp.Zero = true
	case ' ':
		sp.Space = true
	}
}
