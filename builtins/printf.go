package builtins

// printf - format and print data (the coreutils program, /usr/bin/printf)
//
//	printf FORMAT [ARGUMENT]...
//
// FORMAT takes the escapes \" \\ \a \b \c \e \f \n \r \t \v \NNN \xHH
// \uHHHH \UHHHHHHHH and the conversions %d %i %o %u %x %X %f %F %e %E %g
// %G %a %A %c %s %b %q %% with the flags - + space # 0 ' and widths and
// precisions, * included. The format is reused while arguments remain.
// A numeric argument may be a C integer (0x1f, 010), a float, or 'c for
// the value of the character c; a bad one is reported and counts as 0
// (or its leading number), and the exit status becomes 1. Floating-point
// conversions use C long doubles, as GNU's printf does.
//
// Inside the shell, printf is the shell's builtin (as in bash); this one
// runs for /usr/bin/printf, env printf, xargs printf and find -exec.

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/ldouble"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// errStopOutput is \c: stop printing and exit successfully.
var errStopOutput = errors.New("\\c")

type printfRun struct {
	p      *Proc
	out    io.Writer
	status int
	posix  bool
	bash   bool // bash's builtin (bashprintf.go)
}

func printf(p *Proc) int {
	args := p.Args[1:]
	if code, ok := p.soleInfoArg("printf", args); ok {
		return code
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return p.usage(p.tryHelp("missing operand"), 1)
	}
	_, posix := p.LookupEnv("POSIXLY_CORRECT")
	r := &printfRun{p: p, out: p.Stdout, posix: posix}
	format, args := args[0], args[1:]
	for {
		used, err := r.formatted(format, args)
		if err == errStopOutput {
			return 0
		}
		if err != nil {
			p.Errorf("%s", err.Error())
			return 1
		}
		args = args[used:]
		if used == 0 || len(args) == 0 {
			break
		}
		if p.Cancelled() {
			return 130
		}
	}
	if len(args) > 0 {
		p.Errorf("warning: ignoring excess arguments, starting with %s", quote.Locale(args[0]))
	}
	return r.status
}

func (r *printfRun) write(s string) { io.WriteString(r.out, s) }

// formatted prints the format once and returns how many arguments it
// used.
func (r *printfRun) formatted(f string, args []string) (int, error) {
	used := 0
	next := func() (string, bool) {
		if used < len(args) {
			used++
			return args[used-1], true
		}
		return "", false
	}
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '%':
			directive := r.directive
			if r.bash {
				directive = r.bashDirective
			}
			n, err := directive(f, i, next)
			if err != nil {
				return used, err
			}
			i = n
		case '\\':
			if r.bash {
				if i+1 >= len(f) {
					r.write("\\")
					continue
				}
				s, n, _ := bashEscape(f, i+1, false, r.p)
				r.write(s)
				i += n
				continue
			}
			n, err := r.escape(f, i, false)
			if err != nil {
				return used, err
			}
			i += n
		default:
			j := i
			for j < len(f) && f[j] != '%' && f[j] != '\\' {
				j++
			}
			r.write(f[i:j])
			i = j - 1
		}
	}
	return used, nil
}

// directive prints the conversion starting at f[i] == '%' and returns the
// index of its last character.
func (r *printfRun) directive(f string, i int, next func() (string, bool)) (int, error) {
	start := i
	i++
	if i < len(f) && f[i] == '%' {
		r.write("%")
		return i, nil
	}
	if i < len(f) && (f[i] == 'b' || f[i] == 'q') {
		if arg, ok := next(); ok {
			if f[i] == 'q' {
				r.write(printfQuote(arg))
			} else if err := r.escString(arg); err != nil {
				return i, err
			}
		}
		return i, nil
	}
	sp, i, err := r.parseSpec(f, i, next)
	if err != nil {
		return i, err
	}
	for i < len(f) && strings.IndexByte("lLhjtz", f[i]) >= 0 {
		i++
	}
	conv := byte(0)
	if i < len(f) {
		conv = f[i]
	}
	if !sp.allowed(conv) {
		end := min(i+1, len(f))
		return i, fmt.Errorf("%s: invalid conversion specification", f[start:end])
	}
	sp.Conv = conv
	arg, _ := next()
	if r.room(sp.Spec) {
		r.convert(sp, arg)
		r.unhold(sp.Spec)
	}
	return i, nil
}

// printfSpec is a parsed directive and which conversions its flags allow.
type printfSpec struct {
	ldouble.Spec
	quoteFlag bool // ' or I: no %a %c %e %o %s %x
	hasPoint  bool // a precision was given: no %c
}

// allowed is GNU's ok[] table.
func (sp printfSpec) allowed(c byte) bool {
	if c == 0 || strings.IndexByte("aAcdeEfFgGiosuxX", c) < 0 {
		return false
	}
	switch {
	case sp.quoteFlag && strings.IndexByte("aAceEosxX", c) >= 0,
		sp.Alt && strings.IndexByte("cdisu", c) >= 0,
		sp.Zero && (c == 'c' || c == 's'),
		sp.hasPoint && c == 'c':
		return false
	}
	return true
}

// parseSpec reads flags, width and precision (taking * from the
// arguments) from f[i:].
func (r *printfRun) parseSpec(f string, i int, next func() (string, bool)) (printfSpec, int, error) {
	sp := printfSpec{Spec: ldouble.Spec{Prec: -1}}
	for ; i < len(f); i++ {
		c := f[i]
		if c == '\'' || c == 'I' {
			sp.quoteFlag = true
		} else if strings.IndexByte("-+ #0", c) >= 0 {
			sp.SetFlag(c)
		} else {
			break
		}
	}
	if i < len(f) && f[i] == '*' {
		i++
		if arg, ok := next(); ok {
			w := r.intArg(arg)
			if w < -1<<31 || w > 1<<31-1 {
				return sp, i, fmt.Errorf("invalid field width: %s", quote.Locale(arg))
			}
			sp.setWidth(int(w))
		}
	} else {
		for ; i < len(f) && ctype.IsDigit(f[i]); i++ {
			sp.Width = min(sp.Width*10+int(f[i]-'0'), 1<<31-1)
		}
	}
	if i < len(f) && f[i] == '.' {
		i++
		sp.hasPoint = true
		sp.Prec = 0
		if i < len(f) && f[i] == '*' {
			i++
			if arg, ok := next(); ok {
				p := r.intArg(arg)
				switch {
				case p < 0:
					sp.Prec = -1
				case p > 1<<31-1:
					return sp, i, fmt.Errorf("invalid precision: %s", quote.Locale(arg))
				default:
					sp.Prec = int(p)
				}
			}
		} else {
			for ; i < len(f) && ctype.IsDigit(f[i]); i++ {
				sp.Prec = min(sp.Prec*10+int(f[i]-'0'), 1<<31-1)
			}
		}
	}
	return sp, i, nil
}

// setWidth takes a width from an argument: negative means left-justify.
func (sp *printfSpec) setWidth(w int) {
	if w < 0 {
		sp.Minus = true
		w = -w
	}
	sp.Width = w
}

// printfQuote is %q: gnulib's shell-escape quoting, used only when the
// string needs it (a colon does not, unlike in messages).
func printfQuote(s string) string { return quote.Arg(s, quote.ShellEscapeQuoting) }
