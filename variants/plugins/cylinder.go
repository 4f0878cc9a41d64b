package plugins

import "houserules/variants"

// cylinderChess: the a-file and the h-file are neighbours.
func init() {
	variants.Register("cylinderChess", variants.Config{
		Label:       "Cylinder Chess",
		Group:       "Alternate Rules",
		Rows:        8,
		Cols:        8,
		WrapFiles:   true,
		Title:       "Cylinder Chess",
		Description: "Chess on a cylinder: the a-file and the h-file are joined, so pieces move across the side edges.",
		Rule:        "Board: 8×8, files wrap · Win: Checkmate",
	})
}
