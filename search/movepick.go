// Move generation and ordering: the move picker of the node search.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// nodeMoves lists the moves of an interior node and how their
// legality is still to be tested one by one: pseudo-legal moves for plain
// rulesets; under house rules the pipeline's candidates where legality is
// a per-move test, else the legal list.
func (w *worker) nodeMoves(ply int) ([]position.Move, legality) { return w.path.nodeMoves(w, ply) }

// noisy reports whether quiescence searches m when not in check: a
// capture, a promotion, or a move into the mover's flag region.
func (w *worker) noisy(m position.Move) bool {
	p, ev := w.p, w.ev
	if p.IsCapture(m) || w.isPromotion(m) {
		return true
	}
	us := p.SideToMove()
	if !ev.flag[us] {
		return false
	}
	pt := w.movedPiece(m).Type()
	return (ev.flagPiece[us] == position.AllPieces || ev.flagPiece[us] == pt) && ev.flagDist[us][m.To()] == 0
}

// movedPiece is the piece that stands on m's target square once m is
// made: the piece on its origin square, or for a drop the side to move's
// piece of the dropped type (a drop's origin is its target square, still
// empty).
func (w *worker) movedPiece(m position.Move) position.Piece {
	if m.Kind() == position.Drop {
		return position.MakePiece(w.p.SideToMove(), m.DroppedType())
	}
	return w.p.PieceOn(m.From())
}

func (w *worker) isPromotion(m position.Move) bool {
	k := m.Kind()
	return k == position.Promotion || k == position.PiecePromotion
}

func (w *worker) victim(m position.Move) position.PieceType {
	if m.Kind() == position.EnPassant {
		return position.Pawn
	}
	return w.p.PieceOn(m.To()).Type()
}

// Move-ordering bands of scoreMoves, highest first. Within a band the
// score adds: for captures the victim's value ×8 and the capture history
// (and a promotion's new piece); for quiet promotions the new piece's
// value; for killers 2 (first) or 1 (second), 0 for the countermove; for
// losing captures (demoteLosing) the victim's value ×16 less the
// capturer's /16. Quiet moves score their histories, which stay below
// scoreLosingCapture. The pruning rules read the bands: a move below
// scoreRefutation is neither a killer nor the countermove.
const (
	scoreTT            = 1 << 30 // the TT move
	scoreCapture       = 1 << 26 // captures not (yet) found losing by SEE
	scorePromotion     = 1 << 25 // promotions that capture nothing
	scoreRefutation    = 1 << 24 // killers and the countermove
	scoreLosingCapture = 1 << 23 // captures that lose material by SEE
)

// stage is the ordering stage of a move, by its score's band: the move
// picker hands out the moves stage by stage (within a stage by score).
type stage uint8

const (
	stageTT           stage = iota // the TT move, handed out before the others are scored
	stageGoodCaptures              // captures by MVV-LVA and capture history; a losing one (SEE) is demoted when picked
	stagePromotions                // promotions that capture nothing
	stageRefutations               // the killers, then the countermove
	stageBadCaptures               // captures that lose material by SEE
	stageQuiets                    // the other moves, by quiet and continuation history
)

// stageOf is the stage of a move scored sc.
func stageOf(sc int) stage {
	switch {
	case sc >= scoreTT:
		return stageTT
	case sc >= scoreCapture:
		return stageGoodCaptures
	case sc >= scorePromotion:
		return stagePromotions
	case sc >= scoreRefutation:
		return stageRefutations
	case sc >= scoreLosingCapture:
		return stageBadCaptures
	}
	return stageQuiets
}

// movePicker hands out the moves of a node of the main search in stage
// order (see stage): the TT move first, unscored; the rest are scored
// (scoreMoves) only when the TT move did not cut the node (most cut nodes
// end with it), then picked best first (pick) and, where SEE applies, a
// capture picked from stageGoodCaptures that loses material is demoted to
// stageBadCaptures (demoteLosing) and the next best picked instead.
type movePicker struct {
	w      *worker
	moves  []position.Move // the node's list, reordered in place as moves are picked
	sc     []int           // their scores
	ply    int
	ttMove position.Move // the TT move with its production tag when it is in the list
	// ttFirst: the TT move is in the list, at 0, and the others are not
	// scored yet
	ttFirst bool
}

// newPicker starts picking moves (w.buf[ply]) at ply: the TT move, when
// the list holds it, goes first.
func (w *worker) newPicker(moves []position.Move, ttMove position.Move, ply int) movePicker {
	mp := movePicker{w: w, moves: moves, sc: w.scoreBuf(ply, len(moves)), ply: ply, ttMove: ttMove}
	if tb := ttMove.Base(); ttMove != position.NoMove {
		for j, m := range moves {
			if m.Base() == tb {
				moves[0], moves[j] = moves[j], moves[0]
				mp.sc[0] = scoreTT
				mp.ttFirst = true
				mp.ttMove = m // with its production tag (the table keeps Base)
				break
			}
		}
	}
	if !mp.ttFirst {
		w.scoreMoves(moves, mp.sc, ttMove, ply)
	}
	return mp
}

// next returns the i-th move (i counts up from 0, one call each), moved
// to position i; mp.sc[i] is its score.
func (mp *movePicker) next(i int) position.Move {
	w := mp.w
	if mp.ttFirst && i == 1 {
		w.scoreMoves(mp.moves[1:], mp.sc[1:], position.NoMove, mp.ply)
	}
	m := mp.moves[0]
	if !mp.ttFirst || i > 0 {
		m = pick(mp.moves, mp.sc, i)
	}
	if w.seeOK && stageOf(mp.sc[i]) == stageGoodCaptures {
		m = w.demoteLosing(mp.moves, mp.sc, i)
	}
	return m
}

// scoreMoves orders moves: TT move, captures by MVV-LVA, promotions,
// killers, then history.
func (w *worker) scoreMoves(moves []position.Move, sc []int, ttMove position.Move, ply int) {
	p := w.p
	us := p.SideToMove()
	ev := w.ev
	tb := ttMove.Base()
	r1, r2, rows := -1, -1, false // continuation rows, read at the first quiet move
	cm := w.counter(ply).Base()
	var wo wallOrder
	if w.walls {
		wo = w.wallOrderOf(us)
	}
	for i, m := range moves {
		b := m.Base()
		switch {
		case ttMove != position.NoMove && b == tb:
			sc[i] = scoreTT
		case p.IsCapture(m):
			att := p.PieceOn(m.From()).Type()
			vt := w.victim(m)
			sc[i] = scoreCapture + ev.Mg[vt]*8 + int(w.capHist[att][m.To()][vt])/2
			if w.isPromotion(m) {
				sc[i] += ev.Mg[m.PromotionType()]
			}
			if w.walls {
				sc[i] += w.wallScore(&wo, us, m, true)
			}
			// a capture by a more valuable piece is checked by SEE when
			// it is picked (see demoteLosing)
		case w.isPromotion(m):
			sc[i] = scorePromotion + ev.Mg[m.PromotionType()]
		case b == w.killers[ply][0].Base():
			sc[i] = scoreRefutation + 2
		case b == w.killers[ply][1].Base():
			sc[i] = scoreRefutation + 1
		case b == cm && b != 0:
			sc[i] = scoreRefutation
		default:
			if !rows {
				r1, r2 = w.contRows()
				rows = true
			}
			k := w.ch.index(w.movedPiece(m), m.To())
			sc[i] = int(*w.quietHist(us, m)) + w.ch.at(r1, k) + w.ch.at(r2, k)
			if w.walls {
				sc[i] += w.wallScore(&wo, us, m, false)
			}
		}
	}
}

// demoteLosing checks the capture picked at i (and the next ones picked
// in its place) by SEE: a capture that loses material in the exchange is
// moved after the killers, and the best remaining move is picked again.
func (w *worker) demoteLosing(moves []position.Move, sc []int, i int) position.Move {
	ev := w.ev
	for {
		m := moves[i]
		if sc[i] < scoreCapture || sc[i] >= scoreTT || w.isPromotion(m) {
			return m
		}
		att := ev.Mg[w.p.PieceOn(m.From()).Type()]
		victim := ev.Mg[w.victim(m)]
		if att <= victim || w.seeGE(m, 0) {
			return m
		}
		sc[i] = scoreLosingCapture + victim*16 - att/16 // a losing capture: after the killers
		pick(moves, sc, i)
	}
}

// pick moves the best-scored remaining move to position i.
func pick(moves []position.Move, sc []int, i int) position.Move {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if sc[j] > sc[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	sc[i], sc[best] = sc[best], sc[i]
	return moves[i]
}

// counter returns the move that last refuted the move leading to this
// node (countermove heuristic).
func (w *worker) counter(ply int) position.Move {
	if ply == 0 || w.counterMoves == nil {
		return position.NoMove
	}
	prev := w.p.State().Move
	if prev == position.NoMove {
		return position.NoMove
	}
	return w.counterMoves[prev.From()][prev.To()]
}

// prevTo is the target square of the move that led to this node
// (NoSquare at the root of a game, after a null move or a pass).
func (w *worker) prevTo() geom.Square {
	if w.p.Ply() == 0 {
		return geom.NoSquare
	}
	prev := w.p.State().Move
	if !landed(prev) {
		return geom.NoSquare
	}
	return prev.To()
}

// landed reports whether move m put a piece on its target square: not
// the null move, and not a move whose origin is its target (a pass, a
// wall placement) unless it is a drop.
func landed(m position.Move) bool {
	return m != position.NoMove && (m.From() != m.To() || m.Kind() == position.Drop)
}

// prevTo2 is the target square of the move two plies back (the side's
// own move before the opponent's reply; NoSquare when there is none, or
// it or the reply was a null move or a pass).
func (w *worker) prevTo2() geom.Square {
	n := w.p.Ply()
	if n < 2 {
		return geom.NoSquare
	}
	if r := w.p.State().Move; r == position.NoMove {
		return geom.NoSquare
	}
	prev := w.p.StateAt(n - 1).Move
	if !landed(prev) {
		return geom.NoSquare
	}
	return prev.To()
}

// contRows returns the continuation-history rows of the node: the move
// one ply back (the piece now on its target square) and the move two
// plies back (-1 where there is none, or when the reply captured on its
// square).
func (w *worker) contRows() (int, int) {
	p := w.p
	r1, r2 := -1, -1
	t1 := w.prevTo()
	if t1 != geom.NoSquare {
		r1 = w.ch.index(p.PieceOn(t1), t1)
	}
	if t2 := w.prevTo2(); t2 != geom.NoSquare && t2 != t1 {
		r2 = w.ch.index(p.PieceOn(t2), t2)
	}
	return r1, r2
}
