package plugins

import (
	"strings"
	"testing"
)

// Fairy-Stockfish has no cylinder board: these values are counted by hand.
func TestCylinderWrapsFiles(t *testing.T) {
	// After 1.e4 e5 the f1 bishop's diagonal runs a6 and re-enters on the
	// h-file, taking on h7; the queen's runs h5, a6 and takes on b7. Knights
	// reach across the edge too (g1 to a2 is blocked by the own pawn).
	// 14 pawn moves, Bf1 6, Qd1 6, Ng1 3, Nb1 2, Ke1 1: 32.
	const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	got := legal(t, "cylinderChess", fen)
	for _, m := range []string{"f1a6", "f1h7", "d1h5", "d1a6", "d1b7"} {
		if !strings.Contains(got, m) {
			t.Errorf("no %s among %s", m, got)
		}
	}
	if n := len(strings.Fields(got)); n != 32 {
		t.Errorf("%d moves, want 32: %s", n, got)
	}
	// Start position: 20 moves; after 1.c3 (or c4) the queen's diagonal
	// d1-c2-b3-a4-h5-g6-f7 pins the f7 pawn to the king on e8, and after
	// 1.g3 (g4) the bishop's f1-g2-h3-a4-b5-c6-d7 pins the d7 pawn: four
	// first moves leave Black 18 replies instead of 20, so 400 - 8 = 392.
	if n := perft(t, "cylinderChess", "", 2); n != 392 {
		t.Errorf("perft 2 = %d, want 392", n)
	}
	if got := legal(t, "cylinderChess", "rnbqkbnr/pppppppp/8/8/8/2P5/PP1PPPPP/RNBQKBNR b KQkq - 0 1"); strings.Contains(got, "f7f6") {
		t.Errorf("the pinned f7 pawn moves: %s", got)
	}
	if r := resolve(t, "cylinderChess"); r.Variant.Topology.String() != "cylinder" {
		t.Errorf("topology %v", r.Variant.Topology)
	}
}
