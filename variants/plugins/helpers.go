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
	k := g.Pos.PiecesOf(c, kingType(g.Pos.V))
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

// kingType is the piece type of the king, the piece written K: King, or
// the type a preset moved it to (last-piece-standing makes the king an
// ordinary piece of another type, and the plugins' king goals — the hill,
// the race, the explosion — stay with it).
func kingType(v *position.Variant) position.PieceType {
	if v.PieceChar[position.King] != 0 {
		return position.King
	}
	for pt := range v.PieceChar {
		if c := v.PieceChar[pt]; c == 'k' || c == 'K' {
			return position.PieceType(pt)
		}
	}
	return position.King
}
