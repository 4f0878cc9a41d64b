package search

import (
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// TestMobTableRows: Evaluate adds mobTable's cell for each piece's safe
// mobility, counted by hand here. After 1.Nf3 the f3 knight reaches g1,
// d4, e5, g5 and h4 (d2, h2 and e1 are White's own; no black pawn guards
// the others): 5 squares; the b1, b8 and g8 knights have 2 each. With only
// the knight's row 5 set to 100 in both phases, Black (to move) is 100
// worse off than with the table at zero; with rows 2 and 6 set instead
// (no knight has 6), Black's two knights on row 2 outweigh White's one by
// 100.
func TestMobTableRows(t *testing.T) {
	rs := rulestest.Compile(t, "chess", "")
	const fen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
	saved := mobTable
	t.Cleanup(func() { mobTable = saved })
	mobTable = [len(psqtRoles)][2][mobCap + 1]int16{}
	base := evalFEN(t, rs, fen)
	knight := 1 // psqtRoles[1]
	if psqtRoles[knight] != position.Knight {
		t.Fatalf("psqtRoles[1] = %v", psqtRoles[knight])
	}
	mobTable[knight][0][5], mobTable[knight][1][5] = 100, 100
	if got := evalFEN(t, rs, fen); got != base-100 {
		t.Errorf("knight row 5 = 100: %d, want %d", got, base-100)
	}
	mobTable[knight][0][5], mobTable[knight][1][5] = 0, 0
	mobTable[knight][0][2], mobTable[knight][1][2] = 100, 100
	mobTable[knight][0][6], mobTable[knight][1][6] = 100, 100
	if got := evalFEN(t, rs, fen); got != base+100 {
		t.Errorf("knight rows 2 and 6 = 100: %d, want %d", got, base+100)
	}
}
