package builtins

// seq - print a sequence of numbers
//
//	seq [OPTION]... LAST
//	seq [OPTION]... FIRST LAST
//	seq [OPTION]... FIRST INCREMENT LAST
//
// Options: -f/--format=FORMAT (one %e %f %g or %a conversion, with
// flags, width and precision), -s/--separator=STRING, -w/--equal-width.
// Numbers are C long doubles (64-bit mantissa), as in GNU seq on x86-64:
// the default format is %.PRECf when the operands are fixed point, else
// %g. Non-negative integers with a small step are counted as decimal
// strings, so they may be arbitrarily large, and LAST may be inf. An
// operand that looks like a negative number ends the options, as in GNU.

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/ldouble"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// seqOperand is a number operand and how it was written.
type seqOperand struct {
	value ldouble.Float
	width int
	prec  int // digits after the point; seqNoPrec when not fixed point
}

const seqNoPrec = math.MaxInt32

type seqRun struct {
	p          *Proc
	sep        string
	equalWidth bool
	format     *seqFormat
}

func seq(p *Proc) int {
	r := &seqRun{p: p, sep: "\n"}
	var format *string
	flags := p.newOpts(1)
	flags.Value('f', "format", func(_, v string) error { format = &v; return nil })
	flags.String('s', "separator", &r.sep)
	flags.Flag('w', "equal-width", &r.equalWidth)
	addToolInfo(flags, "seq")
	opts, operands := splitSeqArgs(p.Args[1:])
	rest, err := flags.Parse(opts)
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	operands = append(rest, operands...)
	switch {
	case len(operands) == 0:
		return p.usage(p.tryHelp("missing operand"), 1)
	case len(operands) > 3:
		return p.usage(p.tryHelp("extra operand "+quote.Locale(operands[3])), 1)
	}
	if format != nil {
		if r.format, err = parseSeqFormat(*format); err != nil {
			p.Errorf("%s", err.Error())
			return 1
		}
		if r.equalWidth {
			return p.usage(p.tryHelp("format string may not be specified when printing equal width strings"), 1)
		}
	}
	if code, done := r.tryFastDigits(operands); done {
		return code
	}
	return r.general(operands)
}

// splitSeqArgs separates the options from the operands: options end at
// the first operand, at "--", or at an argument like -1 or -.5.
func splitSeqArgs(args []string) (opts, operands []string) {
	i := 0
	for i < len(args) {
		a := args[i]
		if len(a) >= 2 && a[0] == '-' && (a[1] == '.' || ctype.IsDigit(a[1])) {
			break
		}
		if a == "-" || a[0] != '-' {
			break
		}
		opts = append(opts, a)
		i++
		if a == "--" {
			break
		}
		if seqOptionWantsValue(a) && i < len(args) {
			opts = append(opts, args[i])
			i++
		}
	}
	return opts, args[i:]
}

func seqOptionWantsValue(a string) bool {
	if strings.HasPrefix(a, "--") {
		name := a[2:]
		if strings.Contains(name, "=") || name == "" {
			return false
		}
		return strings.HasPrefix("format", name) || strings.HasPrefix("separator", name)
	}
	for j := 1; j < len(a); j++ {
		switch a[j] {
		case 'f', 's':
			return j == len(a)-1
		case 'w':
		default:
			return false
		}
	}
	return false
}

// tryFastDigits prints sequences of plain decimal integers as strings.
func (r *seqRun) tryFastDigits(ops []string) (int, bool) {
	if r.equalWidth || r.format != nil || len(r.sep) != 1 {
		return 0, false
	}
	for _, o := range ops {
		if !allDigits(o) || o == "" {
			return 0, false
		}
	}
	first, last, step := "1", ops[len(ops)-1], uint64(1)
	if len(ops) > 1 {
		first = ops[0]
	}
	if len(ops) == 3 {
		s := strings.TrimLeft(ops[1], "0")
		if len(s) > 3 || s == "" || atoi(s) > 200 {
			return 0, false
		}
		step = uint64(atoi(s))
	}
	return r.fast(first, last, step)
}

// general parses the operands as long doubles and prints the sequence.
func (r *seqRun) general(ops []string) int {
	vals := make([]seqOperand, len(ops))
	for i, o := range ops {
		v, err := scanSeqArg(o)
		if err != nil {
			return r.p.usage(r.p.tryHelp(err.Error()), 1)
		}
		vals[i] = v
		if i == 1 && len(ops) == 3 && v.value.IsZero() {
			return r.p.usage(r.p.tryHelp("invalid Zero increment value: "+quote.Locale(o)), 1)
		}
	}
	first, step := seqOperand{ldouble.FromInt(1), 1, 0}, seqOperand{ldouble.FromInt(1), 1, 0}
	last := vals[len(vals)-1]
	if len(vals) > 1 {
		first = vals[0]
	}
	if len(vals) == 3 {
		step = vals[1]
	}
	if code, done := r.tryFastValues(first, step, last); done {
		return code
	}
	f := r.format
	if f == nil {
		f = r.defaultFormat(first, step, last)
	}
	return r.printNumbers(f, first.value, step.value, last.value)
}

// tryFastValues is GNU's second try at integer counting, for operands
// such as 1e3 or an infinite LAST.
func (r *seqRun) tryFastValues(first, step, last seqOperand) (int, bool) {
	if first.prec != 0 || step.prec != 0 || last.prec != 0 || first.value.IsInf() ||
		first.value.Neg || last.value.Neg || step.value.Neg || step.value.IsZero() ||
		step.value.Cmp(ldouble.FromInt(200)) > 0 || r.equalWidth || r.format != nil || len(r.sep) != 1 {
		return 0, false
	}
	s1 := ldouble.Format(first.value, ldouble.Spec{Prec: 0, Conv: 'f'})
	s2 := "inf"
	if !last.value.IsInf() {
		s2 = ldouble.Format(last.value, ldouble.Spec{Prec: 0, Conv: 'f'})
	}
	st, _ := step.value.Big.Uint64()
	if st == 0 {
		return 0, false
	}
	return r.fast(s1, s2, st)
}

// write writes s, reporting a failed write.
func (r *seqRun) write(s string) error {
	if _, err := io.WriteString(r.p.Stdout, s); err != nil {
		return writeErr{err}
	}
	return nil
}

func (r *seqRun) fail(err error) int {
	if we, ok := err.(writeErr); ok {
		return r.p.WriteFailed(we.error)
	}
	return 130
}

// scanSeqArg is GNU's scan_arg: the value, and the width and precision
// of the number as written.
func scanSeqArg(arg string) (seqOperand, error) {
	v, rest, ok, erange := ldouble.Parse(arg)
	if !ok || rest != "" || (erange && !v.IsZero()) {
		return seqOperand{}, fmt.Errorf("invalid floating point argument: %s", quote.Locale(arg))
	}
	if v.IsNaN() {
		return seqOperand{}, fmt.Errorf("invalid %s argument: %s", quote.Locale("not-a-number"), quote.Locale(arg))
	}
	a := strings.TrimLeft(arg, " \t\n\v\f\r+")
	op := seqOperand{value: v, prec: seqNoPrec}
	point := strings.IndexByte(a, '.')
	if point < 0 && !strings.Contains(a, "p") {
		op.prec = 0
	}
	if strings.ContainsAny(a, "xX") || v.IsInf() {
		return op, nil
	}
	op.width = len(a)
	fracLen := 0
	if point >= 0 {
		fracLen = strings.IndexAny(a[point+1:], "eE")
		if fracLen < 0 {
			fracLen = len(a) - point - 1
		}
		op.prec = fracLen
		switch {
		case fracLen == 0:
			op.width--
		case point == 0 || !ctype.IsDigit(a[point-1]):
			op.width++
		}
	}
	e := strings.IndexAny(a, "eE")
	if e < 0 {
		return op, nil
	}
	op.applyExponent(a, e, point, fracLen)
	return op, nil
}

// applyExponent adjusts the width and precision for an exponent at a[e].
func (op *seqOperand) applyExponent(a string, e, point, fracLen int) {
	var exp int64
	fmt.Sscanf(a[e+1:], "%d", &exp)
	if exp < 0 {
		op.prec += int(-exp)
	} else {
		op.prec -= int(min(int64(op.prec), exp))
	}
	op.width -= len(a) - e
	if exp < 0 {
		if point < 0 || e == point+1 {
			op.width++
		}
		exp = -exp
	} else {
		if point >= 0 && op.prec == 0 && fracLen > 0 {
			op.width--
		}
		exp -= int64(min(fracLen, int(min(exp, 1<<30))))
	}
	op.width += int(exp)
}
