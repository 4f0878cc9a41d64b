package plugins

import "testing"

func TestEinsteinChess(t *testing.T) {
	for _, tc := range []struct{ fen, moves, board string }{
		// a quiet knight move demotes the knight to a pawn
		{"", "g1f3", "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPPPPP/RNBQKB1R"},
		// a quiet pawn move keeps the pawn
		{"", "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"},
		// a pawn capture promotes the pawn to a knight
		{"", "e2e4 d7d5 e4d5", "rnbqkbnr/ppp1pppp/8/3N4/8/8/PPPP1PPP/RNBQKBNR"},
		// en passant is a capture
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "4k3/8/3N4/8/8/8/8/4K3"},
		// a capturing queen stays a queen; a quiet one becomes a rook
		{"4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "d1d2", "4k3/8/8/8/8/8/3Q4/4K3"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d4", "4k3/8/8/8/3R4/8/8/4K3"},
		// a quiet promotion to a queen leaves a rook, a capturing
		// promotion to a rook a queen
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", "Rr2k3/8/8/8/8/8/8/4K3"},
		{"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8r", "1Q2k3/8/8/8/8/8/8/4K3"},
		// kings and castling change nothing
		{"r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "r3k3/8/8/8/8/8/8/R4RK1"},
		{"r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1f1", "r3k3/8/8/8/8/8/8/R4K1R"},
	} {
		g := play(t, "einsteinChess", tc.fen, tc.moves)
		if got := board(g); got != tc.board {
			t.Errorf("%q %s: %s, want %s", tc.fen, tc.moves, got, tc.board)
		}
	}
	// perft 2 is chess's (a piece changes after its own move only);
	// 1.Nf3 leaves a pawn on f3, so Black's replies are the same 20.
	if n := perft(t, "einsteinChess", "", 2); n != 400 {
		t.Errorf("perft 2 = %d", n)
	}
}
