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
	w := &worker{e: e, g: g, p: g.Pos, v: g.R.Variant, ev: ev, tt: e.tt, plain: g.R.Plain(), ctx: ctx,
		history: e.hist, ch: e.ch, counterMoves: e.counters, capHist: e.capHist, corr: e.corr, stats: &e.stats}
	w.noisyFn = w.noisy
	w.nullOK = w.plain && w.v.Checking && ev.royal && !w.v.MustCapture && w.v.ExtinctionValue == position.ValueNone &&
		!ev.flag[0] && !ev.flag[1] && !w.v.CheckCounting
	w.seeOK = w.plain && !w.v.BlastOnCapture && ev.materialSign > 0
	// Plies of quiescence: unbounded for plain rulesets (captures remove
	// pieces, so capture chains end); bounded where they need not end:
	// compulsory captures make every move noisy, and under house rules a
	// capture may only wound (hit points) or move pieces around.
	w.qMax = maxPly
	if w.v.MustCapture {
		w.qMax = 12
	}
	if !w.plain {
		w.qMax = 6
	}
	if ev.capturesOnly {
		w.qMax = 0 // every move captures: the main search is the whole tree
	}
	w.pollMask = 1023
	if !w.plain {
		w.pollMask = 63 // hooked rulesets are slower per node
	}
	return w
}

type worker struct {
	e     *Engine
	g     *rules.Game
	p     *position.Position
	v     *position.Variant
	ev    *Evaluator
	tt    *TT
	plain bool
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

	rootMoves []rootMove
	pvIdx     int
	noisyFn   func(position.Move) bool // w.noisy, bound once

	killers      [maxPly + 2][2]position.Move
	excluded     [maxPly + 2]position.Move                    // the move a singular-extension test leaves out at this ply
	cut          [maxPly + 2]bool                             // the node at this ply is expected to fail high (Stockfish's cutNode), set by its parent
	evals        [maxPly + 2]int                              // static evaluation per ply (-Infinite in check)
	counterMoves *[geom.SquareNB][geom.SquareNB]position.Move // reply that refuted a move (from, to)
	history      *[2][geom.SquareNB][geom.SquareNB]int32
	ch           *contHist
	capHist      *[position.PieceTypeNB][geom.SquareNB][position.PieceTypeNB]int16
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

func (w *worker) key() uint64 {
	k := w.p.Key()
	if !w.plain {
		k ^= pliesMix[w.g.PliesThisTurn()&15]
	}
	return k
}

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
