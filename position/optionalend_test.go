package position_test

import (
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestOptionalEnd: the n-move rule waits, in check, for a legal move (a
// checkmate given by the 100th ply stands), as Fairy-Stockfish's
// is_optional_game_end tests `!checkers() || MoveList<LEGAL>(*this).size()`;
// the counting rule of makruk likewise; a plain repetition counts at its
// second occurrence only strictly after the search root.
func TestOptionalEnd(t *testing.T) {
	chess, err := variants.Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen    string
		end    bool
		reason string
	}{
		// the rook checks along the 8th rank, the king steps to d7/e7/f7
		{"4k2R/8/8/8/8/8/8/4K3 b - - 100 80", true, "n-move rule"},
		// the same check is mate: the game is not drawn
		{"R3k3/8/4K3/8/8/8/8/8 b - - 100 80", false, ""},
		// out of check, one ply short of the limit
		{"4k3/8/8/8/8/8/8/4K2R b - - 99 80", false, ""},
		{"4k3/8/8/8/8/8/8/4K2R b - - 100 80", true, "n-move rule"},
	} {
		p, err := position.New(chess, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		e, over := p.OptionalEnd(0)
		if over != c.end || e.Reason != c.reason || (over && e.Value != position.ValueDraw) {
			t.Errorf("%s: OptionalEnd = %v %v, want %v %q", c.fen, e, over, c.end, c.reason)
		}
	}
	// Nf3 Nf6 Ng1 Ng8: the start position again, its second occurrence
	p, err := position.New(chess, chess.StartFEN, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Do(m)
	}
	for _, c := range []struct {
		ply int
		end bool
	}{{0, false}, {4, false}, {5, true}} {
		if e, over := p.OptionalEnd(c.ply); over != c.end || (over && (e.Value != position.ValueDraw || e.Reason != "repetition")) {
			t.Errorf("twofold repetition at distance 4 from a root %d plies back: %v %v, want %v", c.ply, e, over, c.end)
		}
	}
}
