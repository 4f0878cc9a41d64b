package search

import (
	"context"
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// TestQuiescenceEnds: where capture chains need not end (hit points make a
// capture a wound; compulsory capture makes every move noisy) the
// quiescence search is bounded, so a depth-1 search stays small. These
// positions came from self-play; before the bound each took 47 000 to
// 1 800 000+ nodes at depth 1 (the last one did not finish in 20 s). With
// the bound the count moves with the evaluation's weights (stand-pat
// cut-offs): the shatar position took 6 302 with the weights of
// 2026-12-01, under 5 000 before; 10 000 still tells bounded from not.
func TestQuiescenceEnds(t *testing.T) {
	for _, tc := range []struct {
		variant, presets, fen string
		maxNodes              uint64
	}{
		{"pawnback", "rook-warp,knight-immunity,piece-hp", "rnbq1bn1/1p1pk1pr/p4p1B/1Pp1p2p/3P4/N6N/P1P1PPPP/R2QKB1R w KQ - 16 9 {}", 10000},
		{"shatar", "test-double-move,piece-hp", "rnj1kb1r/4p1pp/pp3n2/J1pp1p2/3PPN1P/2PB1b2/PP1N1PP1/R1B1K2R b - - 2 12 {Hp:f4=1}", 10000},
		{"suicide", "rook-warp,knights-leap-twice,bishops-ignore-color,double-pawn-sprint", "rnbqkb2/pppppppp/8/8/6n1/8/PPPPPP1P/1NBQKBNR w - - 0 3", 50000},
	} {
		g := mustGame(t, rulestest.Compile(t, tc.variant, tc.presets), tc.fen)
		res := NewEngine(4).Search(context.Background(), g, Limits{Depth: 1}, nil)
		if res.Nodes > tc.maxNodes {
			t.Errorf("%s %s: depth 1 took %d nodes, want at most %d", tc.variant, tc.presets, res.Nodes, tc.maxNodes)
		}
		legal := false
		for _, m := range g.LegalMoves() {
			legal = legal || m == res.Move
		}
		if !legal {
			t.Errorf("%s %s: bestmove %s is not legal", tc.variant, tc.presets, res.MoveText)
		}
	}
}

// TestCapturesOnlyDepth: in clobber every move is a capture, so quiescence
// would search the whole tree; it is skipped and the main search goes
// deeper (at depth 1 the start position of clobber10 took 700 000+ nodes
// before).
func TestCapturesOnlyDepth(t *testing.T) {
	if raceEnabled {
		t.Skip("single-goroutine, 600 000 nodes: run without -race")
	}
	for _, tc := range []struct {
		variant  string
		minDepth int
	}{{"clobber10", 3}, {"clobber", 4}} {
		r := rulestest.Compile(t, tc.variant, "")
		if !NewEvaluator(r).capturesOnly {
			t.Errorf("%s: not seen as captures-only", tc.variant)
		}
		g := mustGame(t, r, "")
		res := NewEngine(4).Search(context.Background(), g, Limits{Nodes: 300000}, nil)
		if res.Depth < tc.minDepth {
			t.Errorf("%s: depth %d in 300 000 nodes, want at least %d", tc.variant, res.Depth, tc.minDepth)
		}
	}
	if NewEvaluator(rulestest.Compile(t, "chess", "")).capturesOnly || NewEvaluator(rulestest.Compile(t, "antichess", "")).capturesOnly {
		t.Error("chess or antichess seen as captures-only")
	}
}

// TestQuiescenceRecaptures: from qsRecaptureDepth plies of quiescence on,
// only recaptures on the last move's square are searched. After 1...fxe4
// White can win the queen (Rxd6) or take back the pawn (Bxe4): near the
// root quiescence finds the queen, deep in it only the recapture.
func TestQuiescenceRecaptures(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	g := mustGame(t, rs, "6k1/8/3q4/5p2/4P3/8/2B5/3RK3 b - - 0 1")
	m, err := g.ParseMove("f5e4")
	if err != nil {
		t.Fatal(err)
	}
	g.Do(m)
	e := NewEngine(1)
	e.useRuleset(rs)
	w := e.newWorker(g, context.Background())
	stand := w.ev.Evaluate(g)
	near := w.qsearch(-Infinite, Infinite, 1, 0)
	if near < stand+w.ev.Mg[position.Queen]/2 {
		t.Errorf("qsearch at quiescence ply 0: %d, want the queen won (static %d)", near, stand)
	}
	if w.pvLen[1] < 2 || g.Pos.UCI(w.pv[1][1]) != "d1d6" {
		t.Errorf("qsearch at quiescence ply 0: best capture %v, want d1d6", w.pv[1][1:w.pvLen[1]])
	}
	deep := w.qsearch(-Infinite, Infinite, 1, qsRecaptureDepth)
	if deep >= stand+w.ev.Mg[position.Queen]/2 || deep < stand {
		t.Errorf("qsearch at quiescence ply %d: %d, want the pawn back only (static %d)", qsRecaptureDepth, deep, stand)
	}
	if w.pvLen[1] < 2 || g.Pos.UCI(w.pv[1][1]) != "c2e4" {
		t.Errorf("qsearch at quiescence ply %d: best capture %v, want c2e4", qsRecaptureDepth, w.pv[1][1:w.pvLen[1]])
	}
}
