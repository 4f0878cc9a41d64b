package plugins

import (
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// chess960Plugin: Chess960 (Fischer random chess; the catalogue has
// chess960 and fischerandom): chess with Chess960 castling, whose start
// position the Init hook shuffles — the bishops on opposite colours, the
// king between the rooks (seed 001's init example).
func init() {
	variants.Register("chess960Plugin", variants.Config{
		Label:    "Chess960",
		Group:    "Classic",
		Rows:     8,
		Cols:     8,
		Chess960: true,
		Init: func(v *position.Variant, r rules.Shuffler) (string, error) {
			return rules.ShuffleStart(v, r)
		},
		Title:       "Chess960 (plugin)",
		Description: "Chess with the back-rank pieces shuffled at random (bishops on opposite colours, the king between the rooks; Black mirrors White). Castling puts king and rook on their usual squares.",
		Rule:        "Board: 8×8 · Shuffled start · Win: Checkmate",
	})
}
