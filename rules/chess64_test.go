package rules

import (
	"math/rand/v2"
	"testing"

	"houserules/position"
	"houserules/position/chess64"
)

// The 64-bit chess fast path must agree with the generic core: perft(3)
// from 150 positions of random games (fixed seed), castling, en passant
// and promotions included.
func TestChess64MatchesGeneric(t *testing.T) {
	v := position.NewVariant()
	rng := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for game := 0; game < 15; game++ {
		p, err := position.New(v, "", false)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 120; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			if ply%12 == 5 {
				fen := p.FEN()
				q, _ := position.New(v, fen, false)
				b, err := chess64.Parse(fen)
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				want := PerftGeneric(q, 3)
				if got := b.Perft(3); got != want {
					t.Fatalf("perft(3) of %s: fast %d, generic %d", fen, got, want)
				}
				checked++
			}
			p.Do(moves[rng.IntN(len(moves))])
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// Castling rights the fast path does not know (Shredder letters for rooks
// off the corners, a king off the e-file) keep Perft on the generic core:
// counts from Fairy-Stockfish 11.1 (`go perft 3`).
func TestPerftNonStandardCastling(t *testing.T) {
	v := position.NewVariant()
	for _, c := range []struct {
		fen  string
		want uint64
	}{
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", 12297},
		{"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", 11099},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 13744}, // standard rights: the fast path
	} {
		p, err := position.New(v, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := Perft(p, 3); got != c.want {
			t.Errorf("perft(3) of %s = %d, want %d", c.fen, got, c.want)
		}
	}
}
