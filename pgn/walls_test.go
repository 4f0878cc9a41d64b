package pgn

import (
	"strings"
	"testing"
)

// TestRoundTripWalls: games of walling variants are written with SAN that
// ends in "," and the wall square (e4,e5 in duck chess) and read back into
// the same games.
func TestRoundTripWalls(t *testing.T) {
	for _, variant := range []string{"duck", "amazons", "isolation", "joust"} {
		for seed := 0; seed < 2; seed++ {
			g := playOut(t, variant, "", "", 60, seed)
			if len(g.Moves) == 0 || !strings.Contains(g.Moves[0].SAN, ",") {
				t.Fatalf("%s: first move %v has no wall square", variant, g.Moves)
			}
			roundTrip(t, g)
		}
	}
}
