package search

import (
	"math/rand"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestPseudoLegalNoisyCoversNoisyMoves plays random games in every
// catalogue variant and checks at every position that the quiescence
// generator lists exactly the captures and promotions of the full
// pseudo-legal list (plus, for pieces with promotion rules, their other
// moves).
func TestPseudoLegalNoisyCoversNoisyMoves(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	checked := 0
	for _, name := range variants.Names() {
		v, err := variants.Get(name)
		if err != nil {
			continue
		}
		rs, err := rules.Compile(v, nil)
		if err != nil {
			continue
		}
		for game := 0; game < 4; game++ {
			g, err := rules.NewGame(rs, "", false)
			if err != nil {
				break
			}
			p := g.Pos
			for ply := 0; ply < 120; ply++ {
				full := p.PseudoLegal(nil)
				noisy := p.PseudoLegalNoisy(nil)
				inFull := map[position.Move]bool{}
				for _, m := range full {
					inFull[m] = true
				}
				inNoisy := map[position.Move]bool{}
				for _, m := range noisy {
					if !inFull[m] {
						t.Fatalf("%s %s: noisy move %s is not pseudo-legal", name, g.FEN(), p.UCI(m))
					}
					inNoisy[m] = true
				}
				for _, m := range full {
					k := m.Kind()
					if (p.IsCapture(m) || k == position.Promotion || k == position.PiecePromotion) && !inNoisy[m] {
						t.Fatalf("%s %s: noisy generator misses %s", name, g.FEN(), p.UCI(m))
					}
				}
				checked++
				legal := g.LegalMoves()
				if len(legal) == 0 {
					break
				}
				if _, over := g.Result(); over {
					break
				}
				g.Do(legal[r.Intn(len(legal))])
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d positions checked", checked)
	}
	t.Logf("%d positions", checked)
}
