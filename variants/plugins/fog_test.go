package plugins

import (
	"testing"

	"houserules/geom"
	"houserules/rules"
)

func TestFogOfWar(t *testing.T) {
	g := play(t, "fogOfWar", "", "")
	// White sees its 16 squares, the 16 pawn targets on ranks 3 and 4 and
	// the knights' a3, c3, f3, h3 (among them): 32 squares; 32 hidden.
	v := g.View(rules.SeatWhite)
	if n := v.Hidden.Count(); n != 32 {
		t.Errorf("White: %d hidden squares, want 32", n)
	}
	if !v.Hidden.Has(geom.Sq(4, 6)) || v.Hidden.Has(geom.Sq(4, 3)) {
		t.Errorf("White sees e7 or not e4")
	}
	// Black, not to move, sees its own half the same way.
	vb := g.View(rules.SeatBlack)
	if n := vb.Hidden.Count(); n != 32 || !vb.Hidden.Has(geom.Sq(4, 1)) || vb.Hidden.Has(geom.Sq(4, 4)) {
		t.Errorf("Black: %d hidden", n)
	}
	if g.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
		t.Errorf("the view changed the game: %s", g.FEN())
	}
	// a spectator sees everything
	if vs := g.View(rules.SeatSpectator); vs.Hidden.Any() {
		t.Errorf("spectator: %d hidden", vs.Hidden.Count())
	}
	// after 1.e4 the bishop and the queen see along their opened lines:
	// f1-a6 and d1-h5 added, e2 now empty and seen
	g = play(t, "fogOfWar", "", "e2e4")
	v = g.View(rules.SeatWhite)
	for _, s := range []geom.Square{geom.Sq(0, 5), geom.Sq(7, 4), geom.Sq(4, 4)} {
		if v.Hidden.Has(s) {
			t.Errorf("White does not see %s", s)
		}
	}
	// no check: the king may be captured, which wins
	g = play(t, "fogOfWar", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1e2")
	if r, over := g.Result(); over {
		t.Errorf("over: %v", r)
	}
	g = play(t, "fogOfWar", "4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", "e7e1")
	if r, over := g.Result(); !over || r.Score != "0-1" {
		t.Errorf("king captured: %v %v", r, over)
	}
}
