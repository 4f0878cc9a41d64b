package search

import (
	"context"
	"testing"

	"houserules/rules/rulestest"
)

// TestCorrectionHistory: searches that end above a node's static
// evaluation raise the evaluation of later nodes with the same pawns and
// side to move, up to the limit (+128 cp); another pawn structure, the
// other side to move and a new game start uncorrected.
func TestCorrectionHistory(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	e := NewEngine(1)
	g := mustGame(t, rs, "4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1")
	w := e.newWorker(g, context.Background())
	if got := corrected(50, *w.corrEntry()); got != 50 {
		t.Fatalf("fresh table: corrected(50) = %d, want 50", got)
	}
	updateCorr(w.corrEntry(), 40, 8) // the search ended 40 cp above the static score at depth 8
	first := corrected(50, *w.corrEntry()) - 50
	if first <= 0 || first > 40 {
		t.Errorf("after one update of +40 cp: correction %d, want in (0, 40]", first)
	}
	for i := 0; i < 200; i++ {
		updateCorr(w.corrEntry(), 400, 12)
	}
	if got := corrected(50, *w.corrEntry()) - 50; got < 100 || got > corrLimit/corrGrain {
		t.Errorf("after many updates of +400 cp: correction %d, want 100..%d", got, corrLimit/corrGrain)
	}
	for i := 0; i < 400; i++ {
		updateCorr(w.corrEntry(), -30, 12)
	}
	if got := corrected(50, *w.corrEntry()) - 50; got < -30 || got > -20 {
		t.Errorf("after many updates of -30 cp: correction %d, want near -30", got)
	}
	// the same pawns with Black to move, and other pawns: untouched
	other := e.newWorker(mustGame(t, rs, "4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1"), context.Background())
	if got := corrected(50, *other.corrEntry()); got != 50 {
		t.Errorf("Black to move: corrected(50) = %d, want 50", got)
	}
	other = e.newWorker(mustGame(t, rs, "4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1"), context.Background())
	if got := corrected(50, *other.corrEntry()); got != 50 {
		t.Errorf("other pawns: corrected(50) = %d, want 50", got)
	}
	// near mate scores the correction stops short of the mate range
	for i := 0; i < 200; i++ {
		updateCorr(w.corrEntry(), 400, 12)
	}
	if got := corrected(MateBound-5, *w.corrEntry()); got >= MateBound {
		t.Errorf("corrected(MateBound-5) = %d, want below MateBound %d", got, MateBound)
	}
	e.NewGame()
	if got := corrected(50, *w.corrEntry()); got != 50 {
		t.Errorf("after NewGame: corrected(50) = %d, want 50", got)
	}
}
