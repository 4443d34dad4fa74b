package xstrtol

import (
	"errors"
	"math"
	"strings"
)

// The errors of [ParseSuffixed].
var (
	ErrRange   = errors.New("value too large")
	ErrInvalid = errors.New("invalid number")
)

// ParseSuffixed reads a decimal integer with an optional multiplier
// suffix, as gnulib's xstrtoimax does with the suffix letters valid; a
// '0' among them allows a second suffix "B" (powers of 1000) or "iB"
// (powers of 1024).
func ParseSuffixed(s, valid string) (int64, error) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	i := 0
	if i < len(t) && (t[i] == '+' || t[i] == '-') {
		neg = t[i] == '-'
		i++
	}
	start := i
	var n uint64
	overflow := false
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		d := uint64(t[i] - '0')
		if n > (math.MaxUint64-d)/10 {
			overflow = true
		}
		n = n*10 + d
		i++
	}
	if i == start {
		return 0, ErrInvalid
	}
	if i < len(t) {
		base, power, ok := suffixMultiplier(t[i:], valid)
		if !ok {
			return 0, ErrInvalid
		}
		for ; power > 0; power-- {
			if n > math.MaxUint64/base {
				overflow = true
			}
			n *= base
		}
	}
	if overflow || n > math.MaxInt64 && !(neg && n == 1<<63) {
		return 0, ErrRange
	}
	if neg {
		return -int64(n), nil
	}
	return int64(n), nil
}

// suffixMultiplier reads a whole suffix and returns its base (1024 or
// 1000) and power.
func suffixMultiplier(s, valid string) (uint64, int, bool) {
	if s[0] == '0' || !strings.ContainsRune(valid, rune(s[0])) {
		return 0, 0, false
	}
	power := strings.IndexByte("kKmMgGtTpPeEzZyY", s[0])
	if power < 0 {
		return 0, 0, false
	}
	power = power/2 + 1
	used, base := 1, uint64(1024)
	if strings.ContainsRune(valid, '0') {
		switch {
		case strings.HasPrefix(s[1:], "iB"):
			used = 3
		case strings.HasPrefix(s[1:], "B"), strings.HasPrefix(s[1:], "D"):
			base, used = 1000, 2
		}
	}
	return base, power, used == len(s)
}
