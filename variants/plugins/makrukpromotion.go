package plugins

import (
	"houserules/position"
	"houserules/variants"
)

// makrukPromotion: chess whose pawns promote on the sixth rank (the third
// for Black), to a met (ferz) only — seed 001's custom promotion rank
// example (promotionRank: White row 2, Black row 5 of 8, counted from the
// top: ranks 6 and 3).
func init() {
	variants.Register("makrukPromotion", variants.Config{
		Label:           "Makruk Promotion",
		Group:           "Alternate Rules",
		Rows:            8,
		Cols:            8,
		Pieces:          map[string]string{"m": "F"}, // the met steps one square diagonally
		PromotionRank:   variants.ByColour{position.White: 6, position.Black: 3},
		PromotionPieces: "m",
		Title:           "Makruk Promotion",
		Description:     "Chess where a pawn promotes as soon as it reaches the sixth rank (the third for Black), and only to a met, which steps one square diagonally.",
		Rule:            "Board: 8×8 · Promotion: 6th rank, to a met · Win: Checkmate",
	})
}
