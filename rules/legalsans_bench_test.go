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

// BenchmarkGivesCheck measures the check test alone, over every legal
// move of the chess middlegame of BenchmarkLegalSANs: GivesCheck (the
// fast path) against making the move (Do, Checkers, Undo).
func BenchmarkGivesCheck(b *testing.B) {
	v, _ := variants.Get("chess")
	p, err := position.New(v, "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQ - 0 8", false)
	if err != nil {
		b.Fatal(err)
	}
	var buf [256]position.Move
	legal := p.LegalMoves(buf[:0])
	b.Run("GivesCheck", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			for _, m := range legal {
				if p.GivesCheck(m) {
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(legal)), "ns/move")
	})
	b.Run("DoUndo", func(b *testing.B) {
		n := 0
		for i := 0; i < b.N; i++ {
			for _, m := range legal {
				p.Do(m)
				if p.Checkers().Any() {
					n++
				}
				p.Undo()
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(legal)), "ns/move")
	})
}
