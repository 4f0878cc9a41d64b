package search

import (
	"fmt"
	"strings"
)

// TreeStats counts the shape of the search tree: nodes, moves and cut-offs
// by remaining depth (plies, the last index holding all deeper ones), and
// quiescence nodes by quiescence ply. It is filled only in builds with
// the searchstats tag (`go test -tags searchstats`); the default build
// compiles the counting out (statsOn is a constant false). Compare the
// shape with another engine's to see where a tree is wider: at which
// depth, in PV or other nodes, by which moves.
type TreeStats struct {
	Root        uint64             // root moves made
	ProbCut     uint64             // ProbCut captures made
	Nodes       [statDepths]uint64 // main-search nodes entered (depth ≥ 1)
	PVNodes     [statDepths]uint64 // of which with an open window
	TTCuts      [statDepths]uint64 // returned on a transposition-table bound
	StaticCuts  [statDepths]uint64 // returned on the static score (reverse futility)
	Expanded    [statDepths]uint64 // reached the move loop
	Moves       [statDepths]uint64 // moves made in the move loop
	PVMoves     [statDepths]uint64 // of which at nodes with an open window
	Captures    [statDepths]uint64 // of which captures or promotions
	QuietChecks [statDepths]uint64 // of which quiet moves that give check
	FirstCuts   [statDepths]uint64 // beta cut-offs by the first legal move
	LaterCuts   [statDepths]uint64 // beta cut-offs by a later move
	QNodes      [statDepths]uint64 // quiescence nodes by quiescence ply (0 = first)
}

// statDepths is the number of depth rows of TreeStats.
const statDepths = 16

// statRow maps a depth or quiescence ply to its TreeStats row.
func statRow(d int) int { return max(0, min(d, statDepths-1)) }

// Total returns the nodes the counts add up to: root moves, ProbCut
// captures, main-search and quiescence nodes (the search's node count).
func (t *TreeStats) Total() uint64 {
	n := t.Root + t.ProbCut
	for i := range t.Nodes {
		n += t.Nodes[i] + t.QNodes[i]
	}
	return n
}

// statColumn is one per-depth count of TreeStats with its table heading.
type statColumn struct {
	name string
	v    *[statDepths]uint64
}

// columns lists t's per-depth counts in table order.
func (t *TreeStats) columns() []statColumn {
	return []statColumn{{"nodes", &t.Nodes}, {"pv", &t.PVNodes}, {"ttcut", &t.TTCuts}, {"static", &t.StaticCuts},
		{"expanded", &t.Expanded}, {"moves", &t.Moves}, {"pvmoves", &t.PVMoves}, {"captures", &t.Captures},
		{"qcheck", &t.QuietChecks}, {"firstcut", &t.FirstCuts}, {"latecut", &t.LaterCuts}, {"qnodes", &t.QNodes}}
}

// add adds o's counts to t.
func (t *TreeStats) add(o TreeStats) {
	t.Root += o.Root
	t.ProbCut += o.ProbCut
	oc := o.columns()
	for i, c := range t.columns() {
		for d := range c.v {
			c.v[d] += oc[i].v[d]
		}
	}
}

// String prints the counts as a table, one row per depth that has any.
func (t *TreeStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "total %d (root moves %d, probcut %d)\n", t.Total(), t.Root, t.ProbCut)
	cols := t.columns()
	b.WriteString("depth")
	for _, c := range cols {
		fmt.Fprintf(&b, " %9s", c.name)
	}
	for d := 0; d < statDepths; d++ {
		if t.Nodes[d] == 0 && t.QNodes[d] == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%5d", d)
		for _, c := range cols {
			fmt.Fprintf(&b, " %9d", c.v[d])
		}
	}
	b.WriteString("\n")
	return b.String()
}

// TreeStats returns the counts summed over the engine's searches since it
// was made or ResetTreeStats was called (all zero without the searchstats
// build tag).
func (e *Engine) TreeStats() TreeStats {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stats
}

// ResetTreeStats zeroes the counts.
func (e *Engine) ResetTreeStats() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.stats = TreeStats{}
}

// countMove counts a move just made at a node of TreeStats row row.
func (w *worker) countMove(row int, pvNode, quiet bool) {
	st := w.stats
	st.Moves[row]++
	if pvNode {
		st.PVMoves[row]++
	}
	if !quiet {
		st.Captures[row]++
	} else if w.opponentInCheck() {
		st.QuietChecks[row]++
	}
}

// countCut counts a beta cut-off at a node of TreeStats row row, by its
// first legal move or a later one.
func (w *worker) countCut(row int, first bool) {
	if first {
		w.stats.FirstCuts[row]++
	} else {
		w.stats.LaterCuts[row]++
	}
}
