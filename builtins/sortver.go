package builtins

// sort -g's number reading (C's strtold) and sort -V's version comparison
// (gnulib's filevercmp, as in coreutils 9.1).

import (
	"math"
	"strconv"
	"strings"
)

// parseGeneral reads the longest prefix of text that strtold accepts and
// returns its value and class (gError when there is none).
func parseGeneral(text []byte) (float64, int) {
	s := string(text)
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	rest := strings.ToLower(s[i:])
	neg := i > start && s[start] == '-'
	switch {
	case strings.HasPrefix(rest, "inf"):
		if neg {
			return math.Inf(-1), gNumber
		}
		return math.Inf(1), gNumber
	case strings.HasPrefix(rest, "nan"):
		return math.NaN(), gNaN
	}
	end := floatPrefix(s, i)
	if end == i {
		return 0, gError
	}
	num := s[start:end]
	if isHexPrefix(s[i:]) && !strings.ContainsAny(num, "pP") {
		num += "p0"
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil && !isRangeErr(err) {
		return 0, gError
	}
	return f, gNumber
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func isHexPrefix(s string) bool {
	return len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
		(isHexDigit(s[2]) || s[2] == '.' && len(s) > 3 && isHexDigit(s[3]))
}

func isHexDigit(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// floatPrefix returns the end of the decimal or hexadecimal number that
// starts at s[i] (after its sign), or i when there is none.
func floatPrefix(s string, i int) int {
	digit, expChar := isDigit, "eE"
	if isHexPrefix(s[i:]) {
		i += 2
		digit, expChar = isHexDigit, "pP"
	}
	j, n := i, 0
	for j < len(s) && digit(s[j]) {
		j, n = j+1, n+1
	}
	if j < len(s) && s[j] == '.' {
		for j++; j < len(s) && digit(s[j]); j++ {
			n++
		}
	}
	if n == 0 {
		return i
	}
	if j < len(s) && strings.IndexByte(expChar, s[j]) >= 0 {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			j = k
		}
	}
	return j
}

// fileVerCmp compares two versions like gnulib's filenvercmp.
func fileVerCmp(a, b []byte) int {
	switch {
	case len(a) == 0:
		if len(b) == 0 {
			return 0
		}
		return -1
	case len(b) == 0:
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		if d, ok := dotOrder(a, b); ok {
			return d
		}
	} else if b[0] == '.' {
		return 1
	}
	ap, bp := filePrefixLen(a), filePrefixLen(b)
	onePass := ap == len(a) && bp == len(b)
	d := verrevcmp(string(a[:ap]), string(b[:bp]))
	if d != 0 || onePass {
		return d
	}
	return verrevcmp(string(a), string(b))
}

// dotOrder puts "." first, then "..", then other names with a leading dot.
func dotOrder(a, b []byte) (int, bool) {
	aDot, bDot := len(a) == 1, len(b) == 1
	switch {
	case aDot && bDot:
		return 0, true
	case aDot:
		return -1, true
	case bDot:
		return 1, true
	}
	aDD := a[1] == '.' && len(a) == 2
	bDD := b[1] == '.' && len(b) == 2
	switch {
	case aDD && bDD:
		return 0, true
	case aDD:
		return -1, true
	case bDD:
		return 1, true
	}
	return 0, false
}

// filePrefixLen is the length of s without its suffix, the longest match
// of (\.[A-Za-z~][A-Za-z0-9~]*)*$.
func filePrefixLen(s []byte) int {
	prefix := 0
	for i := 0; ; {
		if i == len(s) {
			return prefix
		}
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (isAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlnumC(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
}
