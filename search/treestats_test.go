//go:build searchstats

package search

import (
	"context"
	"testing"

	"houserules/rules/rulestest"
)

// TestTreeStats searches the 12 capablanca middlegames of the search
// benchmark to depth 8 and checks that the tree's counts add up: every
// node the search counted is a root move, a ProbCut capture, a
// main-search or a quiescence node; a node ends on a table bound, on its
// static score, in its move loop or by a rule (draw, mate distance, end
// of game), and a cut-off happens in an expanded node. Run with
// `go test -tags searchstats ./search -run TreeStats -v` to see the table.
func TestTreeStats(t *testing.T) {
	rs := rulestest.Compile(t, "capablanca", "")
	e := NewEngine(16)
	var nodes uint64
	for _, fen := range capablancaPositions {
		e.NewGame()
		nodes += e.Search(context.Background(), mustGame(t, rs, fen), Limits{Depth: 8}, nil).Nodes
	}
	st := e.TreeStats()
	t.Logf("capablanca middlegames, depth 8:\n%s", st.String())
	if st.Total() != nodes {
		t.Fatalf("counts add up to %d nodes, the search counted %d", st.Total(), nodes)
	}
	for d := 1; d < statDepths; d++ {
		if ends := st.TTCuts[d] + st.StaticCuts[d] + st.Expanded[d]; ends > st.Nodes[d] {
			t.Errorf("depth %d: %d nodes but %d ended by table, static score or move loop", d, st.Nodes[d], ends)
		}
		if cuts := st.FirstCuts[d] + st.LaterCuts[d]; cuts > st.Expanded[d] {
			t.Errorf("depth %d: %d cut-offs in %d expanded nodes", d, cuts, st.Expanded[d])
		}
		if st.PVMoves[d] > st.Moves[d] || st.Captures[d]+st.QuietChecks[d] > st.Moves[d] {
			t.Errorf("depth %d: pv moves %d, captures %d, quiet checks %d of %d moves", d, st.PVMoves[d], st.Captures[d], st.QuietChecks[d], st.Moves[d])
		}
	}
	if st.Nodes[1] == 0 || st.QNodes[0] == 0 || st.FirstCuts[1] == 0 {
		t.Fatalf("no depth-1 nodes, quiescence nodes or cut-offs counted:\n%s", st.String())
	}
	e.ResetTreeStats()
	if z := e.TreeStats(); z.Total() != 0 {
		t.Fatalf("after ResetTreeStats: %d nodes", z.Total())
	}
}
