package plugins

import (
	"strings"
	"testing"
)

// noCastling is Fairy-Stockfish's nocastle: the oracle's perft on its rows.
func TestNoCastlingIsNocastle(t *testing.T) {
	checkOracle(t, "noCastling", "nocastle")
	sameTables(t, "noCastling", "nocastle")
}

// Castling rights in a FEN give no castling move. Oracle: Fairy-Stockfish
// 11.1 (nocastle, /usr/games/fairy-stockfish): these 24 moves, and 11522
// nodes at depth 3.
func TestNoCastlingRights(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	want := "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 " +
		"h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"
	if got := legal(t, "noCastling", fen); got != want {
		t.Errorf("moves\n got  %s\n want %s", got, want)
	}
	if got := perft(t, "noCastling", fen, 3); got != 11522 {
		t.Errorf("perft 3 = %d, want 11522", got)
	}
	g, _ := resolve(t, "noCastling").NewGame("")
	if !strings.Contains(g.FEN(), " w - - ") {
		t.Errorf("start position %q has castling rights", g.FEN())
	}
}
