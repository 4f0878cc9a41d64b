package plugins

import "testing"

// torpedoChess is Fairy-Stockfish's torpedo: the oracle's perft on its rows,
// and the same variant tables as the catalogue's [torpedo].
func TestTorpedoChess(t *testing.T) {
	checkOracle(t, "torpedoChess", "torpedo")
	sameTables(t, "torpedoChess", "torpedo")
}
