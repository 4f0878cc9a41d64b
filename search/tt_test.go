package search

import (
	"testing"

	"houserules/position"
)

// TestTTStoreProbe: an entry comes back as stored (move, score, static
// score, depth, bound); a later store of the same key without a
// move keeps the move; a much shallower bound of the same search does not
// replace a deeper result; a move's production tag is dropped. In a full
// bucket of four the entry of an earlier search goes first, then the
// shallowest.
func TestTTStoreProbe(t *testing.T) {
	tt := NewTT(1)
	m := position.Move(1234)
	const k = uint64(0xABCDEF0123456780)
	tt.store(k, m, 57, -12, 9, boundExact)
	e, hit := tt.probe(k)
	if !hit || e.move != m || e.score != 57 || e.eval != -12 || e.depth != 9 || e.bound != boundExact {
		t.Fatalf("probe: hit %v, %+v; want the stored entry", hit, e)
	}
	tt.store(k, position.NoMove, 80, -12, 10, boundLower)
	if e, _ := tt.probe(k); e.move != m || e.score != 80 || e.bound != boundLower {
		t.Errorf("restore without a move: %+v, want move %v kept, score 80, lower bound", e, m)
	}
	tt.store(k, position.NoMove, -300, -12, 2, boundUpper)
	if e, _ := tt.probe(k); e.depth != 10 || e.score != 80 {
		t.Errorf("a depth-2 bound replaced the depth-10 result: %+v", e)
	}
	if _, hit := tt.probe(k ^ 1<<40); hit {
		t.Error("another key hit")
	}

	// the production tag is not kept: the move comes back as its Base
	tt.store(k, m.WithProduction(7), 90, -12, 12, boundExact)
	if e, _ := tt.probe(k); e.move != m {
		t.Errorf("a tagged move came back as %v, want its base %v", e.move, m)
	}

	// one bucket (four entries), five keys: k1 from the last search, the
	// others from this one
	tt = NewTT(1)
	k1 := uint64(0x10) << 32
	ks := []uint64{k1 ^ 1<<50, k1 ^ 1<<51, k1 ^ 1<<52, k1 ^ 1<<53} // same low bits: the same bucket
	depths := []int{3, 5, 6, 7}
	tt.store(k1, m, 1, 0, 20, boundExact)
	tt.newSearch()
	for i, k := range ks[:3] {
		tt.store(k, m, 2, 0, depths[i], boundExact)
	}
	tt.store(ks[3], m, 3, 0, depths[3], boundExact)
	if _, hit := tt.probe(k1); hit {
		t.Error("the entry of the earlier search was kept over this search's")
	}
	for i, k := range ks {
		if _, hit := tt.probe(k); !hit {
			t.Errorf("entry %d (depth %d) of this search was replaced in a bucket with an older one", i, depths[i])
		}
	}
	tt.store(k1, m, 1, 0, 4, boundExact)
	if _, hit := tt.probe(ks[0]); hit {
		t.Error("the shallowest (depth 3) entry of the full bucket was kept")
	}
	for i, k := range ks[1:] {
		if _, hit := tt.probe(k); !hit {
			t.Errorf("the deeper (depth %d) entry of the full bucket was replaced", depths[i+1])
		}
	}
	if e, hit := tt.probe(k1); !hit || e.depth != 4 {
		t.Errorf("the new entry: hit %v, %+v", hit, e)
	}
}
