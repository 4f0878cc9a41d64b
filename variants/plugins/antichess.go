package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// antichessPlugin: Antichess (Fairy-Stockfish's antichess, whose key the
// catalogue has): captures are compulsory (seed 001's move filter), the
// king is an ordinary piece (NoCheck) that pawns may promote to, there is
// no castling, and a side that has lost all its pieces or cannot move
// wins.
func init() {
	variants.Register("antichessPlugin", variants.Config{
		Label:            "Antichess",
		Group:            "Alternate Rules",
		Rows:             8,
		Cols:             8,
		NoCastling:       true,
		NoCheck:          true,
		PromotionPieces:  "qrbnk",
		StalemateMeaning: "win",
		MoveFilter: func(g *rules.Game, moves []position.Move) []position.Move {
			var caps []position.Move
			for _, m := range moves {
				if g.Pos.IsCapture(m) {
					caps = append(caps, m)
				}
			}
			if len(caps) > 0 {
				return caps
			}
			return moves
		},
		WinCondition: func(g *rules.Game) (rules.Result, bool) {
			if us := g.Pos.SideToMove(); g.Pos.CountAll(us) == 0 {
				return winFor(us, "lost all pieces"), true
			}
			return rules.Result{}, false
		},
		Hooks: func(b *rules.Builder) error {
			// NoCheck's "capture the last king" is not antichess's goal: the
			// king is a piece like any other
			b.Variant.ExtinctionValue = position.ValueNone
			b.Variant.ExtinctionPieceTypes = 0
			return nil
		},
		Title:       "Antichess (plugin)",
		Description: "Lose all your pieces to win. Captures are compulsory, the king is an ordinary piece, pawns may promote to a king, and a side that cannot move wins.",
		Rule:        "Board: 8×8 · Captures compulsory · Win: lose every piece",
	})
}
