// Package xstrtol reads numbers with size suffixes as gnulib's xstrtol
// family does ([Umax] for head -c, sort -S, du -B; [ParseSuffixed] for
// truncate -s), and words its complaints about them as GNU does
// ([Message], [DecError]).
package xstrtol

import (
	"math"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// Err is gnulib's strtol_error.
type Err int

// The results, as gnulib numbers them: Overflow and InvalidSuffixChar are
// bits that may be set together.
const (
	OK                        Err = 0
	Overflow                  Err = 1
	InvalidSuffixChar         Err = 2
	InvalidSuffixCharOverflow Err = 3
	Invalid                   Err = 4
)

// Umax parses s as gnulib's xstrtoumax does: strtoumax in base (0
// means C's 0x/0 prefixes), then an optional suffix from validSuffixes
// scaling the number (b 512, k/K 1024, M, G, T, P, E, Z, Y; with '0' in
// validSuffixes, "KB" means 1000 and "KiB" 1024). With no digits but a
// valid suffix the number is 1. A value too large saturates and reports
// [Overflow].
func Umax(s string, base int, validSuffixes string) (uint64, Err) {
	if strings.HasPrefix(strings.TrimLeft(s, " \t\n\v\f\r"), "-") {
		return 0, Invalid
	}
	val, rest, err := strtoumax(s, base)
	switch {
	case rest == s:
		if validSuffixes == "" || rest == "" || strings.IndexByte(validSuffixes, rest[0]) < 0 {
			return 0, Invalid
		}
		val = 1
	case err != OK:
		err = Overflow
	}
	if rest == "" {
		return val, err
	}
	if strings.IndexByte(validSuffixes, rest[0]) < 0 {
		return val, err | InvalidSuffixChar
	}
	mult, used, ok := suffixScale(rest, strings.IndexByte(validSuffixes, '0') >= 0)
	if !ok {
		return val, err | InvalidSuffixChar
	}
	val, ovf := scaleBy(val, mult)
	if ovf {
		err |= Overflow
	}
	if rest[used:] != "" {
		err |= InvalidSuffixChar
	}
	return val, err
}

// suffixScale returns the multiplier a suffix stands for and its length.
func suffixScale(rest string, second bool) (mult []uint64, used int, ok bool) {
	base, used := uint64(1024), 1
	if second && strings.IndexByte("EGgkKMmPTtYZ", rest[0]) >= 0 && len(rest) > 1 {
		switch {
		case rest[1] == 'i' && len(rest) > 2 && rest[2] == 'B':
			used += 2
		case rest[1] == 'B' || rest[1] == 'D':
			base = 1000
			used++
		}
	}
	power := func(n int) []uint64 {
		m := make([]uint64, n)
		for i := range m {
			m[i] = base
		}
		return m
	}
	switch rest[0] {
	case 'b':
		return []uint64{512}, used, true
	case 'B':
		return []uint64{1024}, used, true
	case 'c':
		return nil, used, true
	case 'w':
		return []uint64{2}, used, true
	case 'k', 'K':
		return power(1), used, true
	case 'M', 'm':
		return power(2), used, true
	case 'G', 'g':
		return power(3), used, true
	case 'T', 't':
		return power(4), used, true
	case 'P':
		return power(5), used, true
	case 'E':
		return power(6), used, true
	case 'Z':
		return power(7), used, true
	case 'Y':
		return power(8), used, true
	}
	return nil, 0, false
}

// scaleBy multiplies v by each factor, saturating on overflow.
func scaleBy(v uint64, factors []uint64) (uint64, bool) {
	ovf := false
	for _, f := range factors {
		if v != 0 && f > math.MaxUint64/v {
			v, ovf = math.MaxUint64, true
			continue
		}
		v *= f
	}
	return v, ovf
}

// strtoumax is C's strtoumax: leading white space, an optional sign, and
// digits in base (0: 0x hex, 0 octal, else decimal). rest is what follows
// the number, or s itself when there is none. A value too large
// saturates with [Overflow].
func strtoumax(s string, base int) (uint64, string, Err) {
	i := len(s) - len(strings.TrimLeft(s, " \t\n\v\f\r"))
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	if (base == 0 || base == 16) && i+1 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') &&
		i+2 < len(s) && ctype.DigitVal(s[i+2]) < 16 {
		base, i = 16, i+2
	} else if base == 0 && i < len(s) && s[i] == '0' {
		base = 8
	} else if base == 0 {
		base = 10
	}
	start := i
	var v uint64
	err := OK
	for ; i < len(s) && ctype.DigitVal(s[i]) < base; i++ {
		d := uint64(ctype.DigitVal(s[i]))
		if v > (math.MaxUint64-d)/uint64(base) {
			err, v = Overflow, math.MaxUint64
			continue
		}
		if err == OK {
			v = v*uint64(base) + d
		}
	}
	if i == start {
		return 0, s, OK
	}
	if neg && err == OK {
		v = -v
	}
	return v, s[i:], err
}
