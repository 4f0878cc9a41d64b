package search

import (
	"context"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// ticTacToeINI is tic-tac-toe as a variant: stones dropped on a 3x3 board,
// three in a row win.
const ticTacToeINI = `[ttt]
maxRank = 3
maxFile = 3
immobile = p
startFen = 3/3/3[PPPPPpppp] w - - 0 1
pieceDrops = true
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 3
`

func ticTacToe(t *testing.T) *rules.Ruleset {
	t.Helper()
	f, err := variants.Load("ttt.ini", strings.NewReader(ticTacToeINI))
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Lookup("ttt")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.Compile(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestConnectTerm: the open lines of a connect-n game (Fairy-Stockfish's
// connect-n term, 200·c/(n-c)² of its units, 83·c/(n-c)² of ours, per line
// of n squares without an enemy piece): White a1 b2 against Black c1 has
// the a1-c3 diagonal two stones full (166) and rank 2, file a and file b
// one stone full (20 each); Black has file c (20).
func TestConnectTerm(t *testing.T) {
	rs := ticTacToe(t)
	e := NewEvaluator(rs)
	if len(e.connectLines) != 8 {
		t.Fatalf("%d lines of three on 3x3, want 8", len(e.connectLines))
	}
	g, err := rules.NewGame(rs, "3/1P1/P1p[PPPppp] b - - 0 2", false)
	if err != nil {
		t.Fatal(err)
	}
	var st evalState
	e.setupEval(&st, g.Pos)
	e.connectTerm(&st)
	if st.mg != [2]int{226, 20} || st.eg != [2]int{226, 20} {
		t.Errorf("connect term mg %v eg %v, want [226 20] for both", st.mg, st.eg)
	}
}

// TestConnectOpening: at depth 1, with nothing to calculate yet, the first
// stone goes to the centre (on four lines; a corner is on three, an edge on
// two), and the answer to it to a corner (two lines left open to Black,
// an edge has one): the known good replies. Without the term the square
// tables send Black's stone to an edge.
func TestConnectOpening(t *testing.T) {
	rs := ticTacToe(t)
	for _, c := range []struct {
		fen  string
		want []string
	}{
		{"", []string{"P@b2"}},
		{"3/1P1/3[PPPPpppp] b - - 0 1", []string{"P@a1", "P@c1", "P@a3", "P@c3"}},
	} {
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		res := NewEngine(1).Search(context.Background(), g, Limits{Depth: 1}, nil)
		ok := false
		for _, w := range c.want {
			ok = ok || res.MoveText == w
		}
		if !ok || res.Move == position.NoMove {
			t.Errorf("%q: %s, want one of %v", c.fen, res.MoveText, c.want)
		}
	}
}
