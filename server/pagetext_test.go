package server

import "testing"

// TestPageText: the page's error text names house rules as the cards do
// and has no command-line syntax.
func TestPageText(t *testing.T) {
	for in, want := range map[string]string{
		"preset king-heals requires piece-hp: add it, e.g. --presets piece-hp,king-heals": "house rule “Regenerating King” requires “Hit Points”: add it",
		"presets capture-to-win and last-piece-standing are incompatible: choose one":     "house rules “First Blood” and “Annihilation” are incompatible: choose one",
		"unknown preset \"x\" (see `houserules rules list`)":                              "unknown house rule \"x\"",
		"the game is over": "the game is over",
	} {
		if got := pageText(in); got != want {
			t.Errorf("pageText(%q) = %q, want %q", in, got, want)
		}
	}
}
