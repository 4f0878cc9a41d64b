// The root: iterative deepening, aspiration windows, MultiPV, skill
// levels and the search's reports.

package search

import (
	"context"
	"sort"
	"time"

	"houserules/position"
	"houserules/rules"
)

// rootMove is a root move with its score in the current iteration (or
// -Infinite before it was searched), the last iteration's, and its line.
type rootMove struct {
	move      position.Move
	score     int
	prevScore int
	seldepth  int
	pv        []position.Move
}

// rootPlan is what a search's limits and the engine's settings make of
// the iterations: how many lines are searched and reported, to which
// depth, and whether a clock runs.
type rootPlan struct {
	lim      Limits
	skill    int // 0 … 20
	multiPV  int // lines reported
	searchPV int // lines searched (a weaker level picks among at least 4)
	maxDepth int
	timed    bool
}

// Search finds a move for the side to move of g under the limits. g is
// used as a scratch board and is back in its original state on return.
// The search stops when ctx is cancelled (UCI stop), at the limits, or —
// with Limits.Infinite — only when ctx is cancelled. onInfo, if not nil,
// receives a report after every finished iteration.
func (e *Engine) Search(ctx context.Context, g *rules.Game, lim Limits, onInfo func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ctx == nil {
		ctx = context.Background()
	}
	w := e.newWorker(g, ctx)
	w.start, w.nodeLimit = time.Now(), lim.Nodes
	e.tt.newSearch()
	w.decayHistory()
	w.setupTime(lim)
	legal := w.rootLegal(lim.SearchMoves)
	if len(legal) == 0 {
		return w.noMoves(lim, onInfo)
	}
	w.orderRootMoves(legal)
	plan := w.plan(lim)
	w.rootEval = w.ev.Evaluate(g)
	completed, reported := w.iterate(plan, onInfo)
	if lim.Infinite {
		<-ctx.Done()
	}
	return w.result(plan, completed, reported, onInfo)
}

// decayHistory quarters the quiet history and decays the continuation
// history: what the last search learnt counts less.
func (w *worker) decayHistory() {
	for c := range w.history {
		for f := range w.history[c] {
			for t := range w.history[c][f] {
				w.history[c][f][t] /= 4
			}
		}
	}
	for c := range w.dropHist {
		for pt := range w.dropHist[c] {
			for s := range w.dropHist[c][pt] {
				w.dropHist[c][pt][s] /= 4
			}
		}
	}
	w.ch.decay()
	if w.walls {
		for c := range w.wallHist {
			for s := range w.wallHist[c] {
				w.wallHist[c][s] /= 4
			}
		}
	}
}

// rootLegal lists the legal moves of the root, only those of searchMoves
// when some of them are legal.
func (w *worker) rootLegal(searchMoves []position.Move) []position.Move {
	legal := w.g.LegalMoves()
	if len(searchMoves) > 0 {
		var keep []position.Move
		for _, m := range legal {
			for _, s := range searchMoves {
				if m.Base() == s.Base() {
					keep = append(keep, m)
				}
			}
		}
		if len(keep) > 0 {
			legal = keep
		}
	}
	return legal
}

// noMoves is the result when the game is over (or the side to move has no
// move): one report with the result's score ("score mate 0" when mated,
// as Stockfish), and under go infinite no bestmove before stop.
func (w *worker) noMoves(lim Limits, onInfo func(Info)) Result {
	res := Result{MoveText: "(none)"}
	if r, over := w.g.Result(); over {
		res.Score = scoreOf(r, w.p.SideToMove(), 0)
	}
	if onInfo != nil {
		onInfo(Info{Score: res.Score, MultiPV: 1})
	}
	if lim.Infinite {
		<-w.ctx.Done()
	}
	return res
}

// orderRootMoves makes the root moves in the move ordering's order.
func (w *worker) orderRootMoves(legal []position.Move) {
	sc := make([]int, len(legal))
	w.scoreMoves(legal, sc, position.NoMove, 0)
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return sc[idx[a]] > sc[idx[b]] })
	for _, i := range idx {
		w.rootMoves = append(w.rootMoves, rootMove{move: legal[i], score: -Infinite, prevScore: -Infinite})
	}
}

// plan sets the iterations' plan from the limits and the engine's skill
// level and MultiPV.
func (w *worker) plan(lim Limits) rootPlan {
	e := w.e
	pl := rootPlan{lim: lim, skill: max(0, min(20, e.Skill)), multiPV: max(1, e.MultiPV)}
	pl.searchPV = pl.multiPV
	if pl.skill < 20 {
		pl.searchPV = max(pl.searchPV, 4)
	}
	pl.searchPV = min(pl.searchPV, len(w.rootMoves))
	pl.multiPV = min(pl.multiPV, len(w.rootMoves))
	pl.maxDepth = maxPly - 8
	if lim.Depth > 0 {
		pl.maxDepth = min(pl.maxDepth, lim.Depth)
	}
	if pl.skill < 20 {
		pl.maxDepth = min(pl.maxDepth, 1+pl.skill/2+pl.skill/4)
	}
	pl.timed = w.hard > 0
	return pl
}

// iterate is the iterative deepening: each iteration searches the lines
// (aspiration windows) and reports them. It returns the last completed
// depth and the first move of the last info line.
func (w *worker) iterate(pl rootPlan, onInfo func(Info)) (completed int, reported position.Move) {
	reported = position.NoMove
	for depth := 1; depth <= pl.maxDepth; depth++ {
		for i := range w.rootMoves {
			w.rootMoves[i].prevScore = w.rootMoves[i].score
			w.rootMoves[i].score = -Infinite
		}
		for w.pvIdx = 0; w.pvIdx < pl.searchPV; w.pvIdx++ {
			w.aspiration(depth, pl.searchPV)
			if w.stopped {
				break
			}
			// a later line can end above an earlier one (its search did
			// not have the earlier moves): the lines found so far are
			// kept in score order, so line 1 is the best (Stockfish
			// sorts them the same way)
			sort.SliceStable(w.rootMoves[:w.pvIdx+1], func(a, b int) bool { return w.rootMoves[a].score > w.rootMoves[b].score })
		}
		if w.stopped && completed > 0 && w.rootMoves[0].score == -Infinite {
			// stopped before the first move finished: the previous
			// iteration's order stands
			for i := range w.rootMoves {
				w.rootMoves[i].score = w.rootMoves[i].prevScore
			}
		}
		if w.stopped && completed > 0 {
			break
		}
		completed = depth
		if onInfo != nil {
			for i := 0; i < pl.multiPV; i++ {
				onInfo(w.info(depth, i))
			}
			reported = w.rootMoves[0].move
		}
		if w.stopped || w.iterationsDone(pl, depth) {
			break
		}
	}
	return completed, reported
}

// aspiration searches line pvIdx at depth: from depth 5, with a single
// line and no mate score, in a window of ±25 around the last score,
// widened (doubling) on the failing side until the score falls inside,
// and opened fully beyond 600.
func (w *worker) aspiration(depth, searchPV int) {
	w.seldepth = 0
	alpha, beta, delta := -Infinite, Infinite, 25
	prev := w.rootMoves[w.pvIdx].prevScore
	if searchPV == 1 && depth >= 5 && absInt(prev) < MateBound {
		alpha, beta = prev-delta, prev+delta
	}
	for {
		rm := w.rootMoves[w.pvIdx:]
		for i := range rm {
			rm[i].score = -Infinite
		}
		best := w.rootSearch(depth, alpha, beta)
		sort.SliceStable(rm, func(a, b int) bool { return rm[a].score > rm[b].score })
		if w.stopped {
			return
		}
		if best <= alpha && alpha > -Infinite {
			beta = (alpha + beta) / 2
			alpha = max(best-delta, -Infinite)
		} else if best >= beta && beta < Infinite {
			beta = min(best+delta, Infinite)
		} else {
			return
		}
		delta += delta
		if delta > 600 {
			alpha, beta = -Infinite, Infinite
		}
	}
}

// iterationsDone reports whether the iteration that completed depth is
// the last: past half the soft time, a single root move, the mate asked
// for found, a forced result proved, or the node limit reached.
func (w *worker) iterationsDone(pl rootPlan, depth int) bool {
	lim := pl.lim
	el := time.Since(w.start)
	if pl.timed && w.soft > 0 && el > w.soft/2 {
		return true
	}
	if pl.timed && len(w.rootMoves) == 1 && depth >= 4 {
		return true
	}
	if lim.Mate > 0 {
		if n, ok := MateIn(w.rootMoves[0].score); ok && n > 0 && n <= lim.Mate {
			return true
		}
	}
	if n, ok := MateIn(w.rootMoves[0].score); ok && !lim.Infinite && depth >= 2*absInt(n)+6 && lim.Depth == 0 {
		return true // a forced result is proved well enough
	}
	return w.nodeLimit > 0 && w.nodes >= w.nodeLimit
}

// result is the search's outcome: the best move (a weaker level's pick),
// its score and line.
func (w *worker) result(pl rootPlan, completed int, reported position.Move, onInfo func(Info)) Result {
	best := w.rootMoves[0]
	if pl.skill < 20 {
		best = w.pickWeak(pl.skill, pl.searchPV)
	}
	if best.score == -Infinite {
		best.score = best.prevScore
	}
	if best.score == -Infinite {
		best.score = w.rootEval // stopped from outside before depth 1 finished
	}
	// the last info line shows the move that is played: a move that
	// overtook the last reported one in an iteration cut short by the
	// clock (or a weaker level's pick) gets its own line, as Stockfish
	// prints the PV when a search stops
	if onInfo != nil && completed > 0 && best.move != reported {
		for j := range w.rootMoves {
			if w.rootMoves[j].move == best.move {
				inf := w.info(completed, j)
				inf.MultiPV = 1
				onInfo(inf)
				break
			}
		}
	}
	res := Result{Move: best.move, Score: best.score, Depth: completed, Nodes: w.nodes, Time: time.Since(w.start), PV: best.pv}
	if len(res.PV) == 0 || res.PV[0] != best.move {
		res.PV = []position.Move{best.move}
	}
	res.PVText = w.pvText(res.PV)
	res.MoveText = res.PVText[0]
	if len(res.PV) > 1 {
		res.Ponder = res.PV[1]
	}
	return res
}

// rootSearch searches the root moves from pvIdx on within [alpha, beta]
// and returns the best score (a bound when it falls outside).
func (w *worker) rootSearch(depth, alpha, beta int) int {
	g, p := w.g, w.p
	best := -Infinite
	us := p.SideToMove()
	for i := w.pvIdx; i < len(w.rootMoves); i++ {
		rm := &w.rootMoves[i]
		m := rm.move
		w.nodes++
		if statsOn {
			w.stats.Root++
		}
		quiet := !p.IsCapture(m) && !w.isPromotion(m)
		g.Do(m)
		same := p.SideToMove() == us
		d := depth - 1
		if w.safeCheck(m, same) {
			d++
		}
		var s int
		if i == w.pvIdx {
			w.cut[1] = false
			s = w.child(same, alpha, beta, d, 0)
		} else {
			// from rootLMRDepth on, late quiet root moves are searched
			// reduced first (a PV node: one ply less than the table's
			// reduction)
			r := 0
			if n := i - w.pvIdx + 1; n > 2 && d == depth-1 && depth >= rootLMRDepth && !w.opponentInCheck() && quiet {
				r = max(0, min(lmrTable[min(depth, 63)][min(n, 63)]-1, d-1))
			}
			w.cut[1] = true
			s = w.child(same, alpha, alpha+1, d-r, 0)
			if s > alpha && r > 0 && !w.stopped {
				s = w.child(same, alpha, alpha+1, d, 0)
			}
			if s > alpha && !w.stopped {
				w.cut[1] = false
				s = w.child(same, alpha, beta, d, 0)
			}
		}
		g.Undo()
		if w.stopped {
			return best
		}
		if i == w.pvIdx || s > alpha {
			rm.score = s
			rm.seldepth = w.seldepth
			w.updatePV(0, m)
			rm.pv = append(rm.pv[:0], w.pv[0][:w.pvLen[0]]...)
			best = max(best, s)
			if s >= beta {
				return s // fail high: the caller widens the window
			}
			if s > alpha {
				alpha = s
			}
		}
	}
	return best
}

// rootLMRDepth is the first iteration whose late quiet root moves are
// reduced: the shallow iterations stay full width at the root, so a
// sacrifice whose point lies behind a quiet check (a mate in 2 or 3) is
// seen there and kept as the first move. Reduced at once, such a move
// met the opponent's null move, whose reduced search ends in quiescence
// before the check, and was never searched at full depth again.
const rootLMRDepth = 6

// pickWeak chooses among the best root moves with noise that grows as the
// skill level falls (Stockfish's method): weaker levels pick worse moves
// more often, but always legal ones.
func (w *worker) pickWeak(skill, n int) rootMove {
	rms := w.rootMoves[:n]
	top := rms[0].score
	if top == -Infinite {
		return rms[0]
	}
	weakness := 120 - 2*skill
	delta := min(top-rms[n-1].score, PawnValue)
	if rms[n-1].score == -Infinite {
		delta = PawnValue
	}
	maxScore := -Infinite
	best := rms[0]
	for _, rm := range rms {
		if rm.score == -Infinite {
			continue
		}
		push := (weakness*(top-rm.score) + delta*w.e.rng.Intn(weakness)) / 128
		if rm.score+push >= maxScore {
			maxScore = rm.score + push
			best = rm
		}
	}
	return best
}

func (w *worker) info(depth, i int) Info {
	rm := w.rootMoves[i]
	score := rm.score
	if score == -Infinite {
		score = rm.prevScore
	}
	if score == -Infinite {
		score = w.rootEval
	}
	el := time.Since(w.start)
	pv := rm.pv
	if len(pv) == 0 {
		pv = []position.Move{rm.move}
	}
	return Info{Depth: depth, SelDepth: max(rm.seldepth, depth), MultiPV: i + 1, Score: score, Nodes: w.nodes, Time: el,
		NPS: uint64(float64(w.nodes) / max(el.Seconds(), 1e-6)), Hashfull: w.tt.Hashfull(), PV: pv, PVText: w.pvText(pv)}
}

// pvText renders a line in UCI notation by playing it on the game.
func (w *worker) pvText(pv []position.Move) []string {
	out := make([]string, 0, len(pv))
	n := 0
	for i, m := range pv {
		// the first move is the root move the search chose, legal by
		// construction: it is written whatever the game's list says (a
		// preset move that landed on a wall once corrupted that list)
		ok := i == 0
		for _, l := range w.g.LegalMoves() {
			if l == m {
				ok = true
				break
			}
		}
		if !ok {
			break
		}
		out = append(out, w.p.UCI(m))
		w.g.Do(m)
		n++
	}
	for ; n > 0; n-- {
		w.g.Undo()
	}
	return out
}
