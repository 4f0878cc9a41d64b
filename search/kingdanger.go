package search

import (
	"houserules/geom"
	"houserules/position"
)

// heavyValue is the middle-game value from which a piece is queen-class
// (in capablanca the archbishop and the chancellor too): such a piece
// is a poor defender of its king's squares, and without one an attack on
// the king is worth less.
const heavyValue = 700

// kingParts collects, during Evaluate's piece loop, what kingDanger needs
// of each side (index: the attacking side c unless noted).
type kingParts struct {
	count    [2]int                      // c's pieces attacking the enemy king's danger ring
	weight   [2]int                      // the sum of their kingW
	attacks  [2]int                      // c's attacks on the squares next to the enemy king
	mob      [2]int                      // c's middle-game mobility score
	shelter  [2]int                      // c's own king shelter (middle game)
	heavy    [2]bool                     // c has a piece worth >= heavyValue
	checks   [2][maxThreatTypes]geom.Set // squares from which c's type i could check, reached by it (or dropped on)
	defLight [2]geom.Set                 // squares c's pieces worth < heavyValue attack (real defenders)
	// c's pieces in hand that may drop safely into the danger ring, and
	// the sum of their kingW (dropThreats)
	handCount, handWeight [2]int
}

// initKingWeights sets the king-attack and safe-check weights of each
// type, Stockfish's per-type values (knight 81, bishop 52, rook 44, queen
// 10, any other 40; safe checks knight 803/1292, bishop 639/974, rook
// 1087/1878, queen 759/1132, others 600/900, Fairy-Stockfish's table).
func (e *Evaluator) initKingWeights() {
	for i, pt := range e.types {
		if i >= maxThreatTypes {
			break
		}
		switch pt {
		case position.Pawn:
			if e.pocket.drops {
				// a pawn in hand: no king-attack weight of its own,
				// its drop checks Fairy-Stockfish's 600/600
				e.kingW[i], e.safeCheckW[i] = 0, [2]int{600, 600}
				continue
			}
			e.kingW[i], e.safeCheckW[i] = 40, [2]int{600, 900}
		case position.Knight:
			e.kingW[i], e.safeCheckW[i] = 81, [2]int{803, 1292}
		case position.Bishop:
			e.kingW[i], e.safeCheckW[i] = 52, [2]int{639, 974}
		case position.Rook:
			e.kingW[i], e.safeCheckW[i] = 44, [2]int{1087, 1878}
		case position.Queen:
			e.kingW[i], e.safeCheckW[i] = 10, [2]int{759, 1132}
		default:
			e.kingW[i], e.safeCheckW[i] = 40, [2]int{600, 900}
		}
	}
}

// initKingSquares fills dangerRing (after kingRing).
func (e *Evaluator) initKingSquares() {
	b := e.board
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) {
			continue
		}
		f := max(min(s.File(), b.Files-2), 1)
		r := max(min(s.Rank(), b.Ranks-2), 1)
		if b.Files < 3 {
			f = s.File()
		}
		if b.Ranks < 3 {
			r = s.Rank()
		}
		c := geom.Sq(f, r)
		e.dangerRing[s] = e.kingRing[c]
		e.dangerRing[s].Add(c)
	}
}

// kingDanger returns side c's middle-game bonus for its attack on the
// enemy king at ksq and adds the endgame part to *eg. The shape is
// Stockfish 11's (evaluate.cpp, king()): danger units from the attackers'
// count times their weights, weak ring squares (attacked by c, defended by
// no pawn and no piece worth less than a queen), safe checks per type,
// unsafe checks, attacks next to the king, the mobility balance, less
// without a queen-class attacker and for the defender's shelter; above
// 100 units it costs units²/4096 in the middle game and units/16 in the
// endgame. Stockfish's units are 2.5 of ours (its queen is 2538, ours
// about 1019), hence the final 2/5.
func (e *Evaluator) kingDanger(p *position.Position, kd *kingParts, c position.Color, ksq geom.Square, attacked, pawnAtt [2]geom.Set, eg *int) int {
	them := c.Other()
	ring := e.dangerRing[ksq]
	strongDef := pawnAtt[them].Or(kd.defLight[them])
	weak := attacked[c].Or(pawnAtt[c]).And(ring).AndNot(strongDef)
	unsafe := attacked[them].Or(pawnAtt[them]).Or(p.Pieces(c))
	units := kd.count[c]*kd.weight[c] + 183*weak.Count() + 69*kd.attacks[c]
	cth := e.pocket.cth
	if e.pocket.drops {
		// pieces in hand that may drop into the ring attack with those
		// on the board (not with each other: Fairy-Stockfish's terms)
		units += kd.count[c]*kd.handWeight[c] + kd.handCount[c]*kd.weight[c]
		if cth {
			// where captured pieces come back, every weak square and
			// attack is worth more: Fairy-Stockfish's factors 2 and 3/2
			units += 183*weak.Count() + 69*kd.attacks[c]/2
		}
	}
	var unsafeChecks geom.Set
	for i := range e.types[:min(len(e.types), maxThreatTypes)] {
		ch := kd.checks[c][i]
		if ch.Empty() {
			continue
		}
		if safe := ch.AndNot(unsafe); safe.Any() {
			if safe.More() {
				units += e.safeCheckW[i][1]
			} else {
				units += e.safeCheckW[i][0]
			}
		} else {
			unsafeChecks = unsafeChecks.Or(ch)
		}
	}
	units += 148 * unsafeChecks.Count()
	if !cth {
		// (under capturesToHand neither the mobility balance nor the
		// missing queen says much: pieces come from the pockets)
		units += (kd.mob[c] - kd.mob[them]) * 5 / 2
		if !kd.heavy[c] {
			units -= 873
		}
	}
	units -= 6 * kd.shelter[them] * 5 / 2 / 8
	units += 37
	if e.traceKing != nil {
		e.traceKing[c] = units
	}
	m, g := dangerScore(units)
	*eg += g
	return m
}

// dangerScore turns king-danger units into the attacker's middle-game and
// endgame bonus in centipawns: nothing up to 100 units, then
// min(units, 3500)·units/4096 and units/16 in Stockfish's units, 2/5 of
// that in ours.
func dangerScore(units int) (mg, eg int) {
	if units <= 100 {
		return 0, 0
	}
	return min(units, 3500) * units * 2 / (4096 * 5), units * 2 / (16 * 5)
}
