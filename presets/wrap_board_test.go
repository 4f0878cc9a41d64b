package presets

import (
	"testing"

	"houserules/position"
)

// Scenario 1: rook a4 on an empty rank: every square of the rank, h4
// also by one step west across the edge. RULINGS: wrap-board — the ray
// stops before re-entering a4, so each square is listed once.
func TestWrapBoard_Scenario1(t *testing.T) {
	g := newGame(t, "wrap-board", "4k3/8/8/8/R7/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a4"),
		"a4a1 a4a2 a4a3 a4a5 a4a6 a4a7 a4a8 a4b4 a4c4 a4d4 a4e4 a4f4 a4g4 a4h4")
	if _, n := prodOfMove(g, "a4h4"); n != 1 {
		t.Errorf("a4h4 listed %d times", n)
	}
	// with a blocker on d4 the rank is reached from both sides of it
	g = newGame(t, "wrap-board", "4k3/8/8/8/R2P4/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a4"),
		"a4a1 a4a2 a4a3 a4a5 a4a6 a4a7 a4a8 a4b4 a4c4 a4e4 a4f4 a4g4 a4h4")
}

// Scenario 2: bishop a1: a1→h2 is one diagonal step west across the edge;
// the wrapped diagonal goes on h2 g3 f4 e5 d6 c7 b8.
func TestWrapBoard_Scenario2(t *testing.T) {
	g := newGame(t, "wrap-board", "4k3/8/8/8/8/8/8/B3K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a1"),
		"a1b2 a1b8 a1c3 a1c7 a1d4 a1d6 a1e5 a1f4 a1f6 a1g3 a1g7 a1h2 a1h8")
}

// Scenario 3: pawn captures wrap, and need an enemy on the target. (The
// seed mixes the colours up: a black pawn on h5 captures towards rank 4.
// Tested here: the white pawn h5 captures a6 across the edge only when an
// enemy stands there, and the black pawn h5 captures a4 likewise.)
func TestWrapBoard_Scenario3(t *testing.T) {
	g := newGame(t, "wrap-board", "4k3/8/8/7P/8/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "h5"), "h5h6")
	g = newGame(t, "wrap-board", "4k3/8/p7/7P/8/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "h5"), "h5a6 h5h6")
	play(t, g, "h5a6")
	if pieceAt(t, g, "a6") != "P" || pieceAt(t, g, "h5") != "." || g.Pos.Count(position.Black, position.Pawn) != 0 {
		t.Errorf("after hxa6: %s", g.FEN())
	}
	g = newGame(t, "wrap-board", "4k3/8/8/7p/P7/8/8/4K3 b - - 0 1")
	wantFrom(t, legalFrom(t, g, "h5"), "h5a4 h5h4")
	// a pawn on the a-file captures onto the h-file
	g = newGame(t, "wrap-board", "4k3/8/7p/P7/8/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a5"), "a5a6 a5h6")
}

// Edge: castling targets are fixed squares: both castlings as in chess,
// no castling "around the board".
func TestWrapBoard_EdgeCastling(t *testing.T) {
	g := newGame(t, "wrap-board", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	wantFrom(t, legalFrom(t, g, "e1"), "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1")
	play(t, g, "e1g1")
	if pieceAt(t, g, "g1") != "K" || pieceAt(t, g, "f1") != "R" {
		t.Errorf("after O-O: %s", g.FEN())
	}
	// RULINGS: wrap-board — the a-rook's ray west stops before h1's own rook.
	g = newGame(t, "wrap-board", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	wantFrom(t, legalFrom(t, g, "a1"), "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1")
}

// Edge: check detection wraps: the rook a4 checks the king on h4; the king
// may capture it across the edge but not step to g4 (still on the line).
func TestWrapBoard_EdgeCheckThroughWrap(t *testing.T) {
	g := newGame(t, "wrap-board", "8/8/8/8/R6k/8/8/4K3 b - - 0 1")
	if !g.InCheck(position.Black) || !g.Pos.InCheck() {
		t.Fatalf("h4 must be in check: %s", g.FEN())
	}
	if got := joined(legal(g)); got != "h4a4 h4g3 h4g5 h4h3 h4h5" {
		t.Errorf("black moves %s", got)
	}
	// a king may not step next to the enemy king across the edge
	g = newGame(t, "wrap-board", "8/8/8/k7/8/6K1/8/8 w - - 0 1")
	if got := joined(legal(g)); got != "g3f2 g3f3 g3f4 g3g2 g3g4 g3h2 g3h3" {
		t.Errorf("white moves %s (h4 touches a5 across the edge)", got)
	}
}

// Edge: en passant across the edge: h7-h5 next to a white pawn on a5
// (adjacent across the edge) may be taken a5×h6.
func TestWrapBoard_EdgeEnPassant(t *testing.T) {
	g := newGame(t, "wrap-board", "4k3/7p/8/P7/8/8/8/4K3 b - - 0 1")
	play(t, g, "h7h5")
	if ep := fenPart(g, 3); ep != "h6" {
		t.Fatalf("en-passant square %s: %s", ep, g.FEN())
	}
	wantFrom(t, legalFrom(t, g, "a5"), "a5a6 a5h6")
	play(t, g, "a5h6")
	if pieceAt(t, g, "h6") != "P" || pieceAt(t, g, "h5") != "." || pieceAt(t, g, "a5") != "." {
		t.Errorf("after axh6 e.p.: %s", g.FEN())
	}
	// and the other way: a7-a5 next to a white pawn on h5
	g = newGame(t, "wrap-board", "4k3/p7/8/7P/8/8/8/4K3 b - - 0 1")
	play(t, g, "a7a5")
	wantFrom(t, legalFrom(t, g, "h5"), "h5a6 h5h6")
}

// Chess960 (fischerandom): castling keeps its fixed target squares on the
// cylinder (king b1, rooks a1 and g1); the a-rook also reaches h1 west.
func TestWrapBoard_Chess960(t *testing.T) {
	g := namedVariantGame(t, "fischerandom", "wrap-board", "4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1", true)
	if got := joined(legal(g)); got != "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1h1 b1a1 b1a2 b1b2 b1c1 b1c2 b1g1 "+
		"g1c1 g1d1 g1e1 g1f1 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1" {
		t.Errorf("moves %s", got)
	}
	play(t, g, "b1g1")
	if got := fenPart(g, 0); got != "4k3/8/8/8/8/8/8/R4RK1" {
		t.Errorf("after O-O: %s", g.FEN())
	}
	g = namedVariantGame(t, "fischerandom", "wrap-board", "4k3/8/8/8/8/8/8/RK4R1 w GA - 0 1", true)
	play(t, g, "b1a1")
	if got := fenPart(g, 0); got != "4k3/8/8/8/8/8/8/2KR2R1" {
		t.Errorf("after O-O-O: %s", g.FEN())
	}
}

// Capablanca (10×8): the a- and j-files are adjacent.
func TestWrapBoard_Capablanca(t *testing.T) {
	g := namedVariantGame(t, "capablanca", "wrap-board", "5k4/10/10/10/R2P6/10/10/5K4 w - - 0 1", false)
	wantFrom(t, legalFrom(t, g, "a4"),
		"a4a1 a4a2 a4a3 a4a5 a4a6 a4a7 a4a8 a4b4 a4c4 a4e4 a4f4 a4g4 a4h4 a4i4 a4j4")
}
