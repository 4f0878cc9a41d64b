package presets

import (
	"testing"

	"houserules/position"
)

// Scenario 1: bishop c1, black knight h6 on its diagonal: the bishop may go
// up to g5, not take h6.
func TestKnightImmunity_Scenario1(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/7n/8/8/8/8/2B1K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "c1"), "c1a3 c1b2 c1d2 c1e3 c1f4 c1g5")
	plain := newGame(t, "", "4k3/8/7n/8/8/8/8/2B1K3 w - - 0 1")
	if !hasMove(plain, "c1h6") {
		t.Fatal("without the preset Bxh6 is legal")
	}
}

// Scenario 2: a bishop check along a diagonal with no knight is an
// ordinary check: the king must leave the diagonal (d2 stays attacked).
func TestKnightImmunity_Scenario2(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1")
	if !g.InCheck(position.White) {
		t.Fatal("white must be in check")
	}
	if got := joined(legal(g)); got != "e1d1 e1e2 e1f1 e1f2" {
		t.Errorf("white moves %s", got)
	}
}

// Scenario 3: the check is answered by a knight capturing the bishop:
// legal, knights are protected from bishops, not bishops from knights.
// RULINGS: knight-immunity — the ray passes through knights, so the knight
// moves to c3 (from a2 or d1) do not block the check: a2×b4 is the only
// legal move (they would in plain chess).
func TestKnightImmunity_Scenario3(t *testing.T) {
	const fen = "4k3/8/8/8/1b6/8/N3PP2/3NKB2 w - - 0 1"
	g := newGame(t, "knight-immunity", fen)
	if got := joined(legal(g)); got != "a2b4" {
		t.Errorf("white moves %s, want a2b4 only", got)
	}
	plain := newGame(t, "", fen)
	if got := joined(legal(plain)); got != "a2b4 a2c3 d1c3" {
		t.Errorf("plain chess moves %s", got)
	}
	play(t, g, "a2b4")
	if pieceAt(t, g, "b4") != "N" || g.Pos.Count(position.Black, position.Bishop) != 0 {
		t.Errorf("after Nxb4: %s", g.FEN())
	}
}

// Edge: a king "behind" a knight on a bishop's diagonal is in check, with
// a knight of either colour in between; the knight cannot block.
func TestKnightImmunity_EdgeKingBehindKnight(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1")
	if !g.InCheck(position.White) {
		t.Error("a white knight on c3 does not shield e1")
	}
	if got := joined(legal(g)); got != "e1d1 e1e2 e1f1 e1f2" {
		t.Errorf("white moves %s", got)
	}
	g = newGame(t, "knight-immunity", "4k3/8/8/8/1b6/2n5/8/4K3 w - - 0 1")
	if !g.InCheck(position.White) {
		t.Error("a black knight on c3 does not shield e1")
	}
	if got := joined(legal(g)); got != "e1f1 e1f2" { // d1 e2 are the knight's
		t.Errorf("white moves %s", got)
	}
	// No king may step behind a knight on a bishop's line either.
	g = newGame(t, "knight-immunity", "4k3/8/8/8/1b6/2N5/8/3K4 w - - 0 1")
	if hasMove(g, "d1e1") {
		t.Errorf("e1 is attacked through the knight: %v", legal(g))
	}
}

// Edge: checkmate through a knight: the white knight on c3 does not shield
// e1, no white piece can take a5 or block on b4 or d2 (knights do not
// block), the king has no square: mate.
func TestKnightImmunity_EdgeMateThroughKnight(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/8/b7/8/2N5/4PP2/3NKB2 w - - 0 1")
	r, over := g.Result()
	if !over || r.Score != "0-1" || r.Reason != "checkmate" {
		t.Errorf("result %v %v, want 0-1 checkmate (moves %v)", r, over, legal(g))
	}
	// in plain chess the knight on c3 shields e1
	plain := newGame(t, "", "4k3/8/8/b7/8/2N5/4PP2/3NKB2 w - - 0 1")
	if _, over := plain.Result(); over {
		t.Error("plain chess: the knight shields the king")
	}
}

// Edge: a pawn promoting to a bishop may not capture a knight; the other
// promotions may.
func TestKnightImmunity_EdgePromotionToBishop(t *testing.T) {
	g := newGame(t, "knight-immunity", "3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "e7"), "e7d8n e7d8q e7d8r e7e8b e7e8n e7e8q e7e8r")
}

// Edge: queens are not restricted, even on a diagonal; a bishop may take
// other pieces, and a knight may take a bishop.
func TestKnightImmunity_EdgeQueenAndOthers(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/7n/8/8/8/8/2Q1K3 w - - 0 1")
	if !hasMove(g, "c1h6") {
		t.Errorf("the queen may take the knight: %v", legal(g))
	}
	g = newGame(t, "knight-immunity", "4k3/8/7r/8/8/8/8/2B1K3 w - - 0 1")
	if !hasMove(g, "c1h6") {
		t.Errorf("the bishop may take a rook: %v", legal(g))
	}
	g = newGame(t, "knight-immunity", "4k3/8/8/8/8/1b6/8/2N1K3 w - - 0 1")
	if !hasMove(g, "c1b3") {
		t.Errorf("the knight may take the bishop: %v", legal(g))
	}
}

// Edge: the bishop still threatens the knight's square: a king may not
// capture a knight that a bishop "attacks", even with another knight on
// the diagonal in between.
func TestKnightImmunity_EdgeThreatensKnightSquare(t *testing.T) {
	g := newGame(t, "knight-immunity", "4k3/8/8/8/8/2b5/3n4/4K3 w - - 0 1")
	if hasMove(g, "e1d2") {
		t.Errorf("d2 is defended by the bishop c3: %v", legal(g))
	}
	g = newGame(t, "knight-immunity", "4k3/8/8/8/1b6/2n5/3n4/4K3 w - - 0 1")
	if hasMove(g, "e1d2") {
		t.Errorf("d2 is defended by the bishop b4 through c3: %v", legal(g))
	}
}

// Capablanca (10×8): the same guard; the archbishop (bishop + knight) is
// not a bishop and may take knights.
func TestKnightImmunity_Capablanca(t *testing.T) {
	g := namedVariantGame(t, "capablanca", "knight-immunity", "5k4/10/7n2/10/10/10/10/2B1AK4 w - - 0 1", false)
	wantFrom(t, legalFrom(t, g, "c1"), "c1a3 c1b2 c1d2 c1e3 c1f4 c1g5")
	g = namedVariantGame(t, "capablanca", "knight-immunity", "5k4/10/10/10/7n2/10/10/2B1AK4 w - - 0 1", false)
	if !hasMove(g, "e1h4") {
		t.Errorf("the archbishop may take the knight: %v", legal(g))
	}
}
