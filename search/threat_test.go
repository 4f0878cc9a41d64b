package search

import (
	"slices"
	"testing"

	"houserules/position"
	"houserules/rules/rulestest"
)

// TestLesserAttackers: a piece counts as threatened by an attacker worth at
// least a pawn less than itself (middle-game values), whatever the
// variant's pieces: in capablanca the archbishop threatens the queen but
// not the chancellor, and the chancellor does not threaten the queen (the
// values are within a pawn); in makruk the met threatens the knight, the
// khon does not. In chess this is the old minor/rook classes exactly.
func TestLesserAttackers(t *testing.T) {
	const (
		N, B, R, Q = position.Knight, position.Bishop, position.Rook, position.Queen
		A, C       = position.Archbishop, position.Chancellor
		Met, Khon  = position.Fers, position.Silver
	)
	for _, tc := range []struct {
		variant string
		victim  position.PieceType
		want    []position.PieceType
	}{
		{"chess", N, nil},
		{"chess", B, nil},
		{"chess", R, []position.PieceType{N, B}},
		{"chess", Q, []position.PieceType{N, B, R}},
		{"chess", position.Pawn, nil},
		{"chess", position.King, nil},
		{"capablanca", A, []position.PieceType{N, B, R}},
		{"capablanca", C, []position.PieceType{N, B, R}},
		{"capablanca", Q, []position.PieceType{N, B, R, A}},
		{"makruk", Khon, nil},
		{"makruk", N, []position.PieceType{Met}},
		{"makruk", R, []position.PieceType{N, Met, Khon}},
	} {
		e := NewEvaluator(rulestest.Compile(t, tc.variant, ""))
		vi := slices.Index(e.types, tc.victim)
		if vi < 0 {
			t.Fatalf("%s: no piece type %d", tc.variant, tc.victim)
		}
		var got []position.PieceType
		for j, pt := range e.types {
			if e.lesser[vi]&(1<<j) != 0 {
				got = append(got, pt)
			}
		}
		want := slices.Clone(tc.want)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: type %d is threatened by %v, want %v", tc.variant, tc.victim, got, want)
		}
	}
}
