package search

import (
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules/rulestest"
)

// TestPSQTSquares: the square tables map each board onto the 8x4 grid of
// psqtTable — relative rank from the owner's side, file distance to the
// nearer edge — so a piece and its mirror image get the same bonus, and
// wider boards share the edge buckets.
func TestPSQTSquares(t *testing.T) {
	sq := func(b *geom.Board, name string) geom.Square {
		t.Helper()
		s, err := geom.ParseSquare(name, b.Files, b.Ranks)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	chess := NewEvaluator(rulestest.Compile(t, "chess", ""))
	b := chess.board
	knight := int(chess.psqRole[position.Knight])
	for _, c := range []struct {
		color position.Color
		sq    string
		want  psqEntry // psqtTable[knight][.][rank][file bucket]
	}{
		{position.White, "b1", psqEntry{psqtTable[1][0][0][1], psqtTable[1][1][0][1]}},
		{position.Black, "b8", psqEntry{psqtTable[1][0][0][1], psqtTable[1][1][0][1]}},
		{position.Black, "g8", psqEntry{psqtTable[1][0][0][1], psqtTable[1][1][0][1]}},
		{position.White, "e4", psqEntry{psqtTable[1][0][3][3], psqtTable[1][1][3][3]}},
		{position.Black, "d5", psqEntry{psqtTable[1][0][3][3], psqtTable[1][1][3][3]}},
		{position.White, "a8", psqEntry{psqtTable[1][0][7][0], psqtTable[1][1][7][0]}},
	} {
		if got := chess.psq[c.color][knight][sq(b, c.sq)]; got != c.want {
			t.Errorf("chess knight of colour %d on %s: %v, want %v", c.color, c.sq, got, c.want)
		}
	}
	// on 10 files the a and b files share bucket 0; e and f are bucket 3
	capa := NewEvaluator(rulestest.Compile(t, "capablanca", ""))
	cb := capa.board
	arch := int(capa.psqRole[position.Archbishop])
	if arch != 6 {
		t.Fatalf("archbishop role %d, want 6", arch)
	}
	for _, c := range []struct {
		sq          string
		rank, fileB int
	}{{"a1", 0, 0}, {"b1", 0, 0}, {"c1", 0, 1}, {"d1", 0, 2}, {"e1", 0, 3}, {"f1", 0, 3}, {"j2", 1, 0}, {"c8", 7, 1}} {
		want := psqEntry{psqtTable[6][0][c.rank][c.fileB], psqtTable[6][1][c.rank][c.fileB]}
		if got := capa.psq[position.White][arch][sq(cb, c.sq)]; got != want {
			t.Errorf("capablanca archbishop on %s: %v, want %v", c.sq, got, want)
		}
	}
	// a custom piece has no table; antichess (losing material wins) has none
	if capa.psqRole[position.CustomPiece1] != -1 {
		t.Errorf("customPiece1 has role %d", capa.psqRole[position.CustomPiece1])
	}
	anti := NewEvaluator(rulestest.Compile(t, "antichess", ""))
	if anti.psqRole[position.Knight] != -1 {
		t.Errorf("antichess knight has square role %d", anti.psqRole[position.Knight])
	}
}

// TestEvaluateMirror: the evaluation of a position and of its colour
// mirror (ranks flipped, colours swapped, the other side to move) are the
// same number for the side to move, with the square tables in.
func TestEvaluateMirror(t *testing.T) {
	for _, c := range []struct{ variant, fen, mirror string }{
		{"chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
			"rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4"},
		{"chess", "6k1/5ppp/8/3N4/8/1P6/P4PPP/6K1 b - - 0 30",
			"6k1/p4ppp/1p6/8/3n4/8/5PPP/6K1 w - - 0 30"},
		{"capablanca", "r1abqkb1nr/pppn1ppppp/8c1/3pp3N1/10/3A1PQ3/PPPPP1PPPP/RN1B1KBC1R b KQkq - 3 5",
			"rn1b1kbc1r/ppppp1pppp/3a1pq3/10/3PP3n1/8C1/PPPN1PPPPP/R1ABQKB1NR w KQkq - 3 5"},
		{"makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
			"rnskmsnr/8/pppppppp/8/8/PPPPPPPP/8/RNSMKSNR b - - 0 1"},
	} {
		rs := rulestest.Compile(t, c.variant, "")
		a, b := evalFEN(t, rs, c.fen), evalFEN(t, rs, c.mirror)
		if a != b {
			t.Errorf("%s %s: %d, mirrored %d", c.variant, c.fen, a, b)
		}
	}
}
