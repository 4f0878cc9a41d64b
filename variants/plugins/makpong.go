package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// makpongPlugin: Makpong (Fairy-Stockfish's makpong, whose key the
// catalogue has): makruk whose king may not move while in check — the
// check must be blocked or the checker taken, by the king too when it is
// the only checker (seed 001's move-filter example, on the catalogue's
// makruk; the seed's comment says "block or capture", and
// Fairy-Stockfish's makpong lets the king take a lone checker).
func init() {
	variants.Register("makpongPlugin", variants.Config{
		Extends: "makruk",
		Label:   "Makpong",
		Group:   "Alternate Rules",
		MoveFilter: func(g *rules.Game, moves []position.Move) []position.Move {
			us := g.Pos.SideToMove()
			if !g.InCheck(us) {
				return moves
			}
			checkers := g.Checkers()
			out := moves[:0]
			for _, m := range moves {
				// the king may take the checking piece when it is the only
				// one ("block or capture"; Fairy-Stockfish's makpong too)
				lone := checkers.Count() == 1 && checkers.Has(m.To())
				if pc := g.Pos.PieceOn(m.From()); pc.Type() != position.King || lone {
					out = append(out, m)
				}
			}
			return out
		},
		Title:       "Makpong (plugin)",
		Description: "Makruk (Thai chess), but a king in check may not move: the check must be blocked or the checking piece captured.",
		Rule:        "Board: 8×8 · King cannot flee check · Win: Checkmate",
	})
}
