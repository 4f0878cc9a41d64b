package uci

import (
	"strings"
	"testing"
)

// TestUCIShogiSession drives shogi and kyoto shogi through UCI as a GUI
// would: moves with promotions (b2h8+, e1e2+), demotions (e2e5-), drops
// (B@e5, +L@c3 dropped promoted), the FEN of d and go perft as
// Fairy-Stockfish prints them (/tmp/fsf-lb-c19b5f6: the same commands), and
// a legal bestmove.
func TestUCIShogiSession(t *testing.T) {
	s := newSession(t)
	for _, tc := range []struct {
		variant, moves, fen string
		perft3              string
	}{
		{"shogi", "c3c4 g7g6 b2h8+ g9h8 B@e5",
			"lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 0 3", "156656"},
		{"kyotoshogi", "e1e2+ a5a4+ e2e5- a4a1- b1a2+ +L@c3",
			"1+nksP/5/2+l2/+S4/p1K+N1[L] w - - 0 4", "9037"},
	} {
		s.send("setoption name UCI_Variant value "+tc.variant, "position startpos moves "+tc.moves)
		if out := s.send("d"); !strings.Contains(out, "Fen: "+tc.fen+"\n") {
			t.Errorf("%s: d shows\n%s\nwant Fen: %s", tc.variant, out, tc.fen)
		}
		if out := s.send("go perft 3"); !strings.Contains(out, "Nodes searched: "+tc.perft3+"\n") {
			t.Errorf("%s: go perft 3 says %q, oracle %s", tc.variant, lastLine(out), tc.perft3)
		}
		out := s.send("go depth 4")
		checkLegal(t, s, tc.variant, bestmove(t, out))
	}
	// the only immediate mate is a pawn drop, which loses: the engine
	// finds the mate in two by stalemate (shogi's stalemate loses), as the
	// oracle does (c8c9 i6i5 c9b8+)
	s.send("setoption name UCI_Variant value shogi", "position fen k8/2S6/1G7/8p/9/9/9/9/4K4[P] w - - 0 1")
	out := s.send("go depth 5")
	if mv := bestmove(t, out); mv == "P@a8" {
		t.Errorf("bestmove %s: a pawn drop mate loses", mv)
	}
	if !strings.Contains(out, " score mate 2 ") {
		t.Errorf("no mate in 2 found:\n%s", out)
	}
}
