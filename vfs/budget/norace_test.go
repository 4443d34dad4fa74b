//go:build !race

package budget_test

const raceEnabled = false
