package presets

import (
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/variants"
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

// TestPieceHPDroppedAndGatedPieces: a piece that enters from a pocket — a
// crazyhouse or shogi drop, an S-chess gating, castling included — has
// its full hit points, as the start position's pieces have them (it had
// 0, which the FEN wrote as {Hp:b3=0} and --fen then refused), and the
// FEN reads back. Undo takes the piece and its facts away.
func TestPieceHPDroppedAndGatedPieces(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		moves        []string
		square       string
		want         int16
		fenAfter     string
	}{
		{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", []string{"P@b3"}, "b3", 2,
			"4k3/8/8/8/8/1P6/8/4K3[p] b - - 0 1 {}"},
		{"crazyhouse", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", []string{"P@b3", "P@e2"}, "e2", 2, ""},
		{"placement", "", []string{"K@g1"}, "g1", 1,
			"8/pppppppp/8/8/8/8/PPPPPPPP/6K1[QRRBBNNkqrrbbnn] b - - 0 1 {}"},
		{"seirawan", "", []string{"g1f3h"}, "g1", 2,
			"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1 {}"},
		{"seirawan", "", []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1e2", "f8e7", "h1e1e"}, "h1", 2,
			"rnbqk2r/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RKE[Heh] b ABCDkqbcd - 5 4 {}"},
		{"shogi", "4k4/9/9/9/9/9/9/9/4K4[G] w - - 0 1", []string{"G@e5"}, "e5", 2,
			"4k4/9/9/9/4G4/9/9/9/4K4[] b - - 0 1 {}"},
	} {
		v, err := variants.Get(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		fen := c.fen
		if fen == "" {
			fen = v.StartFEN
		}
		g := newVariantGame(t, v, "piece-hp", fen)
		start := g.FEN()
		play(t, g, c.moves...)
		if got := hp(t, g, c.square); got != c.want {
			t.Errorf("%s %v: the piece on %s has %d HP, want %d (%s)", c.variant, c.moves, c.square, got, c.want, g.FEN())
		}
		if c.fenAfter != "" && g.FEN() != c.fenAfter {
			t.Errorf("%s %v: FEN %s, want %s", c.variant, c.moves, g.FEN(), c.fenAfter)
		}
		back := newVariantGame(t, v, "piece-hp", g.FEN())
		if back.FEN() != g.FEN() {
			t.Errorf("%s %v: FEN %s reads back as %s", c.variant, c.moves, g.FEN(), back.FEN())
		}
		for range c.moves {
			g.Undo()
		}
		if got := g.FEN(); got != start {
			t.Errorf("%s: after undoing %v: %s, want %s", c.variant, c.moves, got, start)
		}
	}
}
