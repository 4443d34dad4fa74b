package builtins

// uptime - tell how long the host has been running
//
//	uptime [-p | --pretty] [-s | --since]
//
// procps-ng 4.0's formats, from the run's HostInfo ([System.Host]).

import (
	"fmt"
	"strings"
	"time"
)

func uptime(p *Proc) int {
	var pretty, since bool
	o := p.newOpts(1)
	o.NoTry = true
	addToolInfo(o, "uptime", 'V')
	o.Flag('p', "pretty", &pretty)
	o.Flag('s', "since", &since)
	h, status := p.hostOnly(o)
	if h == nil {
		return status
	}
	u, err := h.Uptime()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	up := u.Now.Sub(u.Boot)
	switch {
	case since:
		fmt.Fprintln(p.Stdout, u.Boot.In(p.Loc()).Format("2006-01-02 15:04:05"))
	case pretty:
		fmt.Fprintln(p.Stdout, prettyUptime(up))
	default:
		fmt.Fprintln(p.Stdout, uptimeLine(u.Now.In(p.Loc()), up, u.Users, u.Load))
	}
	return 0
}

// uptimeLine is " 06:49:50 up  1:07,  0 user,  load average: 0.10, 0.20, 0.30".
func uptimeLine(now time.Time, up time.Duration, users int, load [3]float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, " %s up ", now.Format("15:04:05"))
	mins := int(up / time.Minute)
	days, hours, m := mins/1440, mins/60%24, mins%60
	if days > 0 {
		fmt.Fprintf(&b, "%d %s, ", days, uptimePlural(days, "day"))
	}
	if hours > 0 {
		fmt.Fprintf(&b, "%2d:%02d, ", hours, m)
	} else {
		fmt.Fprintf(&b, "%d min, ", m)
	}
	word := "user"
	if users > 1 {
		word = "users"
	}
	fmt.Fprintf(&b, "%2d %s,  load average: %.2f, %.2f, %.2f", users, word, load[0], load[1], load[2])
	return b.String()
}

// prettyUptime is "up 1 week, 2 days, 1 hour, 7 minutes".
func prettyUptime(up time.Duration) string {
	mins := int(up / time.Minute)
	parts := []struct {
		n    int
		unit string
	}{{mins / 10080, "week"}, {mins / 1440 % 7, "day"}, {mins / 60 % 24, "hour"}, {mins % 60, "minute"}}
	var out []string
	for _, pt := range parts {
		if pt.n > 0 {
			out = append(out, fmt.Sprintf("%d %s", pt.n, uptimePlural(pt.n, pt.unit)))
		}
	}
	if out == nil {
		return "up 0 minutes"
	}
	return "up " + strings.Join(out, ", ")
}

func uptimePlural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
