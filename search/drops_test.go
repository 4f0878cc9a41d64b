package search

import (
	"context"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// dropMates are crazyhouse positions checked with the oracle
// (/tmp/fsf-c19b5f6, current Fairy-Stockfish, MultiPV 3, depth 12).
var dropMates = []mateCase{
	// A smothered mate by a drop: N@f7# (the oracle's 2nd best cp -134).
	{"zh-smothered", "crazyhouse", "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", 1, "N@f7"},
}

func TestMateDrops(t *testing.T) {
	for _, c := range dropMates {
		runMate(t, c)
	}
}

// TestDropDefenceNoFalseMate: a rook dropped on the back rank would mate
// but for the knight in Black's pocket, which the only defence drops in
// between (N@f8): the oracle scores the position cp -151 (depth 12, every
// back-rank drop answered by N@f8), so no mate may be found, and after
// R@b8+ Black's only legal moves are the knight drops in between, N@f8
// the oracle's choice.
func TestDropDefenceNoFalseMate(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	g := mustGame(t, rs, "6k1/5ppp/8/8/8/8/8/K7[Rn] w - - 0 1")
	res := NewEngine(16).Search(context.Background(), g, Limits{Depth: 7}, nil)
	if n, mate := MateIn(res.Score); mate {
		t.Errorf("mate in %d found (%s, pv %v): N@f8 defends", n, res.MoveText, res.PVText)
	}
	g = mustGame(t, rs, "1R4k1/5ppp/8/8/8/8/8/K7[n] b - - 0 1")
	if got := strings.Join(g.UCIList(g.LegalMoves()), " "); got != "N@c8 N@d8 N@e8 N@f8" {
		t.Fatalf("legal moves %s, want the four knight drops between rook and king", got)
	}
	res = NewEngine(16).Search(context.Background(), g, Limits{Depth: 6}, nil)
	if n, mate := MateIn(res.Score); mate || res.MoveText != "N@f8" {
		t.Errorf("got %s (score %d, mate %v in %d), want N@f8 (the oracle's) and no mate", res.MoveText, res.Score, mate, n)
	}
}

// TestPocketValues: under capturesToHand the piece values follow
// Fairy-Stockfish's for drop variants (riders one rank's worth smaller,
// values saturating: v·s·2917/(2917+v·s), s = (r0-1)/r0 with r0 = 12 on
// 8×8), the board counts half and a piece in hand its value and 29 cp
// (15 for a slider) more; with drops but without capturesToHand
// (pocketknight) a piece in hand is worth what it is on the board.
func TestPocketValues(t *testing.T) {
	chess := NewEvaluator(rulestest.Compile(t, "chess", ""))
	zh := NewEvaluator(rulestest.Compile(t, "crazyhouse", ""))
	// chess knight 322 → 322·2917/3239 = 290; queen 1019·11/12 = 934 → 708
	want := map[position.PieceType][2]int{
		position.Pawn: {100, 158}, position.Knight: {290, 348}, position.Bishop: {286, 316},
		position.Rook: {414, 444}, position.Queen: {708, 738},
	}
	for pt, w := range want {
		if zh.Mg[pt] != w[0] || zh.pocket.handMg[pt] != w[1] {
			t.Errorf("crazyhouse %v: board %d hand %d (halved in the balance), want %d %d (chess %d)",
				pt, zh.Mg[pt], zh.pocket.handMg[pt], w[0], w[1], chess.Mg[pt])
		}
	}
	pk := NewEvaluator(rulestest.Compile(t, "pocketknight", ""))
	if pk.Mg[position.Knight] != chess.Mg[position.Knight] || pk.pocket.handMg[position.Knight] != chess.Mg[position.Knight] {
		t.Errorf("pocketknight knight board %d hand %d, want chess's %d for both",
			pk.Mg[position.Knight], pk.pocket.handMg[position.Knight], chess.Mg[position.Knight])
	}
}

// TestPocketEval: the evaluation counts pieces in hand. Start position of
// crazyhouse: 33 (the side to move's 33 under capturesToHand); White's g1
// knight in its own pocket instead: 126 (the hand bonus, the drop squares
// of ranks 5 and … and the knight's g1 terms gone); Black's g8 knight in
// White's pocket: 422 (a knight's swing, 2 × 145 + 29, and the drop
// squares); a side without the piece at all is far behind (-113).
func TestPocketEval(t *testing.T) {
	rs := rulestest.Compile(t, "crazyhouse", "")
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 33},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[N] w KQkq - 0 1", 126},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[] w KQkq - 0 1", -113},
		{"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1", 422},
	} {
		if got := evalFEN(t, rs, c.fen); got != c.want {
			t.Errorf("%s: %d, want %d", c.fen, got, c.want)
		}
	}
}
