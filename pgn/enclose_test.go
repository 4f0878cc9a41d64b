package pgn

import "testing"

// TestRoundTripEnclosing: ataxx and flipello games, written and read back,
// are the same games: drops from an unlimited supply (ataxx keeps no
// pocket), jumps, passes ("pass") and the result by material counting.
func TestRoundTripEnclosing(t *testing.T) {
	for _, c := range []struct{ variant, fen, end string }{
		{"ataxx", "", ""},
		{"ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1", ""}, // White must pass
		{"flipello", "", ""},
		// both pass: the game is over, White has more pieces
		{"flipello", "8/8/8/3PP3/3PP3/8/8/7p[PPPPpppp] w - - 0 1", "1-0 double pass, material counting"},
	} {
		passes := 0
		for seed := 0; seed < 3; seed++ {
			g := playOut(t, c.variant, "", c.fen, 200, seed)
			for _, m := range g.Moves {
				if m.SAN == "pass" {
					passes++
				}
			}
			roundTrip(t, g)
			if end := g.Result + " " + g.Final; c.end != "" && end != c.end {
				t.Errorf("%s %s: %s, want %s", c.variant, c.fen, end, c.end)
			}
		}
		if c.fen != "" && passes == 0 {
			t.Errorf("%s %s: no pass in the games played", c.variant, c.fen)
		}
	}
}
