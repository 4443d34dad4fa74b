package builtins

// dd - convert and copy a file
//
//	dd [OPERAND]...
//
// Operands: if=FILE, of=FILE, bs=, ibs=, obs= (BYTES, with dd's
// suffixes c w b kB K MB M ... and N x M products), count=, skip=
// (iseek=), seek= (oseek=), conv=notrunc,ucase,lcase,sync,noerror,
// excl,nocreat,fsync,fdatasync,sparse, iflag= and oflag= (append,
// fullblock, count_bytes, skip_bytes, seek_bytes; direct, dsync, sync,
// nocache, nonblock, noatime, noctty, nofollow, binary, text accepted
// and without effect), status=none|noxfer|progress. Files are workspace
// files or the devices /dev/null, /dev/zero, /dev/urandom, /dev/stdin
// and /dev/stdout. The summary on standard error is GNU's: records in
// and out, then bytes, time and rate.
//
// Differences from GNU: conv=ascii, ebcdic, ibm, block, unblock and swab
// and cbs= are refused; status=progress prints no progress lines (runs
// here end before GNU's first one-second report matters to a caller);
// the time and rate in the summary are this run's.

import (
	"fmt"
	"os"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/quote"
	"github.com/shellfence/shellfence/builtins/internal/xstrtol"
)

type ddOpts struct {
	in, out              string
	ibs, obs, bs         int64
	count, skip, seek    int64
	hasCount             bool
	conv, iflag, oflag   map[string]bool
	status               string // "", "none", "noxfer", "progress"
	twoBufs, translation bool
}

// ddConversions are the conv= symbols dd knows; those marked false are
// refused here.
var ddConversions = map[string]bool{
	"ascii": false, "ebcdic": false, "ibm": false, "block": false, "unblock": false,
	"lcase": true, "ucase": true, "sparse": true, "swab": false, "noerror": true,
	"nocreat": true, "excl": true, "notrunc": true, "sync": true, "fdatasync": true, "fsync": true,
}

// ddFlags are the iflag= and oflag= symbols.
var ddFlags = map[string]bool{
	"append": true, "binary": true, "cio": true, "direct": true, "directory": true,
	"dsync": true, "sync": true, "nocache": true, "nonblock": true, "noatime": true,
	"noctty": true, "nofollow": true, "nolinks": true, "text": true, "fullblock": true,
	"count_bytes": true, "skip_bytes": true, "seek_bytes": true,
}

func dd(p *Proc) int {
	flags := p.newOpts(1)
	addToolInfo(flags, "dd")
	args, err := flags.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	o := &ddOpts{conv: map[string]bool{}, iflag: map[string]bool{}, oflag: map[string]bool{}}
	if status := o.scan(p, args); status != 0 {
		return status
	}
	return newDDRun(p, o).run()
}

// ddTry reports a usage error with GNU's Try line.
func ddTry(p *Proc, format string, args ...any) int {
	p.Errorf(format, args...)
	fmt.Fprintf(p.Stderr, "Try '%s --help' for more information.\n", p.Name())
	return 1
}

// scan reads the operands as GNU's scanargs does.
func (o *ddOpts) scan(p *Proc, args []string) int {
	for _, a := range args {
		name, val, ok := strings.Cut(a, "=")
		if !ok {
			return ddTry(p, "unrecognized operand %s", quote.Locale(a))
		}
		if status := o.operand(p, a, name, val); status != 0 {
			return status
		}
	}
	return o.check(p)
}

func (o *ddOpts) operand(p *Proc, arg, name, val string) int {
	switch name {
	case "if":
		o.in = val
	case "of":
		o.out = val
	case "conv":
		return ddSymbols(p, val, o.conv, ddConversions, "invalid conversion")
	case "iflag":
		return ddSymbols(p, val, o.iflag, ddFlags, "invalid input flag")
	case "oflag":
		return ddSymbols(p, val, o.oflag, ddFlags, "invalid output flag")
	case "status":
		switch val {
		case "none", "noxfer", "progress":
			o.status = val
		default:
			return ddTry(p, "invalid status level: %s", quote.Locale(val))
		}
	case "ibs", "obs", "bs", "cbs", "skip", "iseek", "seek", "oseek", "count":
		return o.number(p, name, val)
	default:
		return ddTry(p, "unrecognized operand %s", quote.Locale(arg))
	}
	return 0
}

func (o *ddOpts) number(p *Proc, name, val string) int {
	n, e := ddInteger(val)
	min := int64(0)
	switch name {
	case "ibs":
		o.ibs, min = n, 1
	case "obs":
		o.obs, min = n, 1
	case "bs":
		o.bs, min = n, 1
	case "cbs":
		p.Errorf("cbs=: not supported here (nor conv=block and unblock)")
		return 1
	case "skip", "iseek":
		o.skip = n
	case "seek", "oseek":
		o.seek = n
	case "count":
		o.count, o.hasCount = n, true
	}
	if e == xstrtol.OK && n < min {
		e = xstrtol.Invalid
	}
	if e == xstrtol.OK && min == 1 && n > 1<<40 {
		e = xstrtol.Overflow
	}
	switch {
	case e == xstrtol.Overflow:
		p.Errorf("invalid number: %s: Value too large for defined data type", quote.Locale(val))
		return 1
	case e != xstrtol.OK:
		p.Errorf("invalid number: %s", quote.Locale(val))
		return 1
	}
	return 0
}

// ddInteger is dd's parse_integer: a number with a size suffix, or the
// product of two written NxM.
func ddInteger(s string) (int64, xstrtol.Err) {
	const suffixes = "BbcEGkKMPTwYZ0"
	n, e := xstrtol.Umax(s, 10, suffixes)
	if e&^xstrtol.Overflow == xstrtol.InvalidSuffixChar {
		if i := strings.IndexByte(s, 'x'); i > 0 {
			if m, e1 := xstrtol.Umax(s[:i], 10, suffixes); e1&^xstrtol.Overflow == xstrtol.OK {
				o, e2 := xstrtol.Umax(s[i+1:], 10, suffixes)
				switch {
				case e2&^xstrtol.Overflow != xstrtol.OK:
					return 0, e2
				case m != 0 && o > uint64(1<<63-1)/m, (m*o != 0) && (e1|e2) != xstrtol.OK:
					return 1<<63 - 1, xstrtol.Overflow
				}
				return int64(m * o), xstrtol.OK
			}
		}
	}
	if e != xstrtol.OK {
		return 0, e
	}
	if n > 1<<63-1 {
		return 1<<63 - 1, xstrtol.Overflow
	}
	return int64(n), e
}

// ddSymbols reads a comma-separated list of symbols into set.
func ddSymbols(p *Proc, val string, set map[string]bool, known map[string]bool, what string) int {
	for _, s := range strings.Split(val, ",") {
		ok, exists := known[s]
		if !exists {
			return ddTry(p, "%s: %s", what, quote.Locale(s))
		}
		if !ok {
			p.Errorf("conv=%s: not supported here", s)
			return 1
		}
		set[s] = true
	}
	return 0
}

// check applies GNU's rules on combinations and fills in defaults.
func (o *ddOpts) check(p *Proc) int {
	switch {
	case o.conv["lcase"] && o.conv["ucase"]:
		p.Errorf("cannot combine lcase and ucase")
		return 1
	case o.conv["excl"] && o.conv["nocreat"]:
		p.Errorf("cannot combine excl and nocreat")
		return 1
	case o.iflag["direct"] && o.iflag["nocache"], o.oflag["direct"] && o.oflag["nocache"]:
		p.Errorf("cannot combine direct and nocache")
		return 1
	case o.oflag["fullblock"]:
		return ddTry(p, "invalid output flag: %s", quote.Locale("fullblock"))
	}
	if o.bs != 0 {
		o.ibs, o.obs = o.bs, o.bs
	} else {
		o.twoBufs = true
	}
	if o.ibs == 0 {
		o.ibs = 512
	}
	if o.obs == 0 {
		o.obs = 512
	}
	o.translation = o.conv["ucase"] || o.conv["lcase"]
	if o.translation || o.conv["sync"] {
		o.twoBufs = true
	}
	return 0
}

// openFlags are the flags of of=.
func (o *ddOpts) openFlags() int {
	flag := os.O_WRONLY | os.O_CREATE
	if o.conv["nocreat"] {
		flag = os.O_WRONLY
	}
	if o.conv["excl"] {
		flag |= os.O_EXCL
	}
	if o.seekRecords() == 0 && !o.conv["notrunc"] {
		flag |= os.O_TRUNC
	}
	if o.oflag["append"] {
		flag |= os.O_APPEND
	}
	return flag
}

// ddFile is how dd names a file in messages.
func ddFile(name string) string {
	if name == "" {
		return "standard input"
	}
	return name
}

// seekRecords is the whole output records seek= skips.
func (o *ddOpts) seekRecords() int64 {
	if o.oflag["seek_bytes"] {
		return o.seek / o.obs
	}
	return o.seek
}
