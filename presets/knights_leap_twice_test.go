package presets

import (
	"testing"

	"houserules/geom"
	"houserules/position"
)

// Scenario 1: on an empty board b1-c4 (via a3 or d2) is legal although c4
// is no single-leap destination.
func TestKnightsLeapTwice_Scenario1(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1")
	want := "b1a2 b1a3 b1a4 b1b3 b1b5 b1c2 b1c3 b1c4 b1d1 b1d2 b1d5 b1e2 b1e4 b1f1 b1f3"
	if got := joined(movesFrom(g, "b1")); got != want {
		t.Errorf("knight moves %q, want %q", got, want)
	}
	for mv, prod := range map[string]string{"b1c4": "preset.knight-double-leap", "b1a3": "fide.knight-move", "b1c3": "fide.knight-move"} {
		if p := production(g, mv); p != prod {
			t.Errorf("%s production %q, want %s", mv, p, prod)
		}
	}
	play(t, g, "b1c4")
	if got := g.FEN(); got != "4k3/8/8/8/2N5/8/8/4K3 b - - 1 1" {
		t.Errorf("after b1c4: %s", got)
	}
}

// Scenario 2: a friendly pawn on a3 closes the paths through a3 (c2 is
// reachable only that way); c4 is still reached through d2 and a4 through
// c3. With d2 closed as well, c4 is out of reach.
func TestKnightsLeapTwice_Scenario2(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "4k3/8/8/8/8/P7/8/1N2K3 w - - 0 1")
	want := "b1a2 b1a4 b1b3 b1b5 b1c3 b1c4 b1d1 b1d2 b1d5 b1e2 b1e4 b1f1 b1f3"
	if got := joined(movesFrom(g, "b1")); got != want {
		t.Errorf("knight moves %q, want %q", got, want)
	}
	g = newGame(t, "knights-leap-twice", "4k3/8/8/8/8/P7/3P4/1N2K3 w - - 0 1")
	want = "b1a2 b1a4 b1b5 b1c3 b1d1 b1d5 b1e2 b1e4"
	if got := joined(movesFrom(g, "b1")); got != want {
		t.Errorf("knight moves with a3 and d2 closed %q, want %q", got, want)
	}
}

// Scenario 3: an enemy on c3 may be captured by the single leap, but no
// double leap passes through it (a2 a4 d1 d5 e2 are reachable only via c3).
func TestKnightsLeapTwice_Scenario3(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "4k3/8/8/8/8/2p5/8/1N2K3 w - - 0 1")
	want := "b1a3 b1b3 b1b5 b1c2 b1c3 b1c4 b1d2 b1e4 b1f1 b1f3"
	if got := joined(movesFrom(g, "b1")); got != want {
		t.Errorf("knight moves %q, want %q", got, want)
	}
	if p := production(g, "b1c3"); p != "fide.knight-move" {
		t.Errorf("b1c3 production %q", p)
	}
}

// Edge: only the landing square's occupant is captured.
func TestKnightsLeapTwice_EdgeCaptureOnLanding(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "4k3/8/8/8/2r5/8/8/1N2K3 w - - 0 1")
	if p := production(g, "b1c4"); p != "preset.knight-double-leap" {
		t.Fatalf("b1c4 production %q; legal %v", p, legal(g))
	}
	play(t, g, "b1c4")
	if got := g.FEN(); got != "4k3/8/8/8/2N5/8/8/4K3 b - - 0 1" || g.Pos.State().Captured != position.MakePiece(position.Black, position.Rook) {
		t.Errorf("after Nxc4: %s", got)
	}
}

// Edge (RULINGS: knights-leap-twice): the double leap gives check, and the
// king may not step onto squares a double leap reaches. The knight on b1
// checks c4 through a3 and d2; of c4's neighbours only b4 c5 d3 d4 are out
// of its reach.
func TestKnightsLeapTwice_EdgeCheck(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "8/8/8/8/2k5/8/8/1N2K3 b - - 0 1")
	if !g.InCheck(position.Black) {
		t.Errorf("black not in check")
	}
	if got := joined(legal(g)); got != "c4b4 c4c5 c4d3 c4d4" {
		t.Errorf("black moves %q, want c4b4 c4c5 c4d3 c4d4", got)
	}
	// With a3 and d2 occupied the knight no longer reaches c4.
	g = newGame(t, "knights-leap-twice", "8/8/8/8/2k5/P7/3P4/1N2K3 b - - 0 1")
	if g.InCheck(position.Black) {
		t.Errorf("black in check with both intermediate squares closed")
	}
}

// Edge: checkmate by a double leap. d2-d6 (via c4 or e4) attacks h8 through
// f7; the king is boxed in by its own pieces and nothing can take d6 or
// block f7.
func TestKnightsLeapTwice_EdgeCheckmate(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "6rk/6pp/8/8/8/8/3N4/K7 w - - 0 1")
	if p := production(g, "d2d6"); p != "preset.knight-double-leap" {
		t.Fatalf("d2d6 production %q; legal %v", p, legal(g))
	}
	play(t, g, "d2d6")
	r, over := g.Result()
	if !over || r.Score != "1-0" || r.Reason != "checkmate" {
		t.Errorf("result %v %v, want 1-0 checkmate: %s (legal %v)", r, over, g.FEN(), legal(g))
	}
}

// Edge: a double leap never ends on the start square, even though every
// knight could leap out and back.
func TestKnightsLeapTwice_EdgeNoNullMove(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")
	for _, m := range g.LegalMoves() {
		if m.From() == m.To() {
			t.Errorf("null move %s", g.Pos.UCI(m))
		}
	}
	// 26 squares lie two leaps away (d4 itself aside); e1 holds the king.
	if n := len(movesFrom(g, "d4")); n != 8+25 || hasMove(g, "d4e1") {
		t.Errorf("%d knight moves from d4, want 8 single + 25 double leaps: %v", n, movesFrom(g, "d4"))
	}
}

// The double leap is judged on the final position: a knight pinned on the
// e-file may leap out and back onto the file (e4, e6) and nowhere else.
func TestKnightsLeapTwice_PinnedKnight(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "k3r3/8/8/8/8/8/4N3/4K3 w - - 0 1")
	if got := joined(movesFrom(g, "e2")); got != "e2e4 e2e6" {
		t.Errorf("pinned knight moves %q, want e2e4 e2e6", got)
	}
}

// Black knights leap twice as well.
func TestKnightsLeapTwice_Black(t *testing.T) {
	g := newGame(t, "knights-leap-twice", "1n2k3/8/8/8/8/8/8/4K3 b - - 0 1")
	want := "b8a6 b8a7 b8a5 b8b6 b8b4 b8c7 b8c6 b8c5 b8d8 b8d7 b8d4 b8e7 b8e5 b8f8 b8f6"
	if got := joined(movesFrom(g, "b8")); got != joined(sorted(want)) {
		t.Errorf("black knight moves %q, want %q", got, joined(sorted(want)))
	}
}

// Capablanca (10×8): the leaps stop at the j-file.
func TestKnightsLeapTwice_Capablanca(t *testing.T) {
	g := catalogueGame(t, "capablanca", "knights-leap-twice", "5k4/10/10/10/10/10/10/K8N w - - 0 1")
	want := "j1f1 j1f3 j1g2 j1g4 j1h1 j1h2 j1h5 j1i3 j1i4 j1j3 j1j5"
	if got := joined(movesFrom(g, "j1")); got != want {
		t.Errorf("knight moves %q, want %q", got, want)
	}
}

// In duck chess a double leap obeys the walls as the base moves do: it
// never lands on the duck (a7 here), and it places the duck like every
// move — one form per empty square but the one the duck leaves, 32 here as
// for g8f6. Listing the moves leaves the position as it was (a landing on
// the duck used to clear the duck's square on Undo).
func TestKnightsLeapTwice_Duck(t *testing.T) {
	g := catalogueGame(t, "duck", "knights-leap-twice", "rnbqkbnr/*ppppppp/8/8/P7/2PP4/P3PPPP/RNBQKBNR b KQkq - 0 4")
	forms := map[string]int{}
	for _, m := range g.LegalMoves() {
		u := g.Pos.UCI(m)
		if m.To() == geom.Sq(0, 6) { // a7
			t.Errorf("%s lands on the duck", u)
		}
		if u[:2] == "b8" || u[:4] == "g8f6" {
			forms[u[:4]]++
		}
	}
	want := map[string]int{"b8a5": 32, "b8a6": 32, "b8b4": 32, "b8c5": 32, "b8c6": 32, "b8d4": 32, "b8e5": 32, "g8f6": 32}
	for k, n := range want {
		if forms[k] != n {
			t.Errorf("%s: %d duck squares, want %d (all: %v)", k, forms[k], n, forms)
		}
	}
	if n1, n2 := len(g.LegalMoves()), len(g.LegalMoves()); n1 != 896 || n2 != 896 {
		t.Errorf("legal moves %d then %d, want 896 both times", n1, n2)
	}
}
