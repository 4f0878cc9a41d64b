package position

import "testing"

// TestUCIEqual: only the last character (a promotion letter) may differ,
// and only in case.
func TestUCIEqual(t *testing.T) {
	for _, c := range []struct {
		uci, s string
		want   bool
	}{
		{"e7e8q", "e7e8q", true}, {"e7e8q", "e7e8Q", true}, {"a9a10c", "a9a10C", true},
		{"e7e8q", "E7E8q", false}, {"e7e8q", "e7e8r", false}, {"e7e8q", "e7e8", false},
		{"e2e4", "e2e4", true}, {"e2e4", "E2e4", false}, {"g7g8+", "g7g8+", true}, {"", "", true}, {"", "x", false},
	} {
		if got := UCIEqual(c.uci, c.s); got != c.want {
			t.Errorf("UCIEqual(%q, %q) = %v, want %v", c.uci, c.s, got, c.want)
		}
	}
}
