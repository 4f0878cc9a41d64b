package plugins

import "testing"

func TestAtomicChess(t *testing.T) {
	checkOracle(t, "atomicChess", "atomic")
	// Nxd7 explodes: the knight, the pawn it takes and the non-pawns
	// around d7 (bishop c8, queen d8, king e8) go; the pawns c7 and e7
	// stay. Black's king is gone: White wins.
	g := play(t, "atomicChess", "rnbqkbnr/pppppppp/8/2N5/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", "c5d7")
	if got, want := board(g), "rn3bnr/ppp1pppp/8/8/8/8/PPPPPPPP/R1BQKBNR"; got != want {
		t.Errorf("after Nxd7 %s, want %s", got, want)
	}
	if r, over := g.Result(); !over || r.Score != "1-0" || r.Reason != "explosion" {
		t.Errorf("result %v %v", r, over)
	}
	// a king never captures, and kings side by side are not in check:
	// the white king on e4 next to Black's on e5 may stay, and cannot
	// take the pawn on d5 (f5 and d4, next to the black king, are safe)
	got := legal(t, "atomicChess", "8/8/8/3pk3/4K3/8/8/8 w - - 0 1")
	if want := "e4d3 e4d4 e4e3 e4f3 e4f4 e4f5"; got != want {
		t.Errorf("moves %s, want %s", got, want)
	}
}
