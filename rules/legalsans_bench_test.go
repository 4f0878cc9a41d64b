package rules_test

import (
	"math/rand"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// BenchmarkLegalSANs measures Game.LegalSANs (every legal move and its
// SAN, + and # included) on a chess middlegame and on fairy variants
// (capablanca, xiangqi: a position reached by a seeded random playout
// of 20 plies from the start, the same on every run).
func BenchmarkLegalSANs(b *testing.B) {
	cases := []struct{ variant, fen string }{
		{"chess", "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8"},
		{"capablanca", ""},
		{"xiangqi", ""},
	}
	for _, c := range cases {
		b.Run(c.variant, func(b *testing.B) {
			v, err := variants.Get(c.variant)
			if err != nil {
				b.Fatal(err)
			}
			r, err := rules.Compile(v, nil)
			if err != nil {
				b.Fatal(err)
			}
			g, err := rules.NewGame(r, c.fen, false)
			if err != nil {
				b.Fatal(err)
			}
			if c.fen == "" {
				rng := rand.New(rand.NewSource(7))
				for i := 0; i < 20; i++ {
					legal := g.LegalMoves()
					if len(legal) == 0 {
						break
					}
					g.Do(legal[rng.Intn(len(legal))])
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.LegalSANs()
			}
		})
	}
}

var _ = position.NoMove
