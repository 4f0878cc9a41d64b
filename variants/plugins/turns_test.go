package plugins

import (
	"strings"
	"testing"

	"houserules/position"
)

func TestMarseillaisChess(t *testing.T) {
	// White's first turn is one ply; then Black plays two.
	g := play(t, "marseillaisChess", "", "e2e4")
	if g.Pos.SideToMove() != position.Black {
		t.Fatalf("after 1.e4: %s", g.FEN())
	}
	g = play(t, "marseillaisChess", "", "e2e4 e7e5")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 1 {
		t.Fatalf("after 1.e4 e5: %s", g.FEN())
	}
	if v := g.View(0); len(v.Status) != 1 || v.Status[0] != "Black — second move" {
		t.Errorf("status %v", v.Status)
	}
	// Saved between the two plies and resumed from the FEN, the game goes
	// on with Black's second ply, then White's two.
	fen := g.FEN()
	if !strings.HasSuffix(fen, "{turn:1}") {
		t.Errorf("FEN %s", fen)
	}
	g2 := play(t, "marseillaisChess", fen, "d7d5 d2d4 g1f3 c8g4")
	if g2.Pos.SideToMove() != position.Black || g2.PliesThisTurn() != 1 {
		t.Errorf("resumed game: %s", g2.FEN())
	}
	// A check ends the turn: 1.e4 f6 (…) — Black's f5 and White's Qh5+.
	g = play(t, "marseillaisChess", "", "e2e4 f7f6 a7a6 d1h5")
	if g.Pos.SideToMove() != position.Black || g.PliesThisTurn() != 0 {
		t.Errorf("after Qh5+: %s", g.FEN())
	}
	if n := perft(t, "marseillaisChess", "", 1); n != 20 {
		t.Errorf("perft 1 = %d", n)
	}
	// The en-passant target lasts one ply: after 1.e4 d5 d4 2.c4 a3 the
	// pawn on d4 cannot take c3 e.p.; after 2.a3 c4 it can.
	g = play(t, "marseillaisChess", "", "e2e4 d7d5 d5d4 c2c4 a2a3")
	if strings.Contains(strings.Join(g.UCIList(g.LegalMoves()), " "), "d4c3") {
		t.Errorf("en passant after the target's ply: %s", g.FEN())
	}
	g = play(t, "marseillaisChess", "", "e2e4 d7d5 d5d4 a2a3 c2c4")
	if !strings.Contains(strings.Join(g.UCIList(g.LegalMoves()), " "), "d4c3") {
		t.Errorf("no en passant right after the double step: %s", g.FEN())
	}
}

func TestMonsterChess(t *testing.T) {
	g := play(t, "monsterChess", "", "e2e4 d2d4")
	if g.Pos.SideToMove() != position.Black {
		t.Fatalf("after White's two plies: %s", g.FEN())
	}
	g = play(t, "monsterChess", "", "e2e4 d2d4 e7e5")
	if g.Pos.SideToMove() != position.White || g.PliesThisTurn() != 0 {
		t.Fatalf("after Black's ply: %s", g.FEN())
	}
	// a check ends White's turn: the rook checks along the open e-file
	g = play(t, "monsterChess", "rnbqkbnr/pppp1ppp/8/8/8/8/PPPP1PPP/R3K2R w KQkq - 0 1", "e1f1 a1e1")
	if g.Pos.SideToMove() != position.Black {
		t.Errorf("after Re1+: %s", g.FEN())
	}
	// White's first plies: the pawns' 16, Kd1, Kf1, both castlings, the
	// rooks' b1, c1, d1, f1, g1
	if n := perft(t, "monsterChess", "", 1); n != 16+2+2+3+2 {
		t.Errorf("perft 1 = %d, want 25", n)
	}
	// each ply on its own: White may not leave its king attacked between
	// its plies
	if got := legal(t, "monsterChess", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"); got != "e1d1 e1e2 e1f1" {
		t.Errorf("moves %s", got)
	}
}

// The FEN's fullmove number counts turns, not plies: a ply that keeps the
// turn leaves it alone, and it goes up when Black's turn ends (Undo too).
func TestMultiPlyTurnFullmove(t *testing.T) {
	for _, c := range []struct{ key, moves, want string }{
		{"marseillaisChess", "e2e4 e7e5 d7d5", " w KQkq - 0 2"},
		{"marseillaisChess", "e2e4 e7e5 d7d5 d2d4", " w KQkq - 0 2 {turn:1}"},
		{"marseillaisChess", "e2e4 e7e5 d7d5 d2d4 g1f3", " b KQkq - 1 2"},
		{"marseillaisChess", "e2e4 e7e5 d7d5 d2d4 g1f3 b8c6", " b KQkq - 2 2 {turn:1}"},
		{"marseillaisChess", "e2e4 e7e5 d7d5 d2d4 g1f3 b8c6 g8f6", " w KQkq - 3 3"},
		{"monsterChess", "e2e4 d2d4 e7e5 a1b1", " w Kkq - 1 2 {turn:1}"},
		{"monsterChess", "e2e4 d2d4 e7e5 a1b1 b1a1 d7d6", " w Kkq - 0 3"},
	} {
		g := play(t, c.key, "", c.moves)
		if !strings.HasSuffix(g.FEN(), c.want) {
			t.Errorf("%s %s: %s, want …%s", c.key, c.moves, g.FEN(), c.want)
		}
		// resumed from its FEN and taken back, the count is the same
		g2 := play(t, c.key, g.FEN(), "")
		if g2.FEN() != g.FEN() {
			t.Errorf("%s %s: resumed as %s", c.key, c.moves, g2.FEN())
		}
	}
	g := play(t, "marseillaisChess", "", "e2e4 e7e5 d7d5 d2d4")
	g.Undo()
	g.Undo()
	if f := g.FEN(); !strings.HasSuffix(f, " b KQkq - 0 1 {turn:1}") {
		t.Errorf("after two undos: %s", f)
	}
}
