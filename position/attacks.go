package position

import "houserules/geom"

// Attacks returns the squares a piece of colour c and type pt on s attacks
// (may capture on) with occupancy occ, limited to its mobility region.
func (p *Position) Attacks(c Color, pt PieceType, s geom.Square, occ geom.Set) geom.Set {
	if pt == JanggiCannon {
		return p.c.tables[c][pt].capture[s].janggiTargets(occ, p.janggiCannons()).And(p.c.mobility[c][pt])
	}
	return p.c.tables[c][pt].capture[s].targets(occ).And(p.c.mobility[c][pt])
}

// quietTargets returns the squares a piece may move to without capturing
// (before removing occupied squares), initial moves included when s is in
// the colour's double-step region.
func (p *Position) quietTargets(c Color, pt PieceType, s geom.Square, occ geom.Set) geom.Set {
	t := p.c.tables[c][pt]
	b := t.quiet[s].targets(occ)
	if pt == JanggiCannon {
		b = t.quiet[s].janggiTargets(occ, p.janggiCannons())
	}
	if t.hasInitial && p.V.DoubleStepRegion[c].Has(s) {
		b = b.Or(t.initial[s].targets(occ))
	}
	return b.And(p.c.mobility[c][pt])
}

// AttackersTo returns the pieces of colour c that attack s with occupancy occ.
func (p *Position) AttackersTo(s geom.Square, occ geom.Set, c Color) geom.Set {
	var b geom.Set
	them := c.Other()
	rall := p.c.revAll[c]
	own := p.byColor[c]
	for i, pt := range p.c.typeList {
		cand := rall[i*geom.SquareNB+int(s)].And(own).And(p.byType[pt])
		if cand.Empty() {
			continue
		}
		rev := &p.c.tables[them][pt].capture[s]
		t := p.c.tables[c][pt]
		if !t.asymmetric {
			if !t.slider {
				b = b.Or(cand)
				continue
			}
			b = b.Or(rev.hits(occ, cand))
			continue
		}
		if pt == JanggiCannon {
			// the screen must not be a cannon; whether s holds one does
			// not matter (Fairy-Stockfish's attackers_to)
			jc := occ.AndNot(p.janggiCannons())
			for cand.Any() {
				if x := cand.Pop(); t.capture[x].targets(occ).And(t.capture[x].targets(jc)).Has(s) {
					b.Add(x)
				}
			}
			continue
		}
		for cand.Any() {
			x := cand.Pop()
			if t.capture[x].targets(occ).Has(s) {
				b.Add(x)
			}
		}
	}
	return b
}

// Attacked reports whether colour c attacks s in the current position.
func (p *Position) Attacked(s geom.Square, c Color) bool {
	return p.AttackersTo(s, p.occ, c).Any()
}

// setCheckInfo recomputes the checkers and the pseudo-royal sets.
func (p *Position) setCheckInfo() {
	st := p.st
	st.Checkers = geom.Set{}
	if p.count[p.side][King] > 0 {
		ksq := p.PiecesOf(p.side, King).First()
		st.Checkers = p.AttackersTo(ksq, p.occ, p.side.Other())
	}
	st.legalCapture = -1
	st.legalDrop = -1
	if p.c.bikjang {
		p.setBikjang()
	}
	if p.c.chasing && !p.noChase {
		p.setChased()
	}
	st.Shak = st.Checkers.And(p.byType[Knight].Or(p.byType[Rook]).Or(p.byType[Bers])).Any()
	if p.V.ExtinctionPseudoRoyal {
		st.PseudoRoyals = p.pseudoRoyalsOf(White).Or(p.pseudoRoyalsOf(Black))
		st.PseudoRoyalCand = geom.Set{}
		for _, pt := range p.c.extinctionTypes {
			if pt != AllPieces {
				st.PseudoRoyalCand = st.PseudoRoyalCand.Or(p.byType[pt])
			}
		}
	}
}

// pseudoRoyalsOf returns c's pseudo-royal pieces (extinctionPseudoRoyal
// variants): its pieces of an extinction type down to their last
// ExtinctionPieceCount+1.
func (p *Position) pseudoRoyalsOf(c Color) geom.Set {
	var r geom.Set
	for _, pt := range p.c.extinctionTypes {
		if pt != AllPieces && p.count[c][pt] <= p.V.ExtinctionPieceCount+1 {
			r = r.Or(p.PiecesOf(c, pt))
		}
	}
	return r
}

// CheckedPseudoRoyals returns the pseudo-royal pieces of c that are attacked
// (extinctionPseudoRoyal variants), duple check included.
func (p *Position) CheckedPseudoRoyals(c Color) geom.Set {
	var checked geom.Set
	st := p.st
	prs := st.PseudoRoyals.And(p.byColor[c])
	theirs := st.PseudoRoyals.And(p.byColor[c.Other()])
	immune := func(sr geom.Square) bool {
		return p.V.BlastOnCapture && p.c.kingRing[sr].And(theirs).Any()
	}
	for prs.Any() {
		sr := prs.Pop()
		if !immune(sr) && p.AttackersTo(sr, p.occ, c.Other()).Any() {
			checked.Add(sr)
		}
	}
	if p.V.DupleCheck {
		var all geom.Set
		cand := st.PseudoRoyalCand.And(p.byColor[c])
		for cand.Any() {
			sr := cand.Pop()
			if !immune(sr) && p.AttackersTo(sr, p.occ, c.Other()).Any() {
				all.Add(sr)
			} else {
				return checked
			}
		}
		checked = checked.Or(all)
	}
	return checked
}

// takeablePseudoRoyals is CheckedPseudoRoyals(c) without the royals that
// only pieces petrifying as they capture attack (petrified's kings: a king
// that took the other would turn to stone and lose, so legal() never lets
// it; kings side by side are a position of the game, Fairy-Stockfish
// plays on from it).
func (p *Position) takeablePseudoRoyals(c Color) geom.Set {
	checked := p.CheckedPseudoRoyals(c)
	if len(p.c.petrifyRoyal) == 0 || p.V.DupleCheck {
		return checked
	}
	takers := p.byColor[c.Other()]
	for _, pt := range p.c.petrifyRoyal {
		takers = takers.AndNot(p.PiecesOf(c.Other(), pt))
	}
	for s := checked; s.Any(); {
		if sr := s.Pop(); p.AttackersTo(sr, p.occ, c.Other()).And(takers).Empty() {
			checked.Del(sr)
		}
	}
	return checked
}

// BesideTheirRoyal reports whether a royal of c on s cannot be taken
// because a pseudo-royal of the other colour stands next to it in a
// variant whose captures explode (atomic: the taker would blow up its own
// king), so that it is not in check however it is attacked
// (CheckedPseudoRoyals' test).
func (p *Position) BesideTheirRoyal(s geom.Square, c Color) bool {
	return p.V.BlastOnCapture && p.c.kingRing[s].And(p.st.PseudoRoyals.And(p.byColor[c.Other()])).Any()
}

// CheckedRoyals returns the royal pieces of c in check, the squares a
// board marks: its kings attacked and, in pseudo-royal variants
// (extinctionPseudoRoyal), its pseudo-royals in check as CheckedPseudoRoyals
// judges them (coregal's queens; atomic's king, not beside the enemy
// king; duple check's kings when all are attacked). For the side to move
// it is not empty exactly when InCheck holds (with one king).
func (p *Position) CheckedRoyals(c Color) geom.Set {
	var b geom.Set
	for k := p.PiecesOf(c, King); k.Any(); {
		if s := k.Pop(); p.AttackersTo(s, p.occ, c.Other()).Any() {
			b.Add(s)
		}
	}
	if p.V.ExtinctionPseudoRoyal {
		b = b.Or(p.CheckedPseudoRoyals(c))
	}
	return b
}

// RoyalsOf returns c's royal pieces: its kings and, in pseudo-royal
// variants (extinctionPseudoRoyal), its pieces of an extinction type down
// to their last ExtinctionPieceCount+1 (coregal: every queen).
func (p *Position) RoyalsOf(c Color) geom.Set {
	if p.V.ExtinctionPseudoRoyal {
		return p.PiecesOf(c, King).Or(p.pseudoRoyalsOf(c))
	}
	return p.PiecesOf(c, King)
}

// InCheck reports whether the side to move is in check: its king is
// attacked, or (pseudo-royal variants) one of its pseudo-royals is.
func (p *Position) InCheck() bool {
	if p.st.Checkers.Any() {
		return true
	}
	if p.V.ExtinctionPseudoRoyal {
		return p.CheckedPseudoRoyals(p.side).Any()
	}
	return false
}
