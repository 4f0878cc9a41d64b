// The static evaluation of a position.

package search

import (
	"math/bits"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// Evaluate returns the static score of g's position for the side to move.
func (e *Evaluator) Evaluate(g *rules.Game) int {
	p := g.Pos
	var mg, eg [2]int
	var kingSq [2]geom.Square
	hasKing := [2]bool{}
	if e.royal {
		for c := position.White; c <= position.Black; c++ {
			if k := p.PiecesOf(c, position.King); k.Any() {
				kingSq[c] = k.First()
				hasKing[c] = true
			}
		}
	}
	var passers [2][16]geom.Square // passed pawns near promotion, scored once both sides' attacks are known
	var passN [2]int
	var attackers, attackUnits [2]int
	var attacked [2]geom.Set               // squares each side's non-pawn pieces and king attack
	var attBy [2][maxThreatTypes]geom.Set  // attacked by each piece type (index in e.types)
	var checkHeavy, checkLight [2]geom.Set // squares from which a piece (worth >= heavyValue / less) could check the enemy king
	// king danger: Stockfish's shape (kd, kingDanger), or under check
	// counting the older square of attack units
	var kd kingParts
	sfKing, countKing := e.safety && !e.checkCount, e.safety && e.checkCount
	occ := p.Occupied()
	pawns := [2]geom.Set{}
	for c := position.White; c <= position.Black; c++ {
		for _, pt := range e.types {
			if e.pawnish[c][pt] {
				pawns[c] = pawns[c].Or(p.PiecesOf(c, pt))
			}
		}
	}
	var pawnAtt [2]geom.Set
	if e.materialSign > 0 {
		for c := position.White; c <= position.Black; c++ {
			if e.pawnShift[c] {
				pawnAtt[c] = e.pawnAttacksShift(p.PiecesOf(c, position.Pawn), c)
				continue
			}
			for bb := p.PiecesOf(c, position.Pawn); bb.Any(); {
				pawnAtt[c] = pawnAtt[c].Or(p.Attacks(c, position.Pawn, bb.Pop(), occ))
			}
		}
	}
	var connected [2]geom.Set // pawns defended by an own pawn or beside one on their rank
	if e.materialSign > 0 {
		for c := position.White; c <= position.Black; c++ {
			pw := p.PiecesOf(c, position.Pawn)
			beside := pw.AndNot(geom.FileSet(0)).Shift(-1).Or(pw.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(1))
			connected[c] = pw.And(beside.Or(pawnAtt[c]))
		}
	}
	for c := position.White; c <= position.Black; c++ {
		them := c.Other()
		own := p.Pieces(c)
		if e.materialSign > 0 && p.Count(c, position.Bishop) >= 2 {
			mg[c] += evalW.BishopPairMg
			eg[c] += evalW.BishopPairEg
		}
		enemyRing, dangerRing := geom.Set{}, geom.Set{}
		if e.safety && hasKing[them] {
			enemyRing = e.kingRing[kingSq[them]]
			enemyRing.Add(kingSq[them])
			dangerRing = e.dangerRing[kingSq[them]]
		}
		var checkMemo checkMemo
		psqRole := &e.psqRole
		for ti, pt := range e.types {
			bb := p.PiecesOf(c, pt)
			if bb.Empty() {
				continue
			}
			vm, ve := e.Mg[pt], e.Eg[pt]
			isPawn := e.pawnish[c][pt]
			// the squares from which this type checks the enemy king
			// (the king's own moves as this type: pieces move alike
			// both ways along a line)
			var checkFrom geom.Set
			if e.safety && hasKing[them] && !isPawn && pt != position.King {
				checkFrom = e.checkSquares(p, &checkMemo, ti, them, kingSq[them], occ)
			}
			for bb.Any() {
				s := bb.Pop()
				m, g2 := vm, ve
				if e.hpSlot >= 0 && e.hpInit != nil {
					init := int(e.hpInit(p.PieceOn(s)))
					if init > 0 {
						hp := int(p.Fact(s, e.hpSlot))
						m = m * (init + hp) / (2 * init)
						g2 = g2 * (init + hp) / (2 * init)
					}
				}
				m *= e.materialSign
				g2 *= e.materialSign
				if ri := psqRole[pt]; ri >= 0 {
					ps := &e.psq[c][ri][s]
					m += int(ps[0])
					g2 += int(ps[1])
				}
				switch {
				case pt == position.King && e.royal:
					attacked[c] = attacked[c].Or(e.kingRing[s])
					cz := e.centr[s]
					m += evalW.KingCentrMg * cz
					g2 += evalW.KingCentrEg * cz
					if e.safety {
						shield := e.kingRing[s].Or(e.front[c][s].And(e.adjFiles[s.File()].Or(e.files[s.File()]))).And(pawns[c])
						sh := evalW.KingShield * min(shield.Count(), 3)
						if e.files[s.File()].And(pawns[c]).Empty() {
							sh -= evalW.KingOpenFile // on a file without own pawns
						}
						sh -= evalW.KingStorm * e.stormZone[c][s].And(pawns[them]).Count()
						m += sh
						kd.shelter[c] = sh
					}
				case isPawn:
					adv := e.promMax - int(e.promDist[c][s])
					m += evalW.PawnAdvMg * adv
					g2 += adv * adv * evalW.PawnAdvEg
					if pt == position.Pawn && e.front[c][s].And(pawns[them]).Empty() {
						g2 += adv * adv * evalW.PassedEg
						m += adv * evalW.PassedMg
						if np := passN[c]; np < len(passers[c]) && e.passScale[c] > 0 && e.materialSign > 0 && int(e.promDist[c][s]) <= evalW.PassNear {
							passers[c][np] = s
							passN[c]++
						}
					}
					if connected[c].Has(s) {
						m += evalW.ConnMg + evalW.ConnAdv*adv
						g2 += evalW.ConnEg + evalW.ConnAdv*adv
					}
					if e.materialSign > 0 {
						m += e.centr[s] * evalW.PawnCentr
						f := s.File()
						if e.adjFiles[f].And(pawns[c]).Empty() {
							m -= evalW.IsolatedMg
							g2 -= evalW.IsolatedEg
						}
						if e.files[f].And(pawns[c]).More() {
							m -= evalW.DoubledMg
							g2 -= evalW.DoubledEg
						}
					}
				default:
					t := p.Attacks(c, pt, s, occ)
					if checkFrom.Any() {
						switch {
						case sfKing && ti < maxThreatTypes:
							kd.checks[c][ti] = kd.checks[c][ti].Or(t.And(checkFrom))
						case countKing && vm >= heavyValue:
							checkHeavy[c] = checkHeavy[c].Or(t.And(checkFrom))
						case countKing:
							checkLight[c] = checkLight[c].Or(t.And(checkFrom))
						}
					}
					if sfKing {
						if vm < heavyValue {
							kd.defLight[c] = kd.defLight[c].Or(t)
						} else {
							kd.heavy[c] = true
						}
					}
					if e.fileRider[pt] && e.materialSign > 0 {
						f := e.files[s.File()]
						if f.And(pawns[c]).Empty() {
							m += evalW.OpenFileMg
							g2 += evalW.OpenFileEg
							if f.And(pawns[them]).Empty() {
								m += evalW.OpenFileMg
								g2 += evalW.OpenFileEg
							}
						}
					}
					if e.materialSign > 0 && !e.slider[pt] && pawnAtt[c].Has(s) && e.inEnemyHalf(c, s) &&
						e.front[c][s].And(e.adjFiles[s.File()]).And(pawns[them]).Empty() {
						// an outpost: guarded by a pawn, no enemy pawn can chase it
						m += evalW.OutpostMg
						g2 += evalW.OutpostEg
					}
					if e.materialSign > 0 && c == p.SideToMove() && pawnAtt[them].Has(s) {
						// attacked by a pawn: a tempo from losing material
						m -= vm / evalW.PawnThreatDiv
						g2 -= ve / evalW.PawnThreatDiv
					}
					attacked[c] = attacked[c].Or(t)
					if ti < maxThreatTypes {
						attBy[c][ti] = attBy[c][ti].Or(t)
					}
					if e.materialSign > 0 {
						// safe mobility: squares not held by enemy pawns
						n := t.AndNot(own).AndNot(pawnAtt[them]).Count()
						mob := e.mobWt[pt] * (n*2 - int(e.Mobility[pt])) / 2
						m += mob
						kd.mob[c] += mob
						g2 += mob * evalW.MobEg / 100
						w := evalW.CentrSlider
						if !e.slider[pt] {
							w = evalW.CentrLeaper
						}
						m += w * e.centr[s]
					}
					if sfKing && dangerRing.Any() && t.And(dangerRing).Any() {
						kd.count[c]++
						if ti < maxThreatTypes {
							kd.weight[c] += e.kingW[ti]
						}
						kd.attacks[c] += t.And(e.kingRing[kingSq[them]]).Count()
					}
					if countKing && enemyRing.Any() {
						if h := t.And(enemyRing).Count(); h > 0 {
							attackers[c]++
							attackUnits[c] += h * max(1, e.Mg[pt]/evalW.KingUnit)
						}
					}
				}
				if e.extLoss.Has(pt) && p.Count(c, pt) <= e.v.ExtinctionPieceCount+1 {
					m += 200
					g2 += 200
				}
				mg[c] += m
				eg[c] += g2
			}
		}
		if e.flag[c] {
			best := -1
			var fl geom.Set
			if e.flagPiece[c] == position.AllPieces {
				fl = own
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
				mg[c] += e.flagW[c] * x * x * 2 / 3
				eg[c] += e.flagW[c] * x * x
			}
		}
		if e.checkCount {
			switch p.State().ChecksRemaining[c] {
			case 1:
				mg[c] += 700
				eg[c] += 700
			case 2:
				mg[c] += 250
				eg[c] += 250
			case 3:
				mg[c] += 80
				eg[c] += 80
			}
		}
	}
	if e.materialSign > 0 && e.hpSlot < 0 {
		// Loose pieces: a piece attacked and not defended is a target
		// (the side to move can save one; two are often lost).
		for c := position.White; c <= position.Black; c++ {
			them := c.Other()
			def := attacked[c].Or(pawnAtt[c])
			loose := p.Pieces(c).And(attacked[them].Or(pawnAtt[them])).AndNot(def).AndNot(pawns[c])
			for loose.Any() {
				pt := p.PieceOn(loose.Pop()).Type()
				if pt == position.King {
					continue
				}
				mg[c] -= e.Mg[pt] / evalW.LooseDiv
				eg[c] -= e.Eg[pt] / evalW.LooseDiv
			}
			// a piece attacked by a less valuable one is as good as
			// attacked while defended
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
					by = by.Or(attBy[them][bits.TrailingZeros16(mask)])
				}
				if n := bb.And(by).Count(); n > 0 {
					mg[c] -= n * (e.Mg[pt] / evalW.LesserDiv)
					eg[c] -= n * (e.Eg[pt] / evalW.LesserDiv)
				}
			}
		}
	}
	for c := position.White; c <= position.Black; c++ {
		for _, s := range passers[c][:passN[c]] {
			pm, pe := e.passedPawn(p, c, s, kingSq, hasKing, attacked[c.Other()].Or(pawnAtt[c.Other()]))
			mg[c] += pm
			eg[c] += pe
		}
	}
	if sfKing {
		for c := position.White; c <= position.Black; c++ {
			if hasKing[c.Other()] {
				mg[c] += e.kingDanger(p, &kd, c, kingSq[c.Other()], attacked, pawnAtt, &eg[c])
			}
		}
	}
	if countKing {
		// check counting (3check): the older attack-units square, doubled,
		// from one attacker on
		for c := position.White; c <= position.Black; c++ {
			// safe checks: a check from a square the defender does not
			// hold (by a piece or a pawn) and not occupied by the checker's
			// own side
			them := c.Other()
			unsafe := attacked[them].Or(pawnAtt[them]).Or(p.Pieces(c))
			units := 0
			if checkHeavy[c].AndNot(unsafe).Any() {
				units += evalW.SafeCheckHeavy
			}
			if checkLight[c].AndNot(unsafe).Any() {
				units += evalW.SafeCheckLight
			}
			if units > 0 {
				attackUnits[c] += units
				attackers[c]++
			}
			if attackers[c] >= 1 {
				d := attackUnits[c] * attackUnits[c] * evalW.KingDanger / 100 * 2
				mg[c] += min(d, evalW.KingDangerMax)
			}
		}
	}
	npm := e.nonPawnMaterialBySide(p) // for the phase and the pawnless endings
	if e.materialSign > 0 && evalW.Space != 0 && (npm[0]+npm[1])*4 >= e.phaseTotal*3 {
		for c := position.White; c <= position.Black; c++ {
			if e.pawnShift[c] {
				mg[c] += e.space(p, c, pawnAtt[c.Other()], attacked[c.Other()])
			}
		}
	}
	phase := min(256, (npm[0]+npm[1])*256/e.phaseTotal)
	w := mg[0] - mg[1]
	b := eg[0] - eg[1]
	if e.scaleOK && b != 0 {
		b = e.scaleEndgame(b, pawns, npm)
	}
	if e.scaleOK && hasKing[0] && hasKing[1] {
		b += e.mopUp(p, pawns, npm, kingSq)
	}
	score := (w*phase + b*(256-phase)) / 256
	if p.SideToMove() == position.Black {
		score = -score
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
	phase := min(256, npm*256/e.phaseTotal)
	score := (mg*phase + eg*(256-phase)) / 256
	if p.SideToMove() == position.Black {
		score = -score
	}
	return score, true
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
