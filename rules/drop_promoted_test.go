package rules_test

import (
	"slices"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestPromotedDropsOnSquaresOnlyThePromotedPieceLeaves: with dropPromoted
// and immobilityIllegal (shogi that also drops pieces promoted), a pawn,
// knight or lance may be dropped promoted on the ranks where, unpromoted,
// it could never move: the immobility filter is the dropped type's, as in
// Fairy-Stockfish's Position::legal. The counts are the oracle's
// (Fairy-Stockfish c19b5f6, largeboards, VariantPath with this section,
// go perft): 446 and 64509 (we had 413 at depth 1: no +P@e1, +N@a2, …).
func TestPromotedDropsOnSquaresOnlyThePromotedPieceLeaves(t *testing.T) {
	f, err := variants.Load("t.ini", strings.NewReader("[promodrop:shogi]\ndropPromoted = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := f.Lookup("promodrop")
	if err != nil {
		t.Fatal(err)
	}
	p, err := position.New(v, "4k4/9/9/9/9/9/9/9/4K4[Ppnl] b - - 0 1", false)
	if err != nil {
		t.Fatal(err)
	}
	var buf [1024]position.Move
	var ucis []string
	for _, m := range p.LegalMoves(buf[:0]) {
		ucis = append(ucis, p.UCI(m))
	}
	for _, want := range []string{"+P@a1", "+N@a2", "+L@i1"} {
		if !slices.Contains(ucis, want) {
			t.Errorf("%s is missing", want)
		}
	}
	for _, bad := range []string{"P@a1", "N@a2", "L@i1"} {
		if slices.Contains(ucis, bad) {
			t.Errorf("%s is listed: the piece could never move from there", bad)
		}
	}
	for depth, want := range []uint64{1: 446, 2: 64509} {
		if depth == 0 {
			continue
		}
		if got := rules.Perft(p, depth); got != want {
			t.Errorf("perft %d = %d, want %d", depth, got, want)
		}
	}
}
