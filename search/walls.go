// Walling moves (duck chess, amazons, …): how the search orders the
// wall square a move places.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// wallHistory is the history of wall squares, by side and square:
// Fairy-Stockfish's gateHistory (search.cpp, movepick.cpp), which it keeps
// for walling variants. Every form of a walling move shares the from-to
// entry of the quiet history (or the capture history's entry), so the
// wall's own history is what tells them apart.
type wallHistory [2][geom.SquareNB]int32

// Ordering bonuses of a wall square (added to a move's history score,
// within its band): one that shuts an enemy attack on a piece the side
// cannot lose (its king) goes first, one that shuts an attack on a piece
// worth more than its attacker next. wallKingBonus is above any sum of
// histories (3 × 8,192), so a blocking move comes before every other move
// of its band.
const (
	wallKingBonus   = 1 << 15
	wallThreatBonus = 1 << 13
)

// wallOrder is what the move ordering of a walling node reads, made once
// per node (wallOrderOf).
type wallOrder struct {
	kingBlocks   geom.Set // wall squares that stop an enemy attack on a protected piece
	threatBlocks geom.Set // wall squares that stop an enemy attack on a more valuable piece
	protected    geom.Set // the side's pieces it may not lose: royals, its last extinction pieces
}

// protectedOf returns c's pieces whose capture loses the game: its royal
// pieces and, in extinction variants (duck chess's king), its pieces of an
// extinction type down to their last ExtinctionPieceCount+1.
func (w *worker) protectedOf(c position.Color) geom.Set {
	p := w.p
	b := p.RoyalsOf(c)
	if w.v.ExtinctionValue == position.ValueNone {
		return b
	}
	for _, pt := range w.extinctionTypes {
		if p.Count(c, pt) <= w.v.ExtinctionPieceCount+1 {
			b = b.Or(p.PiecesOf(c, pt))
		}
	}
	return b
}

// wallOrderOf finds the wall squares that shut the enemy's attacks on the
// side to move's pieces, with the occupancy the wall will meet: under the
// duck rule the duck leaves its square, so it shuts nothing it shuts now.
// A square counts when the attacker no longer reaches its target with a
// wall there (a rider's line between them, a lame leaper's leg when it is
// one of the leaper's targets too).
func (w *worker) wallOrderOf(us position.Color) wallOrder {
	p, ev := w.p, w.ev
	them := us.Other()
	occ := p.Occupied()
	if w.v.WallingRule == position.DuckWalling {
		occ = occ.AndNot(p.Walls())
	}
	o := wallOrder{protected: w.protectedOf(us)}
	for k := o.protected; k.Any(); {
		s := k.Pop()
		for att := p.AttackersTo(s, occ, them); att.Any(); {
			o.kingBlocks = o.kingBlocks.Or(w.blockers(them, att.Pop(), s, occ))
		}
	}
	mine := p.Pieces(us).AndNot(o.protected)
	for e := p.Pieces(them); e.Any(); {
		x := e.Pop()
		pt := p.PieceOn(x).Type()
		for t := p.Attacks(them, pt, x, occ).And(mine); t.Any(); {
			y := t.Pop()
			if ev.Mg[p.PieceOn(y).Type()] > ev.Mg[pt] {
				o.threatBlocks = o.threatBlocks.Or(w.blockers(them, x, y, occ))
			}
		}
	}
	return o
}

// blockers returns the empty squares a wall on which stops c's piece on x
// from attacking y.
func (w *worker) blockers(c position.Color, x, y geom.Square, occ geom.Set) geom.Set {
	p := w.p
	pt := p.PieceOn(x).Type()
	var b geom.Set
	for cand := p.Attacks(c, pt, x, occ).AndNot(occ); cand.Any(); {
		s := cand.Pop()
		o := occ
		o.Add(s)
		if !p.Attacks(c, pt, x, o).Has(y) {
			b.Add(s)
		}
	}
	return b
}

// wallScore is the ordering score of the wall move m places: its wall
// history (Fairy-Stockfish adds it to the scores of quiet moves and
// captures) and the blocking bonuses, which do not apply to a move of a
// protected piece (it leaves the square the wall would shield). captures
// take half the history, as they take half the capture history.
func (w *worker) wallScore(o *wallOrder, us position.Color, m position.Move, capture bool) int {
	s := m.Wall()
	if s == geom.NoSquare {
		return 0
	}
	sc := int(w.wallHist[us][s])
	if capture {
		sc /= 2
	}
	if o.protected.Has(m.From()) {
		return sc
	}
	if o.kingBlocks.Has(s) {
		sc += wallKingBonus
	} else if o.threatBlocks.Has(s) {
		sc += wallThreatBonus
	}
	return sc
}

// updateWallHist moves the wall histories when move m cut the node:
// m's wall up, the walls of the quiet moves and captures tried before it
// down (Fairy-Stockfish's update_all_stats).
func (w *worker) updateWallHist(n *node, m position.Move, bonus int32) {
	h := &w.wallHist[n.us]
	if s := m.Wall(); s != geom.NoSquare {
		addHistory(&h[s], bonus)
	}
	for _, q := range n.quietsTried[:n.nq] {
		if s := q.Wall(); s != geom.NoSquare {
			addHistory(&h[s], -bonus)
		}
	}
	for _, q := range n.capsTried[:n.nc] {
		if s := q.Wall(); s != geom.NoSquare {
			addHistory(&h[s], -bonus)
		}
	}
}

// sameFromTo reports whether the walling forms q and m move the same
// piece the same way (Fairy-Stockfish spares such a tried move the
// penalty of the from-to history the best move raises).
func sameFromTo(q, m position.Move) bool { return q.From() == m.From() && q.To() == m.To() }
