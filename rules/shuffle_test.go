package rules_test

import (
	"math/rand"
	"strings"
	"testing"

	"houserules/position"
	"houserules/rules"
	"houserules/variants"
)

// TestShuffleStartFischerandom: shuffled back ranks keep Chess960's rules
// (bishops on opposite colours, the king between the rooks, Black
// mirroring White), reach all 960 arrays, and give positions with both
// castling rights of each side.
func TestShuffleStartFischerandom(t *testing.T) {
	v, err := variants.Get("fischerandom")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	for i := 0; i < 20000; i++ {
		fen, err := rules.ShuffleStart(v, r)
		if err != nil {
			t.Fatal(err)
		}
		ranks := strings.Split(strings.Fields(fen)[0], "/")
		row := ranks[7]
		if ranks[0] != strings.ToLower(row) || ranks[1] != "pppppppp" || ranks[6] != "PPPPPPPP" {
			t.Fatalf("%s: not a mirrored shuffle of the back rank", fen)
		}
		b1, b2 := strings.IndexByte(row, 'B'), strings.LastIndexByte(row, 'B')
		k, r1, r2 := strings.IndexByte(row, 'K'), strings.IndexByte(row, 'R'), strings.LastIndexByte(row, 'R')
		if (b1+b2)%2 == 0 || !(r1 < k && k < r2) || len(row) != 8 {
			t.Fatalf("%s: bishops or king out of place", fen)
		}
		seen[row] = true
		if i < 3 {
			p, err := position.New(v, fen, true)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if !p.CanCastle(position.WhiteOO|position.WhiteOOO) || !p.CanCastle(position.BlackOO|position.BlackOOO) {
				t.Errorf("%s: castling rights %q", fen, strings.Fields(p.FEN())[2])
			}
		}
	}
	if len(seen) != 960 {
		t.Errorf("%d distinct arrays, want 960", len(seen))
	}
}

// TestShuffleStartCaparandom: Capablanca Random Chess adds the queen and
// the archbishop on opposite colours and no undefended pawn.
func TestShuffleStartCaparandom(t *testing.T) {
	v, err := variants.Get("caparandom")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 300; i++ {
		fen, err := rules.ShuffleStart(v, r)
		if err != nil {
			t.Fatal(err)
		}
		row := strings.Split(strings.Fields(fen)[0], "/")[7]
		q, a := strings.IndexByte(row, 'Q'), strings.IndexByte(row, 'A')
		if len(row) != 10 || (q+a)%2 == 0 || strings.Count(row, "C") != 1 {
			t.Fatalf("%s: queen and archbishop on one colour", fen)
		}
		p, err := position.New(v, fen, true)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		for c := position.White; c <= position.Black; c++ {
			for b := p.PiecesOf(c, position.Pawn); b.Any(); {
				if s := b.Pop(); p.AttackersTo(s, p.Occupied(), c).Empty() {
					t.Fatalf("%s: the pawn on %s is undefended", fen, s)
				}
			}
		}
	}
	// a start position with gaps on its back rank is refused
	if _, err := rules.ShuffleStart(mustVariant(t, "grand"), r); err == nil || !strings.Contains(err.Error(), "not full ranks") {
		t.Errorf("grand: %v, want a refusal (its back ranks have gaps)", err)
	}
}

func mustVariant(t *testing.T, name string) *position.Variant {
	t.Helper()
	v, err := variants.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestStartFEN: a given FEN stands; a shuffle game without one gets a
// shuffled back rank; a variant without chess960 and one whose back rank
// cannot be shuffled (grand, with gaps) keep their start position ("").
func TestStartFEN(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	given := "rbbkqnnr/pppppppp/8/8/8/8/PPPPPPPP/RBBKQNNR w HAha - 0 1"
	if got := rules.StartFEN(mustVariant(t, "fischerandom"), given, false, r); got != given {
		t.Errorf("given FEN: %q", got)
	}
	if got := rules.StartFEN(mustVariant(t, "fischerandom"), "", false, r); got == "" {
		t.Errorf("fischerandom: no shuffled start")
	}
	if got := rules.StartFEN(mustVariant(t, "chess"), "", true, r); got == "" {
		t.Errorf("chess with chess960: no shuffled start")
	}
	for _, name := range []string{"chess", "grand"} {
		chess960 := name == "grand"
		if got := rules.StartFEN(mustVariant(t, name), "", chess960, r); got != "" {
			t.Errorf("%s (chess960 %v): %q, want the variant's start", name, chess960, got)
		}
	}
}
