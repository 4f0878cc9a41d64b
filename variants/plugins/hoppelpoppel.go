package plugins

import "houserules/variants"

// hoppelPoppelChess: knights capture as bishops, bishops as knights (the
// catalogue's hoppelpoppel takes the seed's key, in another case).
func init() {
	variants.Register("hoppelPoppelChess", variants.Config{
		Label: "Hoppel-Poppel",
		Group: "Classic",
		Rows:  8,
		Cols:  8,
		DivergentPieces: map[string]variants.Divergent{
			"n": {Move: "N", Capture: "B"},
			"b": {Move: "B", Capture: "N"},
		},
		Title:       "Hoppel-Poppel",
		Description: "Knights move as knights but capture as bishops; bishops move as bishops but capture as knights.",
		Rule:        "Board: 8×8 · Win: Checkmate",
	})
}
