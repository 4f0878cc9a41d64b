package presets

import (
	"testing"

	"houserules/geom"
	"houserules/position"
)

// crazyhouse is a crazyhouse variant built from the options (captured
// pieces go to the captor's pocket and may be dropped).
func crazyhouse() *position.Variant {
	v := position.NewVariant()
	v.Name = "crazyhouse"
	v.PieceDrops, v.CapturesToHand = true, true
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	return v
}

// TestPieceHPCrazyhouse: with hit points on crazyhouse, a capture that
// only damages leaves the piece on the board and the captor's pocket
// empty; the capture that kills it puts it in the pocket, from where it
// is dropped. Undo restores pocket and board.
func TestPieceHPCrazyhouse(t *testing.T) {
	g := newVariantGame(t, crazyhouse(), "piece-hp", "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1")
	play(t, g, "d1d5") // 2 HP → 1: the pawn is pushed to an empty neighbour
	if got := g.Pos.InHand(position.White, position.Pawn); got != 0 {
		t.Fatalf("after a damaging capture white holds %d pawns, want 0 (%s)", got, g.Pos.FEN())
	}
	pawn := g.Pos.PiecesOf(position.Black, position.Pawn)
	if pawn.Count() != 1 {
		t.Fatalf("the damaged pawn is not on the board: %s", g.Pos.FEN())
	}
	play(t, g, "e8f8", "d5"+pawn.First().String()) // 1 HP → dead: into white's pocket
	if got := g.Pos.InHand(position.White, position.Pawn); got != 1 {
		t.Fatalf("after the killing capture white holds %d pawns, want 1 (%s)", got, g.Pos.FEN())
	}
	if !hasMove(g, "f8e8") {
		t.Fatalf("black king move missing: %v", legal(g))
	}
	play(t, g, "f8e8", "P@e6")
	if g.Pos.PieceOn(geom.Sq(4, 5)) != position.MakePiece(position.White, position.Pawn) || g.Pos.HandCount(position.White) != 0 {
		t.Fatalf("drop P@e6 not played: %s", g.Pos.FEN())
	}
	for i := 0; i < 5; i++ {
		g.Undo()
	}
	if got, want := g.Pos.FEN(), "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1"; got != want {
		t.Errorf("after undoing everything: %s, want %s", got, want)
	}
}
