package search

import (
	"context"
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// TestCaptureHistory: two captures of a pawn by a knight score alike by
// victim and attacker; once one of them has refuted a move (a cut-off) it
// is ordered first, and one that failed is ordered last. The history
// saturates at ±8000 (int16, gravity towards 0).
func TestCaptureHistory(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	g := mustGame(t, rs, "4k3/8/8/2p1p3/8/3N4/8/4K3 w - - 0 1")
	e := NewEngine(1)
	w := e.newWorker(g, context.Background())
	c5, err := g.ParseMove("d3c5")
	if err != nil {
		t.Fatal(err)
	}
	e5, err := g.ParseMove("d3e5")
	if err != nil {
		t.Fatal(err)
	}
	order := func() []int {
		moves := []position.Move{c5, e5}
		sc := make([]int, 2)
		w.scoreMoves(moves, sc, position.NoMove, 0)
		return sc
	}
	if sc := order(); sc[0] != sc[1] {
		t.Fatalf("fresh history: Nxc5 %d, Nxe5 %d, want equal", sc[0], sc[1])
	}
	w.updateCapHist(e5, 16) // depth 4 cut-off
	if sc := order(); sc[1] <= sc[0] {
		t.Errorf("after Nxe5 cut off: Nxc5 %d, Nxe5 %d, want Nxe5 first", sc[0], sc[1])
	}
	w.updateCapHist(c5, -16)
	w.updateCapHist(e5, -16)
	w.updateCapHist(e5, -16)
	if sc := order(); sc[0] <= sc[1] {
		t.Errorf("after Nxe5 failed twice: Nxc5 %d, Nxe5 %d, want Nxc5 first", sc[0], sc[1])
	}
	for i := 0; i < 200; i++ {
		w.updateCapHist(c5, 400)
	}
	if h := e.capHist[position.Knight][c5.To()][position.Pawn]; h <= 7000 || h > 8000 {
		t.Errorf("saturated history %d, want in (7000, 8000]", h)
	}
}
