package variants

import (
	"slices"
	"testing"

	"houserules/position"
)

// TestLameOneStepLeap: Fairy-Stockfish has lame tables only for the
// leaps of the lame dabbaba, the horse, the elephant and the janggi
// elephant; any other lame leap never moves (checked with the current
// Fairy-Stockfish largeboards build: the lame wazir nW and the lame camel
// nC have no move, the lame dabbaba nD has its four). The lame knight
// (xiangqi's horse) is stopped by a piece on its first, orthogonal step.
func TestLameOneStepLeap(t *testing.T) {
	f := load(t, "[a:chess]\ncustomPiece1 = w:nW\ncustomPiece2 = l:nN\ncustomPiece3 = o:nC\ncustomPiece4 = u:nD\n")
	v, err := f.Lookup("a")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		fen  string
		want []string
	}{
		{"4k3/8/8/8/3W4/8/8/4K3 w - - 0 1", nil},
		{"4k3/8/8/8/3O4/8/8/4K3 w - - 0 1", nil},
		{"4k3/8/8/8/3U4/8/8/4K3 w - - 0 1", []string{"d4b4", "d4d2", "d4d6", "d4f4"}},
		{"4k3/8/8/8/3U4/3P4/8/4K3 w - - 0 1", []string{"d4b4", "d4d6", "d4f4"}},
		// the lame knight on b1: b2 blocks a3 and c3, c1 is free for d2
		{"4k3/8/8/8/8/8/1P6/1L2K3 w - - 0 1", []string{"b1d2"}},
	} {
		// NewFSF: a lone custom piece the start position does not have
		// is a diagram no game of a reaches (position.New refuses it)
		p, err := position.NewFSF(v, c.fen, false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range p.LegalMoves(nil) {
			if from := m.From(); p.PieceOn(from).Type() != position.King && p.PieceOn(from).Type() != position.Pawn {
				got = append(got, p.UCI(m))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: moves %v, want %v", c.fen, got, c.want)
		}
	}
}
