package rules_test

import (
	"strings"
	"testing"

	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestIllegalDropSaysWhy: an illegal drop or gating move (UCI, SAN or
// shogi's N*f3) is refused with the reason, and a move that mustDrop
// forbids says so rather than blame the king's safety. Each move here is
// illegal in Fairy-Stockfish too (c19b5f6, `go perft 1` of the position
// does not list it).
func TestIllegalDropSaysWhy(t *testing.T) {
	const zh = "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 3"
	const lone = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"
	checkRefusals(t, []refusal{
		{"crazyhouse", zh, "P@d5", "d5 is occupied"},
		{"crazyhouse", zh, "K@e4", "no K in white's pocket"},
		{"crazyhouse", zh, "N*e4", "no N in white's pocket"},
		{"crazyhouse", zh, "X@e4", `"X" is not a piece of crazyhouse`},
		{"crazyhouse", zh, "P@e9", `"e9" is not a square of the board`},
		{"crazyhouse", zh, "+P@e4", "P is not dropped promoted in crazyhouse"},
		{"crazyhouse", zh, "p@e4", "a drop is written with the upper-case letter for either side: P@e4"},
		{"crazyhouse", lone, "P@d1", "P may not be dropped on white's first rank"},
		{"crazyhouse", lone, "P@d8", "P may not be dropped in white's promotion zone"},
		{"crazyhouse", "4k3/8/8/8/8/8/4r3/4K3[Q] w - - 0 1", "Q@a4", "it does not get the king out of check"},
		{"shogi", "4k4/9/9/9/9/9/4P4/9/4K4[PNL] w - - 0 1", "P@e5", "the e-file already holds a white P (no doubled P drops)"},
		{"shogi", "4k4/9/9/9/9/9/4P4/9/4K4[PNL] w - - 0 1", "N@a8", "N may not be dropped on a8 (it could not move from there)"},
		{"shogi", "4k4/9/9/9/9/9/4P4/9/4K4[PNL] w - - 0 1", "L*b9", "L may not be dropped on b9 (it could not move from there)"},
		{"placement", "", "N@e4", "e4 is outside white's drop region"},
		{"placement", "", "e2e4", "white must drop a piece from its pocket first"},
		{"placement", "2b5/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBNNkqrrbnn] w - - 0 2", "B@e1", "the bishops must stand on squares of both colours"},
		{"koedem", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[kq] b KQ - 0 1", "Q@e5", "black must drop its K first"},
		{"koedem", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[kq] b KQ - 0 1", "e7e5", "black must drop its K first"},
		{"sittuyin", "", "R@a2", "R is dropped on white's first rank only"},
		{"seirawan", "", "H@e4", "seirawan has no drops: a piece in hand enters by gating (b1c3h)"},
		{"seirawan", "", "b1c3x", `"x" is not a piece of seirawan`},
		{"seirawan", "", "b1c3q", "no Q in white's pocket"},
		{"seirawan", "", "e2e4h", "e2 is not an open gate (a piece enters only where a piece leaves its starting square for the first time)"},
		{"seirawan", "", "b1d2h", "the piece on b1 cannot move to d2"},
		{"chess", "", "Q@e4", "chess has no drops"},
	})
}

// refusal is a move text refused in a position (the variant's start when
// fen is ""), with the reason its error must end in.
type refusal struct{ variant, fen, move, why string }

// checkRefusals parses each case's move and checks the refusal's reason.
func checkRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		r := rulestest.Compile(t, c.variant, "")
		fen := c.fen
		if fen == "" {
			fen = r.Variant.StartFEN
		}
		g, err := rules.NewGame(r, fen, false)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.ParseMove(c.move)
		if err == nil || !strings.HasSuffix(err.Error(), ": "+c.why) {
			t.Errorf("%s %s %s: %v, want the reason %q", c.variant, fen, c.move, err, c.why)
		}
	}
}
