package position_test

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestExtinctionCountsThePocket: extinction counts a side's pieces on the
// board and in its pocket, as Fairy-Stockfish's count_with_hand does. The
// expected results are the oracle's (Fairy-Stockfish c19b5f6: "bestmove
// (none)" with "score mate 0" for a finished game, else a move).
func TestExtinctionCountsThePocket(t *testing.T) {
	f, err := variants.Load("t.ini", strings.NewReader("[antihouse:giveaway]\npieceDrops = true\ncapturesToHand = true\npocketSize = 6\ncastling = false\n"))
	if err != nil {
		t.Fatal(err)
	}
	antihouse, err := f.Lookup("antihouse")
	if err != nil {
		t.Fatal(err)
	}
	koedem, err := variants.Get("koedem")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v      *position.Variant
		fen    string
		end    bool
		value  position.Value
		nMoves int
	}{
		// White's only piece is the knight in hand: not extinct, it drops
		// (the oracle plays N@d7); 63 drops.
		{antihouse, "4k3/8/8/8/8/8/8/8[N] w - - 0 1", false, 0, 63},
		// koedem: White holds both kings (one in hand): Black has lost.
		{koedem, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] b KQ - 0 1", true, position.ValueLoss, 0},
		// Black's king in hand must be dropped: the game goes on (33 drops).
		{koedem, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[k] b KQ - 0 1", false, 0, 33},
	} {
		p, err := position.New(c.v, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		end, over := p.ImmediateEnd()
		if over != c.end || (over && (end.Value != c.value || end.Reason != "extinction")) {
			t.Errorf("%s %s: ImmediateEnd = %v %v, want %v %v", c.v.Name, c.fen, end, over, c.value, c.end)
		}
		if over {
			continue
		}
		var buf [512]position.Move
		if n := len(p.LegalMoves(buf[:0])); n != c.nMoves {
			t.Errorf("%s %s: %d legal moves, want %d", c.v.Name, c.fen, n, c.nMoves)
		}
	}
}
