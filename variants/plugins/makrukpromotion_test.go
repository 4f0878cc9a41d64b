package plugins

import "testing"

// makrukPromotion has no Fairy-Stockfish built-in; the oracle is Fairy-Stockfish
// 11.1 (/usr/games/fairy-stockfish) loading the same game as
//
//	[makrukPromotion:chess]
//	fers = m
//	promotionRank = 6
//	promotionPieceTypes = m
//
// (11.1 predates customPiece and promotionRegion: the met is its built-in
// fers and promotionRank = 6 is the same region as *6 *7 *8 / *1 *2 *3).
// Positions reachable in play only: 11.1 promotes a pawn only on its step
// into the region, and makes no en-passant capture onto a square of it.
func TestMakrukPromotion(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{"", 4, 197281},
		{"4k3/8/8/4P3/3p4/8/8/4K3 w - - 0 1", 4, 1690},
		{"4k3/8/3p4/1P3P2/2p3p1/4P3/8/4K3 w - - 0 1", 5, 45631},
		{"r3k2r/ppp2ppp/2n2n2/3pP3/1b1P2q1/2N2N2/PP3PPP/R2QKB1R w KQkq - 0 9", 3, 47757},
		{"rnbqkb1r/p4ppp/5n2/1pPpp3/3P4/4P3/PP3PPP/RNBQKBNR w KQkq - 0 6", 3, 42094},
	} {
		if got := perft(t, "makrukPromotion", tc.fen, tc.depth); got != tc.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish 11.1: %d", tc.fen, tc.depth, got, tc.nodes)
		}
	}
	// A pawn reaching the 6th rank becomes a met, which steps diagonally.
	if got, want := legal(t, "makrukPromotion", "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1"),
		"e1d1 e1d2 e1e2 e1f1 e1f2 e5e6m"; got != want {
		t.Errorf("moves\n got  %s\n want %s", got, want)
	}
	if got, want := legal(t, "makrukPromotion", "4k3/8/4M3/8/8/8/8/4K3 w - - 0 1"),
		"e1d1 e1d2 e1e2 e1f1 e1f2 e6d5 e6d7 e6f5 e6f7"; got != want {
		t.Errorf("met moves\n got  %s\n want %s", got, want)
	}
}
