// The node search: principal variation search below the root.

package search

import (
	"houserules/position"
)

// node is the state of one node of the main search, shared by its steps
// (enterNode, evalNode, the pruning steps of prune.go, searchMoves,
// closeNode).
type node struct {
	alpha, beta, depth, ply int
	origAlpha               int  // alpha when the moves are searched (after mate-distance pruning)
	pvNode, cutNode         bool // cutNode: expected to fail high (Stockfish's cutNode), told by the parent
	row                     int  // the node's TreeStats row: its depth on entry
	excluded                position.Move
	key                     uint64

	// from the transposition table (ttMove: in Base form until the move
	// picker finds it in the list)
	ttMove                   position.Move
	ttEval, ttScore, ttDepth int
	ttBound                  bound

	// the static evaluation: corrected, as computed (-Infinite in check),
	// and its correction-history entry (nil in check)
	inCheck, improving bool
	forced             bool // a capture is compulsory: the side cannot stand on its static score
	eval, raw          int
	corr               *int32

	// the moves
	us                       position.Color
	best                     int
	bestMove                 position.Move
	legal                    int // moves found legal so far (pruned ones included: Stockfish's move count)
	quietsTried, capsTried   [64]position.Move
	nq, nc                   int
	pruneOK, pruneQ, pruneMC bool // which pruning applies (setPruning)
	skipQuiets               bool // the rest are late quiet moves, cut to their checks
	checksFrom               int  // from here on, the testable moves are known to check
}

// search is the node search (alpha-beta, principal variation search) of
// the position at ply with the remaining depth; it returns the score for
// the side to move (a bound when it falls outside [alpha, beta]). Its steps, in order:
// mate-distance pruning, draws and the hash table (enterNode); the static
// evaluation (evalNode); reverse futility, null move and ProbCut
// (prune.go); the check extension or the internal iterative reduction;
// the moves (searchMoves); the hash table store (closeNode).
func (w *worker) search(alpha, beta, depth, ply int) int {
	w.pvLen[ply] = ply
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply, 0)
	}
	if w.checkStop() {
		return 0
	}
	w.nodes++
	if ply > w.seldepth {
		w.seldepth = ply
	}
	n := node{alpha: alpha, beta: beta, depth: depth, ply: ply, pvNode: beta-alpha > 1}
	if statsOn {
		n.row = statRow(depth)
		w.stats.Nodes[n.row]++
		if n.pvNode {
			w.stats.PVNodes[n.row]++
		}
	}
	n.cutNode = w.cut[ply] && !n.pvNode
	if s, done := w.enterNode(&n); done {
		return s
	}
	w.evalNode(&n)
	if !n.inCheck {
		if w.reverseFutility(&n) {
			if statsOn {
				w.stats.StaticCuts[n.row]++
			}
			return n.eval
		}
		if !n.pvNode && w.nullOK {
			if s, done := w.nullMove(&n); done {
				return s
			}
		}
	}
	if !n.pvNode && w.seeOK && w.nullOK {
		if s, done := w.probCut(&n); done {
			return s
		}
	}
	// check extension: with SEE the parent extends a safe checking move
	// (safeCheck); otherwise every node in check is searched a ply deeper
	if n.inCheck && ply < 2*maxPly/3 && !w.seeOK {
		n.depth++
	} else if !n.inCheck && n.depth >= 4 && n.ttMove == position.NoMove && n.excluded == position.NoMove {
		n.depth-- // internal iterative reduction: no hint, search less
	}
	if statsOn {
		w.stats.Expanded[n.row]++
	}
	if s, done := w.searchMoves(&n); done {
		return s
	}
	return w.closeNode(&n)
}

// enterNode applies the draw rules and mate-distance pruning, evaluates a
// node too deep to search, and probes the hash table (a stored score may
// end the node) and the game's immediate end. It reports a score and true
// when the node ends there.
func (w *worker) enterNode(n *node) (int, bool) {
	ply := n.ply
	if ply > 0 {
		if s, ok := w.drawByRule(ply); ok {
			return s, true
		}
		n.alpha = max(n.alpha, -Mate+ply)
		n.beta = min(n.beta, Mate-ply-1)
		if n.alpha >= n.beta {
			return n.alpha, true
		}
	}
	if ply >= maxPly {
		return w.ev.Evaluate(w.g), true
	}
	n.excluded = w.excluded[ply]
	n.key = w.key()
	n.ttMove = position.NoMove
	n.ttEval = -Infinite
	n.ttBound = boundNone
	if te, hit := w.tt.probe(n.key); hit && n.excluded == position.NoMove {
		n.ttMove = te.move
		n.ttEval = int(te.eval)
		n.ttScore, n.ttDepth, n.ttBound = fromTT(int(te.score), ply), int(te.depth), te.bound
		if !n.pvNode && n.ttDepth >= n.depth {
			s := n.ttScore
			if te.bound == boundExact || (te.bound == boundLower && s >= n.beta) || (te.bound == boundUpper && s <= n.alpha) {
				if statsOn {
					w.stats.TTCuts[n.row]++
				}
				return s, true
			}
		}
	}
	if w.path.endedAtOnce(w) {
		return w.terminal(ply), true
	}
	return 0, false
}

// evalNode sets the node's check state and, out of check, its static
// evaluation (the stored one when the table has it) corrected by the
// correction history, and whether it improves on the side's last one.
func (w *worker) evalNode(n *node) {
	ply := n.ply
	n.inCheck, n.forced = w.path.checkAndCapture(w)
	n.eval, n.raw = -Infinite, -Infinite
	w.evals[ply] = -Infinite
	if n.inCheck {
		return
	}
	if n.ttEval > -Infinite {
		n.raw = n.ttEval
	} else {
		n.raw = w.ev.Evaluate(w.g)
	}
	n.corr = w.corrEntry()
	n.eval = corrected(n.raw, *n.corr)
	w.evals[ply] = n.eval
	n.improving = ply < 2 || w.evals[ply-2] == -Infinite || n.eval > w.evals[ply-2]
}

// searchMoves searches the node's moves in the move picker's order,
// pruning, extending and reducing them; it reports a score and true when
// the node ends early (stopped, or cut by the singular-extension test).
func (w *worker) searchMoves(n *node) (int, bool) {
	p := w.p
	moves, lz := w.nodeMoves(n.ply)
	mp := w.newPicker(moves, n.ttMove, n.ply)
	n.ttMove = mp.ttMove
	n.us = p.SideToMove()
	n.best, n.bestMove = -Infinite, position.NoMove
	n.origAlpha = n.alpha
	w.setPruning(n, len(moves))
	for i := 0; i < len(mp.moves); i++ {
		m := mp.next(i)
		if m == n.excluded {
			continue
		}
		if n.pruneMC && !n.skipQuiets && w.moveCountReached(n, &mp, i, m) {
			w.cutToChecks(n, &mp, i)
		}
		// in plain rulesets a move other than the TT move is tested for
		// legality just before it is made: one pruned first is counted
		// as legal (Stockfish's move count; nothing is pruned before a
		// move has been searched, so a position without legal moves
		// still has legal == 0)
		deferLegal := lz == legalDeferred && m != n.ttMove
		if !deferLegal && lz != legalAll && !w.path.legal(w, m) {
			continue
		}
		n.legal++
		ext := 0
		if w.singularOK && m == n.ttMove {
			var s int
			var done bool
			if ext, s, done = w.singular(n, &mp, m); done {
				return s, true
			}
		}
		capture := p.IsCapture(m)
		quiet := !capture && !w.isPromotion(m)
		gain := 0 // a capture's victim, endgame value (read by the reduction)
		if capture && n.depth >= 3 {
			gain = w.ev.Eg[w.victim(m)]
		}
		if n.pruneOK && !quiet && w.seePruned(n, m, quiet) {
			continue
		}
		sc := mp.sc[i]
		preTest := checkTestable(m)
		checks := preTest && i >= n.checksFrom // tested when the list was cut
		lmrDepth := w.lmrDepth(n, quiet)
		if n.pruneQ && quiet && w.quietPruned(n, m, quiet, sc, lmrDepth) && !checks && !w.givesCheck(m) {
			continue
		}
		// late and futile quiet moves are skipped unless they check: an
		// ordinary move is tested before it is made (givesCheck), others
		// after
		pruneLate := (n.pruneQ || n.pruneMC) && quiet && w.lateOrFutile(n, quiet, sc, lmrDepth)
		if pruneLate && preTest && !checks && !w.givesCheck(m) {
			continue
		}
		if deferLegal && !w.path.legal(w, m) {
			n.legal--
			continue
		}
		w.g.Do(m)
		same := p.SideToMove() == n.us
		if pruneLate && !preTest && !w.opponentInCheck() {
			w.g.Undo()
			continue
		}
		if statsOn {
			w.countMove(n.row, n.pvNode, quiet)
		}
		if ext == 0 && n.ply < 2*maxPly/3 && w.safeCheck(m, same) {
			ext = 1
		}
		newDepth, r := n.depth-1+ext, 0
		if n.legal > 1 && n.depth >= 3 && !n.inCheck {
			r = w.reduction(n, quiet, sc, gain, newDepth)
		}
		s := w.searchMove(n, same, newDepth, r)
		w.g.Undo()
		if w.stopped {
			return 0, true
		}
		if s > n.best && w.betterMove(n, m, s, capture, quiet) {
			break
		}
		n.addTried(m, capture, quiet)
	}
	return 0, false
}

// searchMove searches the move just made to newDepth less the reduction
// r (principal variation search: the first move with the full window,
// the others with a null window, reduced first, searched again at full
// depth and then with the full window while they beat alpha). It returns
// the move's score for the node's side.
func (w *worker) searchMove(n *node, same bool, newDepth, r int) int {
	ply, alpha, beta := n.ply, n.alpha, n.beta
	if n.legal == 1 {
		w.cut[ply+1] = !n.pvNode && !n.cutNode
		return w.child(same, alpha, beta, newDepth, ply)
	}
	w.cut[ply+1] = r > 0 || !n.cutNode
	s := w.child(same, alpha, alpha+1, newDepth-r, ply)
	if s > alpha && r > 0 && !w.stopped {
		w.cut[ply+1] = !n.cutNode
		s = w.child(same, alpha, alpha+1, newDepth, ply)
	}
	if s > alpha && s < beta && !w.stopped {
		w.cut[ply+1] = false
		s = w.child(same, alpha, beta, newDepth, ply)
	}
	return s
}

// betterMove takes the score s of move m: a new best move raises alpha
// and the PV, and at beta updates the history tables (onCutoff). It
// reports whether the node is cut.
func (w *worker) betterMove(n *node, m position.Move, s int, capture, quiet bool) bool {
	if s <= n.best {
		return false
	}
	n.best, n.bestMove = s, m
	if s <= n.alpha {
		return false
	}
	n.alpha = s
	w.updatePV(n.ply, m)
	if s < n.beta {
		return false
	}
	if statsOn {
		w.countCut(n.row, n.legal == 1)
	}
	w.onCutoff(n, m, capture, quiet)
	return true
}

// addTried records a searched move that did not cut the node (its
// history falls when a later move does).
func (n *node) addTried(m position.Move, capture, quiet bool) {
	if quiet && n.nq < len(n.quietsTried) {
		n.quietsTried[n.nq] = m
		n.nq++
	} else if capture && n.nc < len(n.capsTried) {
		n.capsTried[n.nc] = m
		n.nc++
	}
}

// closeNode ends a node whose moves were all searched: a node without
// legal moves is scored by the rules; otherwise the correction history
// learns from the result and the hash table stores it.
func (w *worker) closeNode(n *node) int {
	p := w.p
	best, eval := n.best, n.eval
	if n.legal == 0 {
		if n.excluded != position.NoMove {
			return n.alpha // only the excluded move: not a terminal position
		}
		return w.terminal(n.ply)
	}
	if n.excluded != position.NoMove {
		return best
	}
	b := boundUpper
	if best >= n.beta {
		b = boundLower
	} else if best > n.origAlpha {
		b = boundExact
	}
	// the correction learns from quiet outcomes whose bound says which
	// side of the static score the true score lies on
	if n.corr != nil && absInt(best) < MateBound && (n.bestMove == position.NoMove || (!p.IsCapture(n.bestMove) && !w.isPromotion(n.bestMove))) &&
		!(b == boundLower && best <= eval) && !(b == boundUpper && best >= eval) {
		updateCorr(n.corr, best-eval, n.depth)
	}
	w.tt.store(n.key, n.bestMove, toTT(best, n.ply), n.raw, n.depth, b)
	return best
}
