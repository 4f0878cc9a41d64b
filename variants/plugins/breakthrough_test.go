package plugins

import "testing"

// Fairy-Stockfish's breakthrough is another game (8×8, pawns that also step
// diagonally): these values are counted by hand.
func TestBreakthrough7x7(t *testing.T) {
	// 7 front pawns, each one or two steps (rank 2 is the double-step
	// rank); the back pawns are blocked.
	if n := perft(t, "breakthrough7x7", "", 1); n != 14 {
		t.Errorf("perft 1 = %d, want 14", n)
	}
	// Black the same, but after a white double step to the 4th rank the
	// black pawn of that file cannot double-step onto it: 196 - 7.
	if n := perft(t, "breakthrough7x7", "", 2); n != 189 {
		t.Errorf("perft 2 = %d, want 189", n)
	}
	// A pawn on the sixth rank steps to the seventh and wins; it does not
	// promote.
	g := play(t, "breakthrough7x7", "7/1P5/7/7/7/4p2/7 w - - 0 1", "b6b7")
	if r, over := g.Result(); !over || r.Score != "1-0" || r.Reason != "breakthrough" {
		t.Errorf("after b7: %v %v (%s)", r, over, g.FEN())
	}
	if got := board(g); got != "1P5/7/7/7/7/4p2/7" {
		t.Errorf("board %s", got)
	}
	// No en passant: the black pawn on d3 cannot take the e-pawn that
	// double-stepped past it.
	if got := legal(t, "breakthrough7x7", "7/7/7/3p3/7/4P2/7 w - - 0 1"); got != "e2e3 e2e4" {
		t.Errorf("moves %s", got)
	}
	if got := legal(t, "breakthrough7x7", "7/7/7/3pP2/7/7/7 b - e3 0 1"); got != "d4d3" {
		t.Errorf("moves %s", got)
	}
	// A side without a legal move loses.
	g = play(t, "breakthrough7x7", "7/7/7/7/4p2/4P2/7 w - - 0 1", "")
	if r, over := g.Result(); !over || r.Score != "0-1" {
		t.Errorf("blocked: %v %v", r, over)
	}
}
