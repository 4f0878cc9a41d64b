package search

import (
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestCheckParts: the compound types found for the safe-check squares,
// and that their union gives the same squares as the type's own attacks
// in positions along a game.
func TestCheckParts(t *testing.T) {
	cases := []struct {
		variant string
		want    map[position.PieceType][2]position.PieceType
	}{
		{"chess", map[position.PieceType][2]position.PieceType{position.Queen: {position.Bishop, position.Rook}}},
		{"capablanca", map[position.PieceType][2]position.PieceType{
			position.Queen:      {position.Bishop, position.Rook},
			position.Archbishop: {position.Knight, position.Bishop},
			position.Chancellor: {position.Knight, position.Rook},
		}},
		{"makruk", map[position.PieceType][2]position.PieceType{}},
	}
	for _, tc := range cases {
		v, err := variants.Get(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := rules.Compile(v, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEvaluator(rs)
		got := map[position.PieceType][2]position.PieceType{}
		for i, pt := range e.types[:min(len(e.types), maxThreatTypes)] {
			if part := e.checkPart[i]; part[0] >= 0 {
				got[pt] = [2]position.PieceType{e.types[part[0]], e.types[part[1]]}
			}
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: compounds %v, want %v", tc.variant, got, tc.want)
		}
		for pt, w := range tc.want {
			g := got[pt]
			if !(g == w || g == [2]position.PieceType{w[1], w[0]}) {
				t.Errorf("%s: %v = %v, want %v", tc.variant, pt, g, w)
			}
		}
		// along a game: every type's check squares for both kings
		g, err := rules.NewGame(rs, "", false)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 60; ply++ {
			p := g.Pos
			for _, them := range []position.Color{position.White, position.Black} {
				k := p.PiecesOf(them, position.King)
				if k.Empty() {
					continue
				}
				var memo checkMemo
				for ti, pt := range e.types {
					if pt == position.King || e.pawnish[0][pt] {
						continue
					}
					if a, b := e.checkSquares(p, &memo, ti, them, k.First(), p.Occupied()), p.Attacks(them, pt, k.First(), p.Occupied()); a != b {
						t.Fatalf("%s ply %d %v: check squares %v, attacks %v", tc.variant, ply, pt, a, b)
					}
				}
			}
			moves := g.LegalMoves()
			if len(moves) == 0 {
				break
			}
			g.Do(moves[(ply*7+3)%len(moves)])
		}
	}
}
