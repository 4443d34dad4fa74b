package awk

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

func (in *interp) sprintf(format string, args []value) string {
	var held int64
	room := func(n int) { // a large width or precision, charged before it is built
		in.charge(3 * int64(n))
		held += 3 * int64(n)
	}
	s, missing := sprintfCheck(format, args, in.convfmt, room)
	in.charge(-held)
	if missing >= 0 {
		in.errorf("not enough arguments to satisfy format string\n\t`%s'\n\t%s^ ran out for this one", format, strings.Repeat(" ", missing+1))
	}
	return s
}

// sprintf formats without checking the arguments (for CONVFMT).
func sprintf(format string, args []value, convfmt string) string {
	s, _ := sprintfCheck(format, args, convfmt, nil)
	return s
}

// spec is one parsed conversion.
type spec struct {
	minus, plus, space, hash, zero bool
	width, prec                    int
	hasPrec                        bool
	verb                           byte
}

// sprintfCheck formats as awk's printf: C's conversions, arguments
// converted as needed. missing is the offset of the first conversion
// that had no argument, or -1. room, when not nil, is told of a width or
// precision past bigWidth before the conversion is built
// (printf "%*s", 1e9, "" must meet the memory budget, not 2 GiB).
func sprintfCheck(format string, args []value, convfmt string, room func(int)) (string, int) {
	var b strings.Builder
	argi, missing, start := 0, -1, 0
	nextArg := func() (value, bool) {
		if argi < len(args) {
			argi++
			return args[argi-1], true
		}
		if missing < 0 {
			missing = start
		}
		return value{}, false
	}
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		start = i
		i++
		var sp spec
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				sp.minus = true
				continue
			case '+':
				sp.plus = true
				continue
			case ' ':
				sp.space = true
				continue
			case '#':
				sp.hash = true
				continue
			case '0':
				sp.zero = true
				continue
			}
			break
		}
		sp.width, i = specNumber(format, i, nextArg)
		if sp.width < 0 {
			sp.minus, sp.width = true, -sp.width
		}
		if i < len(format) && format[i] == '.' {
			sp.hasPrec = true
			sp.prec, i = specNumber(format, i+1, nextArg)
			if sp.prec < 0 {
				sp.hasPrec = false
			}
		}
		for i < len(format) && strings.IndexByte("hlLqjzt", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			b.WriteString(format[start:])
			break
		}
		sp.verb = format[i]
		if sp.verb == '%' {
			b.WriteByte('%')
			continue
		}
		if strings.IndexByte("cdiouxXeEfFgGs", sp.verb) < 0 {
			b.WriteString(format[start : i+1])
			continue
		}
		arg, _ := nextArg()
		if n := max(sp.width, sp.prec); n > bigWidth && room != nil {
			room(n)
		}
		b.WriteString(sp.format(arg, convfmt))
	}
	return b.String(), missing
}

// bigWidth is the width or precision past which a conversion is charged.
const bigWidth = 1 << 16

func specNumber(s string, i int, nextArg func() (value, bool)) (int, int) {
	if i < len(s) && s[i] == '*' {
		v, _ := nextArg()
		return int(toInt(v.num())), i + 1
	}
	n := 0
	for i < len(s) && isDigit(s[i]) {
		if n < 1<<20 {
			n = n*10 + int(s[i]-'0')
		}
		i++
	}
	return n, i
}

func (sp *spec) format(v value, convfmt string) string {
	switch sp.verb {
	case 's':
		s := toStrWith(v, convfmt)
		if sp.hasPrec && sp.prec < utf8.RuneCountInString(s) {
			s = runeSlice(s, 0, sp.prec)
		}
		return sp.pad(s, false)
	case 'c':
		return sp.pad(charOf(v), false)
	case 'd', 'i':
		return sp.integer(v.num())
	case 'o', 'x', 'X', 'u':
		return sp.unsigned(v.num())
	}
	return sp.float(v.num())
}

func toStrWith(v value, convfmt string) string {
	switch v.k {
	case kStr, kStrnum:
		return v.s
	case kNum:
		return formatNum(v.n, convfmt)
	}
	return ""
}

// charOf is %c: a number is a character code, a string gives its first
// character.
func charOf(v value) string {
	if v.k == kNum {
		n := toInt(v.n)
		if n < 128 && n >= 0 {
			return string(rune(n))
		}
		if n < 256 && n >= 0 || n > utf8.MaxRune {
			return string([]byte{byte(n)})
		}
		return string(rune(n))
	}
	s := v.s
	if s == "" {
		return ""
	}
	_, w := utf8.DecodeRuneInString(s)
	return s[:w]
}

// pad applies the width; zero pads with zeros after any sign (numbers).
func (sp *spec) pad(s string, numeric bool) string {
	n := utf8.RuneCountInString(s)
	if n >= sp.width {
		return s
	}
	fill := strings.Repeat(" ", sp.width-n)
	switch {
	case sp.minus:
		return s + fill
	case sp.zero && numeric:
		sign := ""
		if s != "" && (s[0] == '-' || s[0] == '+' || s[0] == ' ') {
			sign, s = s[:1], s[1:]
		}
		prefix := ""
		if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
			prefix, s = s[:2], s[2:]
		}
		return sign + prefix + strings.Repeat("0", sp.width-n) + s
	}
	return fill + s
}

func (sp *spec) integer(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return sp.pad(nanInfSigned(f, sp), false)
	}
	f = math.Trunc(f)
	neg := f < 0
	var digits string
	if math.Abs(f) < 1e18 {
		digits = strconv.FormatInt(int64(math.Abs(f)), 10)
	} else {
		digits = strconv.FormatFloat(math.Abs(f), 'f', 0, 64)
	}
	if sp.hasPrec {
		if sp.prec == 0 && digits == "0" {
			digits = ""
		}
		for len(digits) < sp.prec {
			digits = "0" + digits
		}
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	if sp.hasPrec {
		saved := sp.zero
		sp.zero = false
		defer func() { sp.zero = saved }()
	}
	return sp.pad(sign+digits, true)
}

func nanInfSigned(f float64, sp *spec) string {
	s := nanInf(f)
	if s[0] != '-' && sp.plus {
		s = "+" + s
	} else if s[0] != '-' && sp.space {
		s = " " + s
	}
	return s
}

func (sp *spec) unsigned(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return sp.pad(nanInfSigned(f, sp), false)
	}
	var u uint64
	if f < 0 {
		u = uint64(int64(f))
	} else if f >= 1.8446744073709552e19 {
		return sp.float2(f, 'g', 6)
	} else {
		u = uint64(f)
	}
	var digits string
	switch sp.verb {
	case 'o':
		digits = strconv.FormatUint(u, 8)
		if sp.hash && digits[0] != '0' {
			digits = "0" + digits
		}
	case 'x', 'X':
		digits = strconv.FormatUint(u, 16)
		if sp.verb == 'X' {
			digits = strings.ToUpper(digits)
		}
	default:
		digits = strconv.FormatUint(u, 10)
	}
	if sp.hasPrec {
		if sp.prec == 0 && u == 0 {
			digits = ""
		}
		for len(digits) < sp.prec {
			digits = "0" + digits
		}
	}
	if sp.hash && u != 0 && (sp.verb == 'x' || sp.verb == 'X') {
		digits = "0" + string(sp.verb) + digits
	}
	if sp.hasPrec {
		sp.zero = false
	}
	return sp.pad(digits, true)
}

func (sp *spec) float2(f float64, verb byte, prec int) string {
	s := *sp
	s.verb, s.prec, s.hasPrec = verb, prec, true
	return s.float(f)
}

func (sp *spec) float(f float64) string {
	prec := 6
	if sp.hasPrec {
		prec = sp.prec
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s := nanInfSigned(f, sp)
		if sp.verb == 'E' || sp.verb == 'F' || sp.verb == 'G' {
			s = strings.ToUpper(s)
		}
		return sp.pad(s, false)
	}
	var s string
	switch sp.verb {
	case 'f', 'F':
		s = strconv.FormatFloat(f, 'f', prec, 64)
		if sp.hash && prec == 0 {
			s += "."
		}
	case 'e', 'E':
		s = cExp(strconv.FormatFloat(f, 'e', prec, 64))
		if sp.hash && prec == 0 {
			s = strings.Replace(s, "e", ".e", 1)
		}
	default:
		if prec == 0 {
			prec = 1
		}
		s = cG(f, prec, sp.hash)
	}
	if sp.verb == 'E' || sp.verb == 'G' {
		s = strings.ToUpper(s)
	}
	if s[0] != '-' {
		if sp.plus {
			s = "+" + s
		} else if sp.space {
			s = " " + s
		}
	}
	return sp.pad(s, true)
}

// cExp gives Go's exponent C's two digits at least (e+05).
func cExp(s string) string {
	i := strings.LastIndexAny(s, "eE")
	if i < 0 || i+2 >= len(s) {
		return s
	}
	if len(s)-(i+2) < 2 {
		return s[:i+2] + "0" + s[i+2:]
	}
	return s
}

// cG is C's %g: %e or %f by the exponent, trailing zeros dropped
// unless #.
func cG(f float64, prec int, hash bool) string {
	if !hash {
		return cExp(strconv.FormatFloat(f, 'g', prec, 64))
	}
	if f == 0 {
		return "0." + strings.Repeat("0", prec-1)
	}
	exp := int(math.Floor(math.Log10(math.Abs(f))))
	e := strconv.FormatFloat(f, 'e', prec-1, 64)
	if j := strings.IndexByte(e, 'e'); j >= 0 {
		exp, _ = strconv.Atoi(e[j+1:])
	}
	if exp < -4 || exp >= prec {
		s := cExp(e)
		if !strings.Contains(s, ".") {
			s = strings.Replace(s, "e", ".e", 1)
		}
		return s
	}
	s := strconv.FormatFloat(f, 'f', prec-1-exp, 64)
	if !strings.Contains(s, ".") {
		s += "."
	}
	return s
}
