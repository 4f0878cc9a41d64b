package server

import (
	"fmt"
	"testing"
)

// TestCheckMarksRoyals: a state's check names the royal squares in check,
// the pieces attacked, whatever their type: coregal's queen (royal as the
// king is) when it alone is attacked, both when both are; atomic's king
// (a commoner written K) attacked by a rook from afar, and no square when
// the kings stand side by side (taking either would blow up the taker's
// own: no check, as on lichess), whichever side is to move; spartan's two
// black kings only when both are attacked (duple check), White's lone
// king as in chess; a chess king as before.
func TestCheckMarksRoyals(t *testing.T) {
	ts := newTestServer(t, RandomMover{})
	cases := []struct {
		variant, fen, want string
	}{
		// coregal: Ba4 attacks the royal queen d1, nothing the king e1
		{"coregal", "q3k3/8/8/8/b7/8/8/3QK3 w - - 0 1", "[d1]"},
		// coregal: the queen d1 by Ba4 and the king e1 by qh1
		{"coregal", "4k3/8/8/8/b7/8/8/3QK2q w - - 0 1", "[d1 e1]"},
		// coregal: the black queen a8 attacked by Rh8, its king g1 not
		{"coregal", "q6R/8/8/8/8/8/8/4K1k1 b - - 0 1", "[a8]"},
		// coregal: the black king by Re1, its queen safe
		{"coregal", "q3k3/8/8/8/8/8/8/3QR1K1 b - - 0 1", "[e8]"},
		// atomic: the rook h1 attacks the king e1, the kings apart
		{"atomic", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "[e1]"},
		// atomic: the same with Black's king in check from Ra8 (Black to move)
		{"atomic", "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", "[e8]"},
		// atomic: the rook a1 attacks the king e1, but the black king d2 stands beside it
		{"atomic", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1", "[]"},
		// atomic: the same, Black to move (White's king is not in check either)
		{"atomic", "8/8/8/8/8/8/3k4/r3K3 b - - 0 1", "[]"},
		// spartan: one of Black's two kings attacked is no check
		{"spartan", "k3R3/8/8/8/8/8/8/4K2k b - - 0 1", "[]"},
		// spartan: both attacked, by Ra1 and Rh1
		{"spartan", "k6k/8/8/8/8/8/8/R3K2R b - - 0 1", "[a8 h8]"},
		// spartan: White's lone king in check from the general (bers) e8
		{"spartan", "k3g2k/8/8/8/8/8/8/4K3 w - - 0 1", "[e1]"},
		// chess: the king, as before
		{"chess", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "[e1]"},
		{"chess", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "[]"},
	}
	for _, c := range cases {
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": c.variant, "fen": c.fen, "side": "white", "opponent": map[string]any{"type": "human"}})
		if code != 201 {
			t.Errorf("%s %s: create: %d %v", c.variant, c.fen, code, g)
			continue
		}
		st := g["state"].(map[string]any)
		if got := fmt.Sprint(st["check"]); got != c.want {
			t.Errorf("%s %s: check %s, want %s", c.variant, c.fen, got, c.want)
		}
	}
}
