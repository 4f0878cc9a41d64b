package rules_test

import (
	"strings"
	"testing"

	"houserules/position"
	_ "houserules/presets"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestCheckedRoyals: Game.CheckedRoyals names the royal pieces in check,
// White's and Black's, with and without house rules: coregal's queen
// attacked (not the king beside it), atomic's king (a commoner) attacked
// from afar but not when it stands beside the enemy king, whichever side
// is to move; spartan's two kings only when both are attacked; with
// piece-hp only the royals with 1 HP (2 when not told); chess's king as InCheck says.
func TestCheckedRoyals(t *testing.T) {
	for _, c := range []struct{ variant, presets, fen, white, black string }{
		{"coregal", "", "q3k3/8/8/8/b7/8/8/3QK3 w - - 0 1", "d1", ""},
		{"coregal", "", "4k3/8/8/8/b7/8/8/3QK2q w - - 0 1", "d1 e1", ""},
		{"coregal", "piece-hp", "q3k3/8/8/8/b7/8/8/3QK3 w - - 0 1 {Hp:d1=1}", "d1", ""},
		{"coregal", "piece-hp", "q3k3/8/8/8/b7/8/8/3QK3 w - - 0 1", "", ""},
		{"atomic", "", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1", ""},
		{"atomic", "", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1", "", ""},
		{"atomic", "", "8/8/8/8/8/8/3k4/r3K3 b - - 0 1", "", ""},
		{"atomic", "piece-hp", "4k3/8/8/8/8/8/8/4K2r w - - 0 1 {Hp:e1=1}", "e1", ""},
		{"atomic", "piece-hp", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1 {Hp:e1=1}", "", ""},
		{"atomic", "piece-hp", "8/8/8/8/8/8/3k4/r3K3 b - - 0 1 {Hp:e1=1}", "", ""},
		{"spartan", "", "k3R3/8/8/8/8/8/8/4K2k b - - 0 1", "", ""},
		{"spartan", "", "k6k/8/8/8/8/8/8/R3K2R b - - 0 1", "", "a8 h8"},
		{"chess", "", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1", ""},
		{"chess", "piece-hp", "4k3/8/8/8/4R3/8/8/5K2 w - - 0 1 {Hp:e8=2}", "", ""},
		{"chess", "piece-hp", "4k3/8/8/8/4R3/8/8/5K2 b - - 0 1", "", "e8"},
	} {
		g, err := rules.NewGame(rulestest.Compile(t, c.variant, c.presets), c.fen, false)
		if err != nil {
			t.Fatalf("%s + %q %s: %v", c.variant, c.presets, c.fen, err)
		}
		for _, side := range []struct {
			c    position.Color
			want string
		}{{position.White, c.white}, {position.Black, c.black}} {
			var got []string
			for b := g.CheckedRoyals(side.c); b.Any(); {
				got = append(got, b.Pop().String())
			}
			if strings.Join(got, " ") != side.want {
				t.Errorf("%s + %q %s: %v's checked royals %v, want %q", c.variant, c.presets, c.fen, side.c, got, side.want)
			}
			// without house rules the side to move is in check exactly
			// when a royal of it is (with them, atomic's InCheck does not
			// spare a king beside the enemy king: the legality of house
			// rules, left as it is)
			if c.presets == "" && side.c == g.Pos.SideToMove() && g.InCheck(side.c) != (side.want != "") {
				t.Errorf("%s + %q %s: InCheck(%v) %v", c.variant, c.presets, c.fen, side.c, g.InCheck(side.c))
			}
		}
	}
}
