package plugins

import "testing"

func TestKingOfTheHillPlugin(t *testing.T) {
	checkOracle(t, "kingOfTheHillPlugin", "kingofthehill")
	g := play(t, "kingOfTheHillPlugin", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "e3e4")
	if r, over := g.Result(); !over || r.Score != "1-0" || r.Reason != "king of the hill" {
		t.Errorf("after Ke4: %v %v", r, over)
	}
	if n := len(g.LegalMoves()); n != 0 {
		t.Errorf("%d moves after the game ended", n)
	}
}
