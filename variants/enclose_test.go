package variants

import (
	"testing"

	"houserules/geom"
	"houserules/position"
)

// TestEnclosingOptions: enclosingDrop, enclosingDropStart and
// flipEnclosedPieces are read as variants.ini's header documents them;
// dropOnTop = true is enclosingDrop = top (Fairy-Stockfish reads it first,
// so an enclosingDrop of the same section wins); freeDrops is our
// extension for the built-in ataxx's unlimited drops.
func TestEnclosingOptions(t *testing.T) {
	f := load(t, `[r:chess]
pieceDrops = true
enclosingDrop = reversi
enclosingDropStart = d4 e4 d5 e5
flipEnclosedPieces = reversi
[top:r]
dropOnTop = true
[both:r]
dropOnTop = true
enclosingDrop = snort
flipEnclosedPieces = none
freeDrops = true
`)
	for _, c := range []struct {
		name        string
		drop, flip  position.EnclosingRule
		start, free bool
	}{
		{"r", position.ReversiEnclosing, position.ReversiEnclosing, true, false},
		{"top", position.TopEnclosing, position.ReversiEnclosing, true, false},
		{"both", position.SnortEnclosing, position.NoEnclosing, true, true},
	} {
		v, err := f.Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		var start geom.Set
		for _, s := range []string{"d4", "e4", "d5", "e5"} {
			sq, _ := geom.ParseSquare(s, 8, 8)
			start.Add(sq)
		}
		if v.EnclosingDrop != c.drop || v.FlipEnclosedPieces != c.flip || (v.EnclosingDropStart == start) != c.start || v.FreeDrops != c.free {
			t.Errorf("%s: enclosingDrop %d flip %d start %v freeDrops %v", c.name, v.EnclosingDrop, v.FlipEnclosedPieces, v.EnclosingDropStart.Squares(), v.FreeDrops)
		}
	}
}
