package position_test

// The fast paths of gating (LegalMoves adds the gating forms to the legal
// moves only, CountLegal counts them in bulk) against the plain
// definition: every pseudo-legal move, gating forms included, tested one
// by one with Legal. Over random games of S-Chess (seirawan), its
// Chess960 form and S-House (shouse, whose captures refill the pocket:
// pawns in hand, which may not be gated on the first rank), from the start
// and from positions with pins, checks and castling through gates.

import (
	"math/rand/v2"
	"slices"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// legalByDefinition returns PseudoLegal filtered by Legal.
func legalByDefinition(p *position.Position) []position.Move {
	var out []position.Move
	for _, m := range p.PseudoLegal(nil) {
		if p.Legal(m) {
			out = append(out, m)
		}
	}
	return out
}

func TestGatingCountMatchesList(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		chess960     bool
	}{
		{"seirawan", "", false},
		{"seirawan", "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1", true},
		// an elephant pinned on its gate (f1, by the rook on h1), castling
		// queenside with gating on a1 or e1
		{"seirawan", "r3k2r/pppq1ppp/2n1b3/8/8/8/PPP2PPP/R3KE1r[Hh] w QFkq - 0 1", false},
		// in check from a bishop, gating evasions
		{"seirawan", "rnbqk1nr/pppp1ppp/8/4p3/1b6/3P4/PPP1PPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", false},
		{"shouse", "", false},
		{"shouse", "r1bqkbnr/pEpppppp/n1e5/5H2/2H5/1p6/PPPPPKPP/RNBQ1BNR[P] w ABCDFGHkqcdfg - 0 6", false},
	} {
		v, err := variants.Get(c.variant)
		if err != nil {
			t.Fatalf("variant %s: %v", c.variant, err)
		}
		rng := rand.New(rand.NewPCG(42, uint64(len(c.fen))))
		positions, gatingSeen := 0, 0
		for game := 0; game < 40; game++ {
			p, err := position.New(v, c.fen, c.chess960)
			if err != nil {
				t.Fatalf("%s FEN %q: %v", c.variant, c.fen, err)
			}
			for ply := 0; ply < 60; ply++ {
				list := p.LegalMoves(nil)
				want := legalByDefinition(p)
				if !slices.Equal(list, want) {
					t.Fatalf("%s %s: LegalMoves has %d moves, PseudoLegal filtered by Legal %d", c.variant, p.FEN(), len(list), len(want))
				}
				if n := p.CountLegal(); n != len(list) {
					t.Fatalf("%s %s: CountLegal %d, LegalMoves %d", c.variant, p.FEN(), n, len(list))
				}
				positions++
				if len(list) == 0 {
					break
				}
				for _, m := range list {
					if m.IsGating() {
						gatingSeen++
						break
					}
				}
				p.Do(list[rng.IntN(len(list))])
			}
		}
		if gatingSeen < positions/10 {
			t.Errorf("%s %q: only %d of %d positions could gate", c.variant, c.fen, gatingSeen, positions)
		}
	}
}
