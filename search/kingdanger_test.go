package search

import (
	"slices"
	"strings"
	"testing"

	"houserules/geom"
	"houserules/position"
	"houserules/rules"
	"houserules/rules/rulestest"
)

// kingUnits returns the king-danger units of White's and Black's attacks
// in fen under variant.
func kingUnits(t *testing.T, variant, fen string) [2]int {
	t.Helper()
	rs := rulestest.Compile(t, variant, "")
	e := NewEvaluator(rs)
	var tr [2]int
	e.traceKing = &tr
	g, err := rules.NewGame(rs, fen, false)
	if err != nil {
		t.Fatal(err)
	}
	e.Evaluate(g)
	return tr
}

// TestKingDangerUnits: Stockfish 11's king-danger shape on whole
// positions. In the start position no piece reaches the enemy king's ring:
// the units are 37 less 6/8 of the defender's shelter in Stockfish's units
// (three shield pawns, 3·26 = 78 of ours, 2.5 times that: 146), -109 for
// each side. Bare kings: no queen-class attacker costs 873 more, and the
// shelter is a king on a file without its pawns (-4 of ours: +7 units),
// so -829. In a capablanca game position where Fairy-Stockfish 11.1's
// eval gives Black's king safety -13.8 pawns (White's rook on j7, pawn on
// i6, bishop on j6, chancellor on i5 around the king on i8), White's
// attack counts over 2,000 units (over 450 centipawns), and Black's
// counterattack on White's king less.
func TestKingDangerUnits(t *testing.T) {
	for _, tc := range []struct {
		variant, fen string
		want         [2]int
	}{
		{"chess", "", [2]int{-109, -109}},
		{"capablanca", "", [2]int{-109, -109}},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", [2]int{-829, -829}},
	} {
		if got := kingUnits(t, tc.variant, tc.fen); got != tc.want {
			t.Errorf("%s %q: units %v, want %v", tc.variant, tc.fen, got, tc.want)
		}
	}
	got := kingUnits(t, "capablanca", "r6rk1/3q2p2R/p4p2PB/3PnP4/1p6C1/2N1b5/PP2B1PPP1/6K3 w - - 0 1")
	if got[0] < 2000 || got[1] >= got[0] {
		t.Errorf("capablanca attack on the king: units %v, want White's over 2000 and Black's below it", got)
	}
	if mg, _ := dangerScore(got[0]); mg < 450 {
		t.Errorf("capablanca attack on the king: %d units are worth %d cp, want over 450", got[0], mg)
	}
}

// TestDangerScore: units become centipawns as min(u, 3500)·u/4096 (middle
// game) and u/16 (endgame) in Stockfish's units, 2/5 of that in ours;
// nothing up to 100 units.
func TestDangerScore(t *testing.T) {
	for _, tc := range []struct{ units, mg, eg int }{
		{-500, 0, 0}, {100, 0, 0}, {1000, 97, 25}, {2000, 390, 50}, {3500, 1196, 87}, {5000, 1708, 125},
	} {
		if mg, eg := dangerScore(tc.units); mg != tc.mg || eg != tc.eg {
			t.Errorf("dangerScore(%d) = %d, %d; want %d, %d", tc.units, mg, eg, tc.mg, tc.eg)
		}
	}
}

// TestKingWeights: the attack and safe-check weights per type are
// Stockfish's for the chess pieces and its fairy-piece value (40;
// 600/900) for the others, the capablanca archbishop and chancellor.
func TestKingWeights(t *testing.T) {
	e := NewEvaluator(rulestest.Compile(t, "capablanca", ""))
	for _, tc := range []struct {
		pt    position.PieceType
		w     int
		check [2]int
	}{
		{position.Knight, 81, [2]int{803, 1292}},
		{position.Bishop, 52, [2]int{639, 974}},
		{position.Rook, 44, [2]int{1087, 1878}},
		{position.Queen, 10, [2]int{759, 1132}},
		{position.Archbishop, 40, [2]int{600, 900}},
		{position.Chancellor, 40, [2]int{600, 900}},
	} {
		i := slices.Index(e.types, tc.pt)
		if i < 0 {
			t.Fatalf("no type %v in capablanca", tc.pt)
		}
		if e.kingW[i] != tc.w || e.safeCheckW[i] != tc.check {
			t.Errorf("type %v: weight %d, checks %v; want %d, %v", tc.pt, e.kingW[i], e.safeCheckW[i], tc.w, tc.check)
		}
	}
}

// TestDangerRing: the ring is the 3x3 block around the king moved off the
// edges: a king on g1 has f1-h3, on a8 a6-c8, on e4 d3-f5; on the 10x8
// capablanca board a king on j1 has h1-j3.
func TestDangerRing(t *testing.T) {
	for _, tc := range []struct {
		variant, king, want string
	}{
		{"chess", "g1", "f1 g1 h1 f2 g2 h2 f3 g3 h3"},
		{"chess", "a8", "a6 b6 c6 a7 b7 c7 a8 b8 c8"},
		{"chess", "e4", "d3 e3 f3 d4 e4 f4 d5 e5 f5"},
		{"capablanca", "j1", "h1 i1 j1 h2 i2 j2 h3 i3 j3"},
	} {
		e := NewEvaluator(rulestest.Compile(t, tc.variant, ""))
		b := e.board
		k, err := geom.ParseSquare(tc.king, b.Files, b.Ranks)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for r := e.dangerRing[k]; r.Any(); {
			got = append(got, r.Pop().String())
		}
		if want := tc.want; slices.Compare(got, strings.Fields(want)) != 0 {
			t.Errorf("%s king on %s: ring %v, want %s", tc.variant, tc.king, got, want)
		}
	}
}
