// The history tables' updates (quiet, continuation and capture history).

package search

import (
	"houserules/geom"
	"houserules/position"
)

// updateCapHist moves the capture history of capture m (made from this
// node) by bonus, with gravity towards 0.
func (w *worker) updateCapHist(m position.Move, bonus int32) {
	h := &w.capHist[w.p.PieceOn(m.From()).Type()][m.To()][w.victim(m)]
	v := int32(*h)
	v += 16*bonus - v*max(bonus, -bonus)/512
	*h = int16(max(-8000, min(8000, v)))
}

// dropHistory is the quiet history of drops (see quietHist): side,
// dropped type, target square.
type dropHistory [2][position.PieceTypeNB][geom.SquareNB]int32

// quietHist is the quiet-history entry of side us's quiet move m: by
// origin and target square, a drop by the dropped type and its square
// (its origin is its target: the square alone would lump together every
// type dropped there).
func (w *worker) quietHist(us position.Color, m position.Move) *int32 {
	if m.Kind() == position.Drop {
		return &w.dropHist[us][m.DroppedType()][m.To()]
	}
	return &w.history[us][m.From()][m.To()]
}

// statBonus is the quiet-history and continuation-history change for a
// quiet move that cut a node at remaining depth d (the other quiet moves
// tried there lose as much): Stockfish 11's stat_bonus, 19d²+155d−154,
// with d capped at 15 (20 at depth 1, 482 at 3, 6,446 from 15 on),
// applied by addHistory to both tables. With d² (at most 400) 99 % of
// the late quiet moves' scores in the search benchmark stayed within
// ±1,000 and none reached histPrune or the reduction's steering (one ply
// per 6,000); with this bonus a quarter are below −1,000 and 3 % beyond
// ±3,800.
func statBonus(d int) int32 {
	d = min(d, 15)
	return int32(19*d*d + 155*d - 154)
}

// addHistory moves a quiet- or continuation-history entry by bonus
// (negative for a move that did not cut) and pulls it towards zero by
// |bonus|/8192 of its value, so it never leaves ±8,192 when
// |bonus| ≤ 8,192.
func addHistory(h *int32, bonus int32) {
	*h += bonus - *h*max(bonus, -bonus)/8192
}

// onCutoff updates the tables when move m cut the node: the capture
// history of m and of the captures tried before it; for a quiet move the
// killers, the countermove, and the quiet and continuation histories of m
// (up) and of the quiet moves tried before it (down).
func (w *worker) onCutoff(n *node, m position.Move, capture, quiet bool) {
	p, ply, us := w.p, n.ply, n.us
	capBonus := int32(min(n.depth*n.depth, 400))
	if capture {
		w.updateCapHist(m, capBonus)
	}
	for _, q := range n.capsTried[:n.nc] {
		if !w.walls || !sameFromTo(q, m) {
			w.updateCapHist(q, -capBonus)
		}
	}
	bonus := statBonus(n.depth)
	if w.walls {
		w.updateWallHist(n, m, bonus)
	}
	if !quiet {
		return
	}
	if w.killers[ply][0].Base() != m.Base() {
		w.killers[ply][1] = w.killers[ply][0]
		w.killers[ply][0] = m
	}
	if prev := p.State().Move; prev != position.NoMove && w.counterMoves != nil {
		w.counterMoves[prev.From()][prev.To()] = m
	}
	addHistory(w.quietHist(us, m), bonus)
	for _, q := range n.quietsTried[:n.nq] {
		if !w.walls || !sameFromTo(q, m) {
			addHistory(w.quietHist(us, q), -bonus)
		}
	}
	if r1, r2 := w.contRows(); r1 >= 0 || r2 >= 0 {
		k := w.ch.index(w.movedPiece(m), m.To())
		w.ch.update(r1, k, bonus)
		w.ch.update(r2, k, bonus)
		for _, q := range n.quietsTried[:n.nq] {
			kq := w.ch.index(w.movedPiece(q), q.To())
			w.ch.update(r1, kq, -bonus)
			w.ch.update(r2, kq, -bonus)
		}
	}
}
