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

// quietPruneDepth is the deepest remaining depth at which quiet moves are
// pruned (late-move count, futility, SEE and history by reduced depth).
const quietPruneDepth = 7

// probCut tries the captures that win at least beta+margin-eval by SEE
// with a reduced search against the raised bound; it reports the score
// and true when one of them holds it.
func (w *worker) probCut(beta, depth, ply, eval int, improving bool, ttMove position.Move) (int, bool) {
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
