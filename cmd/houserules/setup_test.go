package main

import (
	"strings"
	"testing"
)

// TestFSFFlag: a legend diagram (a shogi bishop on e5, a black pawn on a1,
// where no shogi pawn may stand) is refused by the strict FEN reader and
// read with --fsf, as Fairy-Stockfish reads it: the bishop's 16 squares,
// the 6 in the promotion zone (ranks 7–9) with and without promotion.
func TestFSFFlag(t *testing.T) {
	const fen = "9/9/9/9/4B4/9/9/9/pK5k1[] w - - 0 1"
	g := gameFlags{variant: "shogi", fen: fen}
	if _, err := g.game(); err == nil || !strings.Contains(err.Error(), "immobilityIllegal") {
		t.Fatalf("strict reading: %v, want the immobilityIllegal refusal", err)
	}
	g.fsf = true
	game, err := g.game()
	if err != nil {
		t.Fatal(err)
	}
	n, squares := 0, map[string]bool{}
	for _, m := range game.LegalMoves() {
		if u := game.Pos.UCI(m); strings.HasPrefix(u, "e5") {
			n++
			squares[u[2:4]] = true
		}
	}
	if n != 22 || len(squares) != 16 {
		t.Errorf("bishop moves from e5: %d to %d squares, want 22 to 16", n, len(squares))
	}
}
