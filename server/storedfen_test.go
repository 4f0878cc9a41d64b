package server

import (
	"context"
	"testing"

	"houserules/store"
)

// TestStoredGameOfAStricterReader: a game stored before the FEN reader
// refused its start position (a white pawn on a1: no pawn gets there) still
// loads, plays and is not lost; a new game from that FEN is refused.
func TestStoredGameOfAStricterReader(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	const fen = "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"
	g := &store.Game{ID: "oldfen000001", Variant: "chess", StartFEN: fen,
		White: store.Seat{Kind: store.Human, TokenHash: store.HashToken("wt")}, Black: store.Seat{Kind: store.Human, TokenHash: store.HashToken("bt")},
		Status: store.StatusActive}
	if err := ts.DB.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	fenOf := func() (int, any) {
		code, m := call(t, "GET", ts.URL+"/api/games/oldfen000001", "", nil)
		st, _ := m["state"].(map[string]any)
		return code, st["fen"]
	}
	if code, got := fenOf(); code != 200 || got != fen {
		t.Fatalf("stored game: %d %v, want 200 at %s", code, got, fen)
	}
	if code, m := call(t, "POST", ts.URL+"/api/games/oldfen000001/moves", "wt", map[string]any{"move": "e1d1"}); code != 200 {
		t.Fatalf("move e1d1: %d %v", code, m)
	}
	if code, got := fenOf(); code != 200 || got != "4k3/8/8/8/8/8/8/P2K4 b - - 1 1" {
		t.Fatalf("after e1d1: %d fen %v", code, got)
	}
	code, m := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"opponent": map[string]any{"type": "human"}, "fen": fen})
	if code != 400 || errCode(m) != CodeBadFEN {
		t.Fatalf("new game from the FEN: %d %v, want 400 %s", code, m, CodeBadFEN)
	}
}
