package plugins

import "houserules/variants"

// noCastling: chess with castling disabled (seed 001's minimal plugin).
func init() {
	variants.Register("noCastling", variants.Config{
		Label:       "No Castling",
		Group:       "Classic",
		Rows:        8,
		Cols:        8,
		NoCastling:  true,
		Title:       "No Castling",
		Description: "Standard chess with castling disabled.",
		Rule:        "Board: 8×8 · Win: Checkmate",
	})
}
