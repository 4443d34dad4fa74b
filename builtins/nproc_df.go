package builtins

// df - report the host's file system space
//
//	df [-h | -H | -k] [-T] [FILE]...
//
// The file systems come from the run's HostInfo ([System.Host]); those of
// size 0 (proc, sysfs, ...) are left out, as GNU does. A FILE names a
// workspace path, checked through the workspace; its line is the file
// system the path lies on.

import (
	"fmt"
	"strings"

	"github.com/shellfence/shellfence/builtins/internal/human"
	"github.com/shellfence/shellfence/builtins/internal/quote"
)

func df(p *Proc) int {
	var hum, si, typ bool
	o := p.newOpts(1)
	addToolInfo(o, "df")
	o.Flag('h', "human-readable", &hum)
	o.Flag('H', "si", &si)
	o.Flag('T', "print-type", &typ)
	o.Func('k', "", func() { hum, si = false, false })
	args, err := o.Parse(p.Args[1:])
	if err != nil {
		return p.usage(err, 1)
	}
	h, ok := p.host()
	if !ok {
		return 1
	}
	mounts, err := h.Mounts()
	if err != nil {
		p.Errorf("%v", err)
		return 1
	}
	rows, status := p.dfRows(mounts, args)
	if len(rows) > 0 {
		p.dfPrint(rows, hum, si, typ)
	}
	return status
}

// dfRows picks the file systems to show: the real ones, or those of args.
func (p *Proc) dfRows(mounts []HostMount, args []string) ([]HostMount, int) {
	if len(args) == 0 {
		var out []HostMount
		seen := map[string]bool{}
		for _, m := range mounts {
			if m.Total > 0 && !seen[m.Device+"\x00"+m.Path] {
				seen[m.Device+"\x00"+m.Path] = true
				out = append(out, m)
			}
		}
		return out, 0
	}
	var out []HostMount
	status := 0
	for _, a := range args {
		if _, err := p.Stat(a); err != nil {
			p.Errorf("%s: %s", quote.Shell(a), ErrText(err))
			status = 1
			continue
		}
		if m, ok := mountOf(mounts, p.Abs(a)); ok {
			out = append(out, m)
		}
	}
	return out, status
}

// mountOf is the mount with the longest path that holds abs.
func mountOf(mounts []HostMount, abs string) (HostMount, bool) {
	best, found := HostMount{}, false
	for _, m := range mounts {
		if (abs == m.Path || strings.HasPrefix(abs, strings.TrimSuffix(m.Path, "/")+"/")) && len(m.Path) >= len(best.Path) {
			best, found = m, true
		}
	}
	return best, found
}

func (p *Proc) dfPrint(rows []HostMount, hum, si, typ bool) {
	size := func(n uint64) string { return fmt.Sprint((n + 1023) / 1024) }
	head := []string{"Filesystem", "Type", "1K-blocks", "Used", "Available", "Use%", "Mounted on"}
	if hum || si {
		opts := human.H
		if si {
			opts = human.Autoscale | human.SI
		}
		size = func(n uint64) string { return human.Readable(n, opts, 1, 1) }
		head[2], head[4] = "Size", "Avail"
	}
	table := [][]string{head}
	for _, m := range rows {
		table = append(table, []string{m.Device, m.Type, size(m.Total), size(m.Used), size(m.Free), usePercent(m), m.Path})
	}
	p.Stdout.Write([]byte(dfTable(table, typ, hum || si)))
}

// usePercent is used / (used + available), rounded up, as GNU df does.
func usePercent(m HostMount) string {
	if m.Used+m.Free == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", (m.Used*100+m.Used+m.Free-1)/(m.Used+m.Free))
}

// dfTable aligns the table: the first two columns to the left (at least
// 14 and 4 wide), the numbers to the right, the mount point last.
func dfTable(t [][]string, typ, hum bool) string {
	width := make([]int, 7)
	width[0], width[1] = 14, 4
	if hum {
		width[2], width[3], width[4] = 5, 5, 5
	}
	for _, row := range t {
		for i, c := range row {
			width[i] = max(width[i], len(c))
		}
	}
	var b strings.Builder
	for _, row := range t {
		fmt.Fprintf(&b, "%-*s", width[0], row[0])
		if typ {
			fmt.Fprintf(&b, " %-*s", width[1], row[1])
		}
		for i := 2; i < 6; i++ {
			fmt.Fprintf(&b, " %*s", width[i], row[i])
		}
		b.WriteString(" " + row[6] + "\n")
	}
	return b.String()
}
