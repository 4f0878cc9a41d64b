// Pockets in the evaluation: the pieces in hand (material, drop
// mobility, the threat they hold over the enemy king) and what the
// drop variants change in the other terms. A variant without pockets
// never reaches any of this: its evaluation is the one without.

package search

import (
	"houserules/betza"
	"houserules/geom"
	"houserules/position"
)

// pocketEval is what the Evaluator knows of the variant's pockets.
type pocketEval struct {
	pockets bool // the variant keeps pockets (pieceDrops or capturesToHand)
	drops   bool // pieces in hand may be dropped (pieceDrops)
	// cth: captured pieces go to the captor's pocket (capturesToHand):
	// material counts half on the board (a capture moves it from one side
	// to the other: twice its value in the balance, see initPockets), and
	// king safety weighs more (kingDanger)
	cth bool
	// handMg and handEg are the value of one piece in hand of each type
	handMg, handEg [position.PieceTypeNB]int
	// enemyHalf is each side's half of the board in front (drop mobility)
	enemyHalf [2]geom.Set
}

// Pocket weights, in centipawns. Fairy-Stockfish (evaluate.cpp, psqt.cpp)
// has the shapes: a piece in hand is worth its value on the board and
// 35/10 of its units more (70/20 when it is no slider, the drop being
// what makes a short-range piece strong), each square of the enemy half
// a piece in hand may drop on unattacked is DropMobility (10, twice under
// capturesToHand), a piece far from both kings loses KingProximity (2/6)
// times the product of its distances, the side to move has 80 more under
// capturesToHand, and a piece of the dropNoDoubled type that could never
// be dropped (more than one per file) costs 50/20; in S-Chess pieces in
// hand beyond the gates left cost 200/900 shared among them. Its units
// are 2.4 of ours.
const (
	handBonusSliderMg, handBonusSliderEg = 15, 4
	handBonusLeaperMg, handBonusLeaperEg = 29, 8
	dropMobW                             = 4    // per square and type in hand, doubled under capturesToHand
	kingProxMg, kingProxEg               = 2, 6 // in Fairy-Stockfish's units (10/24 of them a centipawn)
	dropTempo                            = 33
	redundantMg, redundantEg             = 21, 8
	gateDeficitMg, gateDeficitEg         = 83, 375
)

// initPockets sets the pocket terms of the variant (after the piece
// values): under capturesToHand the values are Fairy-Stockfish's for
// drop variants (piece values saturate earlier: v·7000/(7000+v) in its
// units; a rider's value falls with the board crowded by drops, its
// rider/leaper board-size scale taken one rank smaller) unless the
// variant file gives them; a piece in hand is worth its value and, under
// capturesToHand, a bonus (more for a piece that is no slider).
func (e *Evaluator) initPockets() {
	v, pe := e.v, &e.pocket
	pe.pockets, pe.drops, pe.cth = v.HasPockets(), v.PieceDrops, v.CapturesToHand
	if !pe.pockets {
		return
	}
	for _, pt := range e.types {
		if pt == position.King || e.pawnish[0][pt] || e.pawnish[1][pt] || !pe.cth {
			continue
		}
		if v.PieceValueMg[pt] == 0 && v.PieceValueEg[pt] == 0 {
			e.Mg[pt] = dropValue(e.Mg[pt], e.riderScale(pt))
			e.Eg[pt] = dropValue(e.Eg[pt], e.riderScale(pt))
		}
	}
	for _, pt := range e.types {
		pe.handMg[pt], pe.handEg[pt] = e.Mg[pt], e.Eg[pt]
		if pe.cth {
			// twice the bonus: handMaterial halves the whole (the
			// bonus is not a value that changes sides with a capture)
			if e.slider[pt] {
				pe.handMg[pt] += 2 * handBonusSliderMg
				pe.handEg[pt] += 2 * handBonusSliderEg
			} else {
				pe.handMg[pt] += 2 * handBonusLeaperMg
				pe.handEg[pt] += 2 * handBonusLeaperEg
			}
		}
	}
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if e.board.Contains(s) {
			for c := position.White; c <= position.Black; c++ {
				if e.inEnemyHalf(c, s) {
					pe.enemyHalf[c].Add(s)
				}
			}
		}
	}
}

// riderScale is Fairy-Stockfish's board-size scale of a rider under
// capturesToHand against the same board without (psqt.cpp): with l leap
// and r ride directions (by modality), (5l + r1·r)/(5l + r0·r), r0 =
// 5 + (files + ranks - 2)/2 and r1 one less; 1 for a pure leaper.
func (e *Evaluator) riderScale(pt position.PieceType) float64 {
	bp := e.v.Betza(pt)
	if bp == nil {
		return 1
	}
	l, r := 0, 0
	for _, a := range bp.Atoms {
		if a.Kind == betza.Leap {
			l++
		} else {
			r++
		}
	}
	if r == 0 {
		return 1
	}
	r0 := 5 + (e.board.Files+e.board.Ranks-2)/2
	return float64(5*l+(r0-1)*r) / float64(5*l+r0*r)
}

// dropValue is a piece value v (centipawns) under capturesToHand: scaled
// by the rider scale, then saturated as v·7000/(7000+v) in
// Fairy-Stockfish's units (2917 in ours).
func dropValue(v int, scale float64) int {
	x := float64(v) * scale
	return max(20, int(x*2917/(2917+x)+0.5))
}

// handMaterial adds side c's pieces in hand to its material, the cost of
// pieces of the dropNoDoubled type beyond one per file, and under
// S-Chess gating the cost of more pieces in hand than gates.
func (e *Evaluator) handMaterial(st *evalState, c position.Color) {
	p, pe := st.p, &e.pocket
	mg, eg := 0, 0
	for _, pt := range e.types {
		if n := p.InHand(c, pt); n > 0 {
			mg += n * pe.handMg[pt]
			eg += n * pe.handEg[pt]
		}
	}
	if pt := e.v.DropNoDoubled; pt != position.NoPieceType && pe.drops {
		if x := p.Count(c, pt) + p.InHand(c, pt) - e.board.Files; x > 0 {
			mg -= redundantMg * x
			eg -= redundantEg * x
		}
	}
	if pe.cth {
		mg, eg = mg/2, eg/2
	}
	if e.v.SeirawanGating && !pe.drops {
		// S-Chess: a piece in hand enters only through a gate; with fewer
		// gates left than pieces in hand the surplus may never play
		// (Fairy-Stockfish's 200/900 of its units, shared out)
		if n, gates := p.HandCount(c), p.Gates(c).Count(); n > gates {
			mg -= gateDeficitMg * (n - gates) / n
			eg -= gateDeficitEg * (n - gates) / n
		}
	}
	st.mg[c] += mg * e.materialSign
	st.eg[c] += eg * e.materialSign
}

// dropThreats scores, once both sides' attacks are known, what side c's
// pieces in hand threaten (Fairy-Stockfish's Evaluation::hand): the
// squares of the enemy half it may drop on unattacked (drop mobility),
// and, where king safety matters, a type that may drop safely (on a
// square the enemy does not attack or c defends) into the enemy king's
// danger ring counts as that many king attackers, its drops beside the
// king as attacks on it, and its drops on checking squares as checks
// (the kingDanger terms).
func (e *Evaluator) dropThreats(st *evalState, c position.Color) {
	p, pe := st.p, &e.pocket
	them := c.Other()
	enemyAtt := st.attacked[them].Or(st.pawnAtt[them])
	ours := st.attacked[c].Or(st.pawnAtt[c])
	kd := &st.kd
	king := st.sfKing && st.hasKing[them]
	var ring, next geom.Set
	var memo checkMemo
	if king {
		ring, next = e.dangerRing[st.kingSq[them]], e.kingRing[st.kingSq[them]]
	}
	mob := 0
	for ti, pt := range e.types {
		n := p.InHand(c, pt)
		if n == 0 || pt == position.King {
			continue
		}
		b := p.DropTargets(c, pt)
		mob += b.And(pe.enemyHalf[c]).AndNot(enemyAtt).Count()
		if !king || ti >= maxThreatTypes {
			continue
		}
		safe := b.AndNot(enemyAtt.AndNot(ours))
		if safe.And(ring).Any() {
			kd.handCount[c] += n
			kd.handWeight[c] += n * e.kingW[ti]
			kd.attacks[c] += safe.And(next).Count()
		}
		kd.checks[c][ti] = kd.checks[c][ti].Or(b.And(e.checkSquares(p, &memo, ti, them, st.kingSq[them], st.occ)))
	}
	w := dropMobW
	if pe.cth {
		w *= 2
	}
	st.mg[c] += mob * w
	st.eg[c] += mob * w
}

// kingProximity is the cost, in drop variants with capturesToHand, of a
// piece of c on s whose attacks t reach neither king's ring: it is far
// from where the game is decided (Fairy-Stockfish's KingProximity).
func (e *Evaluator) kingProximity(st *evalState, c position.Color, s geom.Square, t geom.Set) (int, int) {
	them := c.Other()
	if !st.hasKing[c] || !st.hasKing[them] || t.And(e.kingRing[st.kingSq[c]].Or(e.kingRing[st.kingSq[them]])).Any() {
		return 0, 0
	}
	d := chebyshev(s, st.kingSq[c]) * chebyshev(s, st.kingSq[them])
	return kingProxMg * d * 10 / 24, kingProxEg * d * 10 / 24
}

// pocketMaterial is each side's middle-game value of its pieces in hand
// other than pawns (for the phase: a piece in hand is on its way back).
func (e *Evaluator) pocketMaterial(p *position.Position, npm [2]int) [2]int {
	for _, pt := range e.types {
		if pt == position.King || e.pawnish[0][pt] || e.pawnish[1][pt] {
			continue
		}
		npm[0] += e.Mg[pt] * p.InHand(position.White, pt)
		npm[1] += e.Mg[pt] * p.InHand(position.Black, pt)
	}
	return npm
}

// quickPockets completes Quick's material balance (White's view) mg, eg
// and phase material npm with the pockets: the board's half under
// capturesToHand, the pieces in hand.
func (e *Evaluator) quickPockets(p *position.Position, mg, eg, npm int) (int, int, int) {
	pe := &e.pocket
	var hm, he int
	for _, pt := range e.types {
		w, b := p.InHand(position.White, pt), p.InHand(position.Black, pt)
		hm += (w - b) * pe.handMg[pt]
		he += (w - b) * pe.handEg[pt]
		if pt != position.King && !e.pawnish[0][pt] && !e.pawnish[1][pt] {
			npm += e.Mg[pt] * (w + b)
		}
	}
	mg, eg = mg+hm, eg+he
	if pe.cth {
		mg, eg = mg/2, eg/2
	}
	return mg, eg, npm
}
