package presets

import (
	"strings"
	"testing"

	"houserules/position"
)

// TestResolutionsRecorded: each preset's resolution is named among the
// effects of the move that set it off (moves --explain prints them): the
// rook's detonation, the poison damage, the king's heal; a move that sets
// off none records none.
func TestResolutionsRecorded(t *testing.T) {
	for _, c := range []struct{ presets, fen, move, want string }{
		{"explosive-rook", "7k/8/8/8/R2p4/8/8/K7 w - - 0 1", "a4d4", "preset.rook-detonation"},
		{"explosive-rook", "7k/8/8/8/R2p4/8/8/K7 w - - 0 1", "a4b4", ""},
		{"piece-hp,poisoned-squares", "7k/8/8/8/8/8/3P4/K7 w - - 0 1", "d2d4", "preset.poison-damage"},
		{"piece-hp,poisoned-squares", "7k/8/8/8/8/8/3P4/K7 w - - 0 1", "d2d3", ""},
		{"piece-hp,king-heals", "7k/8/8/8/8/8/3P4/K7 w - - 0 1 {Hp:a1=1}", "d2d3", "preset.king-heal"},
		{"piece-hp,king-heals", "7k/8/8/8/8/8/3P4/K7 w - - 0 1 {Hp:a1=3}", "d2d3", ""},
		{"piece-hp,poisoned-squares,king-heals", "7k/8/8/8/8/8/3P4/K7 w - - 0 1 {Hp:a1=1}", "d2d4", "preset.poison-damage preset.king-heal"},
	} {
		g := newGame(t, c.presets, c.fen)
		play(t, g, c.move)
		var names []string
		for _, e := range g.Effects() {
			names = append(names, position.ProductionName(e))
		}
		if got := strings.Join(names, " "); got != c.want {
			t.Errorf("%s %s %s: effects %q, want %q", c.presets, c.fen, c.move, got, c.want)
		}
	}
}
