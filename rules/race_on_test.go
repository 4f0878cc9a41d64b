//go:build race

package rules

// raceEnabled: the tests run under the race detector (go test -race). It
// makes single-goroutine code 5–10× slower and finds nothing in it, so
// the heaviest such tests run smaller under it; without it (race_off_test.go)
// they run in full.
const raceEnabled = true
