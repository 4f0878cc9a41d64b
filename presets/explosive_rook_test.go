package presets

import "testing"

// Scenario 1: pieces within 2 on the rank and file go, d7 (distance 3) stays.
func TestExplosiveRook_Scenario1(t *testing.T) {
	// The seed's pieces on d2 d3 d5 d6 c4 e4 f4 d7 block every rook line
	// into d4; the rook comes along the rank from h4 instead (e4 and f4
	// are then its path, so they are left out).
	g := newGame(t, "explosive-rook", "k7/3p4/3p4/3p4/2pq3R/3p4/3p4/4K3 w - - 0 1")
	play(t, g, "h4d4")
	for _, s := range []string{"d3", "d5", "d6", "c4", "d2"} {
		if pieceAt(t, g, s) != "." {
			t.Errorf("%s survived: %s", s, g.FEN())
		}
	}
	if pieceAt(t, g, "d7") != "p" || pieceAt(t, g, "d4") != "R" {
		t.Errorf("d7 or the rook is gone: %s", g.FEN())
	}
}

// Scenario 2: the own king in range is blown up, and that side loses.
func TestExplosiveRook_Scenario2(t *testing.T) {
	g := newGame(t, "explosive-rook", "k7/8/8/3K4/2pq3R/8/8/8 w - - 0 1")
	if !hasMove(g, "h4d4") {
		t.Fatalf("self-detonation must be legal: %v", legal(g))
	}
	play(t, g, "h4d4")
	r, over := g.Result()
	if !over || r.Score != "0-1" {
		t.Errorf("result %v %v, want 0-1: %s", r, over, g.FEN())
	}
}

// Scenario 3: corner capture: a3 b1 c1 are in range, a4 and d1 are not.
// (With a2 and b1 both occupied no rook could reach a1; the rook comes down
// from a2.)
func TestExplosiveRook_Scenario3(t *testing.T) {
	g := newGame(t, "explosive-rook", "7k/8/8/8/p7/p5K1/R7/rppp4 w - - 0 1")
	play(t, g, "a2a1")
	for _, s := range []string{"a3", "b1", "c1"} {
		if pieceAt(t, g, s) != "." {
			t.Errorf("%s survived: %s", s, g.FEN())
		}
	}
	if pieceAt(t, g, "a4") != "p" || pieceAt(t, g, "d1") != "p" || pieceAt(t, g, "a1") != "R" {
		t.Errorf("a4 or the rook: %s", g.FEN())
	}
}
