package search

import (
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules/rulestest"
)

// spaceBonus returns the space term of colour c in fen with the Space
// weight set to 1600 (so the result is bonus * (pieces-1)^2), computing the
// enemy's attacks as Evaluate does.
func spaceBonus(t *testing.T, variant, fen string, c position.Color) int {
	t.Helper()
	rs := rulestest.Compile(t, variant, "")
	g := mustGame(t, rs, fen)
	ev := NewEvaluator(rs)
	p := g.Pos
	them := c.Other()
	occ := p.Occupied()
	var pawnAtt, att geom.Set
	for bb := p.PiecesOf(them, position.Pawn); bb.Any(); {
		pawnAtt = pawnAtt.Or(p.Attacks(them, position.Pawn, bb.Pop(), occ))
	}
	for _, pt := range ev.types {
		if pt == position.Pawn {
			continue
		}
		for bb := p.PiecesOf(them, pt); bb.Any(); {
			s := bb.Pop()
			if pt == position.King {
				att = att.Or(ev.kingRing[s])
			} else {
				att = att.Or(p.Attacks(them, pt, s, occ))
			}
		}
	}
	old := evalW.Space
	evalW.Space = 1600
	defer func() { evalW.Space = old }()
	return ev.space(p, c, pawnAtt, att)
}

// TestSpace: the space term (Stockfish's, see Evaluator.space) counts the
// safe squares of the central files on the second to fourth rank, twice
// when behind an own pawn and not attacked, times (pieces-1)^2.
func TestSpace(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		c                  position.Color
		want               int
	}{
		// c3-f4: 8 squares, none behind a pawn; 16 pieces
		{"chess start", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", position.White, 8 * 15 * 15},
		// after 1.e4: e2 and e3 join the zone and are behind the e-pawn
		// (counted twice): 8 + 2
		{"after e4", "chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", position.White, 10 * 15 * 15},
		// 1.e4 d5: the d5 pawn attacks c4 (out of the zone): 7 safe
		// squares, e2 and e3 twice
		{"after e4 d5", "chess", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", position.White, 9 * 15 * 15},
		// black after 1.e4 e5 2.Bb5: c7-f5 less the pawns on c7, d7, f7,
		// e5 and the squares the e4 pawn attacks (d5, f5): 6; e6 and e7
		// are behind the e-pawn and unattacked: 8. The bishop's c6 still
		// counts once: only pawn attacks take a square from the zone
		{"black after e5 Bb5", "chess", "rnbqkbnr/pppp1ppp/8/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2", position.Black, 8 * 15 * 15},
		// capablanca: files d-g of ten, 20 pieces a side
		{"capablanca start", "capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", position.White, 8 * 19 * 19},
	}
	for _, c := range cases {
		if got := spaceBonus(t, c.variant, c.fen, c.c); got != c.want {
			t.Errorf("%s: space %d, want %d", c.name, got, c.want)
		}
	}
}
