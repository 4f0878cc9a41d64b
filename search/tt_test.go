package search

import (
	"testing"

	"houserules/position"
)

// TestTTStoreProbe: an entry comes back as stored (move, score, static
// score, depth, bound); a later store of the same key without a
// move keeps the move; a much shallower bound of the same search does not
// replace a deeper result. In a full bucket the entry of an earlier search
// goes first, then the shallower one.
func TestTTStoreProbe(t *testing.T) {
	tt := NewTT(1)
	m := position.Move(1234)
	const k = uint64(0xABCDEF0123456780)
	tt.store(k, m, 57, -12, 9, boundExact)
	e, hit := tt.probe(k)
	if !hit || e.move != m || e.score != 57 || e.eval != -12 || e.depth != 9 || e.bound != boundExact {
		t.Fatalf("probe: hit %v, %+v; want the stored entry", hit, *e)
	}
	tt.store(k, position.NoMove, 80, -12, 10, boundLower)
	if e, _ := tt.probe(k); e.move != m || e.score != 80 || e.bound != boundLower {
		t.Errorf("restore without a move: %+v, want move %v kept, score 80, lower bound", *e, m)
	}
	tt.store(k, position.NoMove, -300, -12, 2, boundUpper)
	if e, _ := tt.probe(k); e.depth != 10 || e.score != 80 {
		t.Errorf("a depth-2 bound replaced the depth-10 result: %+v", *e)
	}
	if _, hit := tt.probe(k ^ 1<<40); hit {
		t.Error("another key hit")
	}

	// one bucket, three keys: k1 from the last search, k2 and k3 from this one
	tt = NewTT(1)
	k1 := uint64(0x10) << 32
	k2, k3 := k1^1<<50, k1^1<<51 // same low bits: the same bucket
	tt.store(k1, m, 1, 0, 20, boundExact)
	tt.newSearch()
	tt.store(k2, m, 2, 0, 3, boundExact)
	tt.store(k3, m, 3, 0, 5, boundExact)
	if _, hit := tt.probe(k1); hit {
		t.Error("the entry of the earlier search was kept over this search's")
	}
	if _, hit := tt.probe(k2); !hit {
		t.Error("this search's entry was replaced by another of this search in a bucket with an older one")
	}
	tt.store(k1, m, 1, 0, 4, boundExact)
	if _, hit := tt.probe(k2); hit {
		t.Error("the shallower (depth 3) entry of the full bucket was kept")
	}
	if _, hit := tt.probe(k3); !hit {
		t.Error("the deeper (depth 5) entry of the full bucket was replaced")
	}
}
