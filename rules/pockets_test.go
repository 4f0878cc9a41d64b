package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
	"houserules/variants"
)

// pocketText renders a view's pockets as "white: P0 N1 …; black: …" with
// the FEN letters of the slots in their order.
func pocketText(g *rules.Game, v rules.View) string {
	var parts []string
	for _, c := range []position.Color{position.White, position.Black} {
		var slots []string
		for _, s := range v.Pockets[c] {
			slots = append(slots, fmt.Sprintf("%c%d", g.Pos.V.PieceChar[s.Type], s.Count))
		}
		parts = append(parts, c.String()+": "+strings.Join(slots, " "))
	}
	return strings.Join(parts, "; ")
}

// TestViewPockets: the view carries both pockets of a variant with
// pockets, a slot per type the pocket can hold (the start position's
// types but the king; placement's pocket holds its kings), cheapest
// first, with the counts of the position; a variant without pockets has
// none.
func TestViewPockets(t *testing.T) {
	for _, c := range []struct {
		variant, fen, moves, want string
	}{
		{"crazyhouse", "", "", "white: P0 N0 B0 R0 Q0; black: P0 N0 B0 R0 Q0"},
		// exd5 puts a pawn in White's pocket, Qxd5 one in Black's, and
		// the drop P@e6 takes White's out again
		{"crazyhouse", "", "e2e4 d7d5 e4d5", "white: P1 N0 B0 R0 Q0; black: P0 N0 B0 R0 Q0"},
		{"crazyhouse", "", "e2e4 d7d5 e4d5 d8d5", "white: P1 N0 B0 R0 Q0; black: P1 N0 B0 R0 Q0"},
		{"crazyhouse", "", "e2e4 d7d5 e4d5 d8d5 P@e6", "white: P0 N0 B0 R0 Q0; black: P1 N0 B0 R0 Q0"},
		// a pocket from the FEN; a promoted queen (~) goes back as a pawn
		{"crazyhouse", "4k3/8/8/8/8/8/8/3qK3[NNp] w - - 0 1", "", "white: P0 N2 B0 R0 Q0; black: P1 N0 B0 R0 Q0"},
		{"crazyhouse", "4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1", "e1d1", "white: P1 N0 B0 R0 Q0; black: P0 N0 B0 R0 Q0"},
		{"pocketknight", "", "", "white: P0 N1 B0 R0 Q0; black: P0 N1 B0 R0 Q0"},
		// bughouse: a type the start position lacks gets a slot while held
		{"bughouse", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "", "white: P0 N0 B0 R0 Q1; black: P0 N0 B0 R0 Q0"},
		{"chess", "", "", "white: ; black: "},
	} {
		rs := rulestest.Compile(t, c.variant, "")
		g, err := rules.NewGame(rs, c.fen, false)
		if err != nil {
			t.Fatalf("%s %q: %v", c.variant, c.fen, err)
		}
		for _, s := range strings.Fields(c.moves) {
			m, err := g.ParseMove(s)
			if err != nil {
				t.Fatalf("%s %q %s: %v", c.variant, c.fen, s, err)
			}
			g.Do(m)
		}
		v := g.View(rules.SeatWhite)
		if got := pocketText(g, v); got != c.want {
			t.Errorf("%s %q moves %q: pockets %s, want %s", c.variant, c.fen, c.moves, got, c.want)
		}
	}
}

// TestViewPocketsShogiStyle: in a shogi-style variant the promoted-only
// types (horse, dragon) get no slot, gold does (it starts on the board),
// and the king none; a captured promoted pawn (+P) goes back as a pawn.
func TestViewPocketsShogiStyle(t *testing.T) {
	v, err := variants.Get("minishogi")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rules.Compile(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rs, "4k/4+p/5/5/K3R[S] w - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove("e1e4")
	if err != nil {
		t.Fatal(err)
	}
	g.Do(m)
	want := "white: P1 S1 G0 B0 R0; black: P0 S0 G0 B0 R0"
	if got := pocketText(g, g.View(rules.SeatBlack)); got != want {
		t.Errorf("pockets %s, want %s", got, want)
	}
}
