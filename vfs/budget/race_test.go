//go:build race

package budget_test

// raceEnabled: under the race detector, each copy is also checked in
// its C runtime, which the Go runtime cannot preempt either.
const raceEnabled = true
