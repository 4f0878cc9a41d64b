package plugins

import "houserules/variants"

// berolinaChess: pawns move diagonally forward and capture straight ahead.
func init() {
	variants.Register("berolinaChess", variants.Config{
		Label:         "Berolina Chess",
		Group:         "Classic",
		Rows:          8,
		Cols:          8,
		PawnMoveStyle: "berolina",
		Title:         "Berolina Chess",
		Description:   "Pawns move one square diagonally forward (two from their first rank) and capture one square straight ahead.",
		Rule:          "Board: 8×8 · Win: Checkmate",
	})
}
