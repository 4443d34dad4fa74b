package builtins

// What uname, hostname, whoami, id, uptime, free, ps, df and nproc show
// comes from a HostInfo the engine's embedder lends ([System.Host]):
// these commands never read /proc, the host's environment or its user
// database themselves. Without one they say host information is off and
// which flag turns it on (exit status 1).

import (
	"time"
)

// HostInfoHint says how host information is turned on.
const HostInfoHint = "start shellfence with --allow-host-info to allow it"

// HostInfo describes the host the server runs on.
type HostInfo interface {
	Uname() (HostUname, error)
	User() (HostUser, error)
	Uptime() (HostUptime, error)
	Memory() (HostMemory, error)
	Processes() ([]HostProcess, error)
	Mounts() ([]HostMount, error)
	CPUs(all bool) (int, error) // the processors this process may use; all: installed
}

// HostUname is what uname prints.
type HostUname struct {
	Sysname, Nodename, Release, Version, Machine, OS string
}

// HostUser is the user and groups the server runs as.
type HostUser struct {
	UID, GID   int
	Name       string // "" when the user database has no name
	Group      string
	Groups     []int    // supplementary groups, the primary one included
	GroupNames []string // parallel to Groups; "" when unknown
}

// HostUptime is what uptime prints.
type HostUptime struct {
	Now   time.Time
	Boot  time.Time
	Users int        // logged-in users
	Load  [3]float64 // 1, 5 and 15 minute load averages
}

// HostMemory is what free prints, in bytes.
type HostMemory struct {
	Total, Used, Free, Shared, Buffers, Cached, Available uint64
	SwapTotal, SwapUsed, SwapFree                         uint64
}

// HostProcess is one process, for ps.
type HostProcess struct {
	PID, PPID int
	User      string
	UID       int
	CPU       float64 // percent of one CPU over its life
	Mem       float64 // percent of memory
	VSZ, RSS  uint64  // KiB
	TTY       string  // "?" when none
	Stat      string  // "S", "R", "Ss", ...
	Start     time.Time
	CPUTime   time.Duration
	Comm      string   // the executable's name
	Args      []string // the command line; empty for kernel threads
}

// HostMount is one mounted file system, for df.
type HostMount struct {
	Device, Path, Type             string
	Total, Used, Free              uint64 // bytes; Free is what non-root users may use
	Inodes, InodesUsed, InodesFree uint64
}
