package plugins

import "houserules/variants"

// threeCheck: seed 001's Three-Check (Fairy-Stockfish's 3check, whose key
// the catalogue has in another spelling): the CheckThreshold flag counts
// the checks; the third check wins, and checkmate still does.
// fiveCheck (fivecheck.go) extends it.
func init() {
	variants.Register("threeCheck", variants.Config{
		Label:          "Three-Check",
		Group:          "Tactical",
		Rows:           8,
		Cols:           8,
		CheckThreshold: 3,
		Title:          "Three-Check (plugin)",
		Description:    "Deliver three checks to win immediately.",
		Rule:           "Board: 8×8 · Win: Checkmate or 3 checks",
	})
}
