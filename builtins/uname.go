package builtins

// uname, hostname, whoami, nproc - print facts about the host
//
//	uname [-asnrvmpio] [--all --kernel-name --nodename --kernel-release
//	      --kernel-version --machine --processor --hardware-platform
//	      --operating-system]
//	hostname [-s]
//	whoami
//	nproc [--all] [--ignore=N]
//
// The facts come from the run's HostInfo ([System.Host]); without one
// these commands say host information is off (exit status 1). -p and -i
// print "unknown", as coreutils on Linux does; -a leaves them out then.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/opt"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

// host returns the run's HostInfo, or reports that there is none.
func (p *Proc) host() (HostInfo, bool) {
	if p.Sys == nil || p.Sys.Host == nil {
		p.Errorf("host information is off in this shell (%s)", HostInfoHint)
		return nil, false
	}
	return p.Sys.Host, true
}

func uname(p *Proc) int {
	var sel [8]bool // s n r v m p i o
	all := false
	o := p.newOpts(1)
	addToolInfo(o, "uname")
	for i, f := range []struct {
		short rune
		long  string
	}{{'s', "kernel-name"}, {'n', "nodename"}, {'r', "kernel-release"}, {'v', "kernel-version"},
		{'m', "machine"}, {'p', "processor"}, {'i', "hardware-platform"}, {'o', "operating-system"}} {
		o.Flag(f.short, f.long, &sel[i])
	}
	o.Flag('a', "all", &all)
	h, status := p.hostOnly(o)
	if h == nil {
		return status
	}
	u, err := h.Uname()
	if err != nil {
		p.Errorf("cannot get system name: %v", err)
		return 1
	}
	return p.printUname(u, sel, all)
}

func (p *Proc) printUname(u HostUname, sel [8]bool, all bool) int {
	vals := []string{u.Sysname, u.Nodename, u.Release, u.Version, u.Machine, "unknown", "unknown", u.OS}
	none := true
	for _, s := range sel {
		none = none && !s
	}
	var out []string
	for i, v := range vals {
		switch {
		case all && (i == 5 || i == 6) && !sel[i]:
		case all || sel[i] || none && i == 0:
			out = append(out, v)
		}
	}
	p.Stdout.Write([]byte(strings.Join(out, " ") + "\n"))
	return 0
}

func hostname(p *Proc) int {
	short := false
	o := p.newOpts(1)
	addToolInfo(o, "hostname", 'V')
	o.Flag('s', "short", &short)
	if _, err := o.Parse(p.Args[1:]); err != nil {
		return p.usage(err, 1)
	}
	h, ok := p.host()
	if !ok {
		return 1
	}
	u, err := h.Uname()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	name := u.Nodename
	if short {
		name, _, _ = strings.Cut(name, ".")
	}
	p.Stdout.Write([]byte(name + "\n"))
	return 0
}

func whoami(p *Proc) int {
	o := p.newOpts(1)
	addToolInfo(o, "whoami")
	h, status := p.hostOnly(o)
	if h == nil {
		return status
	}
	u, err := h.User()
	if err != nil || u.Name == "" {
		p.Errorf("cannot find name for user ID %d", u.UID)
		return 1
	}
	p.Stdout.Write([]byte(u.Name + "\n"))
	return 0
}

func nproc(p *Proc) int {
	all := false
	ignore := 0
	o := p.newOpts(1)
	addToolInfo(o, "nproc")
	o.Flag(0, "all", &all)
	o.Value(0, "ignore", func(_, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return &opt.Error{Msg: p.Name() + ": invalid number: " + quote.Locale(v), Status: 1}
		}
		ignore = n
		return nil
	})
	h, status := p.hostOnly(o)
	if h == nil {
		return status
	}
	n, err := h.CPUs(all)
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	p.Stdout.Write([]byte(strconv.Itoa(max(n-ignore, 1)) + "\n"))
	return 0
}

// hostOnly parses the options of a host-information command that takes
// no operands and returns the host; nil, with the exit status, when the
// options are wrong, an operand is given or host information is off. A
// parser with NoTry set is a procps tool's, which follows a wrong option
// or an operand with its usage text instead of coreutils' "Try" line.
func (p *Proc) hostOnly(o *opt.Parser) (HostInfo, int) {
	args, err := o.Parse(p.Args[1:])
	switch {
	case err != nil && o.NoTry:
		return nil, p.procpsUsage(err)
	case err != nil:
		return nil, p.usage(err, 1)
	case len(args) > 0 && o.NoTry:
		return nil, p.procpsUsage(nil)
	case len(args) > 0:
		return nil, p.usageErr("extra operand %s", quote.Locale(args[0]))
	}
	h, ok := p.host()
	if !ok {
		return nil, 1
	}
	return h, 0
}

// procpsUsage is a procps tool's answer to a wrong option (err) or an
// operand (err nil): the message, then the --help text, on standard error.
func (p *Proc) procpsUsage(err error) int {
	if err != nil {
		if code, ok := p.answerInfo(err); ok {
			return code
		}
		fmt.Fprintln(p.Stderr, err.Error())
	}
	fmt.Fprint(p.Stderr, helpText(p.Name()))
	return 1
}
