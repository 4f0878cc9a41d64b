package presets

import (
	"fmt"

	"houserules/position"
	"houserules/rules"
)

// LastPieceStanding is the last-piece-standing preset (seed RULES.md,
// "Annihilation"): a player wins when the opponent has no piece left. The
// king is an ordinary piece: it may be captured, there is no check (so no
// pins and no checkmate), and a side with no legal move loses.
//
// Mechanism: a pure variant edit, no hooks (so the base generator runs
// untouched, as in giveaway chess): the royal king is replaced by a
// non-royal piece with the same letter and the same movement (the
// commoner, or a custom piece for a variant whose king moves otherwise),
// which also becomes the castling piece; extinction of all pieces (count 0)
// loses, and so does having no legal move (stalemate value = loss).
type LastPieceStanding struct{}

func init() { rules.Register(LastPieceStanding{}) }

// Info declares the preset.
func (LastPieceStanding) Info() rules.Info {
	return rules.Info{
		ID: "last-piece-standing", Name: "Annihilation", Category: "Win/Loss Condition", Mode: rules.Override,
		Description:  "The king is an ordinary piece (no check); a side with no pieces left, or no legal move, loses.",
		Incompatible: []string{"capture-to-win"},
		Adds:         []string{"preset.annihilation-win", "preset.no-legal-moves-loss"},
		Retracts:     []string{"fide.check-detection", "fide.checkmate-win", "fide.stalemate-draw", "fide.king-capture-illegal"},
	}
}

// Setup edits the variant.
func (LastPieceStanding) Setup(b *rules.Builder, opts rules.Options) error {
	v := b.Variant
	if v.PieceChar[position.King] != 0 {
		to, err := commonerSlot(v)
		if err != nil {
			return err
		}
		replacePieceType(v, position.King, to)
	}
	v.ExtinctionValue = position.ValueLoss
	v.ExtinctionPieceTypes = position.SetOf(position.AllPieces)
	v.ExtinctionPieceCount = 0
	v.ExtinctionOpponentPieceCount = 0
	v.ExtinctionPseudoRoyal = false
	v.ExtinctionClaim = false
	v.DupleCheck = false
	v.StalemateValue = position.ValueLoss
	v.StalematePieceCount = false
	return nil
}

// commonerSlot picks the non-royal type that takes the king's place: the
// commoner (a non-royal king) when the king moves as a king and the
// variant has no commoner of its own, else a free custom-piece slot that
// gets the king's Betza movement.
func commonerSlot(v *position.Variant) (position.PieceType, error) {
	bz := "K"
	if v.KingType != position.King {
		bz = v.CustomBetza[v.KingType]
	} else if v.PieceChar[position.Commoner] == 0 {
		return position.Commoner, nil
	}
	for pt := position.CustomPiece1; pt < position.CustomRoyal; pt++ {
		if v.PieceChar[pt] == 0 && v.CustomBetza[pt] == "" {
			v.CustomBetza[pt] = bz
			return pt, nil
		}
	}
	return 0, fmt.Errorf("variant %s has no free piece type for a non-royal king", v.Name)
}

// replacePieceType makes type to take over every role of type from (its
// letter, values, regions and every option that names it) and removes from.
func replacePieceType(v *position.Variant, from, to position.PieceType) {
	set := func(s *position.PieceSet) {
		if s.Has(from) {
			*s = (*s &^ position.SetOf(from)).With(to)
		}
	}
	typ := func(t *position.PieceType) {
		if *t == from {
			*t = to
		}
	}
	v.PieceChar[to], v.PieceCharSynonym[to] = v.PieceChar[from], v.PieceCharSynonym[from]
	v.PieceValueMg[to], v.PieceValueEg[to] = v.PieceValueMg[from], v.PieceValueEg[from]
	v.PromotionLimit[to] = v.PromotionLimit[from]
	v.PromotedPieceType[to] = v.PromotedPieceType[from]
	for c := range 2 {
		v.MobilityRegion[c][to] = v.MobilityRegion[c][from]
		typ(&v.MainPromotionPawnType[c])
		set(&v.PromotionPawnTypes[c])
		set(&v.PromotionPieceTypes[c])
		set(&v.EnPassantTypes[c])
		typ(&v.CastlingKingPiece[c])
		set(&v.CastlingRookPieces[c])
		set(&v.NMoveRuleTypes[c])
		typ(&v.FlagPiece[c])
	}
	for i := range v.PromotedPieceType {
		typ(&v.PromotedPieceType[i])
	}
	set(&v.BlastImmuneTypes)
	set(&v.MutuallyImmuneTypes)
	set(&v.ConnectPieceTypes)
	set(&v.ExtinctionPieceTypes)
	v.RemovePiece(from)
	v.KingType = position.King
}
