// Static exchange evaluation.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// seeValue is a piece's value for exchanges (a royal king is worth more
// than everything, so it recaptures last and never into a defended square).
func (w *worker) seeValue(pt position.PieceType) int {
	if pt == position.King && w.ev.royal {
		return 20000
	}
	return w.ev.Mg[pt]
}

// seeGE reports whether see(m) >= threshold (see is in see_test.go),
// stopping as soon as the exchange's outcome against the threshold is
// settled (most captures need no attacker lookup: taking a piece worth
// more than the capturer, or a free piece). Same exchange model as see:
// captures only remove the captured piece, a royal king never recaptures
// into a defended square.
func (w *worker) seeGE(m position.Move, threshold int) bool {
	p := w.p
	from, to := m.From(), m.To()
	moved := w.movedPiece(m).Type() // a drop: nothing to win, the dropped piece at stake
	swap := w.ev.Mg[w.victim(m)] - threshold
	next := w.seeValue(moved) // what now stands on the target square
	if w.isPromotion(m) {
		next = w.ev.Mg[m.PromotionType()]
		swap += next - w.ev.Mg[moved]
	}
	if swap < 0 {
		return false // even keeping the victim does not reach the threshold
	}
	swap = next - swap
	if swap <= 0 {
		return true // even losing the capturer reaches it
	}
	occ := p.Occupied()
	occ.Del(from)
	side := p.SideToMove()
	res := true
	for {
		side = side.Other()
		atk := p.AttackersTo(to, occ, side).And(occ)
		if atk.Empty() {
			break
		}
		res = !res
		lva, lv := geom.NoSquare, 1<<30
		for a := atk; a.Any(); {
			sq := a.Pop()
			if v := w.seeValue(p.PieceOn(sq).Type()); v < lv {
				lva, lv = sq, v
			}
		}
		occ.Del(lva)
		if p.PieceOn(lva).Type() == position.King && w.ev.royal {
			// the king takes only if nothing can take it back
			if p.AttackersTo(to, occ, side.Other()).And(occ).Any() {
				return !res
			}
			return res
		}
		// swap is now what the next side gains by taking back; when that
		// side is the opponent (we just took: res) a tie leaves us at the
		// threshold, so it must gain more than nothing
		if swap = lv - swap; swap < 0 || (swap == 0 && res) {
			break
		}
	}
	return res
}
