package position

import (
	"fmt"
	"slices"

	"houserules/geom"
)

// CheckPlacement reports a piece that the FEN parser accepts but that no
// game of the variant can put where it stands (as lichess's editor refuses
// a pawn on the first rank). position.New runs it on every FEN it reads
// (not NewLenient, whose presets may move pieces as the variant does not,
// nor NewFSF, which reads what Fairy-Stockfish reads); fen is the text the
// position was read from, for the error. A piece is refused
//
//   - outside its mobility region (a xiangqi king out of its palace, an
//     elephant across the river);
//   - a pawn (a promotion pawn type) on a rank no pawn of its side can
//     reach: from the pawns of the variant's start position (horde's first
//     rank), by any number of its moves on an empty board, or by a drop
//     (a white pawn on the first rank of chess, on the second of makruk,
//     whose pawns start on the third);
//   - a piece of the start position that nothing else makes (no
//     promotion, drop, gate, piece promotion or demotion, no flip) on a
//     square its moves never reach from the start squares of its type, on
//     an empty board within its mobility region (placementReach: a
//     xiangqi advisor on e1, an elephant on e1, a shatranj alfil on a1);
//     where that is not sound (a Chess960 start puts the pieces elsewhere)
//     the rank alone is judged, as for the other types;
//   - a pawn in its promotion zone when promotion is mandatory (it would
//     have promoted on arrival: the last rank of chess, makruk's sixth);
//     where promotion is optional it may stand there (sittuyin);
//   - a piece with no move from its square where the variant makes such
//     squares illegal (immobilityIllegal: a shogi knight on the last two
//     ranks, a pawn on the last rank of shogi or grand chess).
//
// Then the material (checkMaterial) and the pockets and check counters
// (checkPocketKingAndChecks) are judged. The rules are Fairy-Stockfish's
// (variant.h: promotionRegion, mandatoryPawnPromotion, immobilityIllegal,
// mobilityRegion, promotionLimit); its validate_fen checks none of them.
// The error is a *FENError of the "board" field naming the rank and the
// piece as the FEN gives it (pieceOn).
func (p *Position) CheckPlacement(fen string) error {
	v := p.V
	c := p.c
	mask := c.board.Mask
	pf := p.placementFactsOf()
	start := pf.start
	inStart := func(col Color, pt PieceType, sq geom.Square) bool {
		return start != nil && start.PieceOn(sq) == MakePiece(col, pt)
	}
	inStartRank := func(col Color, pt PieceType, rank int) bool {
		return start != nil && start.PiecesOf(col, pt).And(geom.RankSet(rank)).Any()
	}
	bad := func(sq geom.Square, reason string, args ...any) error {
		return &FENError{FEN: fen, Field: "board", Reason: fmt.Sprintf("rank %d: ", sq.Rank()+1) + fmt.Sprintf(reason, args...)}
	}
	for occ := p.occ; occ.Any(); {
		sq := occ.Pop()
		pc := p.board[sq]
		if pc == NoPiece {
			continue // a wall square
		}
		col, pt := pc.Color(), pc.Type()
		name := pieceOn{p, sq, fen} // formatted only for an error
		if !c.mobility[col][pt].Has(sq) && !inStart(col, pt, sq) {
			return bad(sq, "%s stands outside the squares its type may go to (its mobility region)", name)
		}
		quiet := c.tables[col][pt].quiet[sq].all.And(mask)
		immobile := quiet.Empty() && c.tables[col][pt].capture[sq].all.And(mask).Empty()
		pawn := v.PromotionPawnTypes[col].Has(pt)
		if pawn && !p.promoted.Has(sq) && pf.mustPromote(col, sq) && !inStart(col, pt, sq) {
			return bad(sq, "%s stands in its promotion zone, where it must have promoted", name)
		}
		if pf.ranked[col].Has(pt) && !p.promoted.Has(sq) && !inStart(col, pt, sq) && !(pawn && v.DoubleStepRegion[col].Has(sq)) {
			droppable := v.HasPockets() && c.dropRegion[col][pt].Has(sq)
			if pf.reach[col][pt].And(geom.RankSet(sq.Rank())).Empty() && !droppable && !inStartRank(col, pt, sq.Rank()) {
				return bad(sq, "%s could never get there (no move of its kind ends on that rank)", name)
			}
			if pf.bySquare[col].Has(pt) && !p.chess960 && !pf.reach[col][pt].Has(sq) {
				return bad(sq, "%s could never get there (no moves of its kind from their start squares end on that square)", name)
			}
		}
		if v.ImmobilityIllegal && immobile && !inStart(col, pt, sq) {
			return bad(sq, "%s could never move from there, which this variant does not allow (immobilityIllegal)", name)
		}
	}
	if err := p.checkMaterial(fen, pf); err != nil {
		return err
	}
	return p.checkPocketKingAndChecks(fen, pf)
}

// checkPocketKingAndChecks refuses what no game has in the pockets and
// check counters, without counting the pockets' material (the crazyhouse
// perft positions give pockets beyond what captures can have put there;
// a shogi diagram may have extra pieces): a royal king in a pocket where
// the start has none (it is never captured), and more checks to give
// than the start position's (three-check "5+3"). Errors are *FENError
// values of the "pocket" and "checks" fields.
func (p *Position) checkPocketKingAndChecks(fen string, pf *placementFacts) error {
	v, start := p.V, pf.start
	if start == nil {
		return nil
	}
	if v.CheckCounting {
		for c := White; c <= Black; c++ {
			if n, s := p.st.ChecksRemaining[c], start.st.ChecksRemaining[c]; n > s {
				return &FENError{FEN: fen, Field: "checks", Reason: fmt.Sprintf("%s has %d checks to give, more than the %d of the start position", c, n, s)}
			}
		}
	}
	if v.FreeDrops || v.TwoBoards {
		return nil
	}
	if p.c.hasRoyal && v.Checking && !v.ExtinctionPseudoRoyal {
		for c := White; c <= Black; c++ {
			if n, s := p.hand[c][King], start.hand[c][King]; n > s {
				return &FENError{FEN: fen, Field: "pocket", Reason: fmt.Sprintf("%s has %d king in its pocket, the start position %d (a king is never captured)", c, n, s)}
			}
		}
	}
	return nil
}

// placementFacts is what CheckPlacement derives from a compiled variant.
type placementFacts struct {
	v     *Variant
	start *Position // the start position (nil when it does not parse)
	// reach[c][pt]: the squares a type pt of colour c can stand on
	// (placementReach), for the types in ranked[c]: the pawn types and
	// the other types of the start position
	reach  [2][PieceTypeNB]geom.Set
	ranked [2]PieceSet
	// bySquare[c]: the types of ranked[c] whose reach is judged square by
	// square (their reach is the closure of their moves from the start
	// squares: nothing else makes or moves them); the others by rank
	bySquare [2]PieceSet
	// limits: the most pieces of a type a side can have on the board
	// (checkMaterial)
	limits []materialLimit
}

// mustPromote reports whether a pawn of colour c arriving on sq must
// promote (Fairy-Stockfish's mandatoryPawnPromotion in promotionRegion,
// with something to promote to; sittuyin's promotion is a move of its own).
func (pf *placementFacts) mustPromote(c Color, sq geom.Square) bool {
	v := pf.v
	return v.MandatoryPawnPromotion && !v.SittuyinPromotion && v.PromotionPieceTypes[c] != 0 && v.PromotionRegion[c].Has(sq)
}

// placementFactsOf returns the variant's placement facts, computed once.
func (p *Position) placementFactsOf() *placementFacts {
	c := p.c
	c.placementOnce.Do(func() {
		pf := &placementFacts{v: p.V}
		if s, err := newPosition(p.V, "", false, false); err == nil {
			pf.start = s
		}
		for col := White; col <= Black; col++ {
			// the pawn types, and every other type of the start position
			// but the king: xiangqi's soldiers and elephants reach only
			// some squares (a type that promotion, drops, gating or
			// demotion also make reaches every square one of its moves
			// ends on: placementReach)
			pf.ranked[col] = p.V.PromotionPawnTypes[col]
			if pf.start != nil {
				pf.ranked[col] |= pf.start.typesOf(col) &^ SetOf(King)
			}
			for _, pt := range pf.ranked[col].Types() {
				var closed bool
				pf.reach[col][pt], closed = p.placementReach(pf, col, pt)
				if closed {
					pf.bySquare[col] = pf.bySquare[col].With(pt)
				}
			}
		}
		pf.limits = p.materialLimits(pf)
		c.placement = pf
	})
	return c.placement
}

// otherSource reports whether a piece of colour col and type pt can come
// on the board otherwise than from the start position by its own moves:
// from a pocket (drops, captures to hand, S-Chess gating), a gate, a
// pawn's promotion (of either side: a captured one may change hands), a
// piece promotion or demotion, or a flip of an enclosed enemy piece.
func (p *Position) otherSource(col Color, pt PieceType) bool {
	v := p.V
	return v.HasPockets() || v.Gating || v.PieceDemotion || p.c.flip ||
		v.PromotionPieceTypes[col].Has(pt) || v.PromotionPieceTypes[col.Other()].Has(pt) ||
		slices.Contains(v.PromotedPieceType[:], pt) // a piece promotion makes it (shogi-style, without pockets)
}

// placementReach returns the squares a type pt of colour c can stand on:
// its start squares and every square its moves (quiet, capture, initial
// moves from the double-step region) reach from them, step after step,
// on an empty board within its mobility region (the palace, the river:
// the move tables hold the palace diagonals and the soldier's moves
// before and after the river), except, for a pawn type, where it must
// promote; castling's king and rook squares are start squares of the
// castling king and rook types. That closure is the exact set the move
// generator can bring the type to (closed = true). Where the type may
// also appear otherwise (otherSource) or the start position has none, it
// is every square one move of the type reaches, from anywhere (closed =
// false: CheckPlacement judges the rank only).
func (p *Position) placementReach(pf *placementFacts, col Color, pt PieceType) (reach geom.Set, closed bool) {
	v, c := p.V, p.c
	mask := c.board.Mask.And(c.mobility[col][pt])
	t := c.tables[col][pt]
	targets := func(s geom.Square) geom.Set {
		r := t.quiet[s].all.Or(t.capture[s].all)
		if t.hasInitial && v.DoubleStepRegion[col].Has(s) { // as quietTargets: first moves from there only
			r = r.Or(t.initial[s].all)
		}
		return r.And(mask)
	}
	pawn := v.PromotionPawnTypes[col].Has(pt) // it stops where it must promote
	var seeds geom.Set
	if pf.start != nil {
		seeds = pf.start.PiecesOf(col, pt)
	}
	if seeds.Empty() || p.otherSource(col, pt) {
		var r geom.Set
		for s := mask; s.Any(); {
			r = r.Or(targets(s.Pop()))
		}
		return r, false
	}
	if v.Castling {
		for _, kingSide := range [2]bool{false, true} {
			kto, rto := p.castlingTargets(col, kingSide)
			if v.CastlingRookPieces[col].Has(pt) {
				seeds.Add(rto)
			}
			if v.CastlingKingPiece[col] == pt {
				seeds.Add(kto)
			}
		}
		seeds = seeds.And(c.board.Mask)
	}
	reach, frontier := seeds, seeds
	for frontier.Any() {
		s := frontier.Pop()
		for n := targets(s); n.Any(); {
			to := n.Pop()
			if reach.Has(to) || (pawn && pf.mustPromote(col, to)) {
				continue
			}
			reach.Add(to)
			frontier.Add(to)
		}
	}
	return reach, true
}

// typesOf is the set of piece types colour col has on the board.
func (p *Position) typesOf(col Color) PieceSet {
	var s PieceSet
	for pt := range PieceType(PieceTypeNB) {
		if p.count[col][pt] > 0 {
			s = s.With(pt)
		}
	}
	return s
}
