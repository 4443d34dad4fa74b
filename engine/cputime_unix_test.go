//go:build unix

package engine_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system), which
// other processes on a loaded machine do not inflate as they do the wall
// clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
