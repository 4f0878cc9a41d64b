package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// marseillaisChess: two plies a turn; the first turn of the game is one
// ply; a ply that gives check ends the turn (seed 001's turnLogic
// example, RULINGS). Each ply is legal on its own. The en-passant target
// lasts one ply. The ply within the turn is position state (turn:1 in the
// FEN's facts suffix), so a game saved between the two plies resumes there.
func init() {
	variants.Register("marseillaisChess", variants.Config{
		Label: "Marseillais Chess",
		Group: "Alternate Rules",
		Rows:  8,
		Cols:  8,
		TurnLogic: func(g *rules.Game, mover position.Color, plies int) bool {
			first := mover == position.White && g.Pos.GamePly() == 1 // White's first ply of the game
			return plies < 2 && !first && !g.InCheck(mover.Other())
		},
		StatusText:  secondMoveStatus,
		Title:       "Marseillais Chess",
		Description: "Each side moves twice in a row; White's first turn is a single move. A move that gives check ends the turn.",
		Rule:        "Board: 8×8 · Two moves a turn · Win: Checkmate",
	})
}

// secondMoveStatus says when the side to move plays the second ply of its
// turn (seed 001's statusText example).
func secondMoveStatus(g *rules.Game, _ rules.Seat) string {
	if g.PliesThisTurn() == 1 {
		if g.Pos.SideToMove() == position.White {
			return "White — second move"
		}
		return "Black — second move"
	}
	return ""
}
