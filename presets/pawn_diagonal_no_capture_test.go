package presets

import (
	"testing"

	"houserules/position"
)

// Scenario 1: with d5 and f5 empty both diagonal steps are legal quiet moves.
func TestPawnDiagonalNoCapture_Scenario1(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4d5 e4e5 e4f5" {
		t.Errorf("pawn moves %q, want e4d5 e4e5 e4f5", got)
	}
	for _, mv := range []string{"e4d5", "e4f5"} {
		if p := production(g, mv); p != "preset.pawn-diagonal-quiet" {
			t.Errorf("%s production %q", mv, p)
		}
	}
	play(t, g, "e4d5")
	if got := g.FEN(); got != "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1" {
		t.Errorf("after e4d5: %s", got)
	}
}

// Scenario 2: an enemy on d5 is captured as in FIDE.
func TestPawnDiagonalNoCapture_Scenario2(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4d5 e4e5 e4f5" {
		t.Errorf("pawn moves %q, want e4d5 e4e5 e4f5", got)
	}
	if p := production(g, "e4d5"); p != "fide.pawn-capture" {
		t.Errorf("e4d5 production %q, want fide.pawn-capture", p)
	}
	play(t, g, "e4d5")
	if got := g.FEN(); got != "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1" || g.Pos.State().Captured == position.NoPiece {
		t.Errorf("after exd5: %s", got)
	}
}

// Scenario 3: a friendly piece on d5 stops both the quiet move and a capture.
func TestPawnDiagonalNoCapture_Scenario3(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e4")); got != "e4e5 e4f5" {
		t.Errorf("pawn moves %q, want e4e5 e4f5", got)
	}
}

// Edge: a quiet diagonal move creates no en-passant target (black pawns
// stand beside the square the pawn lands on) and, being a pawn move,
// resets the fifty-move counter.
func TestPawnDiagonalNoCapture_EdgeNoEnPassant(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/8/8/8/4P3/4K3 w - - 12 30")
	play(t, g, "e2d3")
	if ep, hm := fenField(g, 3), fenField(g, 4); ep != "-" || hm != "0" {
		t.Errorf("after e2d3: %s", g.FEN())
	}
	g = newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/8/1p1p4/8/2P5/4K3 w - - 0 1")
	play(t, g, "c2c3")
	g.Undo()
	play(t, g, "c2d3")
	if fenField(g, 3) != "-" {
		t.Errorf("after c2d3: %s", g.FEN())
	}
	for _, m := range g.LegalMoves() {
		if m.Kind() == position.EnPassant {
			t.Errorf("en passant %s after a quiet diagonal move", g.Pos.UCI(m))
		}
	}
}

// Edge: a quiet diagonal move may give check and checkmate.
func TestPawnDiagonalNoCapture_EdgeCheckmate(t *testing.T) {
	// f6-g7 (quiet) checks h8; g7 is covered by the b2 bishop once f6 is
	// empty, g8 and h7 are black's own pieces and the g8 bishop cannot take.
	g := newGame(t, "pawn-diagonal-no-capture", "6bk/7p/5P2/8/8/8/1B6/K7 w - - 0 1")
	if p := production(g, "f6g7"); p != "preset.pawn-diagonal-quiet" {
		t.Fatalf("f6g7 production %q; legal %v", p, legal(g))
	}
	play(t, g, "f6g7")
	if !g.InCheck(position.Black) {
		t.Errorf("no check: %s", g.FEN())
	}
	r, over := g.Result()
	if !over || r.Score != "1-0" || r.Reason != "checkmate" {
		t.Errorf("result %v %v, want 1-0 checkmate: %s", r, over, g.FEN())
	}
}

// Edge: a quiet diagonal move onto the last rank promotes, to each
// promotion piece type.
func TestPawnDiagonalNoCapture_EdgePromotion(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "8/4P3/8/8/8/8/8/k3K3 w - - 0 1")
	want := "e7d8b e7d8n e7d8q e7d8r e7e8b e7e8n e7e8q e7e8r e7f8b e7f8n e7f8q e7f8r"
	if got := joined(movesFrom(g, "e7")); got != want {
		t.Errorf("pawn moves %q, want %q", got, want)
	}
	if p := production(g, "e7f8n"); p != "preset.pawn-diagonal-quiet" {
		t.Errorf("e7f8n production %q", p)
	}
	play(t, g, "e7f8n")
	if got := g.FEN(); got != "5N2/8/8/8/8/8/8/k3K3 b - - 0 1" {
		t.Errorf("after e7f8n: %s", got)
	}
}

// Edge: en passant is unchanged. After e2-e4 the d4 pawn takes en passant
// on e3 (listed once, as the capture); after d7-d5 the e5 pawn's move to d6
// is the en-passant capture and f6 stays a quiet alternative.
func TestPawnDiagonalNoCapture_EdgeEnPassantUnchanged(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	play(t, g, "e2e4")
	if got := joined(movesFrom(g, "d4")); got != "d4c3 d4d3 d4e3" {
		t.Errorf("d4 moves %q, want d4c3 d4d3 d4e3", got)
	}
	if p := production(g, "d4e3"); p != "fide.en-passant" {
		t.Errorf("d4e3 production %q, want fide.en-passant", p)
	}
	play(t, g, "d4e3")
	if got := g.FEN(); got != "4k3/8/8/8/8/4p3/8/4K3 w - - 0 2" {
		t.Errorf("after dxe3 e.p.: %s", got)
	}

	g = newGame(t, "pawn-diagonal-no-capture", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
	play(t, g, "d7d5")
	if got := joined(movesFrom(g, "e5")); got != "e5d6 e5e6 e5f6" {
		t.Errorf("e5 moves %q, want e5d6 e5e6 e5f6", got)
	}
	if p := production(g, "e5d6"); p != "fide.en-passant" {
		t.Errorf("e5d6 production %q", p)
	}
	if p := production(g, "e5f6"); p != "preset.pawn-diagonal-quiet" {
		t.Errorf("e5f6 production %q", p)
	}
	play(t, g, "e5d6")
	if got := g.FEN(); got != "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2" {
		t.Errorf("after exd6 e.p.: %s", got)
	}
}

// Black pawns slant towards the 1st rank.
func TestPawnDiagonalNoCapture_Black(t *testing.T) {
	g := newGame(t, "pawn-diagonal-no-capture", "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1")
	if got := joined(movesFrom(g, "e5")); got != "e5d4 e5e4 e5f4" {
		t.Errorf("black pawn moves %q", got)
	}
}

// Capablanca (10×8): the j-file is the edge, the i-file is not.
func TestPawnDiagonalNoCapture_Capablanca(t *testing.T) {
	g := catalogueGame(t, "capablanca", "pawn-diagonal-no-capture", "5k4/10/10/10/8PP/10/10/5K4 w - - 0 1")
	if got := joined(movesFrom(g, "i4")) + " / " + joined(movesFrom(g, "j4")); got != "i4h5 i4i5 i4j5 / j4i5 j4j5" {
		t.Errorf("pawn moves %q", got)
	}
}
