package plugins

import "houserules/variants"

// torpedoChess: pawns may double-step from any rank (the catalogue's
// torpedo has the seed's key).
func init() {
	variants.Register("torpedoChess", variants.Config{
		Label:       "Torpedo Chess",
		Group:       "Classic",
		Rows:        8,
		Cols:        8,
		Torpedo:     true,
		Title:       "Torpedo Chess",
		Description: "Pawns can double-push from any rank, not just the starting row.",
		Rule:        "Board: 8×8 · Win: Checkmate",
	})
}
