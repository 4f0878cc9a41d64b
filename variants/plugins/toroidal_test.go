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
	// The start position: the pawns cannot move yet (their pieces stand in
	// front of them); the rooks 5 moves each (up the file, taking the rook
	// on the 7th), the knights 6 each (b2: a4 c4 d3, h3 across the side
	// edge, takes a8 and c8 across the bottom edge), the bishops 9 each
	// (c2 reaches g6 along both diagonals: one move), the queen 14 (h6 both
	// ways), the king 2 (d3 is on the black queen's file): 56.
	if n := perft(t, "toroidalChess", "", 1); n != 56 {
		t.Errorf("perft 1 = %d, want 56", n)
	}
	// No en passant: after a1-a3 (a double step from the pawns' start rank)
	// the b3 pawn cannot take on a2.
	g, err := resolve(t, "toroidalChess").NewGame("8/8/8/4k3/8/1p6/8/P3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove("a1a3")
	if err != nil {
		t.Fatal(err)
	}
	g.Do(m)
	if got, want := legal(t, "toroidalChess", g.FEN()), "b3b2 e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6"; got != want {
		t.Errorf("after a1a3\n got  %s\n want %s", got, want)
	}
}
