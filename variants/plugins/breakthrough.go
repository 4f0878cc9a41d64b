package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// breakthrough7x7: seed 001's Breakthrough (the catalogue's breakthrough
// is Fairy-Stockfish's 8×8 game of another set-up): 7×7, two rows of
// pawns a side, chess pawns without castling, en passant or promotion; a
// pawn that reaches the far rank wins, and a side without a legal move
// loses (RULINGS).
func init() {
	variants.Register("breakthrough7x7", variants.Config{
		Label:       "Breakthrough",
		Group:       "Alternate Rules",
		Rows:        7,
		Cols:        7,
		FEN:         "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w - - 0 1",
		NoCastling:  true,
		NoEnPassant: true,
		NoPromotion: true,
		// both colours double-step from their front row (the base's
		// Black would from the 7th rank, its back row here)
		PawnStartRank: variants.ByColour{position.White: 2, position.Black: 6},
		// no legal move: a loss (there is no king to be checkmated)
		StalemateMeaning: "loss",
		WinCondition: func(g *rules.Game) (rules.Result, bool) {
			v := g.Pos.V
			for _, c := range [...]position.Color{position.White, position.Black} {
				far := v.MaxRank
				if c == position.Black {
					far = 0
				}
				for b := g.Pos.PiecesOf(c, position.Pawn); b.Any(); {
					if b.Pop().Rank() == far {
						return winFor(c, "breakthrough"), true
					}
				}
			}
			return rules.Result{}, false
		},
		Title:       "Breakthrough (7×7)",
		Description: "Only pawns, two rows a side on a 7×7 board. Pawns move and capture as in chess but never promote, double-step or take en passant. The first pawn to reach the far rank wins; a side that cannot move loses.",
		Rule:        "Board: 7×7 · Win: Reach far rank",
	})
}
