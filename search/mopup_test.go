package search

import (
	"context"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestMopUp: the technique term of won pawnless endings, with the exact
// values of its two shapes (edge: 45 in a corner, 13 in the centre of an
// 8×8 board; kings: 60 adjacent, 0 seven squares apart).
func TestMopUp(t *testing.T) {
	chess := rulestest.Compile(t, "chess", "")
	makruk := rulestest.Compile(t, "makruk", "")
	cases := []struct {
		r    *rules.Ruleset
		fen  string
		want int
		why  string
	}{
		{chess, "7k/8/8/8/8/8/8/R3K3 w - - 0 1", 45, "KRK, king cornered, kings 7 apart: edge 45 + 0"},
		{chess, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 13 + 30, "KRK, king in the centre, kings 4 apart"},
		{chess, "8/8/8/8/8/5k2/8/R3K3 b - - 0 1", 31 + 50, "KRK, f3: edge distances 2 and 2, kings 2 apart"},
		{chess, "r3k3/8/8/8/8/8/8/7K w - - 0 1", -45, "Black ahead: White's view is negative"},
		{chess, "7k/8/8/8/8/8/8/RB2K1n1 w - - 0 1", (45 + 0) / 2, "a rook and bishop against a knight: half weight"},
		{chess, "7k/8/8/8/8/8/6r1/RN2K3 w - - 0 1", 0, "a rook and knight against a rook: less than a minor piece ahead"},
		{chess, "7k/7p/8/8/8/8/8/R3K3 w - - 0 1", 0, "the defender has a pawn"},
		{chess, "7k/8/8/8/8/8/8/N3K3 w - - 0 1", 0, "a lone knight cannot mate"},
		{makruk, "7k/8/8/8/8/8/8/N2KM3 w - - 0 1", 0, "makruk knight and met: drawn unless cornered (Fairy-Stockfish KNFK)"},
		{makruk, "7k/8/8/8/8/8/8/R2K4 w - - 0 1", 45, "makruk KRK"},
	}
	for _, c := range cases {
		g, err := rules.NewGame(c.r, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEvaluator(c.r)
		p := g.Pos
		pawns := [2]geom.Set{p.PiecesOf(position.White, position.Pawn), p.PiecesOf(position.Black, position.Pawn)}
		kings := [2]geom.Square{p.PiecesOf(position.White, position.King).First(), p.PiecesOf(position.Black, position.King).First()}
		if got := e.mopUp(p, pawns, e.nonPawnMaterialBySide(p), kings); got != c.want {
			t.Errorf("%s (%s): mopUp = %d, want %d", c.fen, c.why, got, c.want)
		}
	}
}

// TestMopUpConverts: the engine, playing both sides at a fixed node budget
// (the same moves on every machine), mates a lone king with a rook in
// chess, and wins makruk's rook, knight and met against a rook before the
// counting rule draws (without mopUp this game is drawn by the count
// after 152 plies; over 16 random placements of that ending at 5,000 nodes
// a move, mopUp wins 10 against 3, and a knight and two mets against a
// lone king 5 against 2).
func TestMopUpConverts(t *testing.T) {
	cases := []struct {
		variant, fen string
		nodes        uint64
	}{
		{"chess", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1", 3000},
		{"makruk", "3r4/8/8/3k4/8/8/8/RN1KM3 w - - 0 1", 20000},
	}
	for _, c := range cases {
		rs := rulestest.Compile(t, c.variant, "")
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(4)
		var res rules.Result
		over := false
		plies := 0
		for ; plies < 300; plies++ {
			if res, over = g.Result(); over {
				break
			}
			r := e.Search(context.Background(), g, Limits{Nodes: c.nodes}, nil)
			g.Do(r.Move)
		}
		if !over || res.Score != "1-0" || res.Reason != "checkmate" {
			t.Errorf("%s %s: after %d plies %v (over %v), want 1-0 checkmate; final %s", c.variant, c.fen, plies, res, over, g.FEN())
		} else {
			t.Logf("%s %s: mate after %d plies", c.variant, c.fen, plies)
		}
	}
}
