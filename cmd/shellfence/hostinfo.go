package main

import (
	"context"
	"os"
	"os/user"
	"runtime"
	"strconv"
	"time"

	"github.com/shirou/gopsutil/v4/cpu"
	"github.com/shirou/gopsutil/v4/disk"
	"github.com/shirou/gopsutil/v4/host"
	psload "github.com/shirou/gopsutil/v4/load"
	"github.com/shirou/gopsutil/v4/mem"
	"github.com/shirou/gopsutil/v4/process"

	"github.com/shellfence/shellfence/builtins"
)

// hostInfo describes the host to the run's uname, id, free, ps, df and
// the others (--allow-host-info). It reads the host through gopsutil and
// the standard library; the builtins never do.
type hostInfo struct{}

func newHostInfo() builtins.HostInfo { return hostInfo{} }

func (hostInfo) Uname() (builtins.HostUname, error) { return uname() }

func (hostInfo) User() (builtins.HostUser, error) {
	u := builtins.HostUser{UID: os.Getuid(), GID: os.Getgid()}
	if cur, err := user.LookupId(strconv.Itoa(u.UID)); err == nil {
		u.Name = cur.Username
	}
	u.Group = groupName(u.GID)
	gids, _ := os.Getgroups()
	u.Groups = append(u.Groups, u.GID)
	for _, g := range gids {
		if g != u.GID {
			u.Groups = append(u.Groups, g)
		}
	}
	for _, g := range u.Groups {
		u.GroupNames = append(u.GroupNames, groupName(g))
	}
	return u, nil
}

func groupName(gid int) string {
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		return g.Name
	}
	return ""
}

func (hostInfo) Uptime() (builtins.HostUptime, error) {
	boot, err := host.BootTime()
	if err != nil {
		return builtins.HostUptime{}, err
	}
	u := builtins.HostUptime{Now: time.Now(), Boot: time.Unix(int64(boot), 0)}
	if users, err := host.Users(); err == nil {
		u.Users = len(users)
	}
	if avg, err := psload.Avg(); err == nil {
		u.Load = [3]float64{avg.Load1, avg.Load5, avg.Load15}
	}
	return u, nil
}

func (hostInfo) Memory() (builtins.HostMemory, error) {
	v, err := mem.VirtualMemory()
	if err != nil {
		return builtins.HostMemory{}, err
	}
	m := builtins.HostMemory{Total: v.Total, Free: v.Free, Shared: v.Shared, Buffers: v.Buffers,
		Cached: v.Cached, Available: v.Available}
	m.Used = v.Total - min(v.Available, v.Total) // procps 4: total less available
	if s, err := mem.SwapMemory(); err == nil {
		m.SwapTotal, m.SwapUsed, m.SwapFree = s.Total, s.Used, s.Free
	}
	return m, nil
}

func (hostInfo) CPUs(all bool) (int, error) {
	if all {
		return cpu.Counts(true)
	}
	return runtime.NumCPU(), nil
}

func (hostInfo) Mounts() ([]builtins.HostMount, error) {
	parts, err := disk.Partitions(true)
	if err != nil {
		return nil, err
	}
	var out []builtins.HostMount
	for _, pt := range parts {
		u, err := disk.Usage(pt.Mountpoint)
		if err != nil {
			continue
		}
		out = append(out, builtins.HostMount{Device: pt.Device, Path: pt.Mountpoint, Type: pt.Fstype,
			Total: u.Total, Used: u.Used, Free: u.Free,
			Inodes: u.InodesTotal, InodesUsed: u.InodesUsed, InodesFree: u.InodesFree})
	}
	return out, nil
}

func (hostInfo) Processes() ([]builtins.HostProcess, error) {
	ctx := context.Background()
	procs, err := process.ProcessesWithContext(ctx)
	if err != nil {
		return nil, err
	}
	var out []builtins.HostProcess
	for _, pr := range procs {
		out = append(out, describeProcess(ctx, pr))
	}
	return out, nil
}

// describeProcess reads what ps shows of one process; what cannot be read stays
// zero.
func describeProcess(ctx context.Context, pr *process.Process) builtins.HostProcess {
	h := builtins.HostProcess{PID: int(pr.Pid), TTY: "?"}
	if pp, err := pr.PpidWithContext(ctx); err == nil {
		h.PPID = int(pp)
	}
	if uids, err := pr.UidsWithContext(ctx); err == nil && len(uids) > 1 {
		h.UID = int(uids[1])
	}
	h.User, _ = pr.UsernameWithContext(ctx)
	h.CPU, _ = pr.CPUPercentWithContext(ctx)
	if m, err := pr.MemoryPercentWithContext(ctx); err == nil {
		h.Mem = float64(m)
	}
	if mi, err := pr.MemoryInfoWithContext(ctx); err == nil {
		h.VSZ, h.RSS = mi.VMS/1024, mi.RSS/1024
	}
	if t, err := pr.TerminalWithContext(ctx); err == nil && t != "" {
		h.TTY = trimDev(t)
	}
	if st, err := pr.StatusWithContext(ctx); err == nil && len(st) > 0 {
		h.Stat = statLetter(st[0])
	}
	if ct, err := pr.CreateTimeWithContext(ctx); err == nil {
		h.Start = time.UnixMilli(ct)
	}
	if t, err := pr.TimesWithContext(ctx); err == nil {
		h.CPUTime = time.Duration((t.User + t.System) * float64(time.Second))
	}
	h.Comm, _ = pr.NameWithContext(ctx)
	h.Args, _ = pr.CmdlineSliceWithContext(ctx)
	return h
}

func trimDev(t string) string {
	if len(t) > 5 && t[:5] == "/dev/" {
		return t[5:]
	}
	return t
}

// statLetter turns gopsutil's state word back into ps's letter.
func statLetter(word string) string {
	letters := map[string]string{process.Running: "R", process.Sleep: "S", process.Stop: "T",
		process.Idle: "I", process.Zombie: "Z", process.Wait: "D", process.Lock: "L"}
	if l, ok := letters[word]; ok {
		return l
	}
	return "?"
}
