package presets

import (
	"testing"

	"houserules/position"
)

const warpProd = "preset.rook-warp-slide"

func wantFrom(t *testing.T, got []string, want string) {
	t.Helper()
	if joined(got) != want {
		t.Errorf("moves\n got  %s\n want %s", joined(got), want)
	}
}

// Scenario 1: rook a1 on an empty 1st rank. a1→h1 is an ordinary slide;
// the warp a1⇒h1 (west across the edge) reaches the same square and is
// listed once, as the ordinary move. RULINGS: rook-warp.
func TestRookWarp_Scenario1(t *testing.T) {
	g := newGame(t, "rook-warp", "4k3/8/8/8/8/8/4K3/R7 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a1"),
		"a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 a1e1 a1f1 a1g1 a1h1")
	for _, mv := range []string{"a1h1", "a1a8"} { // both also reachable by a warp
		if prod, n := prodOfMove(g, mv); n != 1 || prod != "fide.rook-move" {
			t.Errorf("%s listed %d times as %q, want once as fide.rook-move", mv, n, prod)
		}
	}
}

// Scenario 2: rook a4, a-file empty, enemy on h4: a4→a8 is an ordinary
// slide and a4⇒h4 is a warp capture (west from the a-file re-enters on
// the h-file). The seed's parenthetical is garbled (RULINGS: rook-warp); a
// white pawn on d4 blocks the rank so that h4 is reached by the warp only.
func TestRookWarp_Scenario2(t *testing.T) {
	g := newGame(t, "rook-warp", "4k3/8/8/8/R2P3r/8/8/4K3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "a4"),
		"a4a1 a4a2 a4a3 a4a5 a4a6 a4a7 a4a8 a4b4 a4c4 a4h4")
	if prod, n := prodOfMove(g, "a4a8"); n != 1 || prod != "fide.rook-move" {
		t.Errorf("a4a8: %q ×%d", prod, n)
	}
	if prod, n := prodOfMove(g, "a4h4"); n != 1 || prod != warpProd {
		t.Errorf("a4h4: %q ×%d, want %s", prod, n, warpProd)
	}
	play(t, g, "a4h4")
	if pieceAt(t, g, "h4") != "R" || pieceAt(t, g, "a4") != "." || g.Pos.Count(position.Black, position.Rook) != 0 {
		t.Errorf("after the warp capture: %s", g.FEN())
	}
	if g.Pos.State().Rule50 != 0 {
		t.Errorf("a warp capture resets the fifty-move counter: %s", g.FEN())
	}
}

// Scenario 2 with the rank open: h4 is then an ordinary capture and the
// identical warp is not listed a second time.
func TestRookWarp_Scenario2OpenRank(t *testing.T) {
	g := newGame(t, "rook-warp", "4k3/8/8/8/R6r/8/8/4K3 w - - 0 1")
	if prod, n := prodOfMove(g, "a4h4"); n != 1 || prod != "fide.rook-move" {
		t.Errorf("a4h4: %q ×%d, want once as fide.rook-move", prod, n)
	}
}

// Scenario 3: rook d4 with d5..d8 and d2, d3 empty and a friendly piece on
// d1, where the northward warp would land: no warp (RULINGS: rook-warp — a
// friendly piece on the re-entry square means no warp; the seed's "last
// empty square before it" is garbled). The rank warps land on a4/h4,
// which the rook reaches anyway: every move is an ordinary slide.
func TestRookWarp_Scenario3(t *testing.T) {
	g := newGame(t, "rook-warp", "4k3/8/8/8/3R4/8/8/3NK3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "d4"),
		"d4a4 d4b4 d4c4 d4d2 d4d3 d4d5 d4d6 d4d7 d4d8 d4e4 d4f4 d4g4 d4h4")
	for _, mv := range legalFrom(t, g, "d4") {
		if prod, _ := prodOfMove(g, mv); prod != "fide.rook-move" {
			t.Errorf("%s is %s", mv, prod)
		}
	}
	// The same position with d1 empty and an enemy pawn on d2: the
	// northward warp now lands on d1, beyond the pawn's blocking.
	g = newGame(t, "rook-warp", "4k3/8/8/8/3R4/8/3p4/6K1 w - - 0 1")
	if prod, n := prodOfMove(g, "d4d1"); n != 1 || prod != warpProd {
		t.Errorf("d4d1: %q ×%d, want %s (legal %v)", prod, n, warpProd, legal(g))
	}
}

// Scenario 4: rook d4, enemy on d8, friendly on d1: the rook captures d8
// normally; the north ray does not reach the edge empty, the south ray
// meets the friendly piece: no warp at all.
func TestRookWarp_Scenario4(t *testing.T) {
	g := newGame(t, "rook-warp", "3rk3/8/8/8/3R4/8/8/3NK3 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "d4"),
		"d4a4 d4b4 d4c4 d4d2 d4d3 d4d5 d4d6 d4d7 d4d8 d4e4 d4f4 d4g4 d4h4")
	if prod, _ := prodOfMove(g, "d4d8"); prod != "fide.rook-move" {
		t.Errorf("d4d8 is %s", prod)
	}
}

// Edge: castling is unchanged and a warped rook has moved: the base
// make-move clears the castling right of the square it leaves.
func TestRookWarp_EdgeCastlingRights(t *testing.T) {
	// h2 and the king block the h-rook's ordinary lines: h1⇒a1 (east
	// across the edge) and h1⇒h8 (south across the edge) are warps.
	g := newGame(t, "rook-warp", "4k3/8/8/8/8/8/7P/4K2R w K - 0 1")
	wantFrom(t, legalFrom(t, g, "h1"), "h1a1 h1f1 h1g1 h1h8")
	if prod, _ := prodOfMove(g, "h1a1"); prod != warpProd {
		t.Errorf("h1a1 is %s", prod)
	}
	if !hasMove(g, "e1g1") {
		t.Errorf("castling must stay legal: %v", legal(g))
	}
	play(t, g, "h1a1")
	if got := fenPart(g, 2); got != "-" {
		t.Errorf("castling rights after the warp: %s (%s)", got, g.FEN())
	}
	play(t, g, "e8d8", "a1h1", "d8e8") // back to h1 by a warp west
	if hasMove(g, "e1g1") {
		t.Errorf("a rook that warped back may not castle: %v", legal(g))
	}
}

// Edge: the warp needs every square up to the edge empty: the own king
// (west) and a knight (east) stop it; an enemy on the way is captured by
// the ordinary slide and stops the warp too.
func TestRookWarp_EdgeBlocked(t *testing.T) {
	g := newGame(t, "rook-warp", "k7/8/8/8/8/8/8/2K1R1N1 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "e1"),
		"e1d1 e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 e1f1")
	g = newGame(t, "rook-warp", "k7/8/8/8/8/8/8/2K1R1p1 w - - 0 1")
	wantFrom(t, legalFrom(t, g, "e1"),
		"e1d1 e1e2 e1e3 e1e4 e1e5 e1e6 e1e7 e1e8 e1f1 e1g1")
}

// Edge: a warp capture is an attack (Game.Attackers asks the opponent's
// ExtraMoves): the black king on h4 is in check from a4 across the edge.
func TestRookWarp_EdgeCheckByWarp(t *testing.T) {
	g := newGame(t, "rook-warp", "8/8/8/8/R2P3k/8/8/4K3 b - - 0 1")
	if !g.InCheck(position.Black) {
		t.Fatalf("black king on h4 must be in check: %s", g.FEN())
	}
	if got := joined(legal(g)); got != "h4g3 h4g4 h4g5 h4h3 h4h5" {
		t.Errorf("black moves %s", got)
	}
}

// Edge: the king may not step onto a square a rook attacks by warping.
func TestRookWarp_EdgeKingAvoidsWarpSquare(t *testing.T) {
	g := newGame(t, "rook-warp", "2k5/8/6K1/r2P4/8/8/8/8 w - - 0 1")
	if got := joined(legal(g)); got != "d5d6 g6f5 g6f6 g6f7 g6g5 g6g7 g6h6 g6h7" {
		t.Errorf("white moves %s (h5 is attacked by a5⇒h5)", got)
	}
}

// The explain output attributes a warp capture to preset.rook-warp-slide
// (the CLI case: moves --presets rook-warp --explain --fen …).
func TestRookWarp_Explain(t *testing.T) {
	g := newGame(t, "rook-warp", "4k3/8/8/8/R2P3r/8/8/4K3 b - - 0 1")
	if prod, n := prodOfMove(g, "h4a4"); n != 1 || prod != warpProd {
		t.Errorf("h4a4: %q ×%d, want %s", prod, n, warpProd)
	}
	if prod, _ := prodOfMove(g, "h4e4"); prod != "fide.rook-move" {
		t.Errorf("h4e4: %s", prod)
	}
}

// RULINGS: rook-warp read literally: a rook on its own edge warps with no
// square in between, so in the start position each corner rook may warp
// across its file onto the enemy's corner rook.
func TestRookWarp_EdgeStartPosition(t *testing.T) {
	g := newGame(t, "rook-warp", "")
	for _, mv := range []string{"a1a8", "h1h8"} {
		if prod, _ := prodOfMove(g, mv); prod != warpProd {
			t.Errorf("%s: %q", mv, prod)
		}
	}
	if n := len(g.LegalMoves()); n != 22 {
		t.Errorf("%d moves from the start, want 22", n)
	}
}

// Capablanca (10×8): the warp crosses ten files, a4⇒j4.
func TestRookWarp_Capablanca(t *testing.T) {
	g := namedVariantGame(t, "capablanca", "rook-warp", "5k4/10/10/10/R2P5r/10/10/5K4 w - - 0 1", false)
	wantFrom(t, legalFrom(t, g, "a4"),
		"a4a1 a4a2 a4a3 a4a5 a4a6 a4a7 a4a8 a4b4 a4c4 a4j4")
	if prod, _ := prodOfMove(g, "a4j4"); prod != warpProd {
		t.Errorf("a4j4: %q", prod)
	}
}

// rook-warp and wrap-board cannot be combined.
func TestRookWarp_IncompatibleWrapBoard(t *testing.T) {
	if _, err := compileWith("rook-warp,wrap-board"); err == nil {
		t.Error("rook-warp with wrap-board must not compile")
	}
}
