package plugins

import "testing"

// capablancaChess is Fairy-Stockfish's capablanca: the oracle's perft on its
// rows, and the same variant tables as the catalogue's [capablanca].
func TestCapablancaChess(t *testing.T) {
	checkOracle(t, "capablancaChess", "capablanca")
	sameTables(t, "capablancaChess", "capablanca")
	if r := resolve(t, "capablancaChess"); r.Variant.MaxFile != 9 || r.Variant.MaxRank != 7 {
		t.Errorf("board %d×%d", r.Variant.MaxFile+1, r.Variant.MaxRank+1)
	}
}
