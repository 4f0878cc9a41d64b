package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

var prodEinstein = position.RegisterProduction("plugin.einstein-step")

// einsteinChess: after every move the moved piece steps up the ladder
// pawn → knight → bishop → rook → queen when it captured (en passant
// included) and down when it did not; a queen that captures and a pawn
// that does not stay as they are; kings are exempt and castling changes
// nothing. The step applies to the piece after promotion (RULINGS; seed
// 001's afterMove example).
func init() {
	ladder := []position.PieceType{position.Pawn, position.Knight, position.Bishop, position.Rook, position.Queen}
	variants.Register("einsteinChess", variants.Config{
		Label: "Einstein Chess",
		Group: "Alternate Rules",
		Rows:  8,
		Cols:  8,
		AfterMove: func(g *rules.Game, m position.Move, info rules.MoveInfo) {
			if m.Kind() == position.Castling {
				return
			}
			pc := g.Pos.PieceOn(m.To())
			i := -1
			for j, pt := range ladder {
				if pc != position.NoPiece && pc.Type() == pt {
					i = j
				}
			}
			if i < 0 {
				return // a king (or no piece)
			}
			n := i - 1
			if info.Captured != position.NoPiece {
				n = i + 1
			}
			n = max(0, min(n, len(ladder)-1))
			if n != i {
				g.Place(m.To(), position.MakePiece(pc.Color(), ladder[n]), g.Pos.MetaOn(m.To()), prodEinstein)
			}
		},
		Title:       "Einstein Chess",
		Description: "Pieces change with every move: a capture promotes the capturer one step up the ladder pawn → knight → bishop → rook → queen, any other move demotes it one step down. Kings never change.",
		Rule:        "Board: 8×8 · Pieces step up on captures, down otherwise · Win: Checkmate",
	})
}
