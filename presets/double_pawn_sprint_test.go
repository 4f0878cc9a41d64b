package presets

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
)

// kindOf returns the kind of the legal move uci (ok = false when it is not
// legal).
func kindOf(g *rules.Game, uci string) (position.MoveKind, bool) {
	for _, m := range g.LegalMoves() {
		if g.Pos.UCI(m) == uci {
			return m.Kind(), true
		}
	}
	return 0, false
}

// Scenario 1: e4-e6 is legal and makes e5 the en-passant target. The base
// rules record the target when an enemy pawn can take on it (FIDE FEN
// convention), so a black pawn stands on d6.
func TestDoublePawnSprint_Scenario1(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e5 e4e6" {
		t.Errorf("pawn moves %q, want e4e5 e4e6", got)
	}
	if p := production(g, "e4e6"); p != "fide.pawn-double-push" {
		t.Errorf("e4e6 production %q", p)
	}
	play(t, g, "e4e6")
	if got := g.FEN(); got != "4k3/8/3pP3/8/8/8/8/4K3 b - e5 0 1" {
		t.Errorf("after e4e6: %s, want ep e5", got)
	}
	if ep := g.Pos.EPSquares(); !ep.Has(sq(t, "e5")) || ep.Count() != 1 {
		t.Errorf("ep squares %v", ep.Squares())
	}
}

// Scenario 2 (RULINGS: double-pawn-sprint — FIDE geometry): after e4-e6
// black takes en passant on e5 from d6 or f6, removing the e6 pawn; the d5
// pawn has no capture on e6.
func TestDoublePawnSprint_Scenario2(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "4k3/8/3p1p2/3p4/4P3/8/8/4K3 w - - 0 1")
	play(t, g, "e4e6")
	for _, mv := range []string{"d6e5", "f6e5"} {
		if k, ok := kindOf(g, mv); !ok || k != position.EnPassant {
			t.Errorf("%s: legal %v kind %v, want en passant; legal %v", mv, ok, k, legal(g))
		}
	}
	if hasMove(g, "d5e6") {
		t.Errorf("d5xe6 is legal: %v", legal(g))
	}
	if got := joined(movesFrom(g, "d5")); got != "d5d3 d5d4" {
		t.Errorf("d5 moves %q, want d5d3 d5d4", got)
	}
	play(t, g, "d6e5")
	if got := g.FEN(); got != "4k3/8/5p2/3pp3/8/8/8/4K3 w - - 0 2" {
		t.Errorf("after dxe5 e.p.: %s", got)
	}
}

// Scenario 3: from e7 the pawn only single-steps with promotion (e9 is off
// the board). RULINGS: double-pawn-sprint — a sprint that reaches the last
// rank (e6-e8) promotes.
func TestDoublePawnSprint_Scenario3(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "k7/4P3/8/8/8/8/8/K7 w - - 0 1")
	if got := joined(movesFrom(g, "e7")); got != "e7e8b e7e8n e7e8q e7e8r" {
		t.Errorf("e7 moves %q", got)
	}
	g = newGame(t, "double-pawn-sprint", "k7/8/4P3/8/8/8/8/K7 w - - 0 1")
	if got := joined(movesFrom(g, "e6")); got != "e6e7 e6e8b e6e8n e6e8q e6e8r" {
		t.Errorf("e6 moves %q", got)
	}
	play(t, g, "e6e8n")
	if pieceAt(t, g, "e8") != "N" || pieceAt(t, g, "e6") != "." {
		t.Errorf("after e6e8n: %s", g.FEN())
	}
}

// Edge: the en-passant window is one ply.
func TestDoublePawnSprint_EdgeOnePlyWindow(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "4k3/8/3p4/8/4P3/8/8/K7 w - - 0 1")
	play(t, g, "e4e6", "e8d8", "a1b1")
	if k, ok := kindOf(g, "d6e5"); ok {
		t.Errorf("d6e5 still legal (kind %v) a ply later", k)
	}
	if ep := fenField(g, 3); ep != "-" {
		t.Errorf("ep field %q", ep)
	}
	if pieceAt(t, g, "e6") != "P" {
		t.Errorf("e6: %s", g.FEN())
	}
}

// Edge: a sprint may not jump over a piece of either colour.
func TestDoublePawnSprint_EdgeNoJump(t *testing.T) {
	for fen, want := range map[string]string{
		"4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1": "",
		"4k3/8/8/4N3/4P3/8/8/4K3 w - - 0 1": "",
		"4k3/8/4p3/8/4P3/8/8/4K3 w - - 0 1": "e4e5",
		"4k3/8/4N3/8/4P3/8/8/4K3 w - - 0 1": "e4e5",
	} {
		g := newGame(t, "double-pawn-sprint", fen)
		if got := joined(movesFrom(g, "e4")); got != want {
			t.Errorf("%s: e4 moves %q, want %q", fen, got, want)
		}
	}
}

// Black sprints too, from any rank, and white takes en passant.
func TestDoublePawnSprint_Black(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "4k3/8/8/4p3/8/5P2/8/4K3 b - - 0 1")
	if got := joined(movesFrom(g, "e5")); got != "e5e3 e5e4" {
		t.Errorf("e5 moves %q", got)
	}
	play(t, g, "e5e3")
	if fenField(g, 3) != "e4" {
		t.Fatalf("after e5e3: %s", g.FEN())
	}
	play(t, g, "f3e4")
	if got := g.FEN(); got != "4k3/8/8/8/4P3/8/8/4K3 b - - 0 2" {
		t.Errorf("after fxe4 e.p.: %s", got)
	}
}

// The home-rank double step is unchanged.
func TestDoublePawnSprint_HomeRank(t *testing.T) {
	g := newGame(t, "double-pawn-sprint", "")
	if got := joined(movesFrom(g, "e2")); got != "e2e3 e2e4" {
		t.Errorf("e2 moves %q", got)
	}
	if n := len(g.LegalMoves()); n != 20 {
		t.Errorf("%d moves in the start position, want 20", n)
	}
}

// Capablanca (10×8): an i-pawn sprints from the 4th rank and can be taken
// en passant; a pawn on the 6th reaches the last rank and promotes to any capablanca piece.
func TestDoublePawnSprint_Capablanca(t *testing.T) {
	g := catalogueGame(t, "capablanca", "double-pawn-sprint", "5k4/10/7p2/10/8P1/10/10/5K4 w - - 0 1")
	if got := joined(movesFrom(g, "i4")); got != "i4i5 i4i6" {
		t.Errorf("i4 moves %q, want i4i5 i4i6", got)
	}
	play(t, g, "i4i6")
	if k, ok := kindOf(g, "h6i5"); fenField(g, 3) != "i5" || !ok || k != position.EnPassant {
		t.Errorf("after i4i6: %s, h6i5 legal %v kind %v", g.FEN(), ok, k)
	}
	g = catalogueGame(t, "capablanca", "double-pawn-sprint", "5k4/10/8P1/10/10/10/10/5K4 w - - 0 1")
	if got := joined(movesFrom(g, "i6")); got != "i6i7 i6i8a i6i8b i6i8c i6i8n i6i8q i6i8r" {
		t.Errorf("i6 moves %q", got)
	}
}

// Makruk has no double step at all; the preset gives its pawns the sprint.
func TestDoublePawnSprint_Makruk(t *testing.T) {
	g := catalogueGame(t, "makruk", "double-pawn-sprint", "")
	if got := joined(movesFrom(g, "e3")); got != "e3e4 e3e5" {
		t.Errorf("e3 moves %q, want e3e4 e3e5", got)
	}
}

// The preset cannot be combined with pawns-move-backward.
func TestDoublePawnSprint_IncompatibleWithBackward(t *testing.T) {
	specs, _ := rules.ParseSpecs("double-pawn-sprint,pawns-move-backward")
	_, err := rules.Compile(position.NewVariant(), specs)
	if err == nil || !strings.Contains(err.Error(), "incompatible") {
		t.Errorf("double-pawn-sprint + pawns-move-backward: %v", err)
	}
}
