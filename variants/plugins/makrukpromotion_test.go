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
// Positions reachable in play only: a pawn promotes only on its step into
// the region. 11.1 also makes no en-passant capture onto a square of the
// region (its pawns one step before the promotion rank take en passant
// nowhere); a current Fairy-Stockfish does, without promoting, and we
// follow it: see TestMakrukPromotionEnPassant.
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

// TestMakrukPromotionEnPassant: a pawn on the 5th rank takes a pawn that
// has just double-stepped past it en passant onto the 6th rank, inside the
// promotion region, and stays a pawn (d5c6, not d5c6m); Black likewise
// onto the 3rd rank. Oracle: a current Fairy-Stockfish, commit c19b5f6c
// (2026-07-23; do_move sets the en-passant square whenever it is in
// enPassantRegion, whose default is every square, and an EN_PASSANT move
// never promotes), loading
//
//	[makrukPromotion:chess]
//	customPiece1 = m:F
//	promotionRegionWhite = *6 *7 *8
//	promotionRegionBlack = *1 *2 *3
//	promotionPieceTypes = m
//
// 11.1 lists no en-passant capture here and counts 14918, 14918 and
// 325055 (25 moves at depth 1 for the last).
func TestMakrukPromotionEnPassant(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		moves string // the legal moves, sorted
		depth int
		nodes uint64
	}{
		{"4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2", "d5c6 d5d6m e1d1 e1d2 e1e2 e1f1 e1f2", 5, 16061},
		{"4k3/8/8/8/2Pp4/8/8/4K3 b - c3 0 1", "d4c3 d4d3m e8d7 e8d8 e8e7 e8f7 e8f8", 5, 16061},
		// after 1... d7d5 from r3k2r/pp1ppppp/8/2P5/8/8/PPPP1PPP/R3K2R b KQkq - 0 1
		{"r3k2r/pp2pppp/8/2Pp4/8/8/PPPP1PPP/R3K2R w KQkq d6 0 2", "", 4, 338669},
	} {
		if tc.moves != "" {
			if got := legal(t, "makrukPromotion", tc.fen); got != tc.moves {
				t.Errorf("%s: moves\n got  %s\n want %s", tc.fen, got, tc.moves)
			}
		}
		if got := perft(t, "makrukPromotion", tc.fen, tc.depth); got != tc.nodes {
			t.Errorf("perft(%q, %d) = %d, Fairy-Stockfish c19b5f6c: %d", tc.fen, tc.depth, got, tc.nodes)
		}
	}
}
