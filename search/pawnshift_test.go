package search

import (
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestPawnShift checks which variants take the shifted pawn-attack path
// and that it agrees with the move tables.
func TestPawnShift(t *testing.T) {
	want := map[string][2]bool{
		"chess":      {true, true},
		"capablanca": {true, true},
		"makruk":     {true, true},
		"berolina":   {false, false}, // the Berolina pawn captures straight ahead
	}
	for name, w := range want {
		v, err := variants.Get(name)
		if err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		rs, err := rules.Compile(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEvaluator(rs)
		if e.pawnShift != w {
			t.Errorf("%s: pawnShift %v, want %v", name, e.pawnShift, w)
		}
		g, _ := rules.NewGame(rs, "", false)
		for c := position.White; c <= position.Black && e.pawnShift[c]; c++ {
			shifted := e.pawnAttacksShift(g.Pos.PiecesOf(c, position.Pawn), c)
			var tab geom.Set
			for bb := g.Pos.PiecesOf(c, position.Pawn); bb.Any(); {
				tab = tab.Or(g.Pos.Attacks(c, position.Pawn, bb.Pop(), g.Pos.Occupied()))
			}
			if shifted != tab {
				t.Errorf("%s colour %d: shifted pawn attacks differ from the tables", name, c)
			}
		}
	}
}
