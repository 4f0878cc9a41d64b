package plugins

import (
	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// fogOfWar: Fog of War (dark chess): a player sees only the squares its
// own pieces stand on and the squares they could move to (seed 001's
// visibility hook: its pseudo-legal moves' targets); the rest of the
// board is hidden from that player's view (the play server masks it).
// There is no check: the king may be captured, and capturing it wins.
func init() {
	variants.Register("fogOfWar", variants.Config{
		Label:       "Fog of War",
		Group:       "Alternate Rules",
		Rows:        8,
		Cols:        8,
		NoCheck:     true,
		Visibility:  fogVisible,
		Title:       "Fog of War",
		Description: "You see only the squares your pieces stand on or could move to. There is no check: capture the king to win.",
		Rule:        "Board: 8×8 · Hidden board · Win: Capture the king",
	})
}

// fogVisible returns the squares colour c sees.
func fogVisible(g *rules.Game, c position.Color) geom.Set {
	p := g.Pos
	vis := p.Pieces(c)
	if p.SideToMove() != c {
		p.DoNull()
		defer p.Undo()
	}
	for _, m := range p.PseudoLegal(nil) {
		vis.Add(m.To())
	}
	return vis
}
