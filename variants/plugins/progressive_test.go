package plugins

import (
	"strings"
	"testing"

	"houserules/position"
)

func TestProgressiveChess(t *testing.T) {
	// 1.e4 — Black's series of two — then White's of three.
	g := play(t, "progressiveChess", "", "e2e4")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 0 {
		t.Fatalf("after White's one ply: %s", g.FEN())
	}
	g = play(t, "progressiveChess", "", "e2e4 e7e5")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 1 {
		t.Fatalf("after Black's first ply: %s", g.FEN())
	}
	if v := g.View(0); len(v.Status) != 1 || v.Status[0] != "move 2 of 2" {
		t.Errorf("status %v", v.Status)
	}
	g = play(t, "progressiveChess", "", "e2e4 e7e5 d7d5 d2d4 g1f3")
	if g.Pos.SideToMove() != position.White || g.PliesThisTurn() != 2 {
		t.Fatalf("White's third ply to come: %s", g.FEN())
	}
	// Saved in the middle of White's series and resumed from the FEN, the
	// series ends after its third ply and Black's of four begins.
	fen := g.FEN()
	if !strings.HasSuffix(fen, "{turn:2}") || !strings.Contains(fen, " w KQkq - 1 2 ") {
		t.Errorf("FEN %s", fen)
	}
	g = play(t, "progressiveChess", fen, "b1c3")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 0 {
		t.Fatalf("after White's three plies: %s", g.FEN())
	}
	g = play(t, "progressiveChess", fen, "b1c3 a7a6 b7b6 c7c6")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 3 {
		t.Fatalf("Black's fourth ply to come: %s", g.FEN())
	}
	// A check ends the series early: Black's second ply Bb4+ hands the
	// turn to White, who has three plies.
	g = play(t, "progressiveChess", "", "d2d4 e7e6 f8b4")
	if g.Pos.SideToMove() != position.White || g.PliesThisTurn() != 0 {
		t.Fatalf("after Bb4+: %s", g.FEN())
	}
	g = play(t, "progressiveChess", "", "d2d4 e7e6 f8b4 c2c3 a2a3")
	if g.Pos.SideToMove() != position.White || g.PliesThisTurn() != 2 {
		t.Fatalf("White's third ply after the check: %s", g.FEN())
	}
	if n := perft(t, "progressiveChess", "", 2); n != 400 {
		t.Errorf("perft 2 = %d, want 400 (1.… then Black's first ply)", n)
	}
}
