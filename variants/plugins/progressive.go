package plugins

import (
	"fmt"

	"houserules/rules"
	"houserules/variants"
)

// progressiveChess: White plays one ply, Black two, White three and so on
// (Progressive Chess; seed 001's progressiveMove flag = 1). A ply that
// gives check ends the series early, as in the Scottish form of the game.
// The ProgressiveMove flag compiles to the turn logic.
func init() {
	variants.Register("progressiveChess", variants.Config{
		Label:           "Progressive Chess",
		Group:           "Alternate Rules",
		Rows:            8,
		Cols:            8,
		ProgressiveMove: 1,
		StatusText:      seriesStatus,
		Title:           "Progressive Chess",
		Description:     "White plays one move, Black two, White three, and so on; a move that gives check ends the series.",
		Rule:            "Board: 8×8 · Turns of 1, 2, 3 … moves · Win: Checkmate",
	})
}

// seriesStatus names the ply of the series to play ("move 2 of 3").
func seriesStatus(g *rules.Game, _ rules.Seat) string {
	n := 1 + g.Pos.GamePly() // the series' length: turns count from 0
	return fmt.Sprintf("move %d of %d", g.PliesThisTurn()+1, n)
}
