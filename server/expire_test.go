package server

import (
	"context"
	"testing"
	"time"

	"houserules/store"
)

// TestExpireEmptyGames: the sweep (cutoff injected, no waiting) deletes
// the empty unfinished games, drops their rooms, and their links answer
// not_found; a room with a client connected or the AI thinking, a game
// with a move, a finished one and a recent one stay.
func TestExpireEmptyGames(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	create := func() (id, invite string) {
		t.Helper()
		code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"opponent": map[string]any{"type": "human"}, "side": "white"})
		if code != 201 {
			t.Fatalf("create: %d %v", code, g)
		}
		return g["id"].(string), g["inviteUrl"].(string)
	}
	watched, _ := create()       // waiting, a client connected
	idle, idleInvite := create() // waiting, in memory, nobody there
	moved, wt, _ := createHuman(t, ts, map[string]any{})
	aborted, awt, _ := createHuman(t, ts, map[string]any{})
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"opponent": map[string]any{"type": "ai", "level": 0}, "side": "white"})
	if code != 201 {
		t.Fatalf("create vs AI: %d %v", code, g)
	}
	thinking := g["id"].(string) // active at ply 0; the AI is made to think below
	if code, _ := call(t, "POST", ts.URL+"/api/games/"+moved+"/moves", wt, map[string]any{"move": "e2e4"}); code != 200 {
		t.Fatalf("move: %d", code)
	}
	if code, _ := call(t, "GET", ts.URL+"/api/games/"+aborted, "", nil); code != 200 {
		t.Fatal(code)
	}
	w := dialWS(t, ts.URL, aborted, awt)
	w.send(map[string]any{"type": "abort"})
	w.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	unloaded := &store.Game{ID: "unloaded0001", Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		White: store.Seat{Kind: store.Human, TokenHash: "x"}, Black: store.Seat{Kind: store.Human}, Status: store.StatusWaiting}
	recent := *unloaded
	recent.ID, recent.UpdatedAt = "recent000001", time.Now().Add(2*time.Hour)
	for _, g := range []*store.Game{unloaded, &recent} {
		if err := ts.DB.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	spec := dialWS(t, ts.URL, watched, "")
	spec.expect(isState)
	r, err := ts.srv.hub.room(ctx, thinking)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.aiBusy = true
	r.mu.Unlock()

	cut := time.Now().Add(time.Hour) // every game made above is older
	n, err := ts.srv.hub.expire(ctx, cut)
	if err != nil || n != 2 {
		t.Fatalf("expire: %d %v, want 2 (the idle room's game and the game not in memory)", n, err)
	}
	for _, id := range []string{idle, "unloaded0001"} {
		if code, g := call(t, "GET", ts.URL+"/api/games/"+id, "", nil); code != 404 || errCode(g) != CodeNotFound {
			t.Errorf("expired game %s: %d %v, want 404 %s", id, code, g, CodeNotFound)
		}
	}
	if code, g := call(t, "POST", ts.URL+"/api/games/"+idle+"/join", "", map[string]any{"invite": idleInvite[len(idleInvite)-32:]}); code != 404 {
		t.Errorf("invite of an expired game: %d %v, want 404", code, g)
	}
	for _, id := range []string{watched, thinking, moved, aborted, "recent000001"} {
		if code, g := call(t, "GET", ts.URL+"/api/games/"+id, "", nil); code != 200 {
			t.Errorf("game %s that stays: %d %v", id, code, g)
		}
	}
	// the watcher leaves, the AI stops: both go at the next sweep
	spec.conn.CloseNow()
	r.mu.Lock()
	r.aiBusy = false
	r.mu.Unlock()
	deadline := time.Now().Add(10 * time.Second)
	total := 0
	for total < 2 && time.Now().Before(deadline) {
		n, err := ts.srv.hub.expire(ctx, cut)
		if err != nil {
			t.Fatal(err)
		}
		total += n
		time.Sleep(10 * time.Millisecond)
	}
	if total != 2 {
		t.Fatalf("second sweeps: %d deleted, want 2 (the watched game, the AI's at ply 0)", total)
	}
	if n, err := ts.srv.hub.expire(ctx, cut); err != nil || n != 0 {
		t.Errorf("last sweep: %d %v, want 0", n, err)
	}
}

// TestTouchWatchedKeepsGamesFromOtherInstances: another instance's sweep
// does not know which rooms have a client here; the expirer touches this
// instance's watched empty games (half the age before the cutoff), so a
// sweep with no keep list — another instance's — deletes only the
// unwatched one.
func TestTouchWatchedKeepsGamesFromOtherInstances(t *testing.T) {
	ts := newTestServer(t, nil)
	ctx := context.Background()
	old := time.Now().Add(-2 * time.Hour)
	mk := func(id string) {
		t.Helper()
		g := &store.Game{ID: id, Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			White: store.Seat{Kind: store.Human, TokenHash: "x"}, Black: store.Seat{Kind: store.Human},
			Status: store.StatusWaiting, CreatedAt: old, UpdatedAt: old}
		if err := ts.DB.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	mk("watched00001")
	mk("unwatched001")
	spec := dialWS(t, ts.URL, "watched00001", "")
	spec.expect(isState)
	if code, _ := call(t, "GET", ts.URL+"/api/games/unwatched001", "", nil); code != 200 { // loaded, nobody there
		t.Fatal(code)
	}
	n, err := ts.srv.hub.touchWatched(ctx, time.Now().Add(-time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("touchWatched: %d %v, want 1 (the watched game)", n, err)
	}
	if n, err := ts.srv.hub.touchWatched(ctx, time.Now().Add(-time.Hour)); err != nil || n != 0 {
		t.Fatalf("second touchWatched: %d %v, want 0 (touched already)", n, err)
	}
	// another instance's sweep: no keep list
	n, err = ts.DB.DeleteExpired(ctx, time.Now().Add(-time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("DeleteExpired: %d %v, want 1 (the unwatched game)", n, err)
	}
	if _, err := ts.DB.GetGame(ctx, "unwatched001"); err == nil {
		t.Error("the unwatched game is still stored")
	}
	g, err := ts.DB.GetGame(ctx, "watched00001")
	if err != nil {
		t.Fatalf("the watched game: %v", err)
	}
	if !g.UpdatedAt.After(old.Add(time.Hour)) {
		t.Errorf("watched game updated at %v, want touched (after %v)", g.UpdatedAt, old.Add(time.Hour))
	}
}
