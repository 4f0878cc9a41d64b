package plugins

import (
	"houserules/position"
	"houserules/variants"
)

// toroidalChess: files and ranks wrap; no castling, no en passant. On a
// torus the first and last ranks touch, so the usual set-up would start
// with the kings side by side (each in check): the armies start one rank
// in from the edge — pieces on the 2nd and 7th ranks, pawns on the 3rd and
// 6th, double-stepping from there — with two empty ranks between the back
// ranks across the edge.
func init() {
	variants.Register("toroidalChess", variants.Config{
		Label:         "Toroidal Chess",
		Group:         "Alternate Rules",
		Rows:          8,
		Cols:          8,
		FEN:           "8/rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR/8 w - - 0 1",
		WrapFiles:     true,
		WrapRanks:     true,
		NoCastling:    true,
		NoEnPassant:   true,
		PawnStartRank: variants.ByColour{position.White: 3, position.Black: 6},
		Title:         "Toroidal Chess",
		Description:   "Chess on a torus: the side edges are joined and so are the first and last ranks. The armies start one rank in from the edge; no castling, no en passant.",
		Rule:          "Board: 8×8 torus · Win: Checkmate",
	})
}
