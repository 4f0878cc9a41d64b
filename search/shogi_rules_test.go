package search

import (
	"context"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// TestShogiResultScores: the search scores the shogi result rules as the
// oracle does (/tmp/fsf-lb-c19b5f6, go depth 2–4 with MultiPV): the pawn
// drop that mates is "mate -1" for the dropper (shogiPawnDropMateIllegal)
// while the pawn that walks in mates; the rook move completing a fourfold
// repetition of its perpetual checks is "mate -1" for the checker
// (perpetualCheckIllegal); the drop completing a fourfold repetition
// through captures and drops is a draw (cp 0).
func TestShogiResultScores(t *testing.T) {
	cycle := "a9b9 a1b1 b9a9 b1a1 "
	drops := "e5e6 d7e6 P@e4 e6d7 e4e5 P@e6 "
	cases := []struct {
		name, variant, fen, moves, root string
		mate                            int // 0: the score must be 0 (a draw)
	}{
		{"pawn drop mate", "shogi", "k8/2S6/1G7/8p/9/9/9/9/4K4[P] w - - 0 1", "", "P@a8", -1},
		{"pawn move mate", "shogi", "k8/2S6/PG7/8p/9/9/9/9/4K4[] w - - 0 1", "", "a7a8", 1},
		{"swallow drop mate", "torishogi", "k6/2F4/1C4s/7/7/7/K6[S] w - - 0 1", "", "S@a6", -1},
		{"perpetual check", "shogi", "k8/9/9/9/9/9/9/9/R3K4[] b - - 0 1",
			strings.Repeat(cycle, 2) + "a9b9 a1b1 b9a9", "b1a1", -1},
		{"repetition through drops", "shogi", "k8/9/3s5/4p4/4P4/9/9/9/8K[] w - - 0 1",
			strings.Repeat(drops, 2) + "e5e6 d7e6 P@e4 e6d7 e4e5", "P@e6", 0},
	}
	for _, c := range cases {
		rs := rulestest.Compile(t, c.variant, "")
		g := mustGame(t, rs, c.fen)
		for _, s := range strings.Fields(c.moves) {
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, s, err)
			}
			g.Do(m)
		}
		root, err := g.ParseMove(c.root)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.name, c.root, err)
		}
		e := NewEngine(16)
		res := e.Search(context.Background(), g, Limits{Depth: 3, SearchMoves: []position.Move{root}}, nil)
		n, isMate := MateIn(res.Score)
		switch {
		case c.mate == 0 && res.Score != 0:
			t.Errorf("%s: %s scores %d, want 0 (a draw)", c.name, c.root, res.Score)
		case c.mate != 0 && (!isMate || n != c.mate):
			t.Errorf("%s: %s scores %d (mate %v in %d), want mate %d", c.name, c.root, res.Score, isMate, n, c.mate)
		}
	}
}
