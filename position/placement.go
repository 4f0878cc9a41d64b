package position

import (
	"fmt"

	"houserules/geom"
)

// CheckPlacement reports a piece that the FEN parser accepts but that no
// game of the variant can put where it stands (a board editor's check, as
// lichess's editor refuses a pawn on the first rank). fen is the text the
// position was read from, for the error. A piece is refused
//
//   - outside its mobility region (a xiangqi king out of its palace, an
//     elephant across the river);
//   - a pawn (a promotion pawn type) on a square no move of its type
//     reaches, unless the variant's start position has one of that side
//     there (horde), its double-step region holds it or it may be dropped
//     there (a white pawn on the first rank of chess);
//   - a pawn on its promotion zone's last rank, or anywhere in the zone
//     when promotion is mandatory (it would have promoted on arrival);
//   - a piece with no move from its square where the variant makes such
//     squares illegal (immobilityIllegal: a shogi knight on the last two
//     ranks).
//
// The error is a *FENError of the "board" field naming the rank and square.
func (p *Position) CheckPlacement(fen string) error {
	v := p.V
	c := p.c
	mask := c.board.Mask
	var start *Position
	if s, err := newPosition(v, "", false, false); err == nil {
		start = s
	}
	inStart := func(col Color, pt PieceType, sq geom.Square) bool {
		return start != nil && start.PieceOn(sq) == MakePiece(col, pt)
	}
	inStartRank := func(col Color, pt PieceType, rank int) bool {
		return start != nil && start.PiecesOf(col, pt).And(geom.RankSet(rank)).Any()
	}
	var reach [2][PieceTypeNB]geom.Set
	var reached [2][PieceTypeNB]bool
	reachOf := func(col Color, pt PieceType) geom.Set {
		if !reached[col][pt] {
			var r geom.Set
			for s := c.mobility[col][pt]; s.Any(); {
				from := s.Pop()
				r = r.Or(c.tables[col][pt].quiet[from].all).Or(c.tables[col][pt].capture[from].all)
			}
			reach[col][pt], reached[col][pt] = r.And(mask), true
		}
		return reach[col][pt]
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
		name := fmt.Sprintf("the %s %s on %s", col, pt, sq)
		if !c.mobility[col][pt].Has(sq) && !inStart(col, pt, sq) {
			return bad(sq, "%s stands outside the squares its type may go to (its mobility region)", name)
		}
		quiet := c.tables[col][pt].quiet[sq].all.And(mask)
		immobile := quiet.Empty() && c.tables[col][pt].capture[sq].all.And(mask).Empty()
		if v.PromotionPawnTypes[col].Has(pt) && !p.promoted.Has(sq) {
			last := v.MaxRank
			if col == Black {
				last = 0
			}
			zone := v.PromotionRegion[col].Has(sq)
			if zone && (sq.Rank() == last || v.MandatoryPawnPromotion || immobile) && !inStart(col, pt, sq) {
				return bad(sq, "%s stands in its promotion zone, where it must have promoted", name)
			}
			droppable := v.HasPockets() && c.dropRegion[col][pt].Has(sq)
			if !reachOf(col, pt).Has(sq) && !droppable && !v.DoubleStepRegion[col].Has(sq) && !inStartRank(col, pt, sq.Rank()) {
				return bad(sq, "%s could never get there (no move of a %s ends on that rank)", name, pt)
			}
		}
		if v.ImmobilityIllegal && immobile && !inStart(col, pt, sq) {
			return bad(sq, "%s could never move from there, which this variant does not allow (immobilityIllegal)", name)
		}
	}
	return nil
}
