package rules_test

import (
	"math/rand"
	"slices"
	"testing"

	"houserules/position"
)

// TestParseMoveEveryLegalUCI: over seeded 30-ply playouts of every
// catalogue variant, each legal move's UCI text parses back to that move
// (Position.ParseMove), UCIMayName lets it through (the origin prefilter
// the parsers apply before building a move's text), and, with its last
// letter upper-cased, it still parses to the same move; LegalByUCI, where
// it answers, finds the same move as ParseMove's scan of the legal moves,
// and never a pseudo-legal move that is not legal.
func TestParseMoveEveryLegalUCI(t *testing.T) {
	moves, byLegal := 0, 0
	catalogueStarts(t, func(name string, p *position.Position) {
		rng := rand.New(rand.NewSource(7))
		done := 0
		for ; done < 30; done++ {
			var buf [512]position.Move
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				s := p.UCI(m)
				if !position.UCIMayName(m, s) {
					t.Fatalf("%s %s: UCIMayName(%s) false", name, p.FEN(), s)
				}
				got, err := p.ParseMove(s)
				if err != nil || p.UCI(got) != s {
					t.Fatalf("%s %s: ParseMove(%s) = %s, %v", name, p.FEN(), s, p.UCI(got), err)
				}
				if fast, ok := p.LegalByUCI(s); ok {
					byLegal++
					if fast != got {
						t.Fatalf("%s %s: LegalByUCI(%s) = %s, ParseMove %s", name, p.FEN(), s, p.UCI(fast), p.UCI(got))
					}
				}
				if last := s[len(s)-1]; last >= 'a' && last <= 'z' {
					up := s[:len(s)-1] + string(last-'a'+'A')
					if got, err := p.ParseMove(up); err != nil || p.UCI(got) != s {
						t.Fatalf("%s %s: ParseMove(%s) = %s, %v; want %s", name, p.FEN(), up, p.UCI(got), err, s)
					}
				}
				moves++
			}
			// a pseudo-legal move that is not legal is not found
			for _, m := range p.PseudoLegal(nil) {
				if !slices.Contains(legal, m) && m.Kind() != position.Drop && !m.IsGating() {
					s := p.UCI(m)
					if fast, ok := p.LegalByUCI(s); ok && !slices.Contains(legal, fast) {
						t.Fatalf("%s %s: LegalByUCI(%s) found an illegal move", name, p.FEN(), s)
					}
				}
			}
			p.Do(legal[rng.Intn(len(legal))])
		}
	})
	if byLegal < 10000 {
		t.Fatalf("LegalByUCI answered only %d of %d moves", byLegal, moves)
	}
	if moves < 10000 {
		t.Fatalf("only %d moves parsed", moves)
	}
}
