package rules_test

import (
	"testing"

	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestRepetitionThroughDrops: in crazyhouse a position can repeat across
// captures and drops (they reset the n-move counter, but the captured
// piece comes back from the pocket). The 8-ply cycle R@g8+ Kxg8 Ka2 R@b1
// Kxb1 Kh7 Ka1 Kh8 returns to the start (kings a1 and h8, a rook in each
// pocket); played twice it makes the third occurrence, which
// Fairy-Stockfish scores a draw (its repetition search under
// capturesToHand goes back pliesFromNull plies, not rule50).
func TestRepetitionThroughDrops(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	g, err := rules.NewGame(rs, "7k/8/8/8/8/8/8/K7[Rr] w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	cycle := []string{"R@g8", "h8g8", "a1a2", "R@b1", "a2b1", "g8h7", "b1a1", "h7h8"}
	for round := 1; round <= 2; round++ {
		for i, s := range cycle {
			if r, over := g.Result(); over {
				t.Fatalf("round %d ply %d (%s): game over early: %v", round, i+1, s, r)
			}
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatalf("round %d: %s: %v", round, s, err)
			}
			g.Do(m)
		}
	}
	if got := g.FEN(); got != "7k/8/8/8/8/8/8/K7[Rr] w - - 3 9" {
		t.Fatalf("after two cycles: %s", got)
	}
	r, over := g.Result()
	if !over || r.Score != "1/2-1/2" || r.Reason != "repetition" {
		t.Errorf("after two cycles: result %+v over %v, want a draw by repetition", r, over)
	}
}
