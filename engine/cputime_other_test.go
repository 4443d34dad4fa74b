//go:build !unix

package engine_test

import "time"

var processStart = time.Now()

// cpuTime falls back to the wall clock where getrusage is missing.
func cpuTime() time.Duration { return time.Since(processStart) }
