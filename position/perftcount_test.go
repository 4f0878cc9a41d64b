package position_test

import (
	"math/rand/v2"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestCountChildren checks CountChildren (perft's last two plies, with
// the opponent's reaches kept across the moves) against Do, LegalMoves,
// Undo for each move, over random games of variants with and without
// pockets, gating, promotions and Chess960 castling.
func TestCountChildren(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		chess960     bool
	}{
		{"chess", "", false},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
		{"chess", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
		{"seirawan", "", false},
		{"seirawan", "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1", true},
		{"shouse", "", false},
		{"crazyhouse", "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1[Pp] w - - 0 8", false},
		{"capablanca", "", false},
		{"makruk", "", false},
		{"shogi", "", false},
		{"grand", "", false},
		{"shako", "", false},
	} {
		v, err := variants.Get(c.variant)
		if err != nil {
			t.Fatalf("variant %s: %v", c.variant, err)
		}
		rng := rand.New(rand.NewPCG(11, uint64(len(c.fen))))
		checked := 0
		for game := 0; game < 12; game++ {
			p, err := position.New(v, c.fen, c.chess960)
			if err != nil {
				t.Fatalf("%s FEN %q: %v", c.variant, c.fen, err)
			}
			for ply := 0; ply < 50; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				var want uint64
				for _, m := range moves {
					p.Do(m)
					want += uint64(len(p.LegalMoves(nil)))
					p.Undo()
				}
				if got := p.CountChildren(moves); got != want {
					t.Fatalf("%s %s: CountChildren %d, moves after each move %d", c.variant, p.FEN(), got, want)
				}
				checked++
				p.Do(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 100 {
			t.Errorf("%s: only %d positions checked", c.variant, checked)
		}
	}
}
