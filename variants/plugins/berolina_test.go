package plugins

import "testing"

// berolinaChess is Fairy-Stockfish's berolina: the oracle's perft on its
// rows, and the same variant tables as the catalogue's [berolina].
func TestBerolinaChess(t *testing.T) {
	checkOracle(t, "berolinaChess", "berolina")
	sameTables(t, "berolinaChess", "berolina")
	// From the start a pawn steps diagonally, one or two squares.
	if got, want := legal(t, "berolinaChess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
		"e1d1 e1d2 e1f1 e1f2 e2c4 e2d3 e2f3 e2g4"; got != want {
		t.Errorf("moves\n got  %s\n want %s", got, want)
	}
}
