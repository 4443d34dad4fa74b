// Package human prints and parses sizes as GNU does: gnulib's
// human_readable (ls -h, du -h, --si, --block-size) and human_options
// (the --block-size values and the BLOCK_SIZE variables).
//
// For commands: Readable(n, H, 1, 1) is "-h" for a byte count, and
// Options(&spec, p.LookupEnv) parses a --block-size value. Plain numbers
// with suffixes (head -c, truncate -s) are package xstrtol's.
package human

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/argmatch"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

// Opts are gnulib's human_readable options. The zero value rounds up
// (human_ceiling), as every coreutils size does unless told otherwise.
type Opts int

// The options, as gnulib numbers them. Ceiling, RoundToNearest and Floor
// choose the rounding; the others are bits.
const (
	Ceiling           Opts = 0
	RoundToNearest    Opts = 1
	Floor             Opts = 2
	GroupDigits       Opts = 4
	SuppressPointZero Opts = 8
	Autoscale         Opts = 16
	Base1024          Opts = 32
	SpaceBeforeUnit   Opts = 64
	SI                Opts = 128
	B                 Opts = 256
)

// H is -h (powers of 1024 with a suffix), SIOpt is --si.
const (
	H     = Autoscale | SI | Base1024
	SIOpt = Autoscale | SI
)

// powerLetters are the suffixes for powers 1..8 (coreutils 9.1 stops at Y).
const powerLetters = "\x00KMGTPEZY"

// Readable formats n units of fromBlock bytes in units of toBlock
// bytes, exactly as gnulib's human_readable.
func Readable(n uint64, opts Opts, fromBlock, toBlock uint64) string {
	inexact := opts & (RoundToNearest | Floor | Ceiling)
	base := uint64(1000)
	if opts&Base1024 != 0 {
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
func humanInt(amt uint64, tenths, rounding int, opts, inexact Opts, base, toBlock uint64) string {
	exponent := -1
	frac := ""
	if opts&Autoscale != 0 {
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
				if inexact == RoundToNearest && 2 < rounding+(tenths&1) ||
					inexact == Ceiling && 0 < rounding {
					tenths++
					rounding = 0
					if tenths == 10 {
						amt++
						tenths = 0
					}
				}
				if amt < 10 && (tenths != 0 || opts&SuppressPointZero == 0) {
					frac = "." + strconv.Itoa(tenths)
					tenths, rounding = 0, 0
				}
			}
		}
	}
	if inexact == RoundToNearest && 5 < tenths+b2i(0 < rounding+int(amt&1)) ||
		inexact == Ceiling && 0 < tenths+rounding {
		amt++
		if opts&Autoscale != 0 && amt == base && exponent < len(powerLetters)-1 {
			exponent++
			frac = ""
			if opts&SuppressPointZero == 0 {
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
func humanFloat(n uint64, opts, inexact Opts, base, fromBlock, toBlock uint64) string {
	ld := func() *big.Float { return new(big.Float).SetPrec(64) }
	ratio := ld().Quo(ld().SetUint64(fromBlock), ld().SetUint64(toBlock))
	damt := ld().Mul(ld().SetUint64(n), ratio)
	exponent := -1
	var s string
	if opts&Autoscale == 0 {
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
		if 1+2+b2i(opts&Base1024 == 0) < len(s) || opts&SuppressPointZero != 0 && strings.HasSuffix(s, "0") {
			tenfold := humanAdjust(inexact, ld().Mul(damt, ld().SetInt64(10)))
			s = tenfold.Quo(tenfold, ld().SetInt64(10)).Text('f', 0)
		}
	}
	return s + humanSuffix(opts, exponent, base, toBlock)
}

// humanAdjust rounds v up or down as the style asks; round-to-nearest is
// left to the formatting.
func humanAdjust(inexact Opts, v *big.Float) *big.Float {
	if inexact == RoundToNearest {
		return v
	}
	i, acc := v.Int(nil)
	u := new(big.Float).SetPrec(64).SetInt(i)
	if inexact == Ceiling && acc == big.Below {
		u.Add(u, new(big.Float).SetPrec(64).SetInt64(1))
	}
	return u
}

func humanSuffix(opts Opts, exponent int, base, toBlock uint64) string {
	if opts&SI == 0 {
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
	if (exponent != 0 || opts&B != 0) && opts&SpaceBeforeUnit != 0 {
		b.WriteByte(' ')
	}
	if exponent != 0 {
		if opts&Base1024 == 0 && exponent == 1 {
			b.WriteByte('k')
		} else {
			b.WriteByte(powerLetters[exponent])
		}
	}
	if opts&B != 0 {
		if opts&Base1024 != 0 && exponent != 0 {
			b.WriteByte('i')
		}
		b.WriteByte('B')
	}
	return b.String()
}

// blockSizeSuffixes are the suffixes --block-size accepts.
const blockSizeSuffixes = "eEgGkKmMpPtTyYzZ0"

// Options parses a --block-size value (or, when spec is nil, the
// BLOCK_SIZE and BLOCKSIZE variables) as gnulib's human_options: it
// returns the output options and the block size. Values such as "K" or
// "MB" print a unit suffix; "human-readable" and "si" mean -h and --si.
func Options(spec *string, getenv func(string) (string, bool)) (Opts, uint64, xstrtol.Err) {
	opts, bs, err := humblock(spec, getenv)
	if bs == 0 {
		return opts, defaultBlockSize(getenv), xstrtol.Invalid
	}
	return opts, bs, err
}

func humblock(spec *string, getenv func(string) (string, bool)) (Opts, uint64, xstrtol.Err) {
	if spec == nil {
		for _, name := range []string{"BLOCK_SIZE", "BLOCKSIZE"} {
			if v, ok := getenv(name); ok {
				spec = &v
				break
			}
		}
	}
	if spec == nil {
		return 0, defaultBlockSize(getenv), xstrtol.OK
	}
	s := *spec
	var opts Opts
	if strings.HasPrefix(s, "'") {
		opts |= GroupDigits
		s = s[1:]
	}
	switch argmatch.Index(s, []string{"human-readable", "si"}) {
	case 0:
		return opts | H, 1, xstrtol.OK
	case 1:
		return opts | SIOpt, 1, xstrtol.OK
	}
	bs, err := xstrtol.Umax(s, 0, blockSizeSuffixes)
	if err != xstrtol.OK {
		return 0, bs, err
	}
	if !strings.ContainsAny(s, "0123456789") {
		opts |= SI
		if strings.HasSuffix(s, "B") {
			opts |= B
		}
		if !strings.HasSuffix(s, "B") || strings.HasSuffix(s, "iB") {
			opts |= Base1024
		}
	}
	return opts, bs, xstrtol.OK
}

func defaultBlockSize(getenv func(string) (string, bool)) uint64 {
	if _, ok := getenv("POSIXLY_CORRECT"); ok {
		return 512
	}
	return 1024
}

// b2i is C's conversion of a truth value to 1 or 0.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
