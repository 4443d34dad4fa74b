package builtins

// Printing for seq (see seq.go): formats, GNU's stepping with its check
// of the number just past LAST, and counting with decimal strings.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/ldouble"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// seqFormat is a -f format: text around one floating-point conversion.
type seqFormat struct {
	prefix, suffix string
	spec           ldouble.Spec
}

func (f *seqFormat) number(x ldouble.Float) string { return ldouble.Format(x, f.spec) }

// parseSeqFormat checks a -f format as GNU's long_double_format does.
func parseSeqFormat(s string) (*seqFormat, error) {
	f := &seqFormat{}
	var pre strings.Builder
	i := 0
	for ; !(i < len(s) && s[i] == '%' && (i+1 >= len(s) || s[i+1] != '%')); i++ {
		if i >= len(s) {
			return nil, fmt.Errorf("format %s has no %% directive", quote.Locale(s))
		}
		pre.WriteByte(s[i])
		if s[i] == '%' {
			i++
		}
	}
	f.prefix = pre.String()
	i++
	sp := ldouble.Spec{Prec: -1}
	for ; i < len(s) && strings.IndexByte("-+#0 '", s[i]) >= 0; i++ {
		sp.SetFlag(s[i])
	}
	for ; i < len(s) && ctype.IsDigit(s[i]); i++ {
		sp.Width = sp.Width*10 + int(s[i]-'0')
	}
	if i < len(s) && s[i] == '.' {
		sp.Prec = 0
		for i++; i < len(s) && ctype.IsDigit(s[i]); i++ {
			sp.Prec = sp.Prec*10 + int(s[i]-'0')
		}
	}
	if i < len(s) && s[i] == 'L' {
		i++
	}
	if i >= len(s) {
		return nil, fmt.Errorf("format %s ends in %%", quote.Locale(s))
	}
	if strings.IndexByte("efgaEFGA", s[i]) < 0 {
		return nil, fmt.Errorf("format %s has unknown %%%c directive", quote.Locale(s), s[i])
	}
	sp.Conv = s[i]
	f.spec = sp
	var suf strings.Builder
	for i++; i < len(s); i++ {
		if s[i] == '%' {
			if i+1 >= len(s) || s[i+1] != '%' {
				return nil, fmt.Errorf("format %s has too many %% directives", quote.Locale(s))
			}
			i++
		}
		suf.WriteByte(s[i])
	}
	f.suffix = suf.String()
	return f, nil
}

// defaultFormat is %.PRECf for fixed-point operands (zero-padded to the
// widest with -w), else %g.
func (r *seqRun) defaultFormat(first, step, last seqOperand) *seqFormat {
	prec := max(first.prec, step.prec)
	if prec != seqNoPrec && last.prec != seqNoPrec {
		if !r.equalWidth {
			return &seqFormat{spec: ldouble.Spec{Prec: prec, Conv: 'f'}}
		}
		firstWidth := first.width + (prec - first.prec)
		lastWidth := last.width + (prec - last.prec)
		if last.prec != 0 && prec == 0 {
			lastWidth--
		}
		if last.prec == 0 && prec != 0 {
			lastWidth++
		}
		if first.prec == 0 && prec != 0 {
			firstWidth++
		}
		return &seqFormat{spec: ldouble.Spec{Zero: true, Width: max(firstWidth, lastWidth), Prec: prec, Conv: 'f'}}
	}
	return &seqFormat{spec: ldouble.Spec{Prec: -1, Conv: 'g'}}
}

// printNumbers is GNU's print_numbers: FIRST + i*STEP while within LAST,
// plus the number just past LAST when it prints as LAST.
func (r *seqRun) printNumbers(f *seqFormat, first, step, last ldouble.Float) int {
	outOfRange := func(x ldouble.Float) bool {
		if step.Neg {
			return x.Cmp(last) < 0
		}
		return last.Cmp(x) < 0
	}
	if outOfRange(first) {
		return 0
	}
	x := first
	for i := int64(1); ; i++ {
		if r.p.Cancelled() {
			return 130
		}
		if err := r.write(f.prefix + f.number(x) + f.suffix); err != nil {
			return r.fail(err)
		}
		x0 := x
		x = first.Add(ldouble.FromInt(i).Mul(step))
		if outOfRange(x) && !printsAsLast(f, x, x0, last) {
			break
		}
		if err := r.write(r.sep); err != nil {
			return r.fail(err)
		}
	}
	if err := r.write("\n"); err != nil {
		return r.fail(err)
	}
	return 0
}

// printsAsLast reports whether x, just past LAST, prints as a number
// equal to LAST and differently from the previous number x0.
func printsAsLast(f *seqFormat, x, x0, last ldouble.Float) bool {
	s := f.number(x)
	v, rest, ok, erange := ldouble.Parse(s)
	if !ok || rest != "" || (erange && !v.IsZero()) || v.IsNaN() || v.Cmp(last) != 0 {
		return false
	}
	return f.number(x0) != s
}

// fast counts from a to b (decimal digit strings; b may be "inf") by
// step, as GNU's seq_fast. It declines (done false) when a > b.
func (r *seqRun) fast(a, b string, step uint64) (int, bool) {
	inf := b == "inf"
	a, b = trimZeros(a), trimZeros(b)
	if !inf && cmpDigits(a, b) > 0 {
		return 0, false
	}
	cur, last := []byte(a), []byte(b)
	buf := make([]byte, 0, 64<<10)
	buf = append(buf, cur...)
	for {
		for n := step; n > 0; n-- {
			cur = incrDigits(cur)
		}
		if !inf && len(cur) >= len(last) && (len(cur) > len(last) || string(cur) > string(last)) {
			break
		}
		buf = append(buf, r.sep[0])
		buf = append(buf, cur...)
		if len(buf) >= 60<<10 {
			if r.p.Cancelled() {
				return 130, true
			}
			if _, err := r.p.Stdout.Write(buf); err != nil {
				return r.fail(writeErr{err}), true
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, '\n')
	if _, err := r.p.Stdout.Write(buf); err != nil {
		return r.fail(writeErr{err}), true
	}
	return 0, true
}

func trimZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" && s != "" {
		return "0"
	}
	return t
}

func cmpDigits(a, b string) int {
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// incrDigits adds one to a decimal digit string.
func incrDigits(s []byte) []byte {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < '9' {
			s[i]++
			return s
		}
		s[i] = '0'
	}
	return append([]byte{'1'}, s...)
}
