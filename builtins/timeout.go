package builtins

// timeout - run a command with a time limit
//
//	timeout [OPTION] DURATION COMMAND [ARG]...
//
// Options: --preserve-status, --foreground, -k/--kill-after=DURATION,
// -s/--signal=SIGNAL, -v/--verbose. DURATION is a floating point number
// with an optional suffix s, m, h or d; 0 disables the limit. COMMAND
// runs as find -exec and xargs run one (builtins, workspace scripts and
// the shell utilities), in-process, and is stopped through its context
// when the time is up. Exit status: 124 when it timed out (128+9 = 137
// for -s KILL, 128+SIGNAL with --preserve-status), 125 for timeout's own
// errors, 127 when COMMAND does not exist, else COMMAND's.
//
// Differences from GNU: commands run in-process and have no signals: the
// signal named by -s only decides the exit status and the -v message; a
// stopped command ends at once, so -k has nothing left to kill.

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

const timeoutFailed = 125

type timeoutOpts struct {
	preserve, verbose bool
	signal            int
}

func timeoutCmd(p *Proc) int {
	o := timeoutOpts{signal: 15}
	flags := p.newOpts(timeoutFailed)
	flags.StopAtOperand = true
	flags.Flag(0, "preserve-status", &o.preserve)
	flags.Func(0, "foreground", func() {})
	flags.Flag('v', "verbose", &o.verbose)
	flags.Value('k', "kill-after", func(_, v string) error {
		_, err := p.timeoutDuration(v)
		return err
	})
	flags.Value('s', "signal", func(_, v string) error {
		n, ok := signalNumber(v)
		if !ok {
			return p.timeoutTry(quote.Locale(v) + ": invalid signal")
		}
		o.signal = n
		return nil
	})
	addToolInfo(flags, "timeout")
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, timeoutFailed)
	}
	if len(args) < 2 {
		return p.usage(&opt.Error{Msg: "Try '" + p.Name() + " --help' for more information.", Status: timeoutFailed}, timeoutFailed)
	}
	d, err := p.timeoutDuration(args[0])
	if err != nil {
		return p.usage(err, timeoutFailed)
	}
	return p.runTimed(d, args[1:], o)
}

// runTimed runs args, stopping it after d (0: never).
func (p *Proc) runTimed(d time.Duration, args []string, o timeoutOpts) int {
	ctx, cancel := p.Ctx, context.CancelFunc(func() {})
	if d > 0 {
		ctx, cancel = context.WithTimeoutCause(p.Ctx, d, errTimedOut)
	}
	defer cancel()
	q := p.Child(args)
	q.Ctx = ctx
	code, found := runUtility(p, q)
	if !found {
		p.Errorf("failed to run command %s: No such file or directory", quote.Locale(args[0]))
		return 127
	}
	if p.Cancelled() || !errors.Is(context.Cause(ctx), errTimedOut) {
		return code
	}
	if o.verbose {
		p.Errorf("sending signal %s to command %s", signalName(o.signal), quote.Locale(args[0]))
	}
	if o.preserve || o.signal == 9 {
		return 128 + o.signal
	}
	return 124
}

var errTimedOut = errors.New("timed out")

func (p *Proc) timeoutTry(msg string) error {
	err := p.tryHelp(msg).(*opt.Error)
	err.Status = timeoutFailed
	return err
}

// timeoutDuration parses DURATION as GNU does: a non-negative floating
// point number and an optional unit suffix.
func (p *Proc) timeoutDuration(s string) (time.Duration, error) {
	num, mult := s, 1.0
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 's':
			num = s[:n-1]
		case 'm':
			num, mult = s[:n-1], 60
		case 'h':
			num, mult = s[:n-1], 3600
		case 'd':
			num, mult = s[:n-1], 86400
		}
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || num == "" || v < 0 || math.IsNaN(v) ||
		strings.ContainsAny(num[:1], " \t\n") || strings.Contains(num, "_") {
		return 0, p.timeoutTry("invalid time interval " + quote.Locale(s))
	}
	secs := v * mult
	if secs > float64(math.MaxInt64/int64(time.Second)) {
		return math.MaxInt64, nil
	}
	d := time.Duration(secs * float64(time.Second))
	if d == 0 && secs > 0 {
		d = 1
	}
	return d, nil
}

var signalNames = []string{1: "HUP", 2: "INT", 3: "QUIT", 4: "ILL", 5: "TRAP", 6: "ABRT", 7: "BUS",
	8: "FPE", 9: "KILL", 10: "USR1", 11: "SEGV", 12: "USR2", 13: "PIPE", 14: "ALRM", 15: "TERM",
	16: "STKFLT", 17: "CHLD", 18: "CONT", 19: "STOP", 20: "TSTP", 21: "TTIN", 22: "TTOU", 23: "URG",
	24: "XCPU", 25: "XFSZ", 26: "VTALRM", 27: "PROF", 28: "WINCH", 29: "POLL", 30: "PWR", 31: "SYS"}

// signalNumber reads a signal given as a Linux name (with or without
// SIG) or number.
func signalNumber(s string) (int, bool) {
	if allDigits(s) && s != "" {
		n := atoi(s)
		return n, n >= 0 && n <= 64
	}
	name := strings.TrimPrefix(s, "SIG")
	for n, sn := range signalNames {
		if sn != "" && sn == name {
			return n, true
		}
	}
	switch name {
	case "IOT":
		return 6, true
	case "IO":
		return 29, true
	case "CLD":
		return 17, true
	}
	return 0, false
}

// signalName is the name -v prints for signal n.
func signalName(n int) string {
	if n > 0 && n < len(signalNames) {
		return signalNames[n]
	}
	if n == 0 {
		return "0"
	}
	if n >= 34 {
		return "RTMIN+" + strconv.Itoa(n-34)
	}
	return strconv.Itoa(n)
}
