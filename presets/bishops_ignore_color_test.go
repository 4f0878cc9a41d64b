package presets

import (
	"testing"

	"houserules/position"
)

// Scenario 1: c1-d1 is a legal orthogonal step.
func TestBishopsIgnoreColor_Scenario1(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
	want := "c1a3 c1b1 c1b2 c1c2 c1d1 c1d2 c1e3 c1f4 c1g5 c1h6"
	if got := joined(movesFrom(g, "c1")); got != want {
		t.Errorf("bishop moves %q, want %q", got, want)
	}
	if p := production(g, "c1d1"); p != "preset.bishop-orthogonal-step" {
		t.Errorf("c1d1 production %q", p)
	}
	play(t, g, "c1d1")
	if got := g.FEN(); got != "4k3/8/8/8/8/8/8/3BK3 b - - 1 1" {
		t.Errorf("after c1d1: %s", got)
	}
}

// Scenario 2: a friendly knight on b1 blocks c1-b1.
func TestBishopsIgnoreColor_Scenario2(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1")
	want := "c1a3 c1b2 c1c2 c1d1 c1d2 c1e3 c1f4 c1g5 c1h6"
	if got := joined(movesFrom(g, "c1")); got != want {
		t.Errorf("bishop moves %q, want %q", got, want)
	}
}

// Scenario 3: c1xb2 is the ordinary diagonal capture, c1-c2 the quiet
// orthogonal step.
func TestBishopsIgnoreColor_Scenario3(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/8/1p6/2B1K3 w - - 0 1")
	want := "c1b1 c1b2 c1c2 c1d1 c1d2 c1e3 c1f4 c1g5 c1h6"
	if got := joined(movesFrom(g, "c1")); got != want {
		t.Errorf("bishop moves %q, want %q", got, want)
	}
	if p := production(g, "c1b2"); p != "fide.bishop-move" {
		t.Errorf("c1b2 production %q", p)
	}
	if p := production(g, "c1c2"); p != "preset.bishop-orthogonal-step" {
		t.Errorf("c1c2 production %q", p)
	}
}

// Edge: the step is one square only: no c1-c3 (scenario 1 lists every
// move), even with c2 empty. RULINGS: bishops-ignore-color — the step may
// capture.
func TestBishopsIgnoreColor_EdgeOneSquareAndCapture(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/2r5/2n5/2B1K3 w - - 7 20")
	if hasMove(g, "c1c3") {
		t.Errorf("c1c3 legal")
	}
	if p := production(g, "c1c2"); p != "preset.bishop-orthogonal-step" {
		t.Fatalf("c1c2 production %q; legal %v", p, legal(g))
	}
	play(t, g, "c1c2")
	if got := g.FEN(); got != "4k3/8/8/8/8/2r5/2B5/4K3 b - - 0 20" || g.Pos.State().Captured != position.MakePiece(position.Black, position.Knight) {
		t.Errorf("after Bxc2: %s", got)
	}
}

// Edge: a quiet orthogonal step is an ordinary bishop move for the
// fifty-move rule: the counter goes on.
func TestBishopsIgnoreColor_EdgeFiftyMove(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/8/8/2B1K3 w - - 10 20")
	play(t, g, "c1d1")
	if hm := fenField(g, 4); hm != "11" {
		t.Errorf("halfmove clock %q after c1-d1, want 11", hm)
	}
}

// Edge: after stepping to d1 the bishop moves on the light diagonals and
// stays there until it steps again.
func TestBishopsIgnoreColor_EdgeChangesColour(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
	play(t, g, "c1d1", "e8d8")
	want := "d1a4 d1b3 d1c1 d1c2 d1d2 d1e2 d1f3 d1g4 d1h5"
	if got := joined(movesFrom(g, "d1")); got != want {
		t.Errorf("bishop moves from d1 %q, want %q", got, want)
	}
}

// The orthogonal step is a capture threat: it gives check, and the king
// may not step next to the bishop orthogonally.
func TestBishopsIgnoreColor_Check(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "4k3/4B3/8/8/8/8/8/4K3 b - - 0 1")
	if !g.InCheck(position.Black) {
		t.Errorf("bishop on e7 does not check e8")
	}
	if got := joined(legal(g)); got != "e8e7" {
		t.Errorf("black moves %q, want e8e7", got)
	}
	g = newGame(t, "bishops-ignore-color", "3k4/8/4B3/8/8/8/8/4K3 b - - 0 1")
	if got := joined(legal(g)); got != "d8c7 d8e8" {
		t.Errorf("black moves %q, want d8c7 d8e8 (e7 covered by the step)", got)
	}
}

// Black bishops step too.
func TestBishopsIgnoreColor_Black(t *testing.T) {
	g := newGame(t, "bishops-ignore-color", "2b1k3/8/8/8/8/8/8/4K3 b - - 0 1")
	want := "c8a6 c8b7 c8b8 c8c7 c8d7 c8d8 c8e6 c8f5 c8g4 c8h3"
	if got := joined(movesFrom(g, "c8")); got != want {
		t.Errorf("bishop moves %q, want %q", got, want)
	}
}

// Capablanca (10×8): a bishop in the j1 corner steps to i1 and j2 only.
func TestBishopsIgnoreColor_Capablanca(t *testing.T) {
	g := catalogueGame(t, "capablanca", "bishops-ignore-color", "5k4/10/10/10/10/10/10/K8B w - - 0 1")
	want := "j1c8 j1d7 j1e6 j1f5 j1g4 j1h3 j1i1 j1i2 j1j2"
	if got := joined(movesFrom(g, "j1")); got != want {
		t.Errorf("bishop moves %q, want %q", got, want)
	}
}
