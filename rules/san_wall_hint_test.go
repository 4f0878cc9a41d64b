package rules_test

import (
	"testing"

	"houserules/rules"
	"houserules/rules/rulestest"
)

// TestIllegalWallSaysWhy: a walling move written wrongly is refused with
// the reason (the wall part missing, malformed, not on the moved piece's
// square, or its wall square taken) rather than blaming the piece's move;
// none of these is in Fairy-Stockfish's (c19b5f6) `go perft 1` list.
func TestIllegalWallSaysWhy(t *testing.T) {
	const duck = "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"
	checkRefusals(t, []refusal{
		{"duck", duck, "e1e5", "a move of duck places a wall too: the move, a comma, the piece's square and the wall square (e.g. e1e5,e5a1)"},
		{"duck", duck, "e1e5,e5", `the wall part "e5" is not two squares (the piece's square and the wall square, e.g. e1e5,e5a1)`},
		{"duck", duck, "e1e5,e5z9", `the wall part "e5z9" is not two squares (the piece's square and the wall square, e.g. e1e5,e5a1)`},
		{"duck", duck, "e1e5,e4e6", "the wall part starts on e4, not on the moved piece's square (e.g. e1e5,e5a1)"},
		{"duck", duck, "e1e5,e5e5", "the wall square e5 is taken after the move"},
		{"duck", duck, "e1e5,e5e8", "the wall square e8 is taken after the move"},
		{"duck", duck, "a1a2,a2a3", "no piece of the side to move on a1"},
		{"amazons", "", "d1d2,d2j9", "a wall may not go on j9 after d1d2"},
	})
	// the legal form still parses
	g, _ := rules.NewGame(rulestest.Compile(t, "duck", ""), duck, false)
	if _, err := g.ParseMove("e1e5,e5e1"); err != nil {
		t.Error(err)
	}
}
