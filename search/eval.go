package search

import (
	"math"
	"math/bits"

	"houserules/betza"
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// PawnValue is the unit of the evaluation: one pawn = 100 (centipawns).
const PawnValue = 100

// mobilityDecay weights the k-th square of a rider's ray by decay^(k-1):
// on a real board rays are blocked, so far squares count less.
const mobilityDecay = 0.7

// Evaluator is the static evaluation of one ruleset. It needs no tuning per
// variant: piece values come from each piece's mobility on an empty board
// (unless the variant file gives pieceValueMg/Eg), and the terms that
// depend on the rules (hit points, flag region, check counting, losing
// material wins) are switched on by the ruleset's own options and facts.
type Evaluator struct {
	v     *position.Variant
	board *geom.Board
	types []position.PieceType
	// lesser[i] has bit j when type j (both indices into types, below
	// maxThreatTypes) is worth at least a pawn less than type i: a piece
	// of type i attacked by one of type j is threatened even when defended
	lesser [maxThreatTypes]uint16
	// checkPart[i], for the type e.types[i], holds the indices of two other
	// types whose attacks together are exactly its attacks (a queen is a
	// rook and a bishop, an archbishop a bishop and a knight), or -1: its
	// checking squares are then the union of theirs (see initCheckParts).
	checkPart [maxThreatTypes][2]int8
	// kingW[i] is the king-attack weight of type e.types[i] and
	// safeCheckW[i] its safe-check weight (one, several squares), in
	// Stockfish's units (see kingDanger)
	kingW      [maxThreatTypes]int
	safeCheckW [maxThreatTypes][2]int
	// traceKing, when set (tests), receives each attacking side's
	// king-danger units
	traceKing *[2]int

	// Mg and Eg are the piece values in centipawns (0 for a royal king).
	Mg, Eg [position.PieceTypeNB]int
	// Mobility is the piece's average number of targets on an empty board
	// (rays decayed), from which the values are derived.
	Mobility [position.PieceTypeNB]float64

	slider    [position.PieceTypeNB]bool
	fileRider [position.PieceTypeNB]bool // rides along files (rook-like): likes open files
	files     [geom.MaxFiles]geom.Set
	adjFiles  [geom.MaxFiles]geom.Set
	pawnish   [2][position.PieceTypeNB]bool // promotes like a pawn
	royal     bool                          // the variant has a royal king
	safety    bool                          // king safety matters (royal king, checks exist)

	materialSign int // -1 when losing material wins (antichess; mobility then counts for nothing)

	hpSlot int // -1 when the ruleset has no Hp fact
	hpInit func(position.Piece) int16

	flag      [2]bool
	flagPiece [2]position.PieceType
	flagDist  [2][geom.SquareNB]int8
	flagMax   [2]int
	flagW     [2]int

	checkCount bool
	extLoss    position.PieceSet // extinction (loss) piece types: the last ones are precious

	centr    [geom.SquareNB]int
	kingRing [geom.SquareNB]geom.Set
	// dangerRing: the 3x3 squares around the king's square moved off the
	// board's edges (a king on its back rank has the two ranks ahead in
	// it), Stockfish's kingRing
	dangerRing [geom.SquareNB]geom.Set
	promDist   [2][geom.SquareNB]int8
	promMax    int
	front      [2][geom.SquareNB]geom.Set // squares ahead on the same and adjacent files
	// stormZone: the part of front within 3 squares (king distance), where
	// enemy pawns storm a king
	stormZone [2][geom.SquareNB]geom.Set

	phaseTotal int

	// capturesOnly: no piece has a move to an empty square (clobber), so
	// every move is noisy and quiescence would be a full-width search.
	capturesOnly bool

	// scaleOK: the endgame score shrinks when the side ahead cannot
	// checkmate with what it has (royal king, checks, material counts,
	// no other way to win); scaleMinor and scaleRook are the thresholds.
	scaleOK bool

	// passScale is what a passed pawn of each side promotes into, as a
	// share (of 256) of a chess queen's gain over a pawn: the passed-pawn
	// terms scale with it (a makruk pawn becomes a met, a chess pawn a
	// queen); 0 when the pawn cannot promote.
	passScale [2]int

	// pawnShift: the pawn's captures are exactly the two forward
	// diagonals on every square (plain board), so all pawn attacks of a
	// side are two shifts of its pawn set.
	pawnShift [2]bool

	// spaceMask is each side's space zone: the central half of the files
	// (files c-f of 8, d-g of 10) from its second rank to the last one of
	// its half (second to fourth on 8 or 9 ranks, to fifth on 10).
	spaceMask [2]geom.Set

	// mobWt is each type's mobility weight per square: heavy pieces gain
	// less per square (no early queen sorties); from evalW when built
	mobWt [position.PieceTypeNB]int

	// psqRole is each type's index in psqtRoles (-1: no square table)
	// and psq the square bonus of each colour, role and square (see
	// initPSQT)
	psqRole [position.PieceTypeNB]int8
	psq     [2][len(psqtRoles)][geom.SquareNB]psqEntry
}

// pawnAttacksShift returns the squares attacked by pawns bb of colour c
// when they capture one step diagonally forward.
func (e *Evaluator) pawnAttacksShift(bb geom.Set, c position.Color) geom.Set {
	d := geom.MaxFiles
	if c == position.Black {
		d = -d
	}
	l := bb.AndNot(geom.FileSet(0)).Shift(d - 1)
	r := bb.AndNot(geom.FileSet(geom.MaxFiles - 1)).Shift(d + 1)
	return l.Or(r).And(e.board.Mask)
}

// NewEvaluator builds the evaluation of ruleset r.
func NewEvaluator(r *rules.Ruleset) *Evaluator {
	v := r.Variant
	b := v.Board()
	e := &Evaluator{v: v, board: b, hpSlot: -1, materialSign: 1}
	e.types = v.PieceTypes().Types()
	e.royal = v.PieceTypes().Has(position.King)
	e.safety = e.royal && v.Checking
	for c := 0; c < 2; c++ {
		for _, pt := range v.PromotionPawnTypes[c].Types() {
			e.pawnish[c][pt] = true
		}
		if pt := v.MainPromotionPawnType[c]; pt != position.NoPieceType {
			e.pawnish[c][pt] = true
		}
	}
	e.capturesOnly = true
	for _, pt := range e.types {
		bp := v.Betza(pt)
		if bp == nil {
			e.capturesOnly = false
		} else {
			for _, a := range bp.Atoms {
				if a.Modality == betza.Quiet {
					e.capturesOnly = false
				}
			}
		}
		leaps := false
		// a colour-bound rider (bishop) joined with a leap that changes
		// square colour (knight, wazir) reaches the whole board
		boundRide, colourLeap := false, false
		colourBound := bp != nil && len(bp.Atoms) > 0
		if bp != nil {
			for _, a := range bp.Atoms {
				changesColour := (a.DF+a.DR)%2 != 0
				colourBound = colourBound && !changesColour
				boundRide = boundRide || (!changesColour && a.Kind != betza.Leap)
				colourLeap = colourLeap || (changesColour && a.Kind == betza.Leap)
				if a.Kind == betza.Leap {
					leaps = true
				} else {
					e.slider[pt] = true
				}
				if a.Kind == betza.Slide && a.DF == 0 && a.DR != 0 && a.Limit == 0 && a.Modality == betza.Capture {
					e.fileRider[pt] = true
				}
			}
		}
		q, cp := mobility(b, bp)
		m := (q + cp) / 2
		e.Mobility[pt] = m
		val := int(math.Round(float64(evalW.PieceLin)*m/10 + float64(evalW.PieceQuad)*m*m/1000))
		egVal := val * evalW.PieceEg / 100
		val = val * evalW.PieceMg / 100
		if leaps && e.slider[pt] {
			// a piece that both leaps and rides (archbishop, chancellor,
			// dragon horse): H.G. Muller's measurements put the archbishop
			// near the queen although it reaches a fifth fewer squares.
			// Fitted to the oracle, the gain is the colour fix below, not
			// the compound as such (Compound is 0 since 2026-12-02)
			val += val * evalW.Compound / 100
			egVal += egVal * evalW.Compound / 100
			if boundRide && colourLeap {
				val += val * evalW.ColourFix / 100
				egVal += egVal * evalW.ColourFix / 100
			}
		}
		if colourBound {
			// it reaches only the squares of one colour (bishop, ferz,
			// alfil): half the board its mobility counts
			val -= val * evalW.ColourBound / 100
			egVal -= egVal * evalW.ColourBound / 100
		}
		if e.pawnish[0][pt] || e.pawnish[1][pt] || pt == position.Pawn {
			val, egVal = PawnValue, evalW.PawnEg
		}
		e.Mg[pt], e.Eg[pt] = max(val, 20), max(egVal, 20)
		// Values from the variant file are in Fairy-Stockfish's units
		// (a pawn is 126 mg / 208 eg); 2.4 of them make our centipawn.
		if x := v.PieceValueMg[pt]; x > 0 {
			e.Mg[pt] = x * 10 / 24
			if v.PieceValueEg[pt] == 0 {
				e.Eg[pt] = e.Mg[pt]
			}
		}
		if x := v.PieceValueEg[pt]; x > 0 {
			e.Eg[pt] = x * 10 / 24
			if v.PieceValueMg[pt] == 0 {
				e.Mg[pt] = e.Eg[pt]
			}
		}
	}
	if e.royal {
		e.Mg[position.King], e.Eg[position.King] = 0, 0
	}
	// Losing all one's pieces wins (antichess, giveaway): material counts
	// against its owner and mobility means little.
	if v.ExtinctionValue == position.ValueWin && (v.ExtinctionPieceTypes.Has(position.AllPieces) || v.StalemateValue == position.ValueWin) {
		e.materialSign = -1
		e.safety = false
	}
	if v.ExtinctionValue == position.ValueLoss {
		for _, pt := range v.ExtinctionPieceTypes.Types() {
			if pt != position.AllPieces {
				e.extLoss = e.extLoss.With(pt)
			}
		}
	}
	if slot, ok := r.FactSlot("Hp"); ok {
		e.hpSlot = slot
		e.hpInit = r.Facts[slot].Initial
	}
	e.checkCount = v.CheckCounting
	for f := 0; f < b.Files; f++ {
		e.files[f] = geom.FileSet(f).And(b.Mask)
	}
	for f := 0; f < b.Files; f++ {
		if f > 0 {
			e.adjFiles[f] = e.adjFiles[f].Or(e.files[f-1])
		}
		if f+1 < b.Files {
			e.adjFiles[f] = e.adjFiles[f].Or(e.files[f+1])
		}
	}
	e.initSquares()
	e.initFlag()
	for c := 0; c < 2; c++ {
		gain := 0
		for _, pt := range v.PromotionPieceTypes[c].Types() {
			if pt != position.AllPieces {
				gain = max(gain, e.Mg[pt]-PawnValue)
			}
		}
		if v.PromotionRegion[c].And(b.Mask).Any() {
			e.passScale[c] = min(256, gain*256/850)
		}
	}
	e.scaleOK = e.safety && e.materialSign > 0 && e.hpSlot < 0 && !e.flag[0] && !e.flag[1] && !e.checkCount &&
		e.extLoss == 0 && v.ExtinctionValue == position.ValueNone
	// Phase: the non-pawn material of the start position.
	if p, err := position.New(v, v.StartFEN, false); err == nil {
		npm := e.nonPawnMaterialBySide(p)
		e.phaseTotal = npm[0] + npm[1]
		if v.PieceTypes().Has(position.Pawn) && b.Topology == geom.Plain {
			for c := position.White; c <= position.Black; c++ {
				ok := true
				for s := geom.Square(0); int(s) < geom.SquareNB && ok; s++ {
					if b.Contains(s) {
						ok = p.Attacks(c, position.Pawn, s, geom.Set{}) == e.pawnAttacksShift(geom.Bit(s), c)
					}
				}
				e.pawnShift[c] = ok
			}
		}
	}
	if e.phaseTotal <= 0 {
		e.phaseTotal = 1
	}
	e.initLesser()
	e.initPSQT()
	e.initCheckParts()
	e.initKingWeights()
	for _, pt := range e.types {
		e.mobWt[pt] = max(1, min(evalW.MobMax, (evalW.MobRef-e.Mg[pt])/evalW.MobStep))
	}
	return e
}

// maxThreatTypes bounds the piece types (by their index in the variant's
// type list) whose attacks the threat terms track.
const maxThreatTypes = 16

// trackedPiece reports whether e.types[i] is tracked by the threat and
// safe-check tables (index below maxThreatTypes) and is neither a pawn nor
// the king.
func (e *Evaluator) trackedPiece(i int) bool {
	pt := e.types[i]
	return i < maxThreatTypes && pt != position.King && !e.pawnish[0][pt] && !e.pawnish[1][pt]
}

// initLesser fills lesser from the middle-game values: the attacker must
// be worth at least a pawn less than its target (a knight attacking a
// rook, a rook or an archbishop attacking a queen; not a bishop attacking
// a knight). Pawns and the king never count as attackers here (pawn
// threats have their own term).
func (e *Evaluator) initLesser() {
	for i, pt := range e.types {
		for j, at := range e.types {
			if e.trackedPiece(i) && e.trackedPiece(j) && e.Mg[at]+PawnValue <= e.Mg[pt] {
				e.lesser[i] |= 1 << j
			}
		}
	}
}

// mobility returns the average quiet and capture targets of a piece on an
// empty board, over all squares, for White (rays decayed; hoppers half).
func mobility(b *geom.Board, bp *betza.Piece) (quiet, capture float64) {
	if bp == nil {
		return 0, 0
	}
	n := 0
	limit := max(b.Files, b.Ranks)
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) {
			continue
		}
		n++
		for _, a := range bp.Atoms {
			if a.Initial {
				continue
			}
			w := 0.0
			switch a.Kind {
			case betza.Leap:
				if _, ok := b.Step(s, a.DF, a.DR); ok {
					w = 1
					if a.Limit < 0 {
						w = 0.85
					}
				}
			default:
				t, wt := s, 1.0
				lim := a.Limit
				if lim <= 0 || a.Kind == betza.Hop {
					lim = limit
				}
				for k := 0; k < lim; k++ {
					var ok bool
					if t, ok = b.Step(t, a.DF, a.DR); !ok || t == s {
						break
					}
					w += wt
					wt *= mobilityDecay
				}
				if a.Kind == betza.Hop {
					w *= 0.5
				}
			}
			if a.Modality == betza.Quiet {
				quiet += w
			} else {
				capture += w
			}
		}
	}
	if n == 0 {
		return 0, 0
	}
	return quiet / float64(n), capture / float64(n)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (e *Evaluator) initSquares() {
	b := e.board
	mf, mr := b.Files-1, b.Ranks-1
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) {
			continue
		}
		df := absInt(2*s.File() - mf)
		dr := absInt(2*s.Rank() - mr)
		e.centr[s] = (mf + mr - df - dr) / 2
		for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
			if t, ok := b.Step(s, d[0], d[1]); ok {
				e.kingRing[s].Add(t)
			}
		}
	}
	e.initKingSquares()
	// Distance in ranks to the promotion region, forward.
	for c := 0; c < 2; c++ {
		reg := e.v.PromotionRegion[c].And(b.Mask)
		for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
			if !b.Contains(s) {
				continue
			}
			best := -1
			for t := reg; t.Any(); {
				x := t.Pop()
				d := x.Rank() - s.Rank()
				if c == 1 {
					d = -d
				}
				if d >= 0 && (best < 0 || d < best) {
					best = d
				}
			}
			if best < 0 {
				best = 0
			}
			e.promDist[c][s] = int8(best)
			e.promMax = max(e.promMax, best)
			// front span: same and adjacent files, ranks ahead
			for t := b.Mask; t.Any(); {
				x := t.Pop()
				if absInt(x.File()-s.File()) > 1 {
					continue
				}
				if (c == 0 && x.Rank() > s.Rank()) || (c == 1 && x.Rank() < s.Rank()) {
					e.front[c][s].Add(x)
					if chebyshev(x, s) <= 3 {
						e.stormZone[c][s].Add(x)
					}
				}
			}
		}
	}
	if e.promMax == 0 {
		e.promMax = 1
	}
	for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
		if !b.Contains(s) || absInt(2*s.File()-mf)*2 >= b.Files {
			continue
		}
		for c, r := range [2]int{s.Rank(), mr - s.Rank()} { // the rank from each side
			if r >= 1 && r < b.Ranks/2 {
				e.spaceMask[c].Add(s)
			}
		}
	}
}

func (e *Evaluator) initFlag() {
	v, b := e.v, e.board
	for c := 0; c < 2; c++ {
		reg := v.FlagRegion[c].And(b.Mask)
		if reg.Empty() {
			continue
		}
		e.flag[c] = true
		e.flagPiece[c] = v.FlagPiece[c]
		for s := geom.Square(0); int(s) < geom.SquareNB; s++ {
			if !b.Contains(s) {
				continue
			}
			best := 1 << 30
			for t := reg; t.Any(); {
				x := t.Pop()
				d := max(absInt(x.File()-s.File()), absInt(x.Rank()-s.Rank()))
				best = min(best, d)
			}
			e.flagDist[c][s] = int8(best)
			e.flagMax[c] = max(e.flagMax[c], best)
		}
		if e.flagMax[c] == 0 {
			e.flagMax[c] = 1
		}
		e.flagW[c] = 450 / (e.flagMax[c] * e.flagMax[c])
		if e.flagW[c] == 0 {
			e.flagW[c] = 1
		}
	}
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

// inEnemyHalf reports whether s lies in the opponent's half of the board
// as seen by c.
func (e *Evaluator) inEnemyHalf(c position.Color, s geom.Square) bool {
	if c == position.White {
		return 2*s.Rank() >= e.board.Ranks
	}
	return 2*s.Rank() < e.board.Ranks-1
}

// Value returns the middle-game value of a piece type (move ordering).
func (e *Evaluator) Value(pt position.PieceType) int { return e.Mg[pt] }

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

func chebyshev(a, b geom.Square) int {
	return max(absInt(a.File()-b.File()), absInt(a.Rank()-b.Rank()))
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
