package plugins

import "testing"

func TestMakpongPlugin(t *testing.T) {
	checkOracle(t, "makpongPlugin", "makpong")
	// in check from the rook, the king may not step aside; it may take the
	// lone checker, and the knight may block
	if got := legal(t, "makpongPlugin", "4k3/8/8/8/8/8/4r3/4K1N1 w - - 0 1"); got != "e1e2 g1e2" {
		t.Errorf("moves %s", got)
	}
}

func TestRacingKingsPlugin(t *testing.T) {
	checkOracle(t, "racingKingsPlugin", "racingkings")
	if n := perft(t, "racingKingsPlugin", "", 1); n != 21 {
		t.Errorf("perft 1 = %d, want 21", n)
	}
	// White's king reached the goal; Black can answer Kh7-h8 (g8 touches White's king): the
	// game goes on, and Black's arrival draws.
	g := play(t, "racingKingsPlugin", "8/5K1k/8/8/8/8/8/8 w - - 0 1", "f7f8")
	if _, over := g.Result(); over {
		t.Fatalf("over after Kf8 though Black can reach the 8th rank")
	}
	g = play(t, "racingKingsPlugin", "8/5K1k/8/8/8/8/8/8 w - - 0 1", "f7f8 h7h8")
	if r, over := g.Result(); !over || r.Score != "1/2-1/2" {
		t.Errorf("both arrived: %v %v", r, over)
	}
}

func TestAntichessPlugin(t *testing.T) {
	checkOracle(t, "antichessPlugin", "antichess")
	// a side without pieces wins
	g := play(t, "antichessPlugin", "8/8/8/8/8/8/1p6/R7 b - - 0 1", "b2a1q")
	if r, over := g.Result(); !over || r.Score != "1-0" {
		t.Errorf("White lost its last piece: %v %v", r, over)
	}
}
