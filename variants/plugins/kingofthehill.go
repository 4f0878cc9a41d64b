package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// kingOfTheHillPlugin: King of the Hill (Fairy-Stockfish's kingofthehill,
// whose key the catalogue has), as seed 001 writes it: chess with a win
// condition — the side whose king stands on d4, e4, d5 or e5 after its
// move wins.
func init() {
	hill := [...]geom.Square{geom.Sq(3, 3), geom.Sq(4, 3), geom.Sq(3, 4), geom.Sq(4, 4)}
	variants.Register("kingOfTheHillPlugin", variants.Config{
		Label: "King of the Hill",
		Group: "Tactical",
		Rows:  8,
		Cols:  8,
		WinCondition: func(g *rules.Game) (rules.Result, bool) {
			mover := g.Pos.SideToMove().Other() // the side that just moved
			for _, s := range hill {
				if pc := g.Pos.PieceOn(s); pc != position.NoPiece && pc.Type() == kingType(g.Pos.V) && pc.Color() == mover {
					return winFor(mover, "king of the hill"), true
				}
			}
			return rules.Result{}, false
		},
		Title:       "King of the Hill (plugin)",
		Description: "Chess, and a king that reaches one of the four centre squares (d4, e4, d5, e5) wins at once.",
		Rule:        "Board: 8×8 · Win: Checkmate or king on the hill",
	})
}
