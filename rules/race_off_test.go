//go:build !race

package rules

// raceEnabled: false, the tests run in full (race_on_test.go).
const raceEnabled = false
