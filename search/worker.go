// The worker: one search's state, set up from the engine's tables and the
// ruleset's switches.

package search

import (
	"context"
	"math"
	"time"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// newWorker sets up a search of g under e's ruleset (e.mu held): the
// engine's tables and the ruleset's switches (null move, SEE, quiescence
// bounds, polling).
func (e *Engine) newWorker(g *rules.Game, ctx context.Context) *worker {
	ev := e.useRuleset(g.R) // first: it may replace the ruleset's tables
	plain := g.R.Plain()
	w := &worker{e: e, g: g, p: g.Pos, v: g.R.Variant, ev: ev, tt: e.tt, path: &hookedPath{}, ctx: ctx,
		history: e.hist, dropHist: e.dropHist, ch: e.ch, counterMoves: e.counters, capHist: e.capHist, wallHist: e.wallHist, corr: e.corr, stats: &e.stats}
	if plain {
		w.path = &plainPath{}
	}
	w.noisyFn = w.noisy
	w.setSwitches(plain)
	return w
}

// setSwitches decides, once per search, which of the search's heuristics
// apply to the ruleset (plain: the variant's own rules; else hooked).
func (w *worker) setSwitches(plain bool) {
	ev := w.ev
	w.nullOK = plain && w.v.Checking && ev.royal && !w.v.MustCapture && w.v.ExtinctionValue == position.ValueNone &&
		!ev.flag[0] && !ev.flag[1] && !w.v.CheckCounting
	w.seeOK = plain && !w.v.BlastOnCapture && ev.materialSign > 0
	// Plies of quiescence: unbounded for plain rulesets (captures remove
	// pieces, so capture chains end); bounded where they need not end:
	// compulsory captures make every move noisy, and under house rules a
	// capture may only wound (hit points) or move pieces around.
	w.qMax = maxPly
	if w.v.MustCapture {
		w.qMax = 12
	}
	if !plain {
		w.qMax = 6
	}
	if ev.capturesOnly {
		w.qMax = 0 // every move captures: the main search is the whole tree
	}
	w.pollMask = 1023
	if !plain {
		w.pollMask = 63 // hooked rulesets are slower per node
	}
	// Under house rules a checking move cannot be told apart before it is
	// made, and the pruning below lost in piece-hp self-play: quiet moves
	// are pruned only near the leaves (depth 3), by the late-move count and
	// futility, and the TT move is not tested for singularity.
	w.quietDepth = 3
	if plain {
		w.quietDepth = quietPruneDepth
	}
	w.moveCountOK = plain
	w.histPruneOK = plain
	w.singularOK = plain
	w.checkTestOK = plain && ev.royal
	w.lazyEvalOK = plain && !w.v.PieceDrops // pieces in hand threaten more than lazyMargin
	w.recapturesOK = plain
	// Drops make the move lists three to ten times as long, most of the
	// drops hopeless: the late quiet moves are skipped at PV nodes too,
	// and their checks with them (Stockfish's rule). In crazyhouse the
	// tree to depth 9 shrank from 1.56 M nodes to 0.58 M on the benchmark
	// middlegames, and it played 63.5/120 against keeping both (60 games
	// at 20,000 nodes per move, 60 at 100 ms).
	w.pvMoveCount = w.v.PieceDrops
	w.lateChecks = !w.v.PieceDrops
	// Walling moves (walls.go): the wall history and the blocking bonus
	// order the wall squares, the late-move count doubles its depth²
	// part, and in duck chess SEE prunes no quiet move (the duck shuts
	// the exchange's lines; captures are still pruned by SEE):
	// Fairy-Stockfish's search.cpp.
	w.walls = !w.e.wallOrderOff && w.v.Walling()
	w.seePruneOK = w.seeOK && !(w.walls && w.v.WallingRule == position.DuckWalling)
	w.extinctionTypes = w.extinctionTypes[:0]
	for _, pt := range w.v.ExtinctionPieceTypes.Types() {
		if pt != position.AllPieces {
			w.extinctionTypes = append(w.extinctionTypes, pt)
		}
	}
}

type worker struct {
	e     *Engine
	g     *rules.Game
	p     *position.Position
	v     *position.Variant
	ev    *Evaluator
	tt    *TT
	path  rulesPath // plain or hooked, chosen by newWorker
	ctx   context.Context
	stats *TreeStats // the engine's, counted in searchstats builds

	start     time.Time
	soft      time.Duration // do not start a new iteration after soft/2
	hard      time.Duration // stop at once
	nodeLimit uint64
	nodes     uint64
	seldepth  int
	stopped   bool
	qMax      int // plies of quiescence search allowed
	rootEval  int // static evaluation of the root, the score before any iteration finished
	nullOK    bool
	pollMask  uint64 // check the clock and stop every pollMask+1 nodes
	seeOK     bool   // captures only remove the captured piece: SEE applies

	// the heuristics that apply to the ruleset besides nullOK and seeOK
	// (see setSwitches)
	quietDepth   int  // the deepest remaining depth at which quiet moves are pruned
	moveCountOK  bool // late quiet moves are skipped at every depth (move-count pruning)
	histPruneOK  bool // quiet moves with a bad history are pruned, by their reduced depth
	singularOK   bool // singular extension of the TT move
	checkTestOK  bool // givesCheck can tell a check before the move is made (royal king, plain rules)
	lazyEvalOK   bool // quiescence may stand pat on material alone far above beta (Quick)
	recapturesOK bool // deep quiescence searches recaptures only
	pvMoveCount  bool // move-count pruning at PV nodes too (drop variants: hundreds of moves per node)
	lateChecks   bool // move-count pruning still searches the later checking moves
	seePruneOK   bool // quiet moves are pruned by SEE (not in duck chess)
	// walls: moves place walls (wallingRule) and the wall ordering is on
	// (walls.go); extinctionTypes: the variant's extinction piece types
	walls           bool
	extinctionTypes []position.PieceType

	rootMoves []rootMove
	pvIdx     int
	noisyFn   func(position.Move) bool // w.noisy, bound once

	killers      [maxPly + 2][2]position.Move
	excluded     [maxPly + 2]position.Move                    // the move a singular-extension test leaves out at this ply
	cut          [maxPly + 2]bool                             // the node at this ply is expected to fail high (Stockfish's cutNode), set by its parent
	evals        [maxPly + 2]int                              // static evaluation per ply (-Infinite in check)
	counterMoves *[geom.SquareNB][geom.SquareNB]position.Move // reply that refuted a move (from, to)
	history      *[2][geom.SquareNB][geom.SquareNB]int32
	dropHist     *dropHistory
	ch           *contHist
	capHist      *[position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16
	wallHist     *wallHistory
	corr         *corrHist
	pv           [maxPly + 2][maxPly + 2]position.Move
	pvLen        [maxPly + 2]int
	buf          [maxPly + 2][]position.Move
	scores       [maxPly + 2][]int
}

var lmrTable [64][64]int

// pliesMix separates the keys of positions that differ only in the plies
// already played in a multi-ply turn.
var pliesMix [16]uint64

func init() {
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			lmrTable[d][m] = int(0.5 + 0.6*math.Log(float64(d))*math.Log(float64(m)))
		}
	}
	x := uint64(0x9E3779B97F4A7C15)
	for i := 1; i < len(pliesMix); i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		pliesMix[i] = x
	}
}

func (w *worker) key() uint64 { return w.path.key(w) }

func (w *worker) child(same bool, alpha, beta, depth, ply int) int {
	if same {
		return w.search(alpha, beta, depth, ply+1)
	}
	return -w.search(-beta, -alpha, depth, ply+1)
}

func (w *worker) updatePV(ply int, m position.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// scoreBuf returns the ply's move-score buffer with length n.
func (w *worker) scoreBuf(ply, n int) []int {
	if cap(w.scores[ply]) < n {
		w.scores[ply] = make([]int, n, n+32)
	}
	return w.scores[ply][:n]
}

func (w *worker) nonPawnCount(c position.Color) int {
	n := w.p.CountAll(c) - w.p.Count(c, position.King)
	for _, pt := range w.ev.types {
		if w.ev.pawnish[c][pt] {
			n -= w.p.Count(c, pt)
		}
	}
	return n
}
