package presets

import (
	"strings"
	"testing"

	"houserules/rules"
	"houserules/variants"
)

// wantResult checks the game result exactly (over = false: the game goes on).
func wantResult(t *testing.T, g *rules.Game, over bool, want rules.Result) {
	t.Helper()
	r, ok := g.Result()
	if ok != over || (over && r != want) {
		if over {
			t.Fatalf("result %v (over %v), want %v: %s", r, ok, want, g.FEN())
		}
		t.Fatalf("game over (%v), want it to go on: %s", r, g.FEN())
	}
}

var (
	whiteFirstBlood = rules.Result{Score: "1-0", Reason: "first capture"}
	blackFirstBlood = rules.Result{Score: "0-1", Reason: "first capture"}
)

// Scenario 1: 1.e4 d5 2.exd5 — White's capture wins at once.
func TestCaptureToWin_Scenario1(t *testing.T) {
	g := newGame(t, "capture-to-win", "")
	play(t, g, "e2e4", "d7d5")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e4d5")
	wantResult(t, g, true, whiteFirstBlood)
	if n := len(g.LegalMoves()); n != 0 {
		t.Errorf("%d legal moves after the game ended", n)
	}
}

// Scenario 2: no capture and no move at all for the side to move, not in
// check: stalemate, a draw.
func TestCaptureToWin_Scenario2(t *testing.T) {
	g := newGame(t, "capture-to-win", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if g.InCheck(g.Pos.SideToMove()) {
		t.Fatal("black is in check")
	}
	wantResult(t, g, true, rules.Result{Score: "1/2-1/2", Reason: "stalemate"})
}

// Scenario 3: White is in check (back rank) and the only legal reply is to
// capture the checking rook: it is played and wins. Without the capturing
// rook White is mated, which is a draw: checkmate is disabled.
func TestCaptureToWin_Scenario3(t *testing.T) {
	g := newGame(t, "capture-to-win", "k7/4R3/8/8/8/8/6PP/4r2K w - - 0 1")
	if !g.InCheck(g.Pos.SideToMove()) {
		t.Fatal("white is not in check")
	}
	if got := joined(legal(g)); got != "e7e1" {
		t.Fatalf("legal moves %q, want only e7e1 (check still binds)", got)
	}
	play(t, g, "e7e1")
	wantResult(t, g, true, whiteFirstBlood)

	mated := newGame(t, "capture-to-win", "k7/8/8/8/8/8/6PP/4r2K w - - 0 1")
	wantResult(t, mated, true, rules.Result{Score: "1/2-1/2", Reason: "checkmate"})
}

// Edge: the king is not special — taking a pawn wins as taking a queen does,
// for Black as for White.
func TestCaptureToWin_EdgeAnyPieceWins(t *testing.T) {
	g := newGame(t, "capture-to-win", "")
	play(t, g, "e2e4", "d7d5", "b1c3", "d5e4")
	wantResult(t, g, true, blackFirstBlood)

	q := newGame(t, "capture-to-win", "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1")
	play(t, q, "d1d5")
	wantResult(t, q, true, whiteFirstBlood)
}

// Edge: a promotion is not a capture; a capture-promotion is.
func TestCaptureToWin_EdgePromotion(t *testing.T) {
	g := newGame(t, "capture-to-win", "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1")
	play(t, g, "e7e8q")
	wantResult(t, g, false, rules.Result{})

	c := newGame(t, "capture-to-win", "k2r4/4P3/8/8/8/8/8/4K3 w - - 0 1")
	play(t, c, "e7d8q")
	wantResult(t, c, true, whiteFirstBlood)
}

// Edge: en passant counts as a capture.
func TestCaptureToWin_EdgeEnPassant(t *testing.T) {
	g := newGame(t, "capture-to-win", "")
	play(t, g, "e2e4", "a7a6", "e4e5", "d7d5")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e5d6")
	wantResult(t, g, true, whiteFirstBlood)
}

// Edge: offering a piece is not a capture; only the capture that follows
// decides, for the side that makes it.
func TestCaptureToWin_EdgeOfferIsNotCapture(t *testing.T) {
	g := newGame(t, "capture-to-win", "")
	play(t, g, "e2e4", "d7d5", "d1g4") // the queen and e4 both stand en prise
	wantResult(t, g, false, rules.Result{})
	play(t, g, "c8g4")
	wantResult(t, g, true, blackFirstBlood)
}

// Under piece-hp a capture that only damages (the knight survives with
// 1 HP and is pushed aside) is still the first capture.
func TestCaptureToWin_WithPieceHP(t *testing.T) {
	g := newGame(t, "piece-hp,capture-to-win", "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1")
	play(t, g, "d1d5")
	if pieceAt(t, g, "d5") != "R" || pieceAt(t, g, "d6") != "n" || hp(t, g, "d6") != 1 {
		t.Fatalf("damage and push: %s", g.FEN())
	}
	wantResult(t, g, true, whiteFirstBlood)
}

// The win is part of the position: it survives the FEN with its facts
// suffix, and Undo takes it back.
func TestCaptureToWin_FENAndUndo(t *testing.T) {
	for _, presets := range []string{"piece-hp,capture-to-win", "capture-to-win"} {
		g := newGame(t, presets, "")
		play(t, g, "e2e4", "d7d5", "e4d5")
		fen := g.FEN()
		if !strings.Contains(fen, "game:0=1") {
			t.Fatalf("%s: the FEN does not carry the first capture: %s", presets, fen)
		}
		re := newGame(t, presets, fen)
		wantResult(t, re, true, whiteFirstBlood)
		g.Undo()
		wantResult(t, g, false, rules.Result{})
		if !hasMove(g, "e4d5") {
			t.Errorf("%s: after Undo: %v", presets, legal(g))
		}
	}
}

// Makruk: the first capture wins there too, and a mate is a draw.
func TestCaptureToWin_Makruk(t *testing.T) {
	v, err := variants.Get("makruk")
	if err != nil {
		t.Fatal(err)
	}
	g := newVariantGame(t, v, "capture-to-win", "")
	play(t, g, "e3e4", "d6d5")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e4d5")
	wantResult(t, g, true, whiteFirstBlood)

	// Black king a8 mated by two rooks on the a- and b-files (no capture
	// possible): a draw.
	m := newVariantGame(t, v, "capture-to-win", "k7/8/8/8/8/8/1R6/R3K3 b - - 0 1")
	wantResult(t, m, true, rules.Result{Score: "1/2-1/2", Reason: "checkmate"})
}
