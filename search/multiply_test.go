package search

import (
	"context"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// doubleMove is a test-only preset: each side plays two plies per turn
// (Marseillais chess), except that a check ends the turn at once.
type doubleMove struct{}

func (doubleMove) Info() rules.Info {
	return rules.Info{ID: "test-double-move", Name: "Double Move (test)", Category: "Turn Structure", Mode: rules.Override,
		Description: "Two plies per turn; a check ends the turn."}
}

func (doubleMove) Setup(b *rules.Builder, _ rules.Options) error {
	b.Hook(doubleMove{})
	return nil
}

// KeepTurn: a second ply unless the first one gave check.
func (doubleMove) KeepTurn(g *rules.Game, mover position.Color, plies int) bool {
	return plies < 2 && !g.InCheck(mover.Other())
}

func init() { rules.Register(doubleMove{}) }

func doubleMoveGame(t *testing.T, fen string) *rules.Game {
	t.Helper()
	v, err := variants.Get("chess")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.Compile(v, []rules.Spec{{ID: "test-double-move"}})
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMultiPlyTurnMate: with two plies per turn White mates in one turn
// with a quiet first ply (1.Ra7 and 1…Rb8#, or 1.Rb7 and Ra8#); a check on
// the first ply would end the turn and let the king out. The search must
// keep the score's sign across the two plies of one side.
func TestMultiPlyTurnMate(t *testing.T) {
	g := doubleMoveGame(t, "7k/8/8/8/8/8/1R6/R3K3 w - - 0 1")
	res := NewEngine(16).Search(context.Background(), g, Limits{Depth: 4}, nil)
	if res.Score != Mate-2 {
		t.Fatalf("score %d, want mate after 2 plies (%d); pv %v", res.Score, Mate-2, res.PVText)
	}
	if len(res.PV) < 2 {
		t.Fatalf("pv %v", res.PVText)
	}
	g.Do(res.PV[0])
	if g.Pos.SideToMove() != position.White {
		t.Fatalf("after %s White should move again", res.PVText[0])
	}
	if g.InCheck(position.Black) {
		t.Errorf("first ply %s gives check: the turn would end", res.PVText[0])
	}
	g.Do(res.PV[1])
	if r, over := g.Result(); !over || r.Score != "1-0" {
		t.Errorf("after %v: %v %v", res.PVText[:2], r, over)
	}
}

// TestMultiPlyTurnSign: scores keep the side-to-move convention in the
// middle of a turn (White to move twice in a row) and after it.
func TestMultiPlyTurnSign(t *testing.T) {
	// White is a queen up; whoever is to move, the score has the right sign.
	g := doubleMoveGame(t, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	e := NewEngine(16)
	res := e.Search(context.Background(), g, Limits{Depth: 4}, nil)
	if res.Score < 500 {
		t.Errorf("White a queen up to move: score %d", res.Score)
	}
	m, _ := g.ParseMove("e1e2")
	g.Do(m) // White's first ply: White still to move
	res = e.Search(context.Background(), g, Limits{Depth: 4}, nil)
	if g.Pos.SideToMove() != position.White || res.Score < 500 {
		t.Errorf("mid-turn, White to move again: score %d", res.Score)
	}
	m, _ = g.ParseMove("e2e3")
	g.Do(m)
	res = e.Search(context.Background(), g, Limits{Depth: 4}, nil)
	if g.Pos.SideToMove() != position.Black || res.Score > -500 {
		t.Errorf("Black to move, a queen down: score %d", res.Score)
	}
}

// TestSEE checks the exchange evaluator on textbook cases.
func TestSEE(t *testing.T) {
	v, _ := variants.Get("chess")
	rs, _ := rules.Compile(v, nil)
	for _, tc := range []struct {
		fen, move string
		sign      int // sign of the expected balance
	}{
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 1},           // free pawn
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -1}, // knight for pawn, recaptured
		{"4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", -1},                       // rook takes a defended pawn
		{"4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1", "c3d5", 1},                         // knight takes a free queen
	} {
		g, err := rules.NewGame(rs, tc.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(1)
		w := e.newWorker(g, context.Background())
		got := w.see(m)
		if (tc.sign > 0 && got <= 0) || (tc.sign < 0 && got >= 0) {
			t.Errorf("%s %s: see %d, want sign %d", tc.fen, tc.move, got, tc.sign)
		}
	}
}
