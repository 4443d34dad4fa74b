package builtins

// free - show the host's memory use
//
//	free [-b | -k | -m | -g | -h] [--si] [-t]
//
// procps-ng 4.0's layout ("used" is total less available), from the
// run's HostInfo ([System.Host]).

import (
	"fmt"
	"strings"
)

func free(p *Proc) int {
	unit, human, total := uint64(1024), false, false
	si := false
	o := p.newOpts(1)
	o.NoTry = true
	addToolInfo(o, "free", 'V')
	for _, u := range []struct {
		short rune
		long  string
		n     uint64
	}{{'b', "bytes", 1}, {'k', "kibi", 1024}, {'m', "mebi", 1 << 20}, {'g', "gibi", 1 << 30}} {
		n := u.n
		o.Func(u.short, u.long, func() { unit, human = n, false })
	}
	o.Func('h', "human", func() { human = true })
	o.Flag(0, "si", &si)
	o.Flag('t', "total", &total)
	h, status := p.hostOnly(o)
	if h == nil {
		return status
	}
	m, err := h.Memory()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	f := func(n uint64) string {
		if human {
			return freeHuman(n, si)
		}
		return fmt.Sprint(n / unit)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%8s%12s%12s%12s%12s%12s%12s\n", "", "total", "used", "free", "shared", "buff/cache", "available")
	fmt.Fprintf(&b, "%-8s%12s%12s%12s%12s%12s%12s\n", "Mem:", f(m.Total), f(m.Used), f(m.Free), f(m.Shared), f(m.Buffers+m.Cached), f(m.Available))
	fmt.Fprintf(&b, "%-8s%12s%12s%12s\n", "Swap:", f(m.SwapTotal), f(m.SwapUsed), f(m.SwapFree))
	if total {
		fmt.Fprintf(&b, "%-8s%12s%12s%12s\n", "Total:", f(m.Total+m.SwapTotal), f(m.Used+m.SwapUsed), f(m.Free+m.SwapFree))
	}
	p.Stdout.Write([]byte(b.String()))
	return 0
}

// freeHuman is procps's short size: "0B", "9.1Mi", "23Gi".
func freeHuman(n uint64, si bool) string {
	base, suffix := 1024.0, []string{"B", "Ki", "Mi", "Gi", "Ti", "Pi"}
	if si {
		base, suffix = 1000, []string{"B", "K", "M", "G", "T", "P"}
	}
	if n < uint64(base) {
		return fmt.Sprintf("%dB", n)
	}
	v := float64(n)
	i := 0
	for v >= base && i < len(suffix)-1 {
		v /= base
		i++
	}
	if v < 10 {
		return fmt.Sprintf("%.1f%s", v, suffix[i])
	}
	return fmt.Sprintf("%d%s", int(v), suffix[i])
}
