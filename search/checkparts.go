package search

import (
	"math/rand"

	"houserules/geom"
	"houserules/position"
)

// checkMemo caches, within one Evaluate call and for one checking side,
// the squares from which each tracked type (index in Evaluator.types)
// would attack the enemy king.
type checkMemo struct {
	have uint16
	sq   [maxThreatTypes]geom.Set
}

// checkSquares returns the squares from which a piece of type e.types[ti]
// of the side opposing them would attack them's king on ksq: the king's
// own attacks as that type (pieces attack alike both ways along a line).
// A compound type is the union of its parts' squares (initCheckParts).
func (e *Evaluator) checkSquares(p *position.Position, m *checkMemo, ti int, them position.Color, ksq geom.Square, occ geom.Set) geom.Set {
	if ti >= maxThreatTypes {
		return p.Attacks(them, e.types[ti], ksq, occ)
	}
	if m.have&(1<<ti) != 0 {
		return m.sq[ti]
	}
	var b geom.Set
	if part := e.checkPart[ti]; part[0] >= 0 {
		b = e.checkSquares(p, m, int(part[0]), them, ksq, occ).Or(e.checkSquares(p, m, int(part[1]), them, ksq, occ))
	} else {
		b = p.Attacks(them, e.types[ti], ksq, occ)
	}
	m.have |= 1 << ti
	m.sq[ti] = b
	return b
}

// initCheckParts finds the compound types: a type whose attacks equal the
// union of two other types' attacks on every square, for both colours,
// under 8 random occupancies per square (a queen = rook + bishop, in
// capablanca an archbishop = bishop + knight and a chancellor = rook +
// knight). The parts must not be compounds themselves. Types without
// parts, or beyond maxThreatTypes, have -1.
func (e *Evaluator) initCheckParts() {
	for i := range e.checkPart {
		e.checkPart[i] = [2]int8{-1, -1}
	}
	p, err := position.New(e.v, e.v.StartFEN, false)
	if err != nil {
		return
	}
	n := min(len(e.types), maxThreatTypes)
	rng := rand.New(rand.NewSource(1))
	var occs [9]geom.Set // 8 random occupancies and the empty board
	for k := range occs[:8] {
		for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
			if e.board.Contains(s) && rng.Intn(8) < k+1 {
				occs[k].Add(s)
			}
		}
	}
	same := func(t, a, b position.PieceType) bool {
		for c := position.White; c <= position.Black; c++ {
			for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
				if !e.board.Contains(s) {
					continue
				}
				for _, occ := range occs {
					if p.Attacks(c, t, s, occ) != p.Attacks(c, a, s, occ).Or(p.Attacks(c, b, s, occ)) {
						return false
					}
				}
			}
		}
		return true
	}
	for i := 0; i < n; i++ {
		if !e.trackedPiece(i) {
			continue
		}
	pairs:
		for a := 0; a < n; a++ {
			for b := a + 1; b < n; b++ {
				if a == i || b == i || !e.trackedPiece(a) || !e.trackedPiece(b) {
					continue
				}
				if same(e.types[i], e.types[a], e.types[b]) {
					e.checkPart[i] = [2]int8{int8(a), int8(b)}
					break pairs
				}
			}
		}
	}
	// a part that is itself a compound would make checkSquares recurse
	// without end on a cycle: keep only parts that have none
	for i := 0; i < n; i++ {
		if pt := e.checkPart[i]; pt[0] >= 0 && (e.checkPart[pt[0]][0] >= 0 || e.checkPart[pt[1]][0] >= 0) {
			e.checkPart[i] = [2]int8{-1, -1}
		}
	}
}
