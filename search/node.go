// The node search: principal variation search below the root.

package search

import (
	"houserules/position"
)

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
	pvNode := beta-alpha > 1
	row := 0 // the node's TreeStats row: its depth on entry
	if statsOn {
		row = statRow(depth)
		w.stats.Nodes[row]++
		if pvNode {
			w.stats.PVNodes[row]++
		}
	}
	cutNode := w.cut[ply] && !pvNode
	p := w.p
	if ply > 0 {
		if s, ok := w.drawByRule(ply); ok {
			return s
		}
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	if ply >= maxPly {
		return w.ev.Evaluate(w.g)
	}
	excluded := w.excluded[ply]
	key := w.key()
	ttMove := position.NoMove
	ttEval := -Infinite
	ttScore, ttDepth, ttBound := 0, 0, boundNone
	if te, hit := w.tt.probe(key); hit && excluded == position.NoMove {
		ttMove = te.move
		ttEval = int(te.eval)
		ttScore, ttDepth, ttBound = fromTT(int(te.score), ply), int(te.depth), te.bound
		if !pvNode && ttDepth >= depth {
			s := ttScore
			if te.bound == boundExact || (te.bound == boundLower && s >= beta) || (te.bound == boundUpper && s <= alpha) {
				if statsOn {
					w.stats.TTCuts[row]++
				}
				return s
			}
		}
	}
	if w.plain {
		if _, over := p.ImmediateEnd(); over {
			return w.terminal(ply)
		}
	}
	inCheck := w.inCheck()
	eval, raw := -Infinite, -Infinite // static evaluation: corrected, as computed
	var corr *int32                   // its correction-history entry (nil in check)
	improving := false
	w.evals[ply] = -Infinite
	// a side that must capture cannot "stand" on its static score
	forced := w.v.MustCapture && (!w.plain || p.HasLegalCapture())
	if !inCheck {
		if ttEval > -Infinite {
			raw = ttEval
		} else {
			raw = w.ev.Evaluate(w.g)
		}
		corr = w.corrEntry()
		eval = corrected(raw, *corr)
		w.evals[ply] = eval
		improving = ply < 2 || w.evals[ply-2] == -Infinite || eval > w.evals[ply-2]
		margin := 90 * depth
		if improving {
			margin -= 30
		}
		if !pvNode && !forced && depth <= 6 && eval-margin >= beta && absInt(beta) < MateBound {
			if statsOn {
				w.stats.StaticCuts[row]++
			}
			return eval
		}
		if !pvNode && w.nullOK && excluded == position.NoMove && depth >= 3 && eval >= beta && p.State().PliesFromNull > 0 && w.nonPawnCount(p.SideToMove()) > 0 {
			r := 3 + depth/4 + min(3, (eval-beta)/200)
			p.DoNull()
			w.cut[ply+1] = !cutNode
			s := -w.search(-beta, -beta+1, depth-1-r, ply+1)
			p.Undo()
			if w.stopped {
				return 0
			}
			if s >= beta {
				if s >= MateBound {
					s = beta
				}
				return s
			}
		}
	}
	// ProbCut: a capture whose reduced search beats beta by a margin
	// makes it very likely that the full search beats beta too
	if !pvNode && !inCheck && w.nullOK && w.seeOK && excluded == position.NoMove && depth >= 5 && absInt(beta) < MateBound && eval > -Infinite {
		if s, ok := w.probCut(beta, depth, ply, eval, improving, ttMove); ok {
			return s
		}
	}
	// check extension: with SEE the parent extends a safe checking move
	// (safeCheck); otherwise every node in check is searched a ply deeper
	if inCheck && ply < 2*maxPly/3 && !w.seeOK {
		depth++
	} else if !inCheck && depth >= 4 && ttMove == position.NoMove && excluded == position.NoMove {
		depth-- // internal iterative reduction: no hint, search less
	}
	if statsOn {
		w.stats.Expanded[row]++
	}
	moves, lazy := w.nodeMoves(ply)
	sc := w.scoreBuf(ply, len(moves))
	// the TT move goes first and the others are scored only when it did
	// not cut the node (most cut nodes end with it)
	ttFirst := false
	if tb := ttMove.Base(); ttMove != position.NoMove {
		for j, m := range moves {
			if m.Base() == tb {
				moves[0], moves[j] = moves[j], moves[0]
				sc[0] = scoreTT
				ttFirst = true
				ttMove = m // with its production tag (the table keeps Base)
				break
			}
		}
	}
	if !ttFirst {
		w.scoreMoves(moves, sc, ttMove, ply)
	}
	us := p.SideToMove()
	best, bestMove := -Infinite, position.NoMove
	origAlpha := alpha
	legal := 0
	var quietsTried, capsTried [64]position.Move
	nq, nc := 0, 0
	// shallow-depth pruning of quiet moves (futility, late-move count):
	// not in PV nodes, not in check, not when a capture is compulsory, not
	// near mate scores, not for flag or check-counting races
	pruneOK := !pvNode && !inCheck && !forced && absInt(alpha) < MateBound && eval > -Infinite &&
		!w.ev.flag[0] && !w.ev.flag[1] && !w.v.CheckCounting
	prune := pruneOK && depth <= 3
	// quiet moves are pruned further from the leaves, by the depth they
	// would be searched to after the late-move reduction (plain rulesets:
	// under hooks a checking move cannot be told apart before it is made)
	pruneQ := prune
	pruneMC := false
	skipQuiets := false      // the rest are late quiet moves, cut to their checks
	checksFrom := len(moves) // from here on, the testable moves are known to check
	if w.plain {
		pruneQ = pruneOK && depth <= quietPruneDepth
		// late quiet moves are skipped at every depth (Stockfish's
		// move-count pruning)
		pruneMC = pruneOK && w.nonPawnCount(us) > 0
	}
	for i := 0; i < len(moves); i++ {
		if ttFirst && i == 1 {
			w.scoreMoves(moves[1:], sc[1:], position.NoMove, ply)
		}
		m := moves[0]
		if !ttFirst || i > 0 {
			m = pick(moves, sc, i)
		}
		if w.seeOK && sc[i] >= scoreCapture && sc[i] < scoreTT {
			m = w.demoteLosing(moves, sc, i)
		}
		if m == excluded {
			continue
		}
		// once the move count is reached every move still to come is a
		// later quiet one (captures, promotions, killers and the
		// countermove are ordered first) and only its checks are
		// searched: the list is cut to them before they are ordered
		if pruneMC && !skipQuiets && legal > lateMoveCount(depth, improving) && best > -MateBound && sc[i] < scoreLosingCapture &&
			!p.IsCapture(m) && !w.isPromotion(m) {
			skipQuiets = true
			n := i + 1
			checksFrom = n
			for j := i + 1; j < len(moves); j++ {
				q := moves[j]
				if !checkTestable(q) || w.givesCheck(q) {
					moves[n], sc[n] = q, sc[j]
					n++
				}
			}
			moves, sc = moves[:n], sc[:n]
		}
		// in plain rulesets a move other than the TT move is tested for
		// legality just before it is made: one pruned first is counted
		// as legal (Stockfish's move count; nothing is pruned before a
		// move has been searched, so a position without legal moves
		// still has legal == 0)
		deferLegal := w.plain && m != ttMove
		if !deferLegal && ((w.plain && !p.Legal(m)) || (lazy && !w.g.Legal(m))) {
			continue
		}
		legal++
		// singular extension: the TT move is searched one ply deeper when
		// every other move falls clearly short of its stored score (a
		// reduced search without it fails low); when even that search
		// beats beta, two moves refute this node and it is cut (multi-cut)
		ext := 0
		if depth >= 7 && m == ttMove && ply > 0 && excluded == position.NoMove && ttBound != boundUpper &&
			ttDepth >= depth-3 && absInt(ttScore) < MateBound && w.plain {
			sBeta := ttScore - 2*depth
			// the test searches this ply again: it reuses the ply's
			// move and score buffers, so this node's are kept aside
			saveM, saveS := append([]position.Move(nil), moves...), append([]int(nil), sc...)
			w.excluded[ply] = m
			s := w.search(sBeta-1, sBeta, depth/2, ply)
			w.excluded[ply] = position.NoMove
			copy(moves, saveM)
			copy(sc, saveS)
			if w.stopped {
				return 0
			}
			if s < sBeta {
				ext = 1
			} else if sBeta >= beta {
				return sBeta
			}
			w.pvLen[ply] = ply
		}
		capture := p.IsCapture(m)
		quiet := !capture && !w.isPromotion(m)
		gain := 0 // a capture's victim, endgame value (read by the reduction below)
		if capture && depth >= 3 {
			gain = w.ev.Eg[w.victim(m)]
		}
		// a capture that loses more than 80 cp per ply of depth in the
		// exchange is not searched (the best move is kept; Stockfish
		// prunes so at every depth)
		if pruneOK && !quiet && legal > 1 && best > -MateBound && w.seeOK && !w.isPromotion(m) &&
			w.ev.Mg[p.PieceOn(m.From()).Type()] > w.ev.Mg[w.victim(m)] && !w.seeGE(m, -80*depth) {
			continue
		}
		// near the leaves, a quiet move that does not check is not searched
		// when it puts its piece en prise, or when its history is bad
		// (plain rulesets: under hooks that lost in piece-hp self-play);
		// lmrDepth is the depth it would get after its late-move reduction
		preTest := checkTestable(m)
		checks := preTest && i >= checksFrom // tested when the list was cut
		lmrDepth := depth
		if pruneQ && quiet && w.plain {
			lmrDepth = max(0, depth-1-lmrTable[min(depth, 63)][min(legal, 63)])
		}
		if pruneQ && quiet && legal > 1 && best > -MateBound &&
			((w.plain && lmrDepth < 4 && sc[i] < -histPrune*max(1, lmrDepth)) ||
				(w.seeOK && sc[i] < scoreRefutation && m.Kind() == position.Normal && !w.seeGE(m, -max(80, 15*lmrDepth*lmrDepth)))) &&
			!checks && !w.givesCheck(m) {
			continue
		}
		// late and futile quiet moves are skipped unless they check: an
		// ordinary move is tested before it is made (givesCheck), others
		// after
		pruneLate := false
		if (pruneQ || pruneMC) && quiet && legal > 1 && sc[i] < scoreRefutation && best > -MateBound {
			lateMove := legal > lateMoveCount(depth, improving)
			futile := pruneQ && lmrDepth < 6 && eval+100+100*max(1, lmrDepth) <= alpha
			pruneLate = lateMove || futile
		}
		if pruneLate && preTest && !checks && !w.givesCheck(m) {
			continue
		}
		if deferLegal && !p.Legal(m) {
			legal--
			continue
		}
		w.g.Do(m)
		same := p.SideToMove() == us
		if pruneLate && !preTest && !w.opponentInCheck() {
			w.g.Undo()
			continue
		}
		if statsOn {
			w.countMove(row, pvNode, quiet)
		}
		if ext == 0 && ply < 2*maxPly/3 && w.safeCheck(m, same) {
			ext = 1
		}
		newDepth := depth - 1 + ext
		var s int
		if legal == 1 {
			w.cut[ply+1] = !pvNode && !cutNode
			s = w.child(same, alpha, beta, newDepth, ply)
		} else {
			// late-move reduction: a quiet move that does not check; a
			// capture or promotion when it comes after the late-move
			// count, at a node expected to fail high, or when even its
			// victim does not lift the static score to alpha (Stockfish
			// 11's rule; in capablanca it took 40 % off the tree to
			// depth 13)
			r := 0
			if depth >= 3 && !inCheck && ((quiet && !w.opponentInCheck()) ||
				(!quiet && (legal > lateMoveCount(depth, improving) || cutNode || eval+gain <= alpha))) {
				r = lmrTable[min(depth, 63)][min(legal, 63)]
				if pvNode {
					r--
				}
				if !quiet {
					if depth < 8 && legal > 2 {
						r++
					}
				} else {
					if sc[i] >= scoreRefutation {
						r-- // killer or countermove
					}
					if sc[i] < 0 {
						r++ // a move with a bad history
					}
					if sc[i] < scoreRefutation {
						r -= max(-2, min(2, sc[i]/6000)) // history steers the reduction
					}
					if !improving && !pvNode {
						r++
					}
					if cutNode {
						r += 2 // expected to fail high: the late moves matter little
					}
				}
				r = max(0, min(r, newDepth-1))
			}
			w.cut[ply+1] = r > 0 || !cutNode
			s = w.child(same, alpha, alpha+1, newDepth-r, ply)
			if s > alpha && r > 0 && !w.stopped {
				w.cut[ply+1] = !cutNode
				s = w.child(same, alpha, alpha+1, newDepth, ply)
			}
			if s > alpha && s < beta && !w.stopped {
				w.cut[ply+1] = false
				s = w.child(same, alpha, beta, newDepth, ply)
			}
		}
		w.g.Undo()
		if w.stopped {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				w.updatePV(ply, m)
				if s >= beta {
					if statsOn {
						w.countCut(row, legal == 1)
					}
					capBonus := int32(min(depth*depth, 400))
					if capture {
						w.updateCapHist(m, capBonus)
					}
					for _, q := range capsTried[:nc] {
						w.updateCapHist(q, -capBonus)
					}
					if quiet {
						if w.killers[ply][0].Base() != m.Base() {
							w.killers[ply][1] = w.killers[ply][0]
							w.killers[ply][0] = m
						}
						if prev := p.State().Move; prev != position.NoMove && w.counterMoves != nil {
							w.counterMoves[prev.From()][prev.To()] = m
						}
						bonus := statBonus(depth)
						addHistory(&w.history[us][m.From()][m.To()], bonus)
						for _, q := range quietsTried[:nq] {
							addHistory(&w.history[us][q.From()][q.To()], -bonus)
						}
						if r1, r2 := w.contRows(); r1 >= 0 || r2 >= 0 {
							k := w.ch.index(p.PieceOn(m.From()), m.To())
							w.ch.update(r1, k, bonus)
							w.ch.update(r2, k, bonus)
							for _, q := range quietsTried[:nq] {
								kq := w.ch.index(p.PieceOn(q.From()), q.To())
								w.ch.update(r1, kq, -bonus)
								w.ch.update(r2, kq, -bonus)
							}
						}
					}
					break
				}
			}
		}
		if quiet && nq < len(quietsTried) {
			quietsTried[nq] = m
			nq++
		} else if capture && nc < len(capsTried) {
			capsTried[nc] = m
			nc++
		}
	}
	if legal == 0 {
		if excluded != position.NoMove {
			return alpha // only the excluded move: not a terminal position
		}
		return w.terminal(ply)
	}
	if excluded != position.NoMove {
		return best
	}
	b := boundUpper
	if best >= beta {
		b = boundLower
	} else if best > origAlpha {
		b = boundExact
	}
	// the correction learns from quiet outcomes whose bound says which
	// side of the static score the true score lies on
	if corr != nil && absInt(best) < MateBound && (bestMove == position.NoMove || (!p.IsCapture(bestMove) && !w.isPromotion(bestMove))) &&
		!(b == boundLower && best <= eval) && !(b == boundUpper && best >= eval) {
		updateCorr(corr, best-eval, depth)
	}
	w.tt.store(key, bestMove, toTT(best, ply), raw, depth, b)
	return best
}
