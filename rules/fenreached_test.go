package rules_test

import (
	"math/rand/v2"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestFENReachedPositionsAccepted (issue 45): every position a game of a
// built-in variant reaches is a FEN position.New accepts. For each variant
// of the catalogue, games of random legal moves from the start position
// (seeded, so the same every run): the FEN after each ply must be read
// back without error (the checks of impossible positions — pawns on
// ranks they never reach, piece counts, facing generals — must never
// refuse a reached one). Games stop at the end of the game.
func TestFENReachedPositionsAccepted(t *testing.T) {
	games, plies := 3, 150
	if testing.Short() {
		games, plies = 1, 40
	}
	checked := 0
	for _, name := range variants.Names() {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for g := range games {
			r := rand.New(rand.NewPCG(uint64(g), 45))
			p, err := position.New(v, "", false)
			if err != nil {
				t.Fatalf("%s start: %v", name, err)
			}
			for range plies {
				if _, over := p.ImmediateEnd(); over {
					break
				}
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				p.Do(moves[r.IntN(len(moves))])
				if _, over := p.ImmediateEnd(); over {
					break // a captured king, a flag reached: not judged
				}
				fen := p.FEN()
				if _, err := position.New(v, fen, false); err != nil {
					t.Errorf("%s game %d: %v", name, g, err)
					break
				}
				checked++
			}
		}
	}
	t.Logf("%d positions", checked)
}
