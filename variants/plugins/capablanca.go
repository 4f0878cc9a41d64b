package plugins

import "houserules/variants"

// capablancaChess: seed 001's large-board example. The catalogue's
// capablanca has the seed's key; this plugin extends it, so that it plays
// by Capablanca's rules (the castling king ends on the c or i file, which
// no flag expresses) with the seed's start position and promotion choices.
func init() {
	variants.Register("capablancaChess", variants.Config{
		Extends:         "capablanca",
		Label:           "Capablanca",
		Group:           "Large Boards",
		Rows:            8,
		Cols:            10,
		FEN:             "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
		PromotionPieces: "qrbnac",
		Title:           "Capablanca Chess",
		Description:     "Adds the archbishop (a: bishop + knight) and the chancellor (c: rook + knight) on a 10-wide board.",
		Rule:            "Board: 10×8 · Win: Checkmate",
	})
}
