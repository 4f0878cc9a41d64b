package search

import (
	"houserules/geom"
	"houserules/position"
)

// mopUp scores, in White's view, the technique of a won pawnless ending:
// the side that is ahead drives the defending king to the edge and brings
// its own king close (a mate needs both). It applies when the defender
// has no pawns and either nothing but its king, against pieces worth at
// least scaleRook, or pieces worth at least scaleMinor less than the
// attacker's pieces and pawns (then at half weight). A knight and a met
// against a lone king (490 cp) are not driven: Fairy-Stockfish scores that
// makruk ending as drawn unless the king is already cornered (KNFK).
// The shapes are Stockfish's KXK evaluation (push_to_edge, push_close)
// halved into our centipawns: 13 (centre of an 8×8 board) to 45 (corner)
// for the defending king's place, and 60 (kings adjacent) down to 0 (7
// squares apart) for the kings' distance. Evaluate adds it to the endgame
// score after scaleEndgame. Rulesets: those with scaleOK (checkmate wins).
// pawns and npm are Evaluate's: each side's pawn squares and non-pawn
// material (nonPawnMaterialBySide).
func (e *Evaluator) mopUp(p *position.Position, pawns [2]geom.Set, npm [2]int, kingSq [2]geom.Square) int {
	for strong := position.White; strong <= position.Black; strong++ {
		weak := strong.Other()
		if pawns[weak].Any() {
			continue
		}
		adv := npm[strong] + PawnValue*pawns[strong].Count() - npm[weak]
		bare := !p.Pieces(weak).More()
		if (bare && npm[strong] < scaleRook) || (!bare && adv < scaleMinor) {
			continue
		}
		ks := kingSq[weak]
		fd := min(ks.File(), e.board.Files-1-ks.File())
		rd := min(ks.Rank(), e.board.Ranks-1-ks.Rank())
		v := max(0, 90-7*(fd*fd+rd*rd)/2)/2 + max(0, 140-20*chebyshev(kingSq[strong], ks))/2
		if !bare {
			v /= 2
		}
		if strong == position.Black {
			v = -v
		}
		return v
	}
	return 0
}
