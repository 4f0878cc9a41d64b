package presets

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

var (
	blackAnnihilates = rules.Result{Score: "0-1", Reason: "extinction"}
	blackNoMoves     = rules.Result{Score: "1-0", Reason: "stalemate"}
)

// The preset is a variant edit: no hooks, the base rules run untouched.
func TestLastPieceStanding_Plain(t *testing.T) {
	g := newGame(t, "last-piece-standing", "")
	if !g.R.Plain() {
		t.Error("the ruleset has hooks")
	}
	v := g.R.Variant
	if v.PieceTypes().Has(position.King) || !v.PieceTypes().Has(position.Commoner) ||
		v.CastlingKingPiece != [2]position.PieceType{position.Commoner, position.Commoner} {
		t.Errorf("pieces %v castling piece %v", v.PieceTypes().Types(), v.CastlingKingPiece)
	}
	if n := rules.PerftGame(g, 3); n != 8902 {
		t.Errorf("perft 3 = %d, want 8902 (no check can arise in 3 plies)", n)
	}
}

// Scenario 1: White has only a king; Black's queen captures it and Black
// wins. Before that no check exists: the king may step into the queen's
// line, and "capturing the king" is an ordinary capture.
func TestLastPieceStanding_Scenario1(t *testing.T) {
	g := newGame(t, "last-piece-standing", "4k3/8/8/8/7q/8/8/4K3 w - - 0 1")
	if g.InCheck(position.White) {
		t.Fatal("white is in check")
	}
	if got, want := joined(legal(g)), "e1d1 e1d2 e1e2 e1f1 e1f2"; got != want {
		t.Fatalf("legal %q, want %q (f2 and f1 are attacked squares)", got, want)
	}
	play(t, g, "e1f2")
	if g.InCheck(position.White) {
		t.Error("check after e1f2")
	}
	wantResult(t, g, false, rules.Result{})
	play(t, g, "h4f2")
	wantResult(t, g, true, blackAnnihilates)
}

// Scenario 2: with no check a lone king always has a legal move (it may go
// to attacked squares and take any adjacent enemy), so the seed's "force
// Black's king into a position with no legal moves" cannot happen. The
// closest position: Black's king is already gone and its two pawns are
// about to be blocked. White sacrifices the rook on g2 (Black's only move
// is h3xg2), then blocks the new g2 pawn with the king: Black has pieces
// but no legal move, and loses.
func TestLastPieceStanding_Scenario2(t *testing.T) {
	g := newGame(t, "last-piece-standing", "6R1/1p6/1B6/8/8/7p/7P/5K2 w - - 0 1")
	play(t, g, "g8g2")
	if got := joined(legal(g)); got != "h3g2" {
		t.Fatalf("black legal %q, want only h3g2", got)
	}
	play(t, g, "h3g2", "f1g1")
	if n := len(g.LegalMoves()); n != 0 {
		t.Fatalf("black has %d moves: %v", n, legal(g))
	}
	wantResult(t, g, true, blackNoMoves)
}

// Scenario 3: king against king is no automatic draw (no insufficient
// material); it ends by repetition or the fifty-move rule.
func TestLastPieceStanding_Scenario3(t *testing.T) {
	g := newGame(t, "last-piece-standing", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e7e8")
	wantResult(t, g, true, rules.Result{Score: "1/2-1/2", Reason: "repetition"})

	f := newGame(t, "last-piece-standing", "4k3/8/8/8/8/8/8/4K3 w - - 99 80")
	play(t, f, "e1e2")
	wantResult(t, f, true, rules.Result{Score: "1/2-1/2", Reason: "n-move rule"})
}

// Edge: no pins: the rook in front of its king may leave the file, and
// taking the king does not end the game while White has a piece.
func TestLastPieceStanding_EdgeNoPins(t *testing.T) {
	g := newGame(t, "last-piece-standing", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1")
	if !hasMove(g, "e2d2") {
		t.Fatalf("e2d2 missing: %v", legal(g))
	}
	play(t, g, "e2d2", "e7e1")
	if pieceAt(t, g, "e1") != "r" {
		t.Fatalf("king not taken: %s", g.FEN())
	}
	wantResult(t, g, false, rules.Result{})
	play(t, g, "d2e2") // attacks e1 and e8 at once
	play(t, g, "e1e2")
	wantResult(t, g, true, blackAnnihilates)
}

// Edge: having no legal move loses even with material; and a FIDE
// stalemate is no stalemate here (the king may step into attack).
func TestLastPieceStanding_EdgeNoMovesLoses(t *testing.T) {
	g := newGame(t, "last-piece-standing", "8/p6p/P6P/8/8/8/8/4K3 b - - 0 1")
	wantResult(t, g, true, blackNoMoves)

	s := newGame(t, "last-piece-standing", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if got, want := joined(legal(s)), "h8g7 h8g8 h8h7"; got != want {
		t.Errorf("legal %q, want %q", got, want)
	}
	wantResult(t, s, false, rules.Result{})
}

// Castling works with the non-royal king, and since there is no check it
// may start from, pass through and end on attacked squares.
func TestLastPieceStanding_Castling(t *testing.T) {
	// The bishop b4 "checks" e1, the rooks f8 and c8 attack f1 and c1.
	const fen = "2r1kr2/8/8/8/1b6/8/8/R3K2R w KQ - 0 1"
	g := newGame(t, "last-piece-standing", fen)
	if !hasMove(g, "e1g1") || !hasMove(g, "e1c1") {
		t.Fatalf("castling missing: %v", legal(g))
	}
	play(t, g, "e1g1")
	if pieceAt(t, g, "g1") != "K" || pieceAt(t, g, "f1") != "R" || pieceAt(t, g, "h1") != "." || pieceAt(t, g, "e1") != "." {
		t.Fatalf("after O-O: %s", g.FEN())
	}
	g.Undo()
	if g.FEN() != fen {
		t.Fatalf("undo: %s", g.FEN())
	}
	play(t, g, "e1c1")
	if pieceAt(t, g, "c1") != "K" || pieceAt(t, g, "d1") != "R" || pieceAt(t, g, "a1") != "." {
		t.Fatalf("after O-O-O: %s", g.FEN())
	}
	// A king that has moved has no castling rights left.
	m := newGame(t, "last-piece-standing", fen)
	play(t, m, "e1e2", "e8e7", "e2e1", "e7e8")
	if hasMove(m, "e1g1") || hasMove(m, "e1c1") {
		t.Errorf("castling after the king moved: %v", legal(m))
	}
}

// With a preset that installs hooks the game runs through rules.Game's
// hooked legality: castling must stay free there too.
func TestLastPieceStanding_CastlingWithHooks(t *testing.T) {
	g := newGame(t, "piece-hp,last-piece-standing", "2r1kr2/8/8/8/1b6/8/8/R3K2R w KQ - 0 1")
	if !hasMove(g, "e1g1") {
		t.Errorf("a non-royal king castles through attacked squares: e1g1 missing: %v", legal(g))
	}
	if !hasMove(g, "e1c1") {
		t.Errorf("e1c1 missing: %v", legal(g))
	}
}

// Capablanca (10×8): the king castles three files and the game is
// decided by extinction there too.
func TestLastPieceStanding_Capablanca(t *testing.T) {
	v, err := variants.Get("capablanca")
	if err != nil {
		t.Fatal(err)
	}
	g := newVariantGame(t, v, "last-piece-standing", "5k4/10/10/10/10/10/5r4/R4K3R w KQ - 0 1")
	if g.InCheck(position.White) || !hasMove(g, "f1i1") || !hasMove(g, "f1c1") {
		t.Fatalf("legal: %v", legal(g))
	}
	play(t, g, "f1i1")
	if pieceAt(t, g, "i1") != "K" || pieceAt(t, g, "h1") != "R" {
		t.Fatalf("after O-O: %s", g.FEN())
	}
	lone := newVariantGame(t, v, "last-piece-standing", "5k4/10/10/10/10/10/5r4/5K4 b - - 0 1")
	play(t, lone, "f2f1")
	wantResult(t, lone, true, blackAnnihilates)
}

// Makruk: the king (a non-royal commoner now) can be taken without ending
// the game; the game ends when a side has nothing left.
func TestLastPieceStanding_Makruk(t *testing.T) {
	v, err := variants.Get("makruk")
	if err != nil {
		t.Fatal(err)
	}
	g := newVariantGame(t, v, "last-piece-standing", "4k3/8/8/8/8/8/4r3/R3K3 b - - 0 1")
	play(t, g, "e2e1")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "a1e1")
	wantResult(t, g, false, rules.Result{})
	play(t, g, "e8d8", "e1e8", "d8e8")
	wantResult(t, g, true, blackAnnihilates)
}
