package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
)

// winFor is a result won by colour c for reason.
func winFor(c position.Color, reason string) rules.Result {
	if c == position.White {
		return rules.Result{Score: "1-0", Reason: reason}
	}
	return rules.Result{Score: "0-1", Reason: reason}
}

// kingOf returns the square of colour c's king (false when it has none).
func kingOf(g *rules.Game, c position.Color) (geom.Square, bool) {
	k := g.Pos.PiecesOf(c, position.King)
	if !k.Any() {
		return 0, false
	}
	return k.First(), true
}

// givesCheck reports whether m, made, leaves the opponent of the mover in check.
func givesCheck(g *rules.Game, m position.Move) bool {
	them := g.Pos.SideToMove().Other()
	g.Do(m)
	defer g.Undo()
	return g.InCheck(them)
}
