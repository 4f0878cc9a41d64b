package plugins

import (
	"testing"
)

// Fairy-Stockfish has no torus: these values are counted by hand.
func TestToroidal(t *testing.T) {
	// The rook on a1 reaches up and (across the edge) down the a-file, each
	// square once, and across the side edge to h1-f1; the king steps over
	// the bottom edge to d8, e8, f8.
	if got, want := legal(t, "toroidalChess", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
		"a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1f1 a1g1 a1h1 "+
			"e1d1 e1d2 e1d8 e1e2 e1e8 e1f1 e1f2 e1f8"; got != want {
		t.Errorf("moves\n got  %s\n want %s", got, want)
	}
	// The start position: pawns 8 single and 8 double steps (they start on
	// the 3rd rank), each rook 3 moves down across the edge (a1, a8, takes
	// a7), knights 6 each (b2: a8 c8 d1 h1 a4 c4), bishops 6 each (c2: b1
	// a8 takes h7, d1 e8 takes f7), the queen 9 (d1 d8 takes d7, c1 b8
	// takes a7, e1 f8 takes g7); the king none, as d1, e1 and f1 are
	// attacked across the edge by the black queen, the c7 bishop and the
	// g7 knight: 16 + 6 + 12 + 12 + 9 = 55.
	if n := perft(t, "toroidalChess", "", 1); n != 55 {
		t.Errorf("perft 1 = %d, want 55", n)
	}
	// No en passant: after a3-a5 (a double step from the pawns' start rank)
	// the b5 pawn cannot take on a4.
	g, err := resolve(t, "toroidalChess").NewGame("8/8/8/1p2k3/8/P7/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove("a3a5")
	if err != nil {
		t.Fatal(err)
	}
	g.Do(m)
	if got, want := legal(t, "toroidalChess", g.FEN()), "b5b4 e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6"; got != want {
		t.Errorf("after a3a5\n got  %s\n want %s", got, want)
	}
}
