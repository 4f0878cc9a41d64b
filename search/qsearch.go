// Quiescence search.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// qsRecaptureDepth is the quiescence ply from which only recaptures are
// searched.
const qsRecaptureDepth = 5

// qsearch resolves captures, promotions and the ruleset's other noisy
// moves (moves into the flag region; checks when one more check wins
// under check counting). In check, every move is searched. qd is the
// quiescence ply (0 at the main search's leaves).
func (w *worker) qsearch(alpha, beta, ply, qd int) int {
	w.pvLen[ply] = ply
	if w.checkStop() {
		return 0
	}
	w.nodes++
	if statsOn {
		w.stats.QNodes[statRow(qd)]++
	}
	if ply > w.seldepth {
		w.seldepth = ply
	}
	p, ev := w.p, w.ev
	if ply >= maxPly {
		return ev.Evaluate(w.g)
	}
	if s, ok := w.drawByRule(ply); ok {
		return s
	}
	q, s, ended := w.path.qsEnter(w, ply)
	if ended {
		return s
	}
	if qd >= w.qMax {
		return ev.Evaluate(w.g) // the capture tree has no end in sight
	}
	key := q.key
	ttMove, ttEval := position.NoMove, -Infinite
	if te, hit := w.tt.probe(key); hit {
		ttMove, ttEval = te.move, int(te.eval)
		if beta-alpha == 1 {
			s := fromTT(int(te.score), ply)
			if te.bound == boundExact || (te.bound == boundLower && s >= beta) || (te.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}
	origAlpha := alpha
	us := p.SideToMove()
	// Under compulsory capture a side with a capture may not stand pat.
	forced := q.forced
	stand, raw, best := -Infinite, -Infinite, -Infinite // static evaluation: corrected, as computed
	if !q.inCheck && !forced {
		var cut bool
		if stand, raw, cut = w.standPat(key, beta, ply, ttEval); cut {
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	moves := w.path.qsMoves(w, ply, q, q.inCheck || forced)
	checksWin := w.v.CheckCounting && p.State().ChecksRemaining[us] <= 1
	// keep the noisy moves only (in check or under compulsory capture:
	// every move)
	all := q.inCheck || forced || checksWin
	// deep in quiescence only recaptures on the last move's square are
	// searched (plain rulesets, Stockfish's rule): capture chains across
	// the board multiply with the number of pieces
	recapture := geom.NoSquare
	if qd >= qsRecaptureDepth && w.recapturesOK && !all {
		if recapture = w.prevTo(); recapture == geom.NoSquare {
			return best
		}
	}
	moves = w.qsNoisy(moves, all, recapture)
	sc := w.scoreBuf(ply, len(moves))
	w.scoreMoves(moves, sc, ttMove, ply)
	legal := 0
	bestMove := position.NoMove
	delta := ev.materialSign > 0 && ev.hpSlot < 0 && !q.inCheck && !forced
	see := delta && w.seeOK
	for i := range moves {
		m := pick(moves, sc, i)
		capture := p.IsCapture(m)
		promo := w.isPromotion(m)
		// (the pruning tests come before the legality test: they apply
		// only out of check, where the count of legal moves is not used)
		if delta && capture && !promo && w.qsPruned(m, stand, alpha, see) {
			continue
		}
		if q.lz != legalAll && !w.path.legal(w, m) {
			continue
		}
		legal++
		w.g.Do(m)
		if checksWin && !q.inCheck && !forced && !capture && !promo && !w.path.checked(w) {
			w.g.Undo()
			continue
		}
		var s int
		if p.SideToMove() == us {
			s = w.qsearch(alpha, beta, ply+1, qd+1)
		} else {
			s = -w.qsearch(-beta, -alpha, ply+1, qd+1)
		}
		w.g.Undo()
		if w.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				bestMove = m
				w.updatePV(ply, m)
				if s >= beta {
					break
				}
			}
		}
	}
	if (q.inCheck || forced) && legal == 0 {
		return w.terminal(ply)
	}
	return w.qsClose(key, best, bestMove, origAlpha, beta, ply, raw)
}

// standPat evaluates a quiescence node out of check (the stored
// evaluation when the table has it; where lazyEvalOK the material alone
// when it is far above beta) and reports the corrected score, the score as
// computed and whether the node stands pat at beta (stored in the table
// when it was computed here).
func (w *worker) standPat(key uint64, beta, ply, ttEval int) (int, int, bool) {
	raw := -Infinite
	ev := w.ev
	if ttEval > -Infinite {
		raw = ttEval
	} else if q, ok := ev.Quick(w.p); ok && w.lazyEvalOK && q-lazyMargin >= beta {
		return q - lazyMargin, raw, true // far above beta on material alone
	} else {
		raw = ev.Evaluate(w.g)
	}
	stand := corrected(raw, *w.corrEntry())
	if stand >= beta {
		if ttEval == -Infinite {
			w.tt.store(key, position.NoMove, toTT(stand, ply), raw, 0, boundLower)
		}
		return stand, raw, true
	}
	return stand, raw, false
}

// qsNoisy keeps, in place, the moves quiescence searches: every move when
// all, else captures, promotions and moves into the mover's flag region;
// only those to recapture when it is a square.
func (w *worker) qsNoisy(moves []position.Move, all bool, recapture geom.Square) []position.Move {
	p, ev := w.p, w.ev
	us := p.SideToMove()
	n := 0
	for _, m := range moves {
		keep := all || p.IsCapture(m) || w.isPromotion(m)
		if recapture != geom.NoSquare && m.To() != recapture {
			keep = false
		}
		if !keep && ev.flag[us] {
			pt := w.movedPiece(m).Type()
			keep = (ev.flagPiece[us] == position.AllPieces || ev.flagPiece[us] == pt) && ev.flagDist[us][m.To()] == 0
		}
		if keep {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// qsPruned (delta pruning) reports whether a capture is not searched
// because even its victim and 200 cp do not lift the stand-pat score to
// alpha, or (see) it loses material in the exchange.
func (w *worker) qsPruned(m position.Move, stand, alpha int, see bool) bool {
	ev := w.ev
	victim := ev.Mg[w.victim(m)]
	if stand+victim+200 < alpha {
		return true
	}
	return see && ev.Mg[w.p.PieceOn(m.From()).Type()] > victim && !w.seeGE(m, 0)
}

// qsClose stores a quiescence node's result in the table and returns it;
// with no noisy move searched in check (every move pruned) the static
// score.
func (w *worker) qsClose(key uint64, best int, bestMove position.Move, origAlpha, beta, ply, raw int) int {
	if best == -Infinite {
		// no noisy move and in check with every move pruned: static score
		return w.ev.Evaluate(w.g)
	}
	b := boundUpper
	if best >= beta {
		b = boundLower
	} else if best > origAlpha {
		b = boundExact
	}
	w.tt.store(key, bestMove, toTT(best, ply), raw, 0, b)
	return best
}
