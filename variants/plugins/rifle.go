package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

var prodRifle = position.RegisterProduction("plugin.rifle-shot")

// rifleChess: a capture removes the captured piece and the capturer stays
// on its square (seed 001's beforeMove example). En passant is an ordinary
// en-passant move; a pawn that captures towards the last rank stays where
// it is and does not promote (RULINGS), so of its promotion captures one
// is listed (the queen's, whose letter is then only notation).
func init() {
	variants.Register("rifleChess", variants.Config{
		Label: "Rifle Chess",
		Group: "Tactical",
		Rows:  8,
		Cols:  8,
		BeforeMove: func(g *rules.Game, m position.Move) rules.Verdict {
			if rifleShot(g, m) {
				return rules.Replace
			}
			return rules.Proceed
		},
		// the shot is the move's capture (after-move hooks see it: a
		// preset such as piece-hp turns it into damage)
		ReplaceMove: func(g *rules.Game, m position.Move) { g.CapturePiece(m, m.To(), prodRifle) },
		MoveFilter: func(g *rules.Game, moves []position.Move) []position.Move {
			// a pawn's shot onto the last rank does not promote: one move
			// per shot stays, the queen's (e7d8q) when the variant
			// promotes to a queen, else its first promotion (e7d8n where
			// only knights are promotion pieces)
			type shot struct{ from, to geom.Square }
			var keep map[shot]position.Move
			for _, m := range moves {
				if m.Kind() == position.Promotion && rifleShot(g, m) {
					if keep == nil {
						keep = map[shot]position.Move{}
					}
					k := shot{m.From(), m.To()}
					if _, ok := keep[k]; !ok || m.PromotionType() == position.Queen {
						keep[k] = m
					}
				}
			}
			out := moves[:0]
			for _, m := range moves {
				if m.Kind() == position.Promotion && rifleShot(g, m) && keep[shot{m.From(), m.To()}] != m {
					continue
				}
				out = append(out, m)
			}
			return out
		},
		Title:       "Rifle Chess",
		Description: "A capturing piece shoots its victim: the captured piece is removed and the capturer stays on its square. En passant is as usual; a pawn that shoots onto the last rank does not promote.",
		Rule:        "Board: 8×8 · Captures shoot · Win: Checkmate",
	})
}

// rifleShot reports whether m is a capture the rifle rule makes (not en
// passant, not castling).
func rifleShot(g *rules.Game, m position.Move) bool {
	switch m.Kind() {
	case position.Normal, position.Promotion:
		pc := g.Pos.PieceOn(m.To())
		return pc != position.NoPiece && pc.Color() != g.Pos.SideToMove()
	}
	return false
}
