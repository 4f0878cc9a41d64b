// Checks: whether the side to move is in check, whether a move checks.

package search

import (
	"houserules/geom"
	"houserules/position"
)

// opponentInCheck reports, right after a move, whether the side now to
// move is in check (plain rulesets; hooked ones answer false, which only
// lets a checking move be reduced or pruned like a quiet one).
func (w *worker) opponentInCheck() bool { return w.path.opponentInCheck(w) }

// safeCheck reports, right after m was made, whether m earns the check
// extension: under SEE (plain rulesets) a move that checks, not within
// a multi-ply turn, and does not lose material in the exchange
// (Stockfish 11). Only checking moves pay for the SEE: m is taken back
// for it and made again.
func (w *worker) safeCheck(m position.Move, same bool) bool {
	if !w.seeOK || same || !w.opponentInCheck() {
		return false
	}
	w.g.Undo()
	safe := w.seeGE(m, 0)
	w.g.Do(m)
	return safe
}

// givesCheck reports, before a normal move or a drop m is made, whether
// it checks the enemy royal king directly or (not a drop) by discovery (plain rulesets with a
// royal king; otherwise false, as for opponentInCheck).
func (w *worker) givesCheck(m position.Move) bool {
	p := w.p
	if !w.checkTestOK {
		return false
	}
	us := p.SideToMove()
	kings := p.PiecesOf(us.Other(), position.King)
	if kings.Empty() {
		return false
	}
	ksq := kings.First()
	from, to := m.From(), m.To()
	occ := p.Occupied()
	if m.Kind() == position.Drop {
		// a drop only adds a piece: it checks directly or not at all
		occ.Add(to)
		return p.Attacks(us, m.DroppedType(), to, occ).Has(ksq)
	}
	occ.Del(from)
	occ.Add(to)
	if p.Attacks(us, p.PieceOn(from).Type(), to, occ).Has(ksq) {
		return true
	}
	// discovered: a line through from opens (the moved piece itself is
	// left out, from is not in occ)
	return p.AttackersTo(ksq, occ, us).And(occ).Any()
}

// checkTestable reports whether givesCheck can tell before m is made that
// it checks: an ordinary move without a gating square, or a drop (other
// kinds are made and the opponent's king tested).
func checkTestable(m position.Move) bool {
	k := m.Kind()
	return (k == position.Normal && m.Aux() == geom.NoSquare) || k == position.Drop
}
