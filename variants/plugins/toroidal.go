package plugins

import (
	"houserules/position"
	"houserules/variants"
)

// toroidalChess: files and ranks wrap; no castling, no en passant.
//
// On a torus the first and last ranks touch, so the usual set-up would
// start with the kings side by side, and a set-up with empty ranks behind
// the pieces leaves the kings open from behind (a mate in one). Here the
// pawns stand behind the pieces: the two pawn walls meet across the edge
// (White's on the 1st rank, Black's on the 8th) and the pieces face each
// other across the four middle ranks. A pawn double-steps from its start
// rank.
func init() {
	variants.Register("toroidalChess", variants.Config{
		Label:         "Toroidal Chess",
		Group:         "Alternate Rules",
		Rows:          8,
		Cols:          8,
		FEN:           "pppppppp/rnbqkbnr/8/8/8/8/RNBQKBNR/PPPPPPPP w - - 0 1",
		WrapFiles:     true,
		WrapRanks:     true,
		NoCastling:    true,
		NoEnPassant:   true,
		PawnStartRank: variants.ByColour{position.White: 1, position.Black: 8},
		Title:         "Toroidal Chess",
		Description:   "Chess on a torus: the side edges are joined and so are the first and last ranks. The pawns start behind the pieces, the two pawn walls meeting across the edge. No castling, no en passant.",
		Rule:          "Board: 8×8 torus · Win: Checkmate",
	})
}
