package rules

import (
	"math/rand/v2"
	"strings"
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
		// NewFSF: a king off e1 with KQkq outside Chess960 is refused by
		// position.New; Fairy-Stockfish reads it and castles from b1
		p, err := position.NewFSF(v, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := Perft(p, 3); got != c.want {
			t.Errorf("perft(3) of %s = %d, want %d", c.fen, got, c.want)
		}
	}
}

// The 64-bit crazyhouse fast path must agree with the generic core:
// perft(3) (2 under -race) from positions of random crazyhouse and loop games (fixed
// seed), pockets, drops, promoted pieces (captured back as pawns in
// crazyhouse, as themselves in loop), castling and en passant included.
func TestCrazyhouse64MatchesGeneric(t *testing.T) {
	for _, c := range []struct {
		name string
		loop bool
	}{{"crazyhouse", false}, {"loop", true}} {
		v := position.NewVariant()
		v.Name, v.PieceDrops, v.CapturesToHand, v.DropLoop = c.name, true, true, c.loop
		v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
		if err := v.Compile(); err != nil {
			t.Fatal(err)
		}
		if zh, loop := v.StandardCrazyhouse(); !zh || loop != c.loop {
			t.Fatalf("%s: StandardCrazyhouse() = %v, %v", c.name, zh, loop)
		}
		rng := rand.New(rand.NewPCG(7, 13))
		checked, promoted, drops := 0, 0, 0
		depth := 3
		if raceEnabled {
			depth = 2 // single-goroutine: the race detector finds nothing here
		}
		for game := 0; game < 12; game++ {
			p, err := position.New(v, "", false)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 100; ply++ {
				moves := p.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				if ply%10 == 7 {
					fen := p.FEN()
					q, _ := position.New(v, fen, false)
					z, err := chess64.ParseZH(fen, c.loop)
					if err != nil {
						t.Fatalf("%s: %v", fen, err)
					}
					want := PerftGeneric(q, depth)
					if got := z.Perft(depth); got != want {
						t.Fatalf("%s: perft(%d) of %s: fast %d, generic %d", c.name, depth, fen, got, want)
					}
					checked++
					if strings.Contains(fen, "~") {
						promoted++
					}
				}
				// prefer captures and promotions every other game, to fill
				// the pockets and promote
				m := moves[rng.IntN(len(moves))]
				if game%2 == 1 {
					for _, x := range moves {
						if p.IsCapture(x) || x.Kind() == position.Promotion {
							m = x
							break
						}
					}
				}
				if m.Kind() == position.Drop {
					drops++
				}
				p.Do(m)
			}
		}
		if checked < 100 || drops < 100 {
			t.Fatalf("%s: only %d positions checked, %d drops played", c.name, checked, drops)
		}
		t.Logf("%s: %d positions (%d with promoted pieces), %d drops played", c.name, checked, promoted, drops)
	}
}
