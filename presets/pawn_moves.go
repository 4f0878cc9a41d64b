package presets

import (
	"houserules/geom"
	"houserules/position"
)

// pawnDir is the rank step of colour c's pawns: White up, Black down (as
// the base generator).
func pawnDir(c position.Color) int {
	if c == position.White {
		return 1
	}
	return -1
}

// pawnMayStand reports whether a pawn of colour c may move to s under the
// variant's mobility region (empty region = unrestricted).
func pawnMayStand(v *position.Variant, c position.Color, s geom.Square) bool {
	r := v.MobilityRegion[c][position.Pawn]
	return r.Empty() || r.Has(s)
}

// appendPawnMove appends the moves of a pawn of colour c going from → to,
// tagged with production prod, the way the base generator emits a pawn
// move (position/movegen.go, addPromotions): on a square of the promotion
// region one Promotion move per promotion piece type of the variant (within
// the promotion limits) and a shogi-style PiecePromotion when the pawn has
// a promoted type; the plain move too unless promotion is mandatory there.
func appendPawnMove(p *position.Position, c position.Color, list []position.Move, from, to geom.Square, prod uint16) []position.Move {
	v := p.V
	zone := v.PromotionRegion[c]
	if v.SittuyinPromotion {
		zone = geom.Set{}
	}
	if zone.Has(to) {
		for _, pt := range v.PromotionPieceTypes[c].Types() {
			if lim := v.PromotionLimit[pt]; lim == 0 || lim > p.Count(c, pt) {
				list = append(list, position.NewMove(from, to, position.Promotion, pt).WithProduction(prod))
			}
		}
		if ppt := v.PromotedPieceType[position.Pawn]; ppt != position.NoPieceType && !(v.PiecePromotionOnCapture && !p.Occupied().Has(to)) {
			list = append(list, position.NewMove(from, to, position.PiecePromotion, 0).WithProduction(prod))
		}
		if v.MandatoryPawnPromotion {
			return list
		}
	}
	return append(list, position.NewMove(from, to, position.Normal, 0).WithProduction(prod))
}
