package search

import (
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules/rulestest"
)

// passedTerms returns passedPawn's (mg, eg) for the pawn of c on square
// sq (algebraic) in fen.
func passedTerms(t *testing.T, variant, fen string, c position.Color, sq string) (int, int) {
	t.Helper()
	rs := rulestest.Compile(t, variant, "")
	g := mustGame(t, rs, fen)
	ev := NewEvaluator(rs)
	p := g.Pos
	var kingSq [2]geom.Square
	var hasKing [2]bool
	var att [2]geom.Set
	for col := position.White; col <= position.Black; col++ {
		if k := p.PiecesOf(col, position.King); k.Any() {
			kingSq[col], hasKing[col] = k.First(), true
			att[col] = ev.kingRing[kingSq[col]]
		}
	}
	s, err := geom.ParseSquare(sq, ev.board.Files, ev.board.Ranks)
	if err != nil {
		t.Fatal(err)
	}
	return ev.passedPawn(p, c, s, kingSq, hasKing, att[c.Other()])
}

// TestPassedPawn: the passed-pawn terms follow their formula (weights.go)
// on king-and-pawn endings: a free pawn on the seventh with both kings
// far, the same pawn with the defending king beside the queening square,
// a pawn too far back to count, and a makruk pawn, which promotes into a
// met (a fers) and so is worth far less.
func TestPassedPawn(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		c                  position.Color
		sq                 string
		mg, eg             int
	}{
		// r=3, w=12: mg 17*9 + free 35*12*40/100 = 153+168; eg
		// (5*19/4-5*2)*12*80/100 + 168 = 124+168; a chess queen's gain
		// over a pawn is above 850, so the scale is 256/256
		{"free on the seventh", "chess", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", position.White, "e7", 321, 292},
		// defender on d7: distance 1, the queening square is held (no
		// free-path bonus): mg 153, eg (19/4-5*2)*12*80/100 = -57
		{"defender in front", "chess", "8/3kP3/8/8/8/8/8/4K3 w - - 0 1", position.White, "e7", 153, -57},
		// a black pawn on d2, the white king two files from d1, the black
		// king four: eg (2*19/4 - 4*2)*12*80/100 + 168 = 177
		{"black pawn", "chess", "8/8/8/8/8/8/3p4/5K1k b - - 0 1", position.Black, "d2", 321, 177},
		// four ranks to go: outside PassNear (3)
		{"far back", "chess", "8/8/8/8/4P3/8/k7/4K3 w - - 0 1", position.White, "e4", 0, 0},
	}
	for _, c := range cases {
		mg, eg := passedTerms(t, c.variant, c.fen, c.c, c.sq)
		if mg != c.mg || eg != c.eg {
			t.Errorf("%s: passedPawn = (%d, %d), want (%d, %d)", c.name, mg, eg, c.mg, c.eg)
		}
	}
	// makruk pawns promote into a met: the same terms, scaled by the met's
	// gain over a pawn (81 of a chess queen's 850)
	mg, eg := passedTerms(t, "makruk", "8/8/8/4P3/8/8/k7/4K3 w - - 0 1", position.White, "e5")
	if mg <= 0 || mg*8 > 321 || eg*8 > 292 {
		t.Errorf("makruk pawn on e5 (one step from its promotion rank): (%d, %d), want small positive", mg, eg)
	}
}
