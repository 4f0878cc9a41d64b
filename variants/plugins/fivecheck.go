package plugins

import "houserules/variants"

// fiveCheck extends threeCheck (seed 001's inheritance example): five
// checks win, checkmate still wins (Fairy-Stockfish's 5check).
func init() {
	variants.Register("fiveCheck", variants.Config{
		Extends:        "threeCheck",
		Label:          "Five-Check",
		CheckThreshold: 5,
		Title:          "Five-Check (plugin)",
		Description:    "Like Three-Check but need five checks to win.",
		Rule:           "Board: 8×8 · Win: 5 checks or checkmate",
	})
}
