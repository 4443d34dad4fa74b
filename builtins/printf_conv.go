package builtins

// The conversions and escapes of printf (see printf.go), with GNU's
// reading of numeric arguments.

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/ldouble"
	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/vfs/budget"
)

// convert prints one conversion of arg.
func (r *printfRun) convert(sp printfSpec, arg string) {
	switch c := sp.Conv; c {
	case 'd', 'i':
		v := r.intArg(arg)
		neg := v < 0
		mag := uint64(v)
		if neg {
			mag = uint64(-v)
		}
		r.write(formatInt(neg, mag, 10, sp.Spec, true))
	case 'o', 'u', 'x', 'X':
		base := map[byte]int{'o': 8, 'u': 10, 'x': 16, 'X': 16}[c]
		r.write(formatInt(false, r.uintArg(arg), base, sp.Spec, false))
	case 'c':
		b := byte(0)
		if arg != "" {
			b = arg[0]
		}
		r.write(padString(string([]byte{b}), sp.Spec))
	case 's':
		if sp.Prec >= 0 && sp.Prec < len(arg) {
			arg = arg[:sp.Prec]
		}
		r.write(padString(arg, sp.Spec))
	default:
		r.write(ldouble.Format(r.floatArg(arg), sp.Spec))
	}
}

// bigConversion is the width or precision past which a conversion's text
// is charged to the run's memory budget before it is built (a few copies
// of it are held while it is padded and written).
const bigConversion = 1 << 16

// room charges a conversion with a large width or precision; when the
// budget is exceeded, nothing is printed (the run is being stopped).
func (r *printfRun) room(sp ldouble.Spec) bool {
	if n := max(sp.Width, sp.Prec); n > bigConversion && r.p.hold(3*int64(n)) != nil {
		r.status = 1
		return false
	}
	return true
}

// unhold gives back what room charged.
func (r *printfRun) unhold(sp ldouble.Spec) {
	if n := max(sp.Width, sp.Prec); n > bigConversion {
		r.p.Budget().Release(budget.Memory, 3*int64(n))
	}
}

// padString pads s to the width with spaces.
func padString(s string, sp ldouble.Spec) string {
	if len(s) >= sp.Width {
		return s
	}
	if sp.Minus {
		return s + strings.Repeat(" ", sp.Width-len(s))
	}
	return strings.Repeat(" ", sp.Width-len(s)) + s
}

// formatInt formats an integer as C's printf does.
func formatInt(neg bool, mag uint64, base int, sp ldouble.Spec, signed bool) string {
	digits := strconv.FormatUint(mag, base)
	if sp.Conv == 'X' {
		digits = strings.ToUpper(digits)
	}
	if sp.Prec == 0 && mag == 0 {
		digits = ""
	}
	if sp.Prec > len(digits) {
		digits = strings.Repeat("0", sp.Prec-len(digits)) + digits
	}
	prefix := ""
	switch {
	case sp.Alt && base == 8 && !strings.HasPrefix(digits, "0"):
		digits = "0" + digits
	case sp.Alt && base == 16 && mag != 0:
		prefix = "0" + string(sp.Conv)
	}
	switch {
	case signed && neg:
		prefix = "-"
	case signed && sp.Plus:
		prefix = "+"
	case signed && sp.Space:
		prefix = " "
	}
	fill := sp.Width - len(prefix) - len(digits)
	switch {
	case fill <= 0:
		return prefix + digits
	case sp.Minus:
		return prefix + digits + strings.Repeat(" ", fill)
	case sp.Zero && sp.Prec < 0:
		return prefix + strings.Repeat("0", fill) + digits
	}
	return strings.Repeat(" ", fill) + prefix + digits
}

// charConstant reads 'c or "c: the value of the character after the
// quote, with a warning about anything after it.
func (r *printfRun) charConstant(s string) (rune, bool) {
	if r.bash && len(s) >= 1 && (s[0] == '\'' || s[0] == '"') {
		if len(s) == 1 {
			return 0, true
		}
		c, size := utf8.DecodeRuneInString(s[1:])
		if c == utf8.RuneError && size <= 1 {
			c = rune(s[1])
		}
		return c, true
	}
	if len(s) < 2 || (s[0] != '\'' && s[0] != '"') {
		return 0, false
	}
	v, n := rune(s[1]), 1
	if len(s) > 2 {
		if c, size := utf8.DecodeRuneInString(s[1:]); c != utf8.RuneError {
			v, n = c, size
		}
	}
	if rest := s[1+n:]; rest != "" && !r.posix {
		r.p.Errorf("warning: %s: character(s) following character constant have been ignored", rest)
	}
	return v, true
}

// numError reports a numeric argument GNU's verify_numeric rejects.
func (r *printfRun) numError(s, rest string, erange bool) {
	if r.bash {
		r.bashNumError(s, rest, erange)
		return
	}
	switch {
	case erange:
		r.p.Errorf("%s: Numerical result out of range", quote.Locale(s))
	case rest == "":
		return
	case rest == s:
		r.p.Errorf("%s: expected a numeric value", quote.Locale(s))
	default:
		r.p.Errorf("%s: value not completely converted", quote.Locale(s))
	}
	r.status = 1
}

// intArg reads an argument as strtoimax (base 0) would.
func (r *printfRun) intArg(s string) int64 {
	if c, ok := r.charConstant(s); ok {
		return int64(c)
	}
	neg, mag, rest, erange := strtoInt(s)
	var v int64
	switch {
	case !neg && mag > math.MaxInt64:
		v, erange = math.MaxInt64, true
	case neg && mag > 1<<63:
		v, erange = math.MinInt64, true
	case neg:
		v = -int64(mag)
	default:
		v = int64(mag)
	}
	r.numError(s, rest, erange)
	return v
}

// uintArg reads an argument as strtoumax (base 0) would: a negative
// number wraps around.
func (r *printfRun) uintArg(s string) uint64 {
	if c, ok := r.charConstant(s); ok {
		return uint64(c)
	}
	neg, mag, rest, erange := strtoInt(s)
	r.numError(s, rest, erange)
	if erange {
		return math.MaxUint64
	}
	if neg {
		return -mag
	}
	return mag
}

// strtoInt parses a C integer with base prefix detection; mag saturates
// and erange reports overflow of 64 bits.
func strtoInt(s string) (neg bool, mag uint64, rest string, erange bool) {
	i := 0
	for i < len(s) && ctype.IsSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := 10
	switch {
	case i+2 < len(s) && s[i] == '0' && s[i+1]|0x20 == 'x' && ctype.IsHexDigit(s[i+2]):
		base, i = 16, i+2
	case i < len(s) && s[i] == '0':
		base = 8
	}
	start := i
	for ; i < len(s); i++ {
		d := ctype.DigitVal(s[i])
		if d >= base {
			break
		}
		if mag > (math.MaxUint64-uint64(d))/uint64(base) {
			erange = true
			mag = math.MaxUint64
			continue
		}
		mag = mag*uint64(base) + uint64(d)
	}
	if i == start {
		return false, 0, s, false
	}
	return neg, mag, s[i:], erange
}

// floatArg reads an argument as strtold would.
func (r *printfRun) floatArg(s string) ldouble.Float {
	if c, ok := r.charConstant(s); ok {
		return ldouble.FromInt(int64(c))
	}
	x, rest, ok, erange := ldouble.Parse(s)
	if !ok {
		x, rest = ldouble.Float{Big: ldouble.NewBig()}, s
		if s == "" {
			rest = ""
		}
	}
	r.numError(s, rest, erange)
	return x
}

// escString prints a %b argument: escapes, with \0NNN for octal.
func (r *printfRun) escString(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			j := strings.IndexByte(s[i:], '\\')
			if j < 0 {
				j = len(s) - i
			}
			r.write(s[i : i+j])
			i += j - 1
			continue
		}
		n, err := r.escape(s, i, true)
		if err != nil {
			return err
		}
		i += n
	}
	return nil
}

// escape prints the escape at s[i] == '\\' and returns how many more
// bytes it used (GNU's print_esc).
func (r *printfRun) escape(s string, i int, octal0 bool) (int, error) {
	p := i + 1
	switch {
	case p < len(s) && s[p] == 'x':
		v, n := 0, 0
		for p++; n < 2 && p < len(s) && ctype.IsHexDigit(s[p]); n, p = n+1, p+1 {
			v = v*16 + ctype.DigitVal(s[p])
		}
		if n == 0 {
			return 0, errors.New("missing hexadecimal number in escape")
		}
		r.write(string([]byte{byte(v)}))
	case p < len(s) && s[p] >= '0' && s[p] <= '7':
		if octal0 && s[p] == '0' {
			p++
		}
		v := 0
		for n := 0; n < 3 && p < len(s) && s[p] >= '0' && s[p] <= '7'; n, p = n+1, p+1 {
			v = v*8 + int(s[p]-'0')
		}
		r.write(string([]byte{byte(v)}))
	case p < len(s) && strings.IndexByte("\"\\abcefnrtv", s[p]) >= 0:
		if s[p] == 'c' {
			return 0, errStopOutput
		}
		r.write(escChar(s[p]))
		p++
	case p < len(s) && (s[p] == 'u' || s[p] == 'U'):
		n, err := r.unicodeEscape(s, p)
		if err != nil {
			return 0, err
		}
		p += n
	default:
		r.write("\\")
		if p < len(s) {
			r.write(s[p : p+1])
			p++
		}
	}
	return p - i - 1, nil
}

func escChar(c byte) string {
	switch c {
	case 'a':
		return "\a"
	case 'b':
		return "\b"
	case 'e':
		return "\x1b"
	case 'f':
		return "\f"
	case 'n':
		return "\n"
	case 'r':
		return "\r"
	case 't':
		return "\t"
	case 'v':
		return "\v"
	}
	return string(c)
}

// unicodeEscape prints \uHHHH or \UHHHHHHHH at s[p] ('u' or 'U') and
// returns its length.
func (r *printfRun) unicodeEscape(s string, p int) (int, error) {
	digits := 4
	if s[p] == 'U' {
		digits = 8
	}
	v := uint32(0)
	for k := 1; k <= digits; k++ {
		if p+k >= len(s) || !ctype.IsHexDigit(s[p+k]) {
			return 0, errors.New("missing hexadecimal number in escape")
		}
		v = v*16 + uint32(ctype.DigitVal(s[p+k]))
	}
	if (v <= 0x9f && v != 0x24 && v != 0x40 && v != 0x60) || (v >= 0xd800 && v <= 0xdfff) {
		return 0, fmt.Errorf("invalid universal character name \\%c%0*x", s[p], digits, v)
	}
	if v > utf8.MaxRune {
		r.write(fmt.Sprintf("\\%c%0*X", s[p], digits, v))
	} else {
		r.write(string(rune(v)))
	}
	return digits + 1, nil
}

// bashNumError is bash's report of a bad number: "invalid number" (status
// 1) or a range warning.
func (r *printfRun) bashNumError(s, rest string, erange bool) {
	switch {
	case rest != "":
		r.p.Errorf("%s: invalid number", s)
		r.status = 1
	case erange:
		r.p.Errorf("warning: %s: Numerical result out of range", s)
	}
}
