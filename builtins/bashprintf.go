package builtins

// ShellPrintf is bash 5.2's printf builtin, for the engine to run in place
// of the interpreter's (which lacks precisions, %q, %X, -v and more):
//
//	printf [-v VAR] FORMAT [ARGUMENT]...
//
// Against coreutils printf (printf.go) it differs as bash does: -v assigns
// the output to a variable; %q and %Q quote with backslashes (or $'...');
// %(FMT)T formats a time (seconds since the epoch, -1 for now); %b, %q and
// %T take a width and a precision; \c in the format is literal and \NNN
// reads at most three digits; a bad number is "invalid number"; a bad
// conversion ends printf with status 1; excess arguments are not
// reported. It is not in the command table: the shell's printf is the
// engine's to route.

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ctype"
	"github.com/shellfence/shellfence/builtins/internal/strftime"
)

// ShellPrintf runs bash's printf with p.Args. setVar assigns the value of
// -v VAR; it returns an error for a name that cannot be assigned.
func ShellPrintf(p *Proc, setVar func(name, value string) error) int {
	args := p.Args[1:]
	varName := ""
	hasVar := false
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		a := args[0]
		switch {
		case a == "--":
			args = args[1:]
		case a == "-v" && len(args) > 1:
			varName, hasVar, args = args[1], true, args[2:]
			continue
		case strings.HasPrefix(a, "-v") && len(a) > 2:
			varName, hasVar, args = a[2:], true, args[1:]
			continue
		case a == "-v":
			p.Errorf("-v: option requires an argument")
			return bashPrintfUsage(p)
		default:
			p.Errorf("%s: invalid option", a[:2])
			return bashPrintfUsage(p)
		}
		break
	}
	if hasVar && !validShellName(varName) {
		p.Errorf("`%s': not a valid identifier", varName)
		return 2
	}
	if len(args) == 0 {
		return bashPrintfUsage(p)
	}
	var buf strings.Builder
	r := &printfRun{p: p, out: p.Stdout, bash: true}
	if hasVar {
		r.out = &buf
	}
	status := r.bashLoop(args[0], args[1:])
	if hasVar {
		if err := setVar(varName, buf.String()); err != nil {
			p.Errorf("%s", err.Error())
			return 1
		}
	}
	return status
}

func bashPrintfUsage(p *Proc) int {
	fmt.Fprintln(p.Stderr, "printf: usage: printf [-v var] format [arguments]")
	return 2
}

var shellNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?$`)

func validShellName(s string) bool { return shellNameRE.MatchString(s) }

// bashLoop prints the format while arguments remain.
func (r *printfRun) bashLoop(format string, args []string) int {
	for {
		used, err := r.formatted(format, args)
		switch {
		case err == errStopOutput:
			return 0
		case err != nil:
			r.p.Errorf("%s", err.Error())
			return 1
		}
		args = args[used:]
		if used == 0 || len(args) == 0 || r.p.Cancelled() {
			return r.status
		}
	}
}

// bashDirective is directive() for bash: its own conversions, flags and
// errors.
func (r *printfRun) bashDirective(f string, i int, next func() (string, bool)) (int, error) {
	start := i
	i++
	if i < len(f) && f[i] == '%' {
		r.write("%")
		return i, nil
	}
	sp, i, err := r.parseSpec(f, i, next)
	if err != nil {
		return i, err
	}
	if i < len(f) && f[i] == '(' {
		return r.bashTime(f, i, sp, next)
	}
	for i < len(f) && strings.IndexByte("hlLjtzZ", f[i]) >= 0 {
		i++
	}
	if i >= len(f) {
		return i, fmt.Errorf("`%s': missing format character", f[start:])
	}
	conv := f[i]
	sp.Conv = conv
	arg, _ := next()
	if !r.room(sp.Spec) {
		return i, nil
	}
	defer r.unhold(sp.Spec)
	switch conv {
	case 'b':
		return i, r.bashB(arg, sp)
	case 'q':
		r.write(bashPad(bashQuote(arg), sp))
	case 'Q':
		if sp.Prec >= 0 && sp.Prec < len(arg) {
			arg = arg[:sp.Prec]
		}
		sp.Prec = -1
		r.write(bashPad(bashQuote(arg), sp))
	case 'n':
	case 's', 'c', 'd', 'i', 'o', 'u', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		sp.Zero = sp.Zero && conv != 's' && conv != 'c'
		r.convert(sp, arg)
	default:
		return i, fmt.Errorf("`%c': invalid format character", conv)
	}
	return i, nil
}

// bashPad applies a width and a precision to text (bash's printstr).
func bashPad(s string, sp printfSpec) string {
	if sp.Prec >= 0 && sp.Prec < len(s) {
		s = s[:sp.Prec]
	}
	return padString(s, sp.Spec)
}

// bashB is %b: the argument's escapes, \c ending all output.
func (r *printfRun) bashB(arg string, sp printfSpec) error {
	var b strings.Builder
	stopped := false
	for i := 0; i < len(arg); i++ {
		if arg[i] != '\\' || i+1 >= len(arg) {
			b.WriteByte(arg[i])
			continue
		}
		s, n, stop := bashEscape(arg, i+1, true, r.p)
		if stop {
			stopped = true
			break
		}
		b.WriteString(s)
		i += n
	}
	r.write(bashPad(b.String(), sp))
	if stopped {
		return errStopOutput
	}
	return nil
}

// bashTime is %(FMT)T: strftime of the argument's seconds (-1 or none:
// now).
func (r *printfRun) bashTime(f string, i int, sp printfSpec, next func() (string, bool)) (int, error) {
	end := strings.IndexByte(f[i:], ')')
	if end < 0 {
		return len(f), fmt.Errorf("`(': missing time format specification")
	}
	tf := f[i+1 : i+end]
	i += end + 1
	if i >= len(f) || f[i] != 'T' {
		return i, fmt.Errorf("`%c': invalid time format specification", byteAt(f, i))
	}
	if tf == "" {
		tf = "%X"
	}
	secs := int64(-1)
	if arg, ok := next(); ok {
		secs = r.intArg(arg)
	}
	t := r.p.Now()
	if secs >= 0 || secs < -2 {
		t = time.Unix(secs, 0).In(r.p.Loc())
	}
	r.write(bashPad(glibcStrftime(tf, t), sp))
	return i, nil
}

func byteAt(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

// glibcStrftime is strftime as glibc has it: no %N, %q or %:z.
func glibcStrftime(f string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("_-0^#", f[j]) >= 0 {
			j++
		}
		for j < len(f) && ctype.IsDigit(f[j]) {
			j++
		}
		if j < len(f) && (f[j] == 'E' || f[j] == 'O') {
			j++
		}
		if j >= len(f) || f[j] == 'N' || f[j] == 'q' || f[j] == ':' {
			b.WriteString(f[i:min(j+1, len(f))])
		} else {
			b.WriteString(strftime.Format(f[i:j+1], t))
		}
		i = j
	}
	return b.String()
}
