package plugins

import "testing"

// hoppelPoppelChess is Fairy-Stockfish's hoppelpoppel: the oracle's perft on
// its rows (the catalogue's [hoppelpoppel] uses the built-in knibis and
// biskni; the plugin custom pieces mNcB and mBcN).
func TestHoppelPoppel(t *testing.T) {
	checkOracle(t, "hoppelPoppelChess", "hoppelpoppel")
	// The knight on d4 moves as a knight to its seven empty squares but
	// cannot take the pawn on b3 (a knight's square): it takes like a
	// bishop, on g7 (d4-e5-f6-g7). The bishop on a1 moves like a bishop
	// (b2, c3) and takes like a knight (b3).
	const fen = "4k3/6p1/8/8/3N4/1p6/8/B3K3 w - - 0 1"
	want := "a1b2 a1c3 a1b3 d4b5 d4c6 d4e6 d4f5 d4f3 d4e2 d4c2 d4g7 " +
		"e1d1 e1d2 e1e2 e1f1 e1f2"
	if got := legal(t, "hoppelPoppelChess", fen); got != sorted(want) {
		t.Errorf("moves\n got  %s\n want %s", got, sorted(want))
	}
}
