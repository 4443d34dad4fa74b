package builtins

// Sizes as GNU prints and parses them: gnulib's human_readable (ls -h,
// du -h, df, --si, --block-size) and xstrtoumax (sizes with suffixes for
// -B/--block-size, truncate -s, head -c ...).
//
// For other commands: humanReadable(n, humanH, 1, 1) is "-h" for a byte
// count; humanOptions(&spec, p.LookupEnv) parses a --block-size value;
// xstrtoumax(s, 10, "bkKmMGTPEZY0") parses head -c/-n counts, and
// xstrtoumax(s, 10, "EgGkKmMPtTYZ0") truncate -s sizes (strip a leading
// +, -, <, >, / or % first); strtolMessage gives GNU's error text.

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
)

// humanOpts are gnulib's human_readable options. The zero value rounds up
// (human_ceiling), as every coreutils size does unless told otherwise.
type humanOpts int

const (
	humanCeiling           humanOpts = 0
	humanRoundToNearest    humanOpts = 1
	humanFloor             humanOpts = 2
	humanGroupDigits       humanOpts = 4
	humanSuppressPointZero humanOpts = 8
	humanAutoscale         humanOpts = 16
	humanBase1024          humanOpts = 32
	humanSpaceBeforeUnit   humanOpts = 64
	humanSI                humanOpts = 128
	humanB                 humanOpts = 256
)

// humanH is -h (powers of 1024 with a suffix), humanSIOpt is --si.
const (
	humanH     = humanAutoscale | humanSI | humanBase1024
	humanSIOpt = humanAutoscale | humanSI
)

// powerLetters are the suffixes for powers 1..8 (coreutils 9.1 stops at Y).
const powerLetters = "\x00KMGTPEZY"

// humanReadable formats n units of fromBlock bytes in units of toBlock
// bytes, exactly as gnulib's human_readable.
func humanReadable(n uint64, opts humanOpts, fromBlock, toBlock uint64) string {
	inexact := opts & (humanRoundToNearest | humanFloor | humanCeiling)
	base := uint64(1000)
	if opts&humanBase1024 != 0 {
		base = 1024
	}
	if toBlock <= fromBlock {
		if toBlock != 0 && fromBlock%toBlock == 0 {
			mult := fromBlock / toBlock
			if amt := n * mult; mult == 0 || amt/mult == n {
				return humanInt(amt, 0, 0, opts, inexact, base, toBlock)
			}
		}
	} else if fromBlock != 0 && toBlock%fromBlock == 0 {
		div := toBlock / fromBlock
		r10 := n % div * 10
		r2 := r10 % div * 2
		rounding := 0
		switch {
		case r2 < div && r2 > 0:
			rounding = 1
		case r2 == div:
			rounding = 2
		case r2 > div:
			rounding = 3
		}
		return humanInt(n/div, int(r10/div), rounding, opts, inexact, base, toBlock)
	}
	return humanFloat(n, opts, inexact, base, fromBlock, toBlock)
}

// humanInt is the exact integer path: amt and tenths, with rounding
// telling where the rest lies (0 none, 1 below half, 2 half, 3 above).
func humanInt(amt uint64, tenths, rounding int, opts, inexact humanOpts, base, toBlock uint64) string {
	exponent := -1
	frac := ""
	if opts&humanAutoscale != 0 {
		exponent = 0
		if base <= amt {
			for {
				r10 := int(amt%base)*10 + tenths
				r2 := (r10%int(base))*2 + rounding>>1
				amt /= base
				tenths = r10 / int(base)
				if r2 < int(base) {
					rounding = b2i(r2+rounding != 0)
				} else {
					rounding = 2 + b2i(int(base) < r2+rounding)
				}
				exponent++
				if !(base <= amt && exponent < len(powerLetters)-1) {
					break
				}
			}
			if amt < 10 {
				if inexact == humanRoundToNearest && 2 < rounding+(tenths&1) ||
					inexact == humanCeiling && 0 < rounding {
					tenths++
					rounding = 0
					if tenths == 10 {
						amt++
						tenths = 0
					}
				}
				if amt < 10 && (tenths != 0 || opts&humanSuppressPointZero == 0) {
					frac = "." + strconv.Itoa(tenths)
					tenths, rounding = 0, 0
				}
			}
		}
	}
	if inexact == humanRoundToNearest && 5 < tenths+b2i(0 < rounding+int(amt&1)) ||
		inexact == humanCeiling && 0 < tenths+rounding {
		amt++
		if opts&humanAutoscale != 0 && amt == base && exponent < len(powerLetters)-1 {
			exponent++
			frac = ""
			if opts&humanSuppressPointZero == 0 {
				frac = ".0"
			}
			amt = 1
		}
	}
	return strconv.FormatUint(amt, 10) + frac + humanSuffix(opts, exponent, base, toBlock)
}

// humanFloat is the floating-point path, for conversions that integers
// cannot do exactly. It computes in 64-bit mantissas, as C's long double
// on x86 does.
func humanFloat(n uint64, opts, inexact humanOpts, base, fromBlock, toBlock uint64) string {
	ld := func() *big.Float { return new(big.Float).SetPrec(64) }
	ratio := ld().Quo(ld().SetUint64(fromBlock), ld().SetUint64(toBlock))
	damt := ld().Mul(ld().SetUint64(n), ratio)
	exponent := -1
	var s string
	if opts&humanAutoscale == 0 {
		s = humanAdjust(inexact, damt).Text('f', 0)
	} else {
		e := ld().SetInt64(1)
		b := ld().SetUint64(base)
		exponent = 0
		for {
			e.Mul(e, b)
			exponent++
			if !(ld().Mul(e, b).Cmp(damt) <= 0 && exponent < len(powerLetters)-1) {
				break
			}
		}
		damt.Quo(damt, e)
		s = humanAdjust(inexact, damt).Text('f', 1)
		if 1+2+b2i(opts&humanBase1024 == 0) < len(s) || opts&humanSuppressPointZero != 0 && strings.HasSuffix(s, "0") {
			tenfold := humanAdjust(inexact, ld().Mul(damt, ld().SetInt64(10)))
			s = tenfold.Quo(tenfold, ld().SetInt64(10)).Text('f', 0)
		}
	}
	return s + humanSuffix(opts, exponent, base, toBlock)
}

// humanAdjust rounds v up or down as the style asks; round-to-nearest is
// left to the formatting.
func humanAdjust(inexact humanOpts, v *big.Float) *big.Float {
	if inexact == humanRoundToNearest {
		return v
	}
	i, acc := v.Int(nil)
	u := new(big.Float).SetPrec(64).SetInt(i)
	if inexact == humanCeiling && acc == big.Below {
		u.Add(u, new(big.Float).SetPrec(64).SetInt64(1))
	}
	return u
}

func humanSuffix(opts humanOpts, exponent int, base, toBlock uint64) string {
	if opts&humanSI == 0 {
		return ""
	}
	if exponent < 0 {
		exponent = 0
		for power := uint64(1); power < toBlock; power *= base {
			exponent++
			if exponent == len(powerLetters)-1 {
				break
			}
		}
	}
	var b strings.Builder
	if (exponent != 0 || opts&humanB != 0) && opts&humanSpaceBeforeUnit != 0 {
		b.WriteByte(' ')
	}
	if exponent != 0 {
		if opts&humanBase1024 == 0 && exponent == 1 {
			b.WriteByte('k')
		} else {
			b.WriteByte(powerLetters[exponent])
		}
	}
	if opts&humanB != 0 {
		if opts&humanBase1024 != 0 && exponent != 0 {
			b.WriteByte('i')
		}
		b.WriteByte('B')
	}
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// strtolErr is gnulib's strtol_error.
type strtolErr int

const (
	longintOK                 strtolErr = 0
	longintOverflow           strtolErr = 1
	longintInvalidSuffixChar  strtolErr = 2
	longintInvalidSuffixOvflw strtolErr = 3
	longintInvalid            strtolErr = 4
)

// xstrtoumax parses s as gnulib's xstrtoumax does: strtoumax in base (0
// means C's 0x/0 prefixes), then an optional suffix from validSuffixes
// scaling the number (b 512, k/K 1024, M, G, T, P, E, Z, Y; with '0' in
// validSuffixes, "KB" means 1000 and "KiB" 1024). With no digits but a
// valid suffix the number is 1. A value too large saturates and reports
// longintOverflow.
func xstrtoumax(s string, base int, validSuffixes string) (uint64, strtolErr) {
	if strings.HasPrefix(strings.TrimLeft(s, " \t\n\v\f\r"), "-") {
		return 0, longintInvalid
	}
	val, rest, err := strtoumax(s, base)
	switch {
	case rest == s:
		if validSuffixes == "" || rest == "" || strings.IndexByte(validSuffixes, rest[0]) < 0 {
			return 0, longintInvalid
		}
		val = 1
	case err != longintOK:
		err = longintOverflow
	}
	if rest == "" {
		return val, err
	}
	if strings.IndexByte(validSuffixes, rest[0]) < 0 {
		return val, err | longintInvalidSuffixChar
	}
	mult, used, ok := suffixScale(rest, strings.IndexByte(validSuffixes, '0') >= 0)
	if !ok {
		return val, err | longintInvalidSuffixChar
	}
	val, ovf := scaleBy(val, mult)
	if ovf {
		err |= longintOverflow
	}
	if rest[used:] != "" {
		err |= longintInvalidSuffixChar
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
// saturates with longintOverflow.
func strtoumax(s string, base int) (uint64, string, strtolErr) {
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
	err := longintOK
	for ; i < len(s) && ctype.DigitVal(s[i]) < base; i++ {
		d := uint64(ctype.DigitVal(s[i]))
		if v > (math.MaxUint64-d)/uint64(base) {
			err, v = longintOverflow, math.MaxUint64
			continue
		}
		if err == longintOK {
			v = v*uint64(base) + d
		}
	}
	if i == start {
		return 0, s, longintOK
	}
	if neg && err == longintOK {
		v = -v
	}
	return v, s[i:], err
}

// blockSizeSuffixes are the suffixes --block-size accepts.
const blockSizeSuffixes = "eEgGkKmMpPtTyYzZ0"

// humanOptions parses a --block-size value (or, when spec is nil, the
// BLOCK_SIZE and BLOCKSIZE variables) as gnulib's human_options: it
// returns the output options and the block size. Values such as "K" or
// "MB" print a unit suffix; "human-readable" and "si" mean -h and --si.
func humanOptions(spec *string, getenv func(string) (string, bool)) (humanOpts, uint64, strtolErr) {
	opts, bs, err := humblock(spec, getenv)
	if bs == 0 {
		return opts, defaultBlockSize(getenv), longintInvalid
	}
	return opts, bs, err
}

func humblock(spec *string, getenv func(string) (string, bool)) (humanOpts, uint64, strtolErr) {
	if spec == nil {
		for _, name := range []string{"BLOCK_SIZE", "BLOCKSIZE"} {
			if v, ok := getenv(name); ok {
				spec = &v
				break
			}
		}
	}
	if spec == nil {
		return 0, defaultBlockSize(getenv), longintOK
	}
	s := *spec
	var opts humanOpts
	if strings.HasPrefix(s, "'") {
		opts |= humanGroupDigits
		s = s[1:]
	}
	switch argMatch(s, []string{"human-readable", "si"}) {
	case 0:
		return opts | humanH, 1, longintOK
	case 1:
		return opts | humanSIOpt, 1, longintOK
	}
	bs, err := xstrtoumax(s, 0, blockSizeSuffixes)
	if err != longintOK {
		return 0, bs, err
	}
	if !strings.ContainsAny(s, "0123456789") {
		opts |= humanSI
		if strings.HasSuffix(s, "B") {
			opts |= humanB
		}
		if !strings.HasSuffix(s, "B") || strings.HasSuffix(s, "iB") {
			opts |= humanBase1024
		}
	}
	return opts, bs, longintOK
}

func defaultBlockSize(getenv func(string) (string, bool)) uint64 {
	if _, ok := getenv("POSIXLY_CORRECT"); ok {
		return 512
	}
	return 1024
}

// argMatch returns the index of the entry of list that arg names exactly
// or as an unambiguous prefix; -1 if none, -2 if ambiguous (gnulib's
// argmatch; entries that are synonyms of an earlier one are not
// distinguished here).
func argMatch(arg string, list []string) int {
	found := -1
	for i, s := range list {
		if s == arg {
			return i
		}
		if strings.HasPrefix(s, arg) && arg != "" {
			if found >= 0 {
				return -2
			}
			found = i
		}
	}
	return found
}

// strtolMessage is gnulib's xstrtol_error text for a bad option value;
// option is the option as written (-B or --block-size).
func strtolMessage(err strtolErr, option, arg string) string {
	switch err {
	case longintOverflow:
		return fmt.Sprintf("%s argument '%s' too large", option, arg)
	case longintInvalidSuffixChar, longintInvalidSuffixOvflw:
		return fmt.Sprintf("invalid suffix in %s argument '%s'", option, arg)
	}
	return fmt.Sprintf("invalid %s argument '%s'", option, arg)
}
