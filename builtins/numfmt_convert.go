package builtins

// numfmt's conversion of one field, after GNU's process_suffixed_number,
// simple_strtod_human, prepare_padded_number and double_to_human.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs/budget"
)

// numfmt's parse outcomes (GNU's simple_strtod_error).
const (
	nfOK = iota
	nfPrecisionLoss
	nfOverflow
	nfInvalidNumber
	nfForbiddenSuffix
	nfInvalidSuffix
	nfMissingI
)

// field converts one selected field and prints it (or, when it is not a
// valid number, prints it unchanged after the message --invalid asks).
func (n *numfmtRun) field(text string, field uint64) {
	o := &n.o
	if o.suffix != "" && len(text) > len(o.suffix) && strings.HasSuffix(text, o.suffix) {
		text = text[:len(text)-len(o.suffix)]
	}
	num := strings.TrimLeft(text, " \t")
	width, left := abs(o.padding), o.padding < 0
	if o.padding == 0 && o.delim == "" {
		width = 0
		if len(num) < len(text) || field > 1 {
			width = len(text)
		}
	}
	val, prec, ok := n.parse(num)
	if ok {
		val = val * o.fromUnit / o.toUnit
		var out string
		if out, ok = n.render(val, prec); ok {
			if pad := int64(width - len(out)); pad > bigConversion {
				// Charged before it is built, as printf's widths are.
				if n.p.hold(3*pad) != nil {
					n.abort = true
					return
				}
				defer n.p.Budget().Release(budget.Memory, 3*pad)
			}
			if len(out) < width {
				if left {
					out += strings.Repeat(" ", width-len(out))
				} else {
					out = strings.Repeat(" ", width-len(out)) + out
				}
			}
			n.p.printf("%s%s%s", o.prefix, out, o.fmtSuffix)
			return
		}
	}
	if n.abort {
		return
	}
	n.p.printf("%s", text)
}

// fail reports an invalid field as --invalid asks.
func (n *numfmtRun) fail(format string, args ...any) {
	switch n.o.invalid {
	case 3:
		return
	case 0:
		n.p.Flush()
		n.p.Errorf(format, args...)
		n.abort, n.status = true, 2
		return
	case 1:
		n.status = 2
	}
	n.p.Flush()
	n.p.Errorf(format, args...)
}

// parse reads a number with an optional unit suffix, as --from allows.
func (n *numfmtRun) parse(s string) (float64, int, bool) {
	val, prec, end, e := numfmtFloat(s)
	if e == nfOK && end < len(s) {
		end, e = n.unitSuffix(s, end, &val, &prec)
	}
	switch e {
	case nfOK:
	case nfOverflow:
		n.fail("value too large to be converted: %s", quote.Locale(s))
		return 0, 0, false
	case nfInvalidNumber:
		n.fail("invalid number: %s", quote.Locale(s))
		return 0, 0, false
	case nfForbiddenSuffix:
		n.fail("rejecting suffix in input: %s (consider using --from)", quote.Locale(s))
		return 0, 0, false
	case nfInvalidSuffix:
		n.fail("invalid suffix in input: %s", quote.Locale(s))
		return 0, 0, false
	case nfMissingI:
		n.fail("missing 'i' suffix in input: %s (e.g. Ki/Mi/Gi)", quote.Locale(s))
		return 0, 0, false
	}
	if end < len(s) {
		n.fail("invalid suffix in input %s: %s", quote.Locale(s), quote.Locale(s[end:]))
		return 0, 0, false
	}
	return val, prec, true
}

// unitSuffix applies the suffix at s[end:] (K, M, ... and i).
func (n *numfmtRun) unitSuffix(s string, end int, val *float64, prec *int) (int, int) {
	for end < len(s) && (s[end] == ' ' || s[end] == '\t') {
		end++
	}
	if end >= len(s) {
		return end, nfOK
	}
	power := strings.IndexByte("KMGTPEZY", s[end]) + 1
	if power == 0 {
		return end, nfInvalidSuffix
	}
	base := 1000.0
	switch n.o.from {
	case nfNone:
		return end, nfForbiddenSuffix
	case nfIEC, nfIECI:
		base = 1024
	}
	end++
	switch {
	case n.o.from == nfAuto && end < len(s) && s[end] == 'i':
		base = 1024
		end++
	case n.o.from == nfIECI && end < len(s) && s[end] == 'i':
		end++
	case n.o.from == nfIECI:
		return end, nfMissingI
	}
	*prec = 0
	*val *= math.Pow(base, float64(power))
	return end, nfOK
}

// numfmtFloat reads [-]digits[.digits]: the value, the number of digits
// after the point, and where the number ends.
func numfmtFloat(s string) (val float64, prec, end int, e int) {
	neg := strings.HasPrefix(s, "-")
	i := 0
	if neg {
		i++
	}
	start := i
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if digits > 0 || s[i] != '0' {
			digits++
		}
		if digits > 27 {
			return 0, 0, i, nfOverflow
		}
		i++
	}
	if i == start && (i >= len(s) || s[i] != '.') {
		return 0, 0, i, nfInvalidNumber
	}
	intPart := s[start:i]
	frac := ""
	if i < len(s) && s[i] == '.' {
		i++
		j := i
		if i < len(s) && s[i] == '-' {
			return 0, 0, i, nfInvalidNumber
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == j && intPart == "" {
			return 0, 0, i, nfInvalidNumber
		}
		frac, prec = s[j:i], i-j
	}
	v, _ := strconv.ParseFloat("0"+intPart+"."+frac+"0", 64)
	if neg {
		v = -v
	}
	return v, prec, i, nfOK
}

// render formats val for --to, with the precision of the input (or of
// --format), as prepare_padded_number and double_to_human do.
func (n *numfmtRun) render(val float64, prec int) (string, bool) {
	o := &n.o
	if o.precision >= 0 {
		prec = o.precision
	}
	x := 0
	for a := math.Abs(val); a >= 10; a /= 10 {
		x++
	}
	if o.to == nfNone && x+prec > 18 {
		if prec > 0 {
			n.fail("value/precision too large to be printed: '%s/%d' (consider using --to)", cFloatG(val), prec)
		} else {
			n.fail("value too large to be printed: '%s' (consider using --to)", cFloatG(val))
		}
		return "", false
	}
	if x > 26 {
		n.fail("value too large to be printed: '%s' (cannot handle values > 999Y)", cFloatG(val))
		return "", false
	}
	out := n.human(val, prec)
	return out + o.suffix, true
}

// human is double_to_human.
func (n *numfmtRun) human(val float64, prec int) string {
	o := &n.o
	pad := ""
	if o.zeroPad > 0 {
		pad = strconv.Itoa(o.zeroPad)
	}
	if o.to == nfNone {
		val = n.roundAt(val, prec)
		return fmt.Sprintf("%0"+pad+".*f", prec, val)
	}
	base := 1000.0
	if o.to == nfIEC || o.to == nfIECI {
		base = 1024
	}
	power := 0
	for math.Abs(val) >= base {
		val /= base
		power++
	}
	adjust := 0
	if o.precision >= 0 {
		adjust = min(power*3, o.precision)
	} else if math.Abs(val) < 10 {
		adjust = 1
	}
	val = n.roundAt(val, adjust)
	if math.Abs(val) >= base {
		val /= base
		power++
	}
	digits := 0
	if val != 0 && math.Abs(val) < 10 && power > 0 {
		digits = 1
	}
	if o.precision >= 0 {
		digits = min(power*3, o.precision)
	}
	s := fmt.Sprintf("%0"+pad+".*f", digits, val)
	if power > 0 {
		s += string("KMGTPEZY"[power-1])
		if o.to == nfIECI {
			s += "i"
		}
	}
	return s
}

// roundAt rounds val at prec decimal digits with --round's method.
func (n *numfmtRun) roundAt(val float64, prec int) float64 {
	m := math.Pow(10, float64(prec))
	v := val * m
	switch n.o.round {
	case 0:
		v = math.Ceil(v)
	case 1:
		v = math.Floor(v)
	case 2:
		if v < 0 {
			v = -math.Ceil(-v)
		} else {
			v = math.Ceil(v)
		}
	case 3:
		v = math.Trunc(v)
	case 4:
		if v < 0 {
			v = math.Trunc(v - 0.5)
		} else {
			v = math.Trunc(v + 0.5)
		}
	}
	return v / m
}

// cFloatG is C's %Lg.
func cFloatG(v float64) string {
	s := strconv.FormatFloat(v, 'g', 6, 64)
	if i := strings.IndexAny(s, "e"); i >= 0 {
		mant, exp := s[:i], s[i+1:]
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		sign := exp[0]
		digits := strings.TrimLeft(exp[1:], "0")
		if len(digits) < 2 {
			digits = strings.Repeat("0", 2-len(digits)) + digits
		}
		return mant + "e" + string(sign) + digits
	}
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
