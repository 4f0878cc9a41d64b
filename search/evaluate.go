// The static evaluation of a position.

package search

import (
	"math/bits"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// evalState is one evaluation on its way: each side's middle-game and
// endgame scores so far (centipawns, the side's own view) and the facts
// the terms gather for the later ones (attacked squares, king attacks,
// passed pawns).
type evalState struct {
	p       *position.Position
	occ     geom.Set
	mg, eg  [2]int
	kingSq  [2]geom.Square
	hasKing [2]bool
	pawns   [2]geom.Set // each side's pawn-like pieces
	pawnAtt [2]geom.Set // squares its pawns attack (when material counts)
	// connected: pawns defended by an own pawn or beside one on their rank
	connected [2]geom.Set
	// passers: passed pawns near promotion, scored once both sides'
	// attacks are known
	passers  [2][16]geom.Square
	passN    [2]int
	attacked [2]geom.Set                 // squares each side's non-pawn pieces and king attack
	attBy    [2][maxThreatTypes]geom.Set // attacked by each piece type (index in e.types)
	// king danger: Stockfish's shape (kd, kingDanger), or under check
	// counting (countKing) the older square of attack units
	sfKing, countKing      bool
	kd                     kingParts
	attackers, attackUnits [2]int
	// squares from which a piece (worth >= heavyValue / less) could check
	// the enemy king (check counting)
	checkHeavy, checkLight [2]geom.Set
	// memo: the squares from which each type checks the enemy king, for
	// the side pieceMoves scores (it clears memo.have; one memo in st
	// costs one clearing per evaluation, not one per side)
	memo checkMemo
}

// Evaluate returns the static score of g's position for the side to move
// (centipawns, the tempo included). It sums named terms over one
// evalState: per side the pieces (material, squares, king shelter, pawn
// structure, mobility, king attack; pieceTerms), the flag race and the
// checks remaining; then threats, passed pawns, king danger, space, and
// the blend of middle game and endgame by phase (with the endgame scaled
// and the mop-up).
func (e *Evaluator) Evaluate(g *rules.Game) int {
	var st evalState
	e.setupEval(&st, g.Pos)
	for c := position.White; c <= position.Black; c++ {
		e.pieceTerms(&st, c)
		if e.flag[c] {
			e.flagRace(&st, c)
		}
		if e.checkCount {
			e.checksRemaining(&st, c)
		}
		if e.pocket.pockets {
			e.handMaterial(&st, c)
		}
	}
	if e.materialSign > 0 && e.hpSlot < 0 {
		e.threats(&st)
	}
	if e.pocket.drops && e.materialSign > 0 {
		for c := position.White; c <= position.Black; c++ {
			if g.Pos.HandCount(c) > 0 {
				e.dropThreats(&st, c)
			}
		}
	}
	if len(e.connectLines) > 0 {
		e.connectTerm(&st)
	}
	e.passedPawns(&st)
	if st.sfKing {
		e.kingSafety(&st)
	}
	if st.countKing {
		e.checkCountingKing(&st)
	}
	return e.blend(&st)
}

// setupEval finds the kings and the pawns, the squares the pawns attack
// and the connected pawns.
func (e *Evaluator) setupEval(st *evalState, p *position.Position) {
	st.p = p
	if e.royal {
		for c := position.White; c <= position.Black; c++ {
			if k := p.PiecesOf(c, position.King); k.Any() {
				st.kingSq[c] = k.First()
				st.hasKing[c] = true
			}
		}
	}
	st.sfKing, st.countKing = e.safety && !e.checkCount, e.safety && e.checkCount
	st.occ = p.Occupied()
	for c := position.White; c <= position.Black; c++ {
		for _, pt := range e.pawnTypes[c] {
			st.pawns[c] = st.pawns[c].Or(p.PiecesOf(c, pt))
		}
	}
	if e.materialSign <= 0 {
		return
	}
	for c := position.White; c <= position.Black; c++ {
		if e.pawnShift[c] {
			st.pawnAtt[c] = e.pawnAttacksShift(p.PiecesOf(c, position.Pawn), c)
			continue
		}
		for bb := p.PiecesOf(c, position.Pawn); bb.Any(); {
			st.pawnAtt[c] = st.pawnAtt[c].Or(p.Attacks(c, position.Pawn, bb.Pop(), st.occ))
		}
	}
	for c := position.White; c <= position.Black; c++ {
		pw := p.PiecesOf(c, position.Pawn)
		beside := pw.AndNot(geom.FileSet(0)).Shift(-1).Or(pw.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(1))
		st.connected[c] = pw.And(beside.Or(st.pawnAtt[c]))
	}
}

// termRole is the term that scores a piece type of a side beyond its
// material: kingTerms (the royal king), pawnTerms (it promotes like a
// pawn) or pieceMoves (by what it attacks).
type termRole uint8

const (
	rolePiece termRole = iota
	roleKing
	rolePawn
)

// pieceTerms scores side c's pieces: the bishop pair, the material of
// each type (material), the king's terms (kingTerms), the pawns'
// (pawnTerms) and the other pieces' (pieceMoves), by the type's role.
func (e *Evaluator) pieceTerms(st *evalState, c position.Color) {
	p := st.p
	if e.materialSign > 0 && p.Count(c, position.Bishop) >= 2 {
		st.mg[c] += evalW.BishopPairMg
		st.eg[c] += evalW.BishopPairEg
	}
	mg, eg := 0, 0
	weigh := e.hpSlot >= 0 || e.extLoss != 0 // the rules weigh pieces: material
	for _, pt := range e.types {
		n := p.Count(c, pt)
		if n == 0 {
			continue
		}
		bb := p.PiecesOf(c, pt)
		if weigh {
			m, g2 := e.material(p, c, pt, bb)
			mg, eg = mg+m, eg+g2
		} else {
			mg, eg = mg+n*e.Mg[pt]*e.materialSign, eg+n*e.Eg[pt]*e.materialSign
		}
		switch e.role[c][pt] {
		case roleKing:
			e.kingTerms(st, c, bb)
		case rolePawn:
			e.pawnTerms(st, c, pt, bb)
		}
	}
	if e.pocket.cth {
		mg, eg = mg/2, eg/2 // see pocketEval.cth
	}
	st.mg[c] += mg
	st.eg[c] += eg
	e.pieceMoves(st, c)
}

// kingRings are the squares around the enemy king that side c's attacks
// are counted on: the king and its neighbours (check counting), and
// Stockfish's king ring (danger).
type kingRings struct {
	enemy, danger geom.Set
}

// material is the material of side c's pieces bb of type pt: each
// piece's value (scaled by its hit points, against its owner where losing
// material wins), and the last pieces of an extinction type. (Their
// square-table bonus, psqBonus, is added where each piece is scored by
// its kind.) pieceTerms computes the plain case (no hit points, no
// extinction type) itself: count × value.
func (e *Evaluator) material(p *position.Position, c position.Color, pt position.PieceType, bb geom.Set) (mg, eg int) {
	n := bb.Count()
	if e.hpSlot >= 0 && e.hpInit != nil {
		mg, eg = e.hpMaterial(p, pt, bb)
	} else {
		mg, eg = n*e.Mg[pt]*e.materialSign, n*e.Eg[pt]*e.materialSign
	}
	if e.extLoss.Has(pt) && p.Count(c, pt) <= e.v.ExtinctionPieceCount+1 {
		mg, eg = mg+200*n, eg+200*n
	}
	return mg, eg
}

// hpMaterial is the value of pieces bb of type pt with hit points: a
// piece at h of its initial i points is worth (i+h)/2i of its value.
func (e *Evaluator) hpMaterial(p *position.Position, pt position.PieceType, bb geom.Set) (int, int) {
	vm, ve := e.Mg[pt], e.Eg[pt]
	mg, eg := 0, 0
	for bb.Any() {
		s := bb.Pop()
		m, g2 := vm, ve
		init := int(e.hpInit(p.PieceOn(s)))
		if init > 0 {
			hp := int(p.Fact(s, e.hpSlot))
			m = m * (init + hp) / (2 * init)
			g2 = g2 * (init + hp) / (2 * init)
		}
		mg += m * e.materialSign
		eg += g2 * e.materialSign
	}
	return mg, eg
}

// psqBonus is the square-table bonus (middle game, endgame) of side c's
// piece of square-table role ri on s.
func (e *Evaluator) psqBonus(c position.Color, ri int8, s geom.Square) (int, int) {
	ps := &e.psq[c][ri][s]
	return int(ps[0]), int(ps[1])
}

// kingTerms scores side c's royal king: centralisation, and where king
// safety matters its pawn shelter (pawns around and ahead of it, less for
// a file without own pawns and for storming enemy pawns).
func (e *Evaluator) kingTerms(st *evalState, c position.Color, bb geom.Set) {
	them := c.Other()
	ri := e.psqRole[position.King]
	for bb.Any() {
		s := bb.Pop()
		if ri >= 0 {
			m, g2 := e.psqBonus(c, ri, s)
			st.mg[c] += m
			st.eg[c] += g2
		}
		st.attacked[c] = st.attacked[c].Or(e.kingRing[s])
		cz := e.centr[s]
		st.mg[c] += evalW.KingCentrMg * cz
		st.eg[c] += evalW.KingCentrEg * cz
		if e.safety {
			pawns := st.pawns[c]
			shield := e.kingRing[s].Or(e.front[c][s].And(e.adjFiles[s.File()].Or(e.files[s.File()]))).And(pawns)
			sh := evalW.KingShield * min(shield.Count(), 3)
			if e.files[s.File()].And(pawns).Empty() {
				sh -= evalW.KingOpenFile // on a file without own pawns
			}
			sh -= evalW.KingStorm * e.stormZone[c][s].And(st.pawns[them]).Count()
			st.mg[c] += sh
			st.kd.shelter[c] = sh
		}
	}
}

// pawnTerms scores side c's pawns bb of type pt: advance, passed pawns
// (noting those near promotion for passedPawns), connected pawns, and
// where material counts centre, isolated and doubled pawns.
func (e *Evaluator) pawnTerms(st *evalState, c position.Color, pt position.PieceType, bb geom.Set) {
	pawns, them := st.pawns[c], c.Other()
	ri := e.psqRole[pt]
	mg, eg := 0, 0
	for bb.Any() {
		s := bb.Pop()
		if ri >= 0 {
			m, g2 := e.psqBonus(c, ri, s)
			mg += m
			eg += g2
		}
		adv := e.promMax - int(e.promDist[c][s])
		mg += evalW.PawnAdvMg * adv
		eg += adv * adv * evalW.PawnAdvEg
		if pt == position.Pawn && e.front[c][s].And(st.pawns[them]).Empty() {
			eg += adv * adv * evalW.PassedEg
			mg += adv * evalW.PassedMg
			if np := st.passN[c]; np < len(st.passers[c]) && e.passScale[c] > 0 && e.materialSign > 0 && int(e.promDist[c][s]) <= evalW.PassNear {
				st.passers[c][np] = s
				st.passN[c]++
			}
		}
		if st.connected[c].Has(s) {
			mg += evalW.ConnMg + evalW.ConnAdv*adv
			eg += evalW.ConnEg + evalW.ConnAdv*adv
		}
		if e.materialSign > 0 {
			mg += e.centr[s] * evalW.PawnCentr
			f := s.File()
			if e.adjFiles[f].And(pawns).Empty() {
				mg -= evalW.IsolatedMg
				eg -= evalW.IsolatedEg
			}
			if e.files[f].And(pawns).More() {
				mg -= evalW.DoubledMg
				eg -= evalW.DoubledEg
			}
		}
	}
	st.mg[c] += mg
	st.eg[c] += eg
}

// pieceMoves scores side c's pieces other than pawns and the royal king,
// type by type, by what each attacks (t): the king-attack facts (checks
// from the squares that check the enemy king, defenders, attacks on the
// king's rings), where material counts a rook-like piece on an open or
// half-open file, a leaper on an outpost, a piece attacked by a pawn (for
// the side to move: a tempo from losing material), safe mobility and
// centralisation; it gathers the attacked squares.
func (e *Evaluator) pieceMoves(st *evalState, c position.Color) {
	p, them := st.p, c.Other()
	own := p.Pieces(c)
	stm := c == p.SideToMove()
	kd := &st.kd
	var rings kingRings
	if e.safety && st.hasKing[them] {
		rings.enemy = e.kingRing[st.kingSq[them]]
		rings.enemy.Add(st.kingSq[them])
		rings.danger = e.dangerRing[st.kingSq[them]]
	}
	checkMemo := &st.memo
	checkMemo.have = 0
	mg, eg := 0, 0
	for ti, pt := range e.types {
		if e.role[c][pt] != rolePiece || p.Count(c, pt) == 0 {
			continue
		}
		bb := p.PiecesOf(c, pt)
		vm, ve := e.Mg[pt], e.Eg[pt]
		ri := e.psqRole[pt]
		// the squares from which this type checks the enemy king (the
		// king's own moves as this type: pieces move alike both ways
		// along a line)
		var checkFrom geom.Set
		if e.safety && st.hasKing[them] && pt != position.King {
			checkFrom = e.checkSquares(p, checkMemo, ti, them, st.kingSq[them], st.occ)
		}
		for bb.Any() {
			s := bb.Pop()
			if ri >= 0 {
				m, g2 := e.psqBonus(c, ri, s)
				mg += m
				eg += g2
			}
			t := p.Attacks(c, pt, s, st.occ)
			if checkFrom.Any() {
				switch {
				case st.sfKing && ti < maxThreatTypes:
					kd.checks[c][ti] = kd.checks[c][ti].Or(t.And(checkFrom))
				case st.countKing && vm >= heavyValue:
					st.checkHeavy[c] = st.checkHeavy[c].Or(t.And(checkFrom))
				case st.countKing:
					st.checkLight[c] = st.checkLight[c].Or(t.And(checkFrom))
				}
			}
			if st.sfKing {
				if vm < heavyValue {
					kd.defLight[c] = kd.defLight[c].Or(t)
				} else {
					kd.heavy[c] = true
				}
			}
			if e.materialSign > 0 {
				if e.fileRider[pt] {
					f := e.files[s.File()]
					if f.And(st.pawns[c]).Empty() {
						mg += evalW.OpenFileMg
						eg += evalW.OpenFileEg
						if f.And(st.pawns[them]).Empty() {
							mg += evalW.OpenFileMg
							eg += evalW.OpenFileEg
						}
					}
				}
				if !e.slider[pt] && st.pawnAtt[c].Has(s) && e.inEnemyHalf(c, s) &&
					e.front[c][s].And(e.adjFiles[s.File()]).And(st.pawns[them]).Empty() {
					// an outpost: guarded by a pawn, no enemy pawn can chase it
					mg += evalW.OutpostMg
					eg += evalW.OutpostEg
				}
				if stm && st.pawnAtt[them].Has(s) {
					// attacked by a pawn: a tempo from losing material
					mg -= vm / evalW.PawnThreatDiv
					eg -= ve / evalW.PawnThreatDiv
				}
			}
			st.attacked[c] = st.attacked[c].Or(t)
			if ti < maxThreatTypes {
				st.attBy[c][ti] = st.attBy[c][ti].Or(t)
			}
			if e.materialSign > 0 {
				// safe mobility: squares not held by enemy pawns
				n := t.AndNot(own).AndNot(st.pawnAtt[them]).Count()
				mob := e.mobWt[pt] * (n*2 - int(e.Mobility[pt])) / 2
				mg += mob
				kd.mob[c] += mob
				eg += mob * evalW.MobEg / 100
				w := evalW.CentrSlider
				if !e.slider[pt] {
					w = evalW.CentrLeaper
				}
				mg += w * e.centr[s]
			}
			if e.kingProx {
				m, g2 := e.kingProximity(st, c, s, t)
				mg -= m
				eg -= g2
			}
			if st.sfKing && rings.danger.Any() && t.And(rings.danger).Any() {
				kd.count[c]++
				if ti < maxThreatTypes {
					kd.weight[c] += e.kingW[ti]
				}
				kd.attacks[c] += t.And(e.kingRing[st.kingSq[them]]).Count()
			}
			if st.countKing && rings.enemy.Any() {
				if h := t.And(rings.enemy).Count(); h > 0 {
					st.attackers[c]++
					st.attackUnits[c] += h * max(1, e.Mg[pt]/evalW.KingUnit)
				}
			}
		}
	}
	st.mg[c] += mg
	st.eg[c] += eg
}

// flagRace scores side c's race to its flag region: the square of how
// close its nearest flag piece is.
func (e *Evaluator) flagRace(st *evalState, c position.Color) {
	p := st.p
	best := -1
	var fl geom.Set
	if e.flagPiece[c] == position.AllPieces {
		fl = p.Pieces(c)
	} else {
		fl = p.PiecesOf(c, e.flagPiece[c])
	}
	for fl.Any() {
		d := int(e.flagDist[c][fl.Pop()])
		if best < 0 || d < best {
			best = d
		}
	}
	if best >= 0 {
		x := e.flagMax[c] - best
		st.mg[c] += e.flagW[c] * x * x * 2 / 3
		st.eg[c] += e.flagW[c] * x * x
	}
}

// checksRemaining scores side c's checks still to give under check
// counting: the fewer, the closer its win.
func (e *Evaluator) checksRemaining(st *evalState, c position.Color) {
	b := 0
	switch st.p.State().ChecksRemaining[c] {
	case 1:
		b = 700
	case 2:
		b = 250
	case 3:
		b = 80
	}
	st.mg[c] += b
	st.eg[c] += b
}

// threats scores loose pieces (attacked and not defended: a target; the
// side to move can save one, two are often lost) and pieces attacked by a
// less valuable one (as good as attacked while defended).
func (e *Evaluator) threats(st *evalState) {
	p := st.p
	for c := position.White; c <= position.Black; c++ {
		them := c.Other()
		def := st.attacked[c].Or(st.pawnAtt[c])
		loose := p.Pieces(c).And(st.attacked[them].Or(st.pawnAtt[them])).AndNot(def).AndNot(st.pawns[c])
		for loose.Any() {
			pt := p.PieceOn(loose.Pop()).Type()
			if pt == position.King {
				continue
			}
			st.mg[c] -= e.Mg[pt] / evalW.LooseDiv
			st.eg[c] -= e.Eg[pt] / evalW.LooseDiv
		}
		for ti, pt := range e.types[:min(len(e.types), maxThreatTypes)] {
			mask := e.lesser[ti]
			if mask == 0 {
				continue
			}
			bb := p.PiecesOf(c, pt)
			if bb.Empty() {
				continue
			}
			var by geom.Set
			for ; mask != 0; mask &= mask - 1 {
				by = by.Or(st.attBy[them][bits.TrailingZeros16(mask)])
			}
			if n := bb.And(by).Count(); n > 0 {
				st.mg[c] -= n * (e.Mg[pt] / evalW.LesserDiv)
				st.eg[c] -= n * (e.Eg[pt] / evalW.LesserDiv)
			}
		}
	}
}

// passedPawns scores the passed pawns near promotion (passedPawn) now
// that both sides' attacks are known.
func (e *Evaluator) passedPawns(st *evalState) {
	for c := position.White; c <= position.Black; c++ {
		for _, s := range st.passers[c][:st.passN[c]] {
			pm, pe := e.passedPawn(st.p, c, s, st.kingSq, st.hasKing, st.attacked[c.Other()].Or(st.pawnAtt[c.Other()]))
			st.mg[c] += pm
			st.eg[c] += pe
		}
	}
}

// kingSafety scores each side's attack on the enemy king in Stockfish's
// shape (kingDanger).
func (e *Evaluator) kingSafety(st *evalState) {
	for c := position.White; c <= position.Black; c++ {
		if !st.hasKing[c.Other()] {
			continue
		}
		if e.pocket.cth {
			// where captured pieces come back the attack does not fade
			// with the material on the board (Fairy-Stockfish scores it
			// alike in both phases)
			var eg int
			m := e.kingDanger(st.p, &st.kd, c, st.kingSq[c.Other()], st.attacked, st.pawnAtt, &eg)
			st.mg[c] += m
			st.eg[c] += m
			continue
		}
		st.mg[c] += e.kingDanger(st.p, &st.kd, c, st.kingSq[c.Other()], st.attacked, st.pawnAtt, &st.eg[c])
	}
}

// checkCountingKing scores the attack on the enemy king under check
// counting (3check): the older attack-units square, doubled, from one
// attacker on, safe checks counting as attack units.
func (e *Evaluator) checkCountingKing(st *evalState) {
	p := st.p
	for c := position.White; c <= position.Black; c++ {
		// safe checks: a check from a square the defender does not
		// hold (by a piece or a pawn) and not occupied by the checker's
		// own side
		them := c.Other()
		unsafe := st.attacked[them].Or(st.pawnAtt[them]).Or(p.Pieces(c))
		units := 0
		if st.checkHeavy[c].AndNot(unsafe).Any() {
			units += evalW.SafeCheckHeavy
		}
		if st.checkLight[c].AndNot(unsafe).Any() {
			units += evalW.SafeCheckLight
		}
		if units > 0 {
			st.attackUnits[c] += units
			st.attackers[c]++
		}
		if st.attackers[c] >= 1 {
			d := st.attackUnits[c] * st.attackUnits[c] * evalW.KingDanger / 100 * 2
			st.mg[c] += min(d, evalW.KingDangerMax)
		}
	}
}

// blend adds space while the board is full, then blends the middle-game
// and endgame scores by phase (the non-pawn material left), the endgame
// one scaled when the side ahead cannot win with what it has and with the
// mop-up of a lone king, and returns it for the side to move with the
// tempo.
func (e *Evaluator) blend(st *evalState) int {
	p := st.p
	npm := e.nonPawnMaterialBySide(p) // for the phase and the pawnless endings
	pm := npm
	if e.pocket.pockets {
		pm = e.pocketMaterial(p, npm)
	}
	if e.materialSign > 0 && evalW.Space != 0 && (pm[0]+pm[1])*4 >= e.phaseTotal*3 {
		for c := position.White; c <= position.Black; c++ {
			if e.pawnShift[c] {
				st.mg[c] += e.space(p, c, st.pawnAtt[c.Other()], st.attacked[c.Other()])
			}
		}
	}
	phase := min(256, (pm[0]+pm[1])*256/e.phaseTotal)
	w := st.mg[0] - st.mg[1]
	b := st.eg[0] - st.eg[1]
	if e.scaleOK && b != 0 {
		b = e.scaleEndgame(b, st.pawns, npm)
	}
	if e.scaleOK && st.hasKing[0] && st.hasKing[1] {
		b += e.mopUp(p, st.pawns, npm, st.kingSq)
	}
	score := (w*phase + b*(256-phase)) / 256
	if p.SideToMove() == position.Black {
		score = -score
	}
	if e.pocket.cth {
		score += dropTempo
	}
	return score + evalW.Tempo
}

// space is the middle-game bonus of side c for room behind its pawns
// (Stockfish's space term): the squares of its space zone that are not its
// pawns and not attacked by enemy pawns, those up to three squares behind
// an own pawn and not attacked by any enemy piece counting twice, weighted
// by the square of its pieces (less one): space matters while the board is
// full. enemyPawnAtt and enemyAtt are the squares the enemy's pawns and
// its other pieces attack.
func (e *Evaluator) space(p *position.Position, c position.Color, enemyPawnAtt, enemyAtt geom.Set) int {
	pw := p.PiecesOf(c, position.Pawn)
	safe := e.spaceMask[c].AndNot(pw).AndNot(enemyPawnAtt)
	down := -geom.MaxFiles
	if c == position.Black {
		down = geom.MaxFiles
	}
	behind := pw.Or(pw.Shift(down))
	behind = behind.Or(behind.Shift(2 * down))
	bonus := safe.Count() + behind.And(safe).AndNot(enemyAtt).Count()
	n := p.Pieces(c).Count() - 1
	return bonus * n * n * evalW.Space / 1600
}

// passedPawn scores a passed pawn of c on s within PassNear ranks of
// promotion, beyond its advance: a middle-game bonus growing with the
// square of its advance, and in the endgame the kings' distances to the
// square in front (the defender's counts 19/8 as much as the attacker's) and
// a free path (the square in front empty, the path to promotion not held by
// the enemy). The shape is Stockfish's passed-pawn evaluation (king
// proximity, free path); the whole scales with what the pawn promotes into.
// enemyAtt holds the squares the enemy attacks. Returns (mg, eg).
func (e *Evaluator) passedPawn(p *position.Position, c position.Color, s geom.Square, kingSq [2]geom.Square, hasKing [2]bool, enemyAtt geom.Set) (int, int) {
	t := int(e.promDist[c][s])
	if t < 1 || t > evalW.PassNear {
		return 0, 0
	}
	r := evalW.PassNear + 1 - t // 1 (far) … PassNear (one step from promotion)
	w := 5*r - 3
	mg := evalW.PassMgSq * r * r
	eg := 0
	dr := 1
	if c == position.Black {
		dr = -1
	}
	block, ok := e.board.Step(s, 0, dr)
	if !ok {
		return 0, 0
	}
	them := c.Other()
	if hasKing[0] && hasKing[1] {
		dThem := min(chebyshev(kingSq[them], block), 5)
		dUs := min(chebyshev(kingSq[c], block), 5)
		eg += (dThem*19/4 - dUs*2) * w * evalW.PassKing / 100
	}
	if !p.Occupied().Has(block) {
		path := e.files[s.File()].And(e.front[c][s])
		unsafe := path.And(enemyAtt.Or(p.Pieces(them)))
		k := 0
		switch {
		case unsafe.Empty():
			k = 35
		case !unsafe.Has(block):
			k = 20
		}
		mg += k * w * evalW.PassFree / 100
		eg += k * w * evalW.PassFree / 100
	}
	return mg * e.passScale[c] / 256, eg * e.passScale[c] / 256
}

// scaleEndgame shrinks the endgame score b (White's view) when the side
// ahead has no pawns and little more than the other side's material: a
// lone minor piece cannot mate, and a rook against a minor, or a rook and
// minor against a rook, are mostly draws (the rule of thumb Stockfish's
// scale factors follow; values are the variant's own piece values).
func (e *Evaluator) scaleEndgame(b int, pawns [2]geom.Set, npm [2]int) int {
	strong := position.White
	if b < 0 {
		strong = position.Black
	}
	if pawns[strong].Any() {
		return b
	}
	weak := strong.Other()
	if npm[strong]-npm[weak] > scaleMinor {
		return b
	}
	switch {
	case npm[strong] < scaleRook:
		return b / 16
	case npm[weak] <= scaleMinor:
		return b * 4 / 64
	}
	return b * 14 / 64
}

// The thresholds of scaleEndgame: about a minor piece and a rook.
const scaleMinor, scaleRook = 4 * PawnValue, 5 * PawnValue

// lazyMargin bounds, for the rulesets Quick applies to, how far the full
// evaluation may lie from the material balance (mobility, king safety,
// pawn structure and loose pieces together).
const lazyMargin = 450

// Quick returns the material balance for the side to move, blended by
// phase like Evaluate, and whether it is a usable estimate of Evaluate
// (within lazyMargin): only for rulesets whose other terms are bounded
// (no hit points, flag races, check counting or losing-material wins).
func (e *Evaluator) Quick(p *position.Position) (int, bool) {
	if e.materialSign < 0 || e.hpSlot >= 0 || e.flag[0] || e.flag[1] || e.checkCount || e.extLoss != 0 {
		return 0, false
	}
	var mg, eg, npm int
	for _, pt := range e.types {
		n := p.Count(position.White, pt) - p.Count(position.Black, pt)
		mg += n * e.Mg[pt]
		eg += n * e.Eg[pt]
		if pt != position.King && !e.pawnish[0][pt] && !e.pawnish[1][pt] {
			npm += e.Mg[pt] * (p.Count(position.White, pt) + p.Count(position.Black, pt))
		}
	}
	if e.pocket.pockets {
		mg, eg, npm = e.quickPockets(p, mg, eg, npm)
	}
	phase := min(256, npm*256/e.phaseTotal)
	score := (mg*phase + eg*(256-phase)) / 256
	if p.SideToMove() == position.Black {
		score = -score
	}
	return score, true
}

// phaseMaterial is the non-pawn material the phase counts: on the board,
// and in the pockets where the variant has them.
func (e *Evaluator) phaseMaterial(p *position.Position) [2]int {
	npm := e.nonPawnMaterialBySide(p)
	if e.pocket.pockets {
		npm = e.pocketMaterial(p, npm)
	}
	return npm
}

// nonPawnMaterialBySide is each colour's middle-game value of its pieces
// other than pawns and the royal king.
func (e *Evaluator) nonPawnMaterialBySide(p *position.Position) [2]int {
	var npm [2]int
	for _, pt := range e.types {
		if pt == position.King || e.pawnish[0][pt] || e.pawnish[1][pt] {
			continue
		}
		npm[0] += e.Mg[pt] * p.Count(position.White, pt)
		npm[1] += e.Mg[pt] * p.Count(position.Black, pt)
	}
	return npm
}

// inEnemyHalf reports whether s lies in the opponent's half of the board
// as seen by c.
func (e *Evaluator) inEnemyHalf(c position.Color, s geom.Square) bool {
	if c == position.White {
		return 2*s.Rank() >= e.board.Ranks
	}
	return 2*s.Rank() < e.board.Ranks-1
}

func chebyshev(a, b geom.Square) int {
	return max(absInt(a.File()-b.File()), absInt(a.Rank()-b.Rank()))
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
