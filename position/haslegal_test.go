package position_test

import (
	"testing"

	"houserules/position"
	"houserules/variants"
)

// TestHasLegalMoveAsLegalMoves: HasLegalMove is whether LegalMoves lists
// a move, in every position of seeded random games of every catalogue
// variant, and after each legal move there (the positions SAN's mate
// test asks about: checks, mates, stalemates, immediate ends).
func TestHasLegalMoveAsLegalMoves(t *testing.T) {
	t.Parallel()
	positions, none := 0, 0
	same := func(name string, p *position.Position) {
		t.Helper()
		var buf [256]position.Move
		want := len(p.LegalMoves(buf[:0])) > 0
		if got := p.HasLegalMove(); got != want {
			t.Fatalf("%s %s: HasLegalMove %v, LegalMoves has a move %v", name, p.FEN(), got, want)
		}
		positions++
		if !want {
			none++
		}
	}
	for _, name := range variants.Names() {
		v, err := variants.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 1; seed++ {
			p, err := position.New(v, "", false)
			if err != nil {
				break // a variant without a start position
			}
			rng := seed*1009 + uint64(len(name))
			for ply := 0; ply < 40; ply++ {
				same(name, p)
				legal := p.LegalMoves(nil)
				for _, m := range legal {
					p.Do(m)
					same(name, p)
					p.Undo()
				}
				if len(legal) == 0 {
					break
				}
				rng = rng*6364136223846793005 + 1442695040888963407
				p.Do(legal[(rng>>33)%uint64(len(legal))])
			}
		}
	}
	if positions < 50000 || none == 0 {
		t.Errorf("%d positions, %d without a legal move: want over 50,000, some without", positions, none)
	}
	t.Logf("%d positions, %d without a legal move", positions, none)
}
