package awk

import (
	"math"
	"strconv"
	"strings"
)

// kind says what a value holds.
type kind uint8

const (
	kUninit kind = iota // never assigned: "" and 0, compares as either
	kNum                // a number
	kStr                // a string
	kStrnum             // a string from input: a number if it looks like one
)

// value is an awk scalar.
type value struct {
	k kind
	s string
	n float64
}

func num(n float64) value   { return value{k: kNum, n: n} }
func str(s string) value    { return value{k: kStr, s: s} }
func strnum(s string) value { return value{k: kStrnum, s: s} }
func boolNum(b bool) value {
	if b {
		return value{k: kNum, n: 1}
	}
	return value{k: kNum}
}

// isNumeric reports whether v compares as a number.
func (v value) isNumeric() bool {
	switch v.k {
	case kNum, kUninit:
		return true
	case kStrnum:
		return looksNumeric(v.s)
	}
	return false
}

// looksNumeric reports whether s is a number with optional blanks
// around it (POSIX's numeric string).
func looksNumeric(s string) bool {
	i := skipBlanks(s, 0)
	n, ok := scanNumber(s, i)
	if !ok {
		return false
	}
	return skipBlanks(s, n) == len(s)
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
		i++
	}
	return i
}

// scanNumber returns the end of the decimal number starting at i.
func scanNumber(s string, i int) (int, bool) {
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return i, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return i, true
}

// strToNum is awk's string to number conversion: the longest leading
// number, 0 if none.
func strToNum(s string) float64 {
	if n, err := strconv.Atoi(s); err == nil {
		return float64(n)
	}
	i := skipBlanks(s, 0)
	end, ok := scanNumber(s, i)
	if !ok {
		return 0
	}
	f, err := strconv.ParseFloat(s[i:end], 64)
	if err != nil {
		// out of range: ParseFloat gives ±Inf or 0 with the error
		return f
	}
	return f
}

func (v value) num() float64 {
	switch v.k {
	case kNum:
		return v.n
	case kStr, kStrnum:
		return strToNum(v.s)
	}
	return 0
}

// toBool is awk's truth: numbers by value, strings by emptiness,
// strnums by their number when they look numeric.
func (v value) toBool() bool {
	switch v.k {
	case kNum:
		return v.n != 0
	case kStr:
		return v.s != ""
	case kStrnum:
		if looksNumeric(v.s) {
			return strToNum(v.s) != 0
		}
		return v.s != ""
	}
	return false
}

// formatNum converts n with format (CONVFMT or OFMT); integers are
// written as integers.
func formatNum(n float64, format string) string {
	if n == math.Trunc(n) {
		if n >= -1e15 && n <= 1e15 {
			return strconv.FormatInt(int64(n), 10)
		}
		if math.IsInf(n, 0) {
			return signedNanInf(n)
		}
		return strconv.FormatFloat(n, 'f', 0, 64)
	}
	if math.IsNaN(n) {
		return signedNanInf(n)
	}
	if format == "%.6g" {
		return fmtG(n, 6)
	}
	return sprintf(format, []value{num(n)}, "")
}

func nanInf(n float64) string {
	switch {
	case math.IsInf(n, 1):
		return "inf"
	case math.IsInf(n, -1):
		return "-inf"
	case math.Signbit(n):
		return "-nan"
	}
	return "nan"
}

// signedNanInf is how gawk converts infinities and NaNs to strings:
// always with a sign.
func signedNanInf(n float64) string {
	s := nanInf(n)
	if s[0] != '-' {
		s = "+" + s
	}
	return s
}

// fmtG is C's %.<prec>g.
func fmtG(n float64, prec int) string {
	s := strconv.FormatFloat(n, 'g', prec, 64)
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		// Go writes e+06 as e+06 already; C needs at least two exponent digits
		exp := s[i+2:]
		if len(exp) < 2 {
			s = s[:i+2] + "0" + exp
		}
	}
	return s
}
