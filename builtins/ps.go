package builtins

// ps - report the host's processes
//
//	ps [-e | -A] [-f] [-o FORMAT]    ps aux
//
// procps-ng 4.0's default, -f, BSD "aux" and -o layouts (keys pid, ppid,
// user, uid, comm, args, cmd, command, %cpu, pcpu, %mem, pmem, vsz, rss,
// tty, stat, time, etime, start, stime), from the run's HostInfo
// ([System.Host]). Without -e, -A or x, ps lists the processes of the
// server's user that have no terminal, as procps does without one.

import (
	"fmt"
	"strings"
	"time"
)

// psCol is one column of ps's output.
type psCol struct {
	head  string
	width int
	left  bool
	value func(pr HostProcess, now time.Time) string
}

func ps(p *Proc) int {
	var all, full, bsd bool
	var format string
	args := p.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		bsd = true
		all = strings.ContainsAny(args[0], "ax")
		full = strings.Contains(args[0], "u")
		args = args[1:]
	}
	o := p.newOpts(1)
	addToolInfo(o, "ps", 'V')
	o.Flag('e', "", &all)
	o.Flag('A', "", &all)
	o.Flag('f', "", &full)
	o.String('o', "format", &format)
	if rest, err := o.Parse(args); err != nil || len(rest) > 0 {
		if err == nil {
			p.Errorf("unsupported option (shellfence's ps takes -e -A -f -o and aux): %s", rest[0])
			return 1
		}
		return p.usage(err, 1)
	}
	h, ok := p.host()
	if !ok {
		return 1
	}
	procs, err := h.Processes()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	cols, err := psColumns(format, full, bsd)
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	p.psPrint(psSelect(h, procs, all), cols)
	return 0
}

// psSelect keeps every process, or those of the server's user without a
// terminal.
func psSelect(h HostInfo, procs []HostProcess, all bool) []HostProcess {
	if all {
		return procs
	}
	u, err := h.User()
	var out []HostProcess
	for _, pr := range procs {
		if err == nil && pr.UID == u.UID && pr.TTY == "?" {
			out = append(out, pr)
		}
	}
	return out
}

var psKeys = map[string]psCol{
	"pid":     {"PID", 5, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprint(pr.PID) }},
	"ppid":    {"PPID", 5, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprint(pr.PPID) }},
	"user":    {"USER", 8, true, func(pr HostProcess, _ time.Time) string { return psUser(pr) }},
	"uid":     {"UID", 5, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprint(pr.UID) }},
	"comm":    {"COMMAND", 15, true, func(pr HostProcess, _ time.Time) string { return pr.Comm }},
	"args":    {"COMMAND", 0, true, func(pr HostProcess, _ time.Time) string { return psArgs(pr) }},
	"%cpu":    {"%CPU", 4, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprintf("%.1f", pr.CPU) }},
	"%mem":    {"%MEM", 4, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprintf("%.1f", pr.Mem) }},
	"vsz":     {"VSZ", 6, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprint(pr.VSZ) }},
	"rss":     {"RSS", 5, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprint(pr.RSS) }},
	"tty":     {"TT", 8, true, func(pr HostProcess, _ time.Time) string { return pr.TTY }},
	"stat":    {"STAT", 4, true, func(pr HostProcess, _ time.Time) string { return pr.Stat }},
	"time":    {"TIME", 8, false, func(pr HostProcess, _ time.Time) string { return psTime(pr.CPUTime) }},
	"etime":   {"ELAPSED", 11, false, func(pr HostProcess, now time.Time) string { return psElapsed(now.Sub(pr.Start)) }},
	"stime":   {"STIME", 5, false, func(pr HostProcess, now time.Time) string { return psStart(pr.Start, now) }},
	"bsdtime": {"TIME", 6, false, func(pr HostProcess, _ time.Time) string { return psBSDTime(pr.CPUTime) }},
}

var psAliases = map[string]string{"cmd": "args", "command": "args", "pcpu": "%cpu", "pmem": "%mem",
	"start": "stime", "start_time": "stime", "cputime": "time", "tname": "tty", "tt": "tty", "s": "stat"}

// psColumns returns the columns of a -o format or of a standard layout.
func psColumns(format string, full, bsd bool) ([]psCol, error) {
	keys := "pid,tty,time,args"
	var heads map[int]string
	switch {
	case format != "":
		keys = format
	case bsd && full:
		keys, heads = "user,pid,%cpu,%mem,vsz,rss,tty,stat,stime,bsdtime,args", map[int]string{6: "TTY", 8: "START"}
	case bsd:
		keys, heads = "pid,tty,stat,bsdtime,args", map[int]string{1: "TTY"}
	case full:
		keys, heads = "user,pid,ppid,c,stime,tty,time,args", map[int]string{0: "UID", 5: "TTY", 7: "CMD"}
	default:
		heads = map[int]string{1: "TTY", 3: "CMD"}
	}
	var cols []psCol
	for i, k := range strings.FieldsFunc(keys, func(r rune) bool { return r == ',' || r == ' ' }) {
		name, head, _ := strings.Cut(k, "=")
		if a, ok := psAliases[name]; ok {
			name = a
		}
		c, ok := psKeys[name]
		if name == "c" {
			c, ok = psCol{"C", 2, false, func(pr HostProcess, _ time.Time) string { return fmt.Sprintf("%.0f", pr.CPU) }}, true
		}
		if !ok {
			return nil, fmt.Errorf("error: unknown user-defined format specifier \"%s\"", name)
		}
		if h, ok := heads[i]; ok {
			c.head = h
		}
		if strings.Contains(k, "=") {
			c.head = head
		}
		cols = append(cols, c)
	}
	return cols, nil
}

func (p *Proc) psPrint(procs []HostProcess, cols []psCol) {
	now := p.Now()
	var b strings.Builder
	row := func(cell func(c psCol) string) {
		var parts []string
		for i, c := range cols {
			v := cell(c)
			switch {
			case i == len(cols)-1 && c.left:
				parts = append(parts, v)
			case c.left:
				parts = append(parts, fmt.Sprintf("%-*s", c.width, v))
			default:
				parts = append(parts, fmt.Sprintf("%*s", c.width, v))
			}
		}
		b.WriteString(strings.TrimRight(strings.Join(parts, " "), " ") + "\n")
	}
	heads := false
	for _, c := range cols {
		heads = heads || c.head != ""
	}
	if heads {
		row(func(c psCol) string { return c.head })
	}
	for _, pr := range procs {
		row(func(c psCol) string { return c.value(pr, now) })
	}
	p.Stdout.Write([]byte(b.String()))
}

func psUser(pr HostProcess) string {
	if pr.User == "" || len(pr.User) > 8 {
		return fmt.Sprint(pr.UID)
	}
	return pr.User
}

// psArgs is the command line, or [comm] for a kernel thread.
func psArgs(pr HostProcess) string {
	if len(pr.Args) == 0 {
		return "[" + pr.Comm + "]"
	}
	return strings.Join(pr.Args, " ")
}

// psTime is [DD-]HH:MM:SS.
func psTime(d time.Duration) string {
	s := int(d / time.Second)
	if s >= 86400 {
		return fmt.Sprintf("%d-%02d:%02d:%02d", s/86400, s/3600%24, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

// psBSDTime is M:SS.
func psBSDTime(d time.Duration) string {
	s := int(d / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// psElapsed is [[DD-]HH:]MM:SS.
func psElapsed(d time.Duration) string {
	s := int(d / time.Second)
	switch {
	case s >= 86400:
		return fmt.Sprintf("%d-%02d:%02d:%02d", s/86400, s/3600%24, s/60%60, s%60)
	case s >= 3600:
		return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/60, s%60)
}

// psStart is HH:MM today, MonDD this year, else the year.
func psStart(t, now time.Time) string {
	t = t.In(now.Location())
	switch {
	case now.Sub(t) < 24*time.Hour && t.YearDay() == now.YearDay():
		return t.Format("15:04")
	case t.Year() == now.Year():
		return t.Format("Jan02")
	}
	return t.Format("2006")
}
