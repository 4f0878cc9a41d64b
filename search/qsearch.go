// Quiescence search.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// qsearch resolves captures, promotions and the ruleset's other noisy
// moves (moves into the flag region; checks when one more check wins
// under check counting). In check, every move is searched.
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
	var moves []position.Move
	generated, inCheck := false, false
	if w.plain {
		if _, over := p.ImmediateEnd(); over {
			return w.terminal(ply)
		}
	} else {
		if r, over := w.g.Ended(); over {
			return scoreOf(r, p.SideToMove(), ply)
		}
		// Under house rules every legal move goes through the pipeline:
		// the full list only where it is needed (in check, compulsory
		// capture, check counting); otherwise stand pat first and then
		// test just the noisy moves (a stalemate is not looked for here,
		// as in plain quiescence).
		inCheck = w.inCheck()
		if w.v.MustCapture || w.v.CheckCounting || inCheck {
			moves = w.genMoves(ply)
			generated = true
			if len(moves) == 0 {
				return w.terminal(ply)
			}
		}
	}
	if qd >= w.qMax {
		return ev.Evaluate(w.g) // the capture tree has no end in sight
	}
	key := w.key()
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
	bestMove := position.NoMove
	if w.plain {
		inCheck = w.inCheck()
	}
	us := p.SideToMove()
	stand, raw := -Infinite, -Infinite // static evaluation: corrected, as computed
	best := -Infinite
	// Under compulsory capture a side with a capture may not stand pat.
	forced := w.v.MustCapture && (!w.plain || p.HasLegalCapture())
	if forced && !w.plain {
		forced = false
		for _, m := range moves {
			if p.IsCapture(m) {
				forced = true
				break
			}
		}
	}
	if !inCheck && !forced {
		if ttEval > -Infinite {
			raw = ttEval
		} else if q, ok := ev.Quick(p); ok && w.plain && q-lazyMargin >= beta {
			return q - lazyMargin // far above beta on material alone
		} else {
			raw = ev.Evaluate(w.g)
		}
		stand = corrected(raw, *w.corrEntry())
		if stand >= beta {
			if ttEval == -Infinite {
				w.tt.store(key, position.NoMove, toTT(stand, ply), raw, 0, boundLower)
			}
			return stand
		}
		alpha = max(alpha, stand)
		best = stand
	}
	if w.plain {
		// generated after the stand-pat cut-off
		if !inCheck && !forced && !ev.flag[us] && !w.v.CheckCounting {
			// only captures and promotions are searched here
			w.buf[ply] = p.PseudoLegalNoisy(w.buf[ply][:0])
			moves = w.buf[ply]
		} else {
			moves = w.genMoves(ply)
		}
	} else if !generated {
		w.buf[ply] = w.g.LegalMovesWhere(w.noisyFn, w.buf[ply][:0])
		moves = w.buf[ply]
	}
	checksWin := w.v.CheckCounting && p.State().ChecksRemaining[us] <= 1
	// keep the noisy moves only (in check or under compulsory capture:
	// every move)
	all := inCheck || forced || checksWin
	// deep in quiescence only recaptures on the last move's square are
	// searched (plain rulesets, Stockfish's rule): capture chains across
	// the board multiply with the number of pieces
	recapture := geom.NoSquare
	if qd >= qsRecaptureDepth && w.plain && !all {
		if recapture = w.prevTo(); recapture == geom.NoSquare {
			return best
		}
	}
	n := 0
	for _, m := range moves {
		keep := all || p.IsCapture(m) || w.isPromotion(m)
		if recapture != geom.NoSquare && m.To() != recapture {
			keep = false
		}
		if !keep && ev.flag[us] {
			pt := p.PieceOn(m.From()).Type()
			keep = (ev.flagPiece[us] == position.AllPieces || ev.flagPiece[us] == pt) && ev.flagDist[us][m.To()] == 0
		}
		if keep {
			moves[n] = m
			n++
		}
	}
	moves = moves[:n]
	sc := w.scoreBuf(ply, len(moves))
	w.scoreMoves(moves, sc, ttMove, ply)
	legal := 0
	delta := ev.materialSign > 0 && ev.hpSlot < 0 && !inCheck && !forced
	see := delta && w.plain && !w.v.BlastOnCapture
	for i := range moves {
		m := pick(moves, sc, i)
		capture := p.IsCapture(m)
		promo := w.isPromotion(m)
		// (the pruning tests come before the legality test: they apply
		// only out of check, where the count of legal moves is not used)
		if delta && capture && !promo {
			victim := ev.Mg[w.victim(m)]
			if stand+victim+200 < alpha {
				continue
			}
			// a capture that loses material in the exchange is skipped
			if see && ev.Mg[p.PieceOn(m.From()).Type()] > victim && !w.seeGE(m, 0) {
				continue
			}
		}
		if w.plain && !p.Legal(m) {
			continue
		}
		legal++
		w.g.Do(m)
		if checksWin && !inCheck && !forced && !capture && !promo {
			chk := false
			if w.plain {
				chk = p.Checkers().Any()
			} else {
				chk = w.g.InCheck(p.SideToMove())
			}
			if !chk {
				w.g.Undo()
				continue
			}
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
	if (inCheck || forced) && legal == 0 {
		return w.terminal(ply)
	}
	if best > -Infinite {
		b := boundUpper
		if best >= beta {
			b = boundLower
		} else if best > origAlpha {
			b = boundExact
		}
		w.tt.store(key, bestMove, toTT(best, ply), raw, 0, b)
	}
	if best == -Infinite {
		// no noisy move and in check with every move pruned: static score
		return ev.Evaluate(w.g)
	}
	return best
}

// qsRecaptureDepth is the quiescence ply from which only recaptures are
// searched.
const qsRecaptureDepth = 5
