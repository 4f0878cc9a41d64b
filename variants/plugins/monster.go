package plugins

import (
	"houserules/position"
	"houserules/variants"
)

// monsterChess: White, with the king, the rooks and eight pawns, plays two
// plies a turn; Black, with the full army, one. Each ply is legal on its
// own; a ply that gives check ends White's turn (seed 001's multi-move
// example, RULINGS). The MaxMovesPerTurn flag compiles to the turn logic.
func init() {
	variants.Register("monsterChess", variants.Config{
		Label:           "Monster Chess",
		Group:           "Alternate Rules",
		Rows:            8,
		Cols:            8,
		FEN:             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
		MaxMovesPerTurn: variants.ByColour{position.White: 2, position.Black: 1},
		StatusText:      secondMoveStatus,
		Title:           "Monster Chess",
		Description:     "White gets two moves per turn; Black gets one. A move that gives check ends White's turn.",
		Rule:            "Board: 8×8 · White moves twice · Win: Checkmate",
	})
}
