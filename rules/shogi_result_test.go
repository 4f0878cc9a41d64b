package rules_test

import (
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// playShogi sets up fen in the catalogue variant and makes the UCI moves.
func playShogi(t *testing.T, variant, fen, moves string) *position.Position {
	t.Helper()
	v, err := variants.Get(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := position.New(v, fen, false)
	if err != nil {
		t.Fatalf("%s %q: %v", variant, fen, err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s after %q: move %s: %v", variant, p.FEN(), s, err)
		}
		p.Do(m)
	}
	return p
}

func resultText(p *position.Position) string {
	if r, over := rules.GameResult(p); over {
		return r.String()
	}
	return "ongoing"
}

// TestShogiPawnDropMate: shogiPawnDropMateIllegal is Fairy-Stockfish's
// checkmate_value rule, not a legality rule: the pawn drop that mates is
// generated (it is in the oracle's perft) and the dropper loses. A mate by
// a pawn that moves there, or by a dropped gold, is an ordinary mate. The
// perft counts and the scores are the oracle's (/tmp/fsf-lb-c19b5f6: go
// perft 3; go depth 3 with MultiPV lists P@a8 / P@a4 / S@a6 as "score
// mate -1").
func TestShogiPawnDropMate(t *testing.T) {
	cases := []struct {
		variant, fen string
		perft3       uint64
		moves, want  string
	}{
		// black king a9 caged by the silver c8 and the gold b7
		{"shogi", "k8/2S6/1G7/8p/9/9/9/9/4K4[P] w - - 0 1", 3582, "P@a8", "0-1 pawn drop mate"},
		{"shogi", "k8/2S6/1G7/8p/9/9/9/9/4K4[G] w - - 0 1", 0, "G@a8", "1-0 checkmate"},
		// the pawn walks to a8 instead: an ordinary mate, promoted or not
		{"shogi", "k8/2S6/PG7/8p/9/9/9/9/4K4[] w - - 0 1", 416, "a7a8", "1-0 checkmate"},
		{"shogi", "k8/2S6/PG7/8p/9/9/9/9/4K4[] w - - 0 1", 0, "a7a8+", "1-0 checkmate"},
		// Black drops: the same rule for the other colour
		{"shogi", "4k4/9/9/9/9/8P/1g7/2s6/K8[p] b - - 0 1", 3582, "P@a2", "1-0 pawn drop mate"},
		{"minishogi", "k4/2S1p/1G3/5/K4[P] w - - 0 1", 919, "P@a4", "0-1 pawn drop mate"},
		// tori shogi: the swallow is the shogi pawn
		{"torishogi", "k6/2F4/1C4s/7/7/7/K6[S] w - - 0 1", 1534, "S@a6", "0-1 pawn drop mate"},
		// kyoto shogi does not have the rule
		{"kyotoshogi", "k4/2G2/1G3/5/K4[P] w - - 0 1", 0, "P@a4", "1-0 checkmate"},
	}
	for _, c := range cases {
		p := playShogi(t, c.variant, c.fen, "")
		if c.perft3 != 0 {
			if got := rules.Perft(p, 3); got != c.perft3 {
				t.Errorf("%s %q: perft 3 = %d, oracle %d", c.variant, c.fen, got, c.perft3)
			}
		}
		p = playShogi(t, c.variant, c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%s %q + %s: %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}

// TestPerpetualCheck: perpetualCheckIllegal (shogi) and nFoldRule 4. The
// rook checks from a1 and b1 while the king steps between a9 and b9; the
// oracle scores the move completing the fourfold repetition "mate -1" for
// the side that gave every check (go depth 4 with MultiPV after the first
// 11 plies).
func TestPerpetualCheck(t *testing.T) {
	cycle := func(c string, n int, extra string) string {
		return strings.TrimSpace(strings.Repeat(c+" ", n) + extra)
	}
	// Black to move in check at the start; White's move completes the 4th
	// occurrence: the checker (White) loses.
	blackStart := "k8/9/9/9/9/9/9/9/R3K4[] b - - 0 1"
	blackCycle := "a9b9 a1b1 b9a9 b1a1"
	// White to move at the start; Black's move completes the 4th occurrence
	// with White to move: the side to move gave every check and loses.
	whiteStart := "1k7/9/9/9/9/9/9/9/R3K4[] w - - 0 1"
	whiteCycle := "a1b1 b9a9 b1a1 a9b9"
	cases := []struct{ fen, moves, want string }{
		{blackStart, cycle(blackCycle, 2, "a9b9 a1b1 b9a9"), "ongoing"},
		{blackStart, cycle(blackCycle, 3, ""), "0-1 perpetual check"},
		{whiteStart, cycle(whiteCycle, 2, "a1b1 b9a9 b1a1"), "ongoing"},
		{whiteStart, cycle(whiteCycle, 3, ""), "0-1 perpetual check"},
	}
	for _, c := range cases {
		p := playShogi(t, "shogi", c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%q + %s: %s, want %s", c.fen, c.moves, got, c.want)
		}
	}
	// the game is over at the 12th ply: FEN as the oracle writes it
	p := playShogi(t, "shogi", blackStart, cycle(blackCycle, 3, ""))
	if got, want := p.FEN(), "k8/9/9/9/9/9/9/9/R3K4[] b - - 12 7"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
}

// TestShogiRepetition: a repetition without perpetual check is nFoldValue
// (shogi: a draw at the fourth occurrence; minishogi: a loss for White,
// nFoldValueAbsolute), and with capturesToHand a position repeats across
// captures and drops (which reset rule50): the oracle scores the drop that
// completes the fourfold repetition cp 0.
func TestShogiRepetition(t *testing.T) {
	kings := "e1d1 e9d9 d1e1 d9e9 "
	mini := "c1b1 c5b5 b1c1 b5c5 "
	drops := "e5e6 d7e6 P@e4 e6d7 e4e5 P@e6 "
	const dropFEN = "k8/9/3s5/4p4/4P4/9/9/9/8K[] w - - 0 1"
	cases := []struct{ variant, fen, moves, want string }{
		{"shogi", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1", strings.Repeat(kings, 2), "ongoing"}, // threefold
		{"shogi", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1", strings.Repeat(kings, 3), "1/2-1/2 repetition"},
		{"minishogi", "2k2/5/5/5/2K2[] w - - 0 1", strings.Repeat(mini, 3), "0-1 repetition"},
		{"shogi", dropFEN, strings.Repeat(drops, 2), "ongoing"},
		{"shogi", dropFEN, strings.Repeat(drops, 3), "1/2-1/2 repetition"},
	}
	for _, c := range cases {
		p := playShogi(t, c.variant, c.fen, c.moves)
		if got := resultText(p); got != c.want {
			t.Errorf("%s %q + %s: %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
	p := playShogi(t, "shogi", dropFEN, strings.Repeat(drops, 3))
	if got := rules.Perft(p, 4); got != 12534 {
		t.Errorf("perft 4 after the cycles = %d, oracle 12534 (the start position's)", got)
	}
}
