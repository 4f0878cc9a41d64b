package search

import "testing"

// TestStatBonus checks Stockfish 11's stat_bonus values (19d²+155d−154,
// depth capped at 15) and that addHistory keeps an entry within ±8,192
// however often the largest bonus is applied, either way.
func TestStatBonus(t *testing.T) {
	for _, c := range []struct {
		d    int
		want int32
	}{{1, 20}, {2, 232}, {3, 482}, {5, 1096}, {10, 3296}, {15, 6446}, {40, 6446}} {
		if got := statBonus(c.d); got != c.want {
			t.Errorf("statBonus(%d) = %d, want %d", c.d, got, c.want)
		}
	}
	// a cut raises the entry, a quiet move tried before the cut lowers it
	var h int32
	if addHistory(&h, statBonus(3)); h != 482 {
		t.Errorf("one depth-3 cut from 0: %d, want 482", h)
	}
	// 482 − 482 − 482·482/8192 (28.4, truncated)
	if addHistory(&h, -statBonus(3)); h != -28 {
		t.Errorf("then one depth-3 refutation: %d, want -28", h)
	}
	for range 1000 {
		addHistory(&h, statBonus(15))
	}
	if h < 8000 || h > 8192 {
		t.Errorf("after 1,000 depth-15 cuts the entry is %d, want within [8000, 8192]", h)
	}
	for range 1000 {
		addHistory(&h, -statBonus(15))
	}
	if h > -8000 || h < -8192 {
		t.Errorf("after 1,000 depth-15 refutations the entry is %d, want within [-8192, -8000]", h)
	}
}
