// Package presets holds the house rules of the seed RULES document, one
// file per preset with its test beside it. Each preset registers itself
// with the rules registry; a ruleset picks them by ID (--presets).
package presets

import (
	"houserules/geom"
	"houserules/position"
)

// clockwise lists the eight directions N, NE, E, SE, S, SW, W, NW as
// (file, rank) steps: the order the seed uses to find "the nearest empty
// adjacent square" (absolute directions for both colours, RULINGS).
var clockwise = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// firstEmptyAdjacent returns the first empty square next to s in clockwise
// order from N, or false when all are occupied or off the board.
func firstEmptyAdjacent(p *position.Position, s geom.Square) (geom.Square, bool) {
	b := p.V.Board()
	for _, d := range clockwise {
		if t, ok := b.Step(s, d[0], d[1]); ok && p.PieceOn(t) == position.NoPiece {
			return t, true
		}
	}
	return geom.NoSquare, false
}

func sqAt(file, rank int) geom.Square { return geom.Sq(file, rank) }
