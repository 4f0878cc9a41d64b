// Pruning: the node search's pruning steps and their parameters.

package search

import (
	"houserules/position"
)

// histPrune is the history score per ply of depth below which a quiet move
// is not searched near the leaves.
const histPrune = 4000

// lateMoveCount is the number of moves after which the quiet moves of a
// node with the remaining depth are not searched (Stockfish 11's
// futility_move_count): half as many when the static evaluation is not
// improving.
func lateMoveCount(depth int, improving bool) int {
	n := 5 + depth*depth
	if !improving {
		n /= 2
	}
	return n - 1
}

// lateMoves is lateMoveCount, with the depth² part doubled for walling
// moves (Fairy-Stockfish's futility_move_count: a node has a move for
// every wall square).
func (w *worker) lateMoves(depth int, improving bool) int {
	if w.walls {
		depth2 := depth * depth
		n := 5 + 2*depth2
		if !improving {
			n /= 2
		}
		return n - 1
	}
	return lateMoveCount(depth, improving)
}

// quietPruneDepth is the deepest remaining depth at which quiet moves are
// pruned (late-move count, futility, SEE and history by reduced depth).
const quietPruneDepth = 7

// reverseFutility (static null move pruning) reports whether the node's
// static evaluation beats beta by a margin of 90 cp per ply of depth (30
// less when improving) up to depth 6: the node is cut with that score.
// Not at PV nodes, under compulsory capture or near mate scores.
func (w *worker) reverseFutility(n *node) bool {
	margin := 90 * n.depth
	if n.improving {
		margin -= 30
	}
	return !n.pvNode && !n.forced && n.depth <= 6 && n.eval-margin >= n.beta && absInt(n.beta) < MateBound
}

// nullMove (null-move pruning): when the static evaluation beats beta,
// the side to move passes and a search reduced by 3 + depth/4 (and up to
// 3 more plies by how far eval beats beta) against beta still fails high:
// the node is cut. Where nullOK (plain rules, royal king and checks, no
// zugzwang-prone goals) and the side has pieces other than pawns. It
// reports a score and true when the node ends.
func (w *worker) nullMove(n *node) (int, bool) {
	p := w.p
	if n.pvNode || !w.nullOK || n.excluded != position.NoMove || n.depth < 3 || n.eval < n.beta ||
		p.State().PliesFromNull <= 0 || w.nonPawnCount(p.SideToMove()) <= 0 {
		return 0, false
	}
	beta := n.beta
	r := 3 + n.depth/4 + min(3, (n.eval-beta)/200)
	p.DoNull()
	w.cut[n.ply+1] = !n.cutNode
	s := -w.search(-beta, -beta+1, n.depth-1-r, n.ply+1)
	p.Undo()
	if w.stopped {
		return 0, true
	}
	if s >= beta {
		if s >= MateBound {
			s = beta
		}
		return s, true
	}
	return 0, false
}

// probCut: a capture whose reduced search beats beta by a margin makes it
// very likely that the full search beats beta too (not at PV nodes, in
// check or near mate scores, from depth 5, where null move and SEE apply).
// It reports a score and true when the node ends.
func (w *worker) probCut(n *node) (int, bool) {
	if n.pvNode || n.inCheck || !w.nullOK || !w.seeOK || n.excluded != position.NoMove || n.depth < 5 ||
		absInt(n.beta) >= MateBound || n.eval <= -Infinite {
		return 0, false
	}
	return w.probCutCaptures(n.beta, n.depth, n.ply, n.eval, n.improving, n.ttMove)
}

// probCutCaptures tries the captures that win at least beta+margin-eval by
// SEE with a reduced search against the raised bound; it reports the score
// and true when one of them holds it.
func (w *worker) probCutCaptures(beta, depth, ply, eval int, improving bool, ttMove position.Move) (int, bool) {
	p := w.p
	rBeta := beta + 190
	if improving {
		rBeta -= 45
	}
	moves := p.PseudoLegalNoisy(w.buf[ply][:0])
	w.buf[ply] = moves
	sc := w.scoreBuf(ply, len(moves))
	w.scoreMoves(moves, sc, ttMove, ply)
	us := p.SideToMove()
	tried := 0
	for i := range moves {
		if tried >= 3 {
			break
		}
		m := pick(moves, sc, i)
		if !p.IsCapture(m) || w.isPromotion(m) || !w.seeGE(m, rBeta-eval) || !p.Legal(m) {
			continue
		}
		tried++
		w.nodes++
		if statsOn {
			w.stats.ProbCut++
		}
		w.g.Do(m)
		same := p.SideToMove() == us
		var s int
		if same {
			s = w.qsearch(rBeta-1, rBeta, ply+1, 0)
		} else {
			s = -w.qsearch(-rBeta, -rBeta+1, ply+1, 0)
		}
		if s >= rBeta && !w.stopped {
			w.cut[ply+1] = !w.cut[ply]
			s = w.child(same, rBeta-1, rBeta, depth-4, ply)
		}
		w.g.Undo()
		if w.stopped {
			return 0, true
		}
		if s >= rBeta {
			return s, true
		}
	}
	return 0, false
}

// singular (singular extension) tests the TT move m: it is searched one
// ply deeper when every other move falls clearly short of its stored score
// (a reduced search without it fails low); when even that search beats
// beta, two moves refute this node and it is cut (multi-cut). From depth
// 7, not at the root, when the stored score is a lower bound or exact,
// searched at most 3 plies shallower and not a mate score. It returns the
// extension, and a score and true when the node ends.
func (w *worker) singular(n *node, mp *movePicker, m position.Move) (int, int, bool) {
	depth, ply := n.depth, n.ply
	if depth < 7 || ply == 0 || n.excluded != position.NoMove || n.ttBound == boundUpper ||
		n.ttDepth < depth-3 || absInt(n.ttScore) >= MateBound {
		return 0, 0, false
	}
	sBeta := n.ttScore - 2*depth
	// the test searches this ply again: it reuses the ply's move and
	// score buffers, so this node's are kept aside
	moves, sc := mp.moves, mp.sc
	saveM, saveS := append([]position.Move(nil), moves...), append([]int(nil), sc...)
	w.excluded[ply] = m
	s := w.search(sBeta-1, sBeta, depth/2, ply)
	w.excluded[ply] = position.NoMove
	copy(moves, saveM)
	copy(sc, saveS)
	if w.stopped {
		return 0, 0, true
	}
	ext := 0
	if s < sBeta {
		ext = 1
	} else if sBeta >= n.beta {
		return 0, sBeta, true
	}
	w.pvLen[ply] = ply
	return ext, 0, false
}

// setPruning decides which shallow-depth pruning of quiet moves applies at
// the node (futility, late-move count): not in PV nodes, not in check, not
// when a capture is compulsory, not near mate scores, not for flag or
// check-counting races (pruneOK). Quiet moves are pruned up to the
// worker's quietDepth, by the depth they would be searched to after the
// late-move reduction (pruneQ), and where moveCountOK late quiet moves are
// skipped at every depth (pruneMC, Stockfish's move-count pruning), where
// pvMoveCount at PV nodes too.
func (w *worker) setPruning(n *node, nMoves int) {
	ok := !n.inCheck && !n.forced && absInt(n.alpha) < MateBound && n.eval > -Infinite &&
		!w.ev.flag[0] && !w.ev.flag[1] && !w.v.CheckCounting
	n.pruneOK = ok && !n.pvNode
	n.pruneQ = n.pruneOK && n.depth <= w.quietDepth
	n.pruneMC = (n.pruneOK || (ok && w.pvMoveCount)) && w.moveCountOK && w.nonPawnCount(n.us) > 0
	n.skipQuiets = false
	n.checksFrom = nMoves
}

// moveCountReached reports whether move m, the i-th picked, is past the
// late-move count: every move still to come is then a later quiet one
// (captures, promotions, killers and the countermove are ordered first).
func (w *worker) moveCountReached(n *node, mp *movePicker, i int, m position.Move) bool {
	return n.legal > w.lateMoves(n.depth, n.improving) && n.best > -MateBound && mp.sc[i] < scoreLosingCapture &&
		!w.p.IsCapture(m) && !w.isPromotion(m)
}

// cutToChecks (move-count pruning): once the move count is reached only
// the checks among the later moves are searched (where lateChecks; in
// drop variants none, as Stockfish's move picker skips every later quiet
// move: the pockets give dozens of checks per node, most of them
// hopeless); the list is cut to them (and the moves givesCheck cannot
// test) before they are ordered.
func (w *worker) cutToChecks(n *node, mp *movePicker, i int) {
	n.skipQuiets = true
	moves, sc := mp.moves, mp.sc
	k := i + 1
	n.checksFrom = k
	for j := i + 1; j < len(moves); j++ {
		q := moves[j]
		if !checkTestable(q) || (w.lateChecks && w.givesCheck(q)) {
			moves[k], sc[k] = q, sc[j]
			k++
		}
	}
	mp.moves, mp.sc = moves[:k], sc[:k]
}

// seePruned (SEE pruning of captures): a capture that loses more than 80
// cp per ply of depth in the exchange is not searched (the best move is
// kept; Stockfish prunes so at every depth).
func (w *worker) seePruned(n *node, m position.Move, quiet bool) bool {
	p := w.p
	return n.pruneOK && !quiet && n.legal > 1 && n.best > -MateBound && w.seeOK && !w.isPromotion(m) &&
		w.ev.Mg[p.PieceOn(m.From()).Type()] > w.ev.Mg[w.victim(m)] && !w.seeGE(m, -80*n.depth)
}

// lmrDepth is the depth a quiet move would be searched to after its
// late-move reduction, which the quiet pruning reads (where histPruneOK;
// else the node's depth).
func (w *worker) lmrDepth(n *node, quiet bool) int {
	if n.pruneQ && quiet && w.histPruneOK {
		return max(0, n.depth-1-lmrTable[min(n.depth, 63)][min(n.legal, 63)])
	}
	return n.depth
}

// quietPruned (history and SEE pruning of quiet moves): near the leaves a
// quiet move is not searched when its history is bad (where histPruneOK:
// under hooks that lost in piece-hp self-play) or when it puts its piece
// en prise (a move or a drop), by lmrDepth. The caller still spares a move that checks.
func (w *worker) quietPruned(n *node, m position.Move, quiet bool, sc, lmrDepth int) bool {
	return n.pruneQ && quiet && n.legal > 1 && n.best > -MateBound &&
		((w.histPruneOK && lmrDepth < 4 && sc < -histPrune*max(1, lmrDepth)) ||
			(w.seePruneOK && sc < scoreRefutation && (m.Kind() == position.Normal || m.Kind() == position.Drop) &&
				!w.seeGE(m, -max(80, 15*lmrDepth*lmrDepth))))
}

// lateOrFutile (late-move and futility pruning) reports whether a quiet
// move that is neither a killer nor the countermove comes after the
// late-move count, or cannot lift the static evaluation to alpha by 100
// cp plus 100 per ply of lmrDepth (futility, below depth 6 after the
// reduction). The caller still spares a move that checks.
func (w *worker) lateOrFutile(n *node, quiet bool, sc, lmrDepth int) bool {
	if !(n.pruneQ || n.pruneMC) || !quiet || n.legal <= 1 || sc >= scoreRefutation || n.best <= -MateBound {
		return false
	}
	lateMove := n.legal > w.lateMoves(n.depth, n.improving)
	futile := n.pruneQ && lmrDepth < 6 && n.eval+100+100*max(1, lmrDepth) <= n.alpha
	return lateMove || futile
}

// reduction is the late-move reduction of the move just made (not the
// first): a quiet move that does not check; a capture or promotion when
// it comes after the late-move count, at a node expected to fail high,
// or when even its victim (gain) does not lift the static score to alpha
// (Stockfish 11's rule; in capablanca it took 40 % off the tree to depth
// 13). From the table by depth and move count, less at PV nodes, for
// killers and by good history, more for bad history, at nodes not
// improving and at cut nodes; at most newDepth-1.
func (w *worker) reduction(n *node, quiet bool, sc, gain, newDepth int) int {
	depth := n.depth
	if n.legal == 1 || depth < 3 || n.inCheck {
		return 0
	}
	if !((quiet && !w.opponentInCheck()) ||
		(!quiet && (n.legal > w.lateMoves(depth, n.improving) || n.cutNode || n.eval+gain <= n.alpha))) {
		return 0
	}
	r := lmrTable[min(depth, 63)][min(n.legal, 63)]
	if n.pvNode {
		r--
	}
	if !quiet {
		if depth < 8 && n.legal > 2 {
			r++
		}
	} else {
		if sc >= scoreRefutation {
			r-- // killer or countermove
		}
		if sc < 0 {
			r++ // a move with a bad history
		}
		if sc < scoreRefutation {
			r -= max(-2, min(2, sc/6000)) // history steers the reduction
		}
		if !n.improving && !n.pvNode {
			r++
		}
		if n.cutNode {
			r += 2 // expected to fail high: the late moves matter little
		}
	}
	return max(0, min(r, newDepth-1))
}
