package builtins

// sleep - delay for a specified amount of time
//
//	sleep NUMBER[SUFFIX]...
//
// NUMBER is a floating-point number (inf sleeps until cancelled); SUFFIX
// is s (seconds, the default), m (minutes), h (hours) or d (days). The
// intervals are added. The sleep ends early when the run is cancelled.

import (
	"fmt"
	"math"
	"time"

	"github.com/shellfence/shellfence/builtins/internal/ldouble"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func sleep(p *Proc) int {
	flags := p.newOpts(1)
	addToolInfo(flags, "sleep")
	args, err := flags.Parse(p.Args[1:])
	if code, ok := p.answerInfo(err); ok {
		return code
	}
	if err != nil {
		return p.usage(err, 1)
	}
	if len(args) == 0 {
		return p.usage(p.tryHelp("missing operand"), 1)
	}
	total, ok := 0.0, true
	for _, a := range args {
		s, valid := sleepInterval(a)
		if !valid {
			p.Errorf("invalid time interval %s", quote.Locale(a))
			ok = false
		}
		total += s
	}
	if !ok {
		fmt.Fprintf(p.Stderr, "Try '%s --help' for more information.\n", p.Name())
		return 1
	}
	return p.sleepFor(total)
}

// sleepInterval reads NUMBER[smhd].
func sleepInterval(a string) (float64, bool) {
	x, rest, ok, _ := ldouble.Parse(a)
	if !ok || x.IsNaN() || x.Neg && !x.IsZero() || len(rest) > 1 {
		return 0, false
	}
	s, _ := x.Big.Float64()
	mult := map[string]float64{"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}
	m, ok := mult[rest]
	if !ok {
		return 0, false
	}
	return s * m, true
}

func (p *Proc) sleepFor(secs float64) int {
	if secs <= 0 {
		return 0
	}
	var timer <-chan time.Time
	if secs < float64(math.MaxInt64)/1e9 {
		t := time.NewTimer(time.Duration(secs * 1e9))
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-timer:
		return 0
	case <-p.Ctx.Done():
		return 130
	}
}
