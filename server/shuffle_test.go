package server

import (
	"strings"
	"testing"
)

// TestCreateShuffleVariant: a fischerandom game created without a FEN starts
// from a shuffled back rank (Chess960's rules), not always the standard
// array; a given FEN is kept.
func TestCreateShuffleVariant(t *testing.T) {
	ts := newTestServer(t, countingMover{calls: make(chan struct{}, 16)})
	rows := map[string]bool{}
	for i := 0; i < 6; i++ {
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "fischerandom", "side": "white", "opponent": map[string]any{"type": "human"}})
		if code != 201 {
			t.Fatalf("create: %d %v", code, g)
		}
		fen := g["state"].(map[string]any)["startFen"].(string)
		ranks := strings.Split(strings.Fields(fen)[0], "/")
		row := ranks[7]
		b1, b2 := strings.IndexByte(row, 'B'), strings.LastIndexByte(row, 'B')
		k, r1, r2 := strings.IndexByte(row, 'K'), strings.IndexByte(row, 'R'), strings.LastIndexByte(row, 'R')
		if ranks[0] != strings.ToLower(row) || (b1+b2)%2 == 0 || !(r1 < k && k < r2) {
			t.Fatalf("start %s is not a Chess960 array", fen)
		}
		rows[row] = true
	}
	if len(rows) < 2 {
		t.Errorf("six fischerandom games all started from %v", rows)
	}
	fen := "rbbkqnnr/pppppppp/8/8/8/8/PPPPPPPP/RBBKQNNR w HAha - 0 1"
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "fischerandom", "fen": fen, "side": "white", "opponent": map[string]any{"type": "human"}})
	if got := g["state"].(map[string]any)["startFen"]; code != 201 || got != fen {
		t.Errorf("with a FEN: %d, start %v, want %s", code, got, fen)
	}
}
