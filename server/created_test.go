package server

import (
	"context"
	"reflect"
	"testing"
)

// TestCreatedRoomIsTheStoredOne: the room a creation builds from the
// record it has just stored (hub.created, no read back) is the room a
// load from the store gives: the same record and, for each seat and a
// spectator, the same state — for a plain game, a clock game with a
// FEN, and a game with presets.
func TestCreatedRoomIsTheStoredOne(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, body := range []map[string]any{
		{"variant": "chess"},
		{"variant": "chess", "fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "clock": map[string]any{"initial": 60, "increment": 1}},
		{"variant": "crazyhouse", "presets": "piece-hp"},
	} {
		body["opponent"] = map[string]any{"type": "human"}
		body["side"] = "white"
		code, g := call(t, "POST", ts.URL+"/api/games", "", body)
		if code != 201 {
			t.Fatalf("create %v: %d %v", body, code, g)
		}
		id := g["id"].(string)
		h := ts.srv.hub
		created, err := h.room(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := loadRoom(context.Background(), h, id)
		if err != nil {
			t.Fatal(err)
		}
		created.mu.Lock()
		loaded.mu.Lock()
		if !reflect.DeepEqual(created.rec, loaded.rec) {
			t.Errorf("%v: created record\n%+v\nloaded\n%+v", body, created.rec, loaded.rec)
		}
		for _, seat := range []string{"white", "black", ""} {
			c, _ := created.stateFor(seat).MarshalJSON()
			l, _ := loaded.stateFor(seat).MarshalJSON()
			if string(c) != string(l) {
				t.Errorf("%v, seat %q: created state\n%s\nloaded\n%s", body, seat, c, l)
			}
		}
		loaded.mu.Unlock()
		created.mu.Unlock()
	}
}
