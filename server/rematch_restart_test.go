package server

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"houserules/store"
)

// restartable is a server over a SQLite file that can be stopped and
// started again on the same file (a restart).
type restartable struct {
	t    *testing.T
	path string
	ts   *testServer
}

func (rs *restartable) start() *testServer {
	rs.t.Helper()
	db, err := store.Open(context.Background(), rs.path)
	if err != nil {
		rs.t.Fatal(err)
	}
	s := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hs := httptest.NewServer(s)
	rs.ts = &testServer{t: rs.t, URL: hs.URL, DB: db, srv: s, hs: hs}
	return rs.ts
}

func (rs *restartable) stop() {
	rs.ts.hs.CloseClientConnections()
	rs.ts.srv.Close()
	rs.ts.hs.Close()
	rs.ts.DB.Close()
}

// TestRematchSurvivesRestart: a rematch offer is still there after a
// restart and accepting it then works; after an accepted rematch and a
// restart, the old game links to the new one (state.rematch), each seat
// gets the same token for its new colour as before the restart, and a
// spectator gets the link.
func TestRematchSurvivesRestart(t *testing.T) {
	rs := &restartable{t: t, path: filepath.Join(t.TempDir(), "games.db")}
	ts := rs.start()
	id, wt, bt := createHuman(t, ts, map[string]any{})
	w := dialWS(t, ts.URL, id, wt)
	w.send(map[string]any{"type": "resign"})
	w.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	w.send(map[string]any{"type": "rematch_offer"})
	w.expect(func(m map[string]any) bool { return isState(m) && m["rematchOffer"] == "white" })
	rs.stop()

	ts = rs.start()
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, bt, nil)
	if st := g["state"].(map[string]any); st["rematchOffer"] != "white" || st["rematch"] != nil {
		t.Fatalf("after a restart: rematchOffer %v, rematch %v; want white's offer", st["rematchOffer"], st["rematch"])
	}
	b := dialWS(t, ts.URL, id, bt)
	b.send(map[string]any{"type": "rematch_accept"})
	rb := b.expect(func(m map[string]any) bool { return m["type"] == "rematch" })
	nid, newBlackTok := rb["id"].(string), rb["token"].(string) // black plays white in the rematch
	if rb["seat"] != "white" || nid == "" || newBlackTok == "" {
		t.Fatalf("rematch accepted after a restart: %v", rb)
	}
	// white (offline when it was accepted) gets its token from the state
	_, g = call(t, "GET", ts.URL+"/api/games/"+id, wt, nil)
	rw := g["state"].(map[string]any)["rematch"].(map[string]any)
	newWhiteTok := rw["token"].(string)
	if rw["id"] != nid || rw["seat"] != "black" || newWhiteTok == "" {
		t.Fatalf("white's view of the rematch: %v", rw)
	}
	rs.stop()

	ts = rs.start()
	for _, c := range []struct{ tok, seat, newTok string }{{wt, "black", newWhiteTok}, {bt, "white", newBlackTok}, {"", "", ""}} {
		_, g := call(t, "GET", ts.URL+"/api/games/"+id, c.tok, nil)
		st := g["state"].(map[string]any)
		rj, _ := st["rematch"].(map[string]any)
		if rj == nil || rj["id"] != nid || rj["url"] != "/g/"+nid || st["rematchOffer"] != "" {
			t.Fatalf("after the second restart, seat %q: rematch %v, offer %v; want game %s", c.seat, rj, st["rematchOffer"], nid)
		}
		if c.seat == "" {
			if rj["token"] != nil || rj["seat"] != nil {
				t.Errorf("a spectator gets a seat of the rematch: %v", rj)
			}
			continue
		}
		if rj["seat"] != c.seat || rj["token"] != c.newTok {
			t.Errorf("after the second restart, the %s seat of the rematch: %v, want token %s", c.seat, rj, c.newTok)
		}
		_, ng := call(t, "GET", ts.URL+"/api/games/"+nid, c.newTok, nil)
		if you := ng["state"].(map[string]any)["you"]; you != c.seat {
			t.Errorf("the rematch with the %s token: you %v", c.seat, you)
		}
	}
	// the rematch is played there
	nb := dialWS(t, ts.URL, nid, newWhiteTok)
	nw := dialWS(t, ts.URL, nid, newBlackTok)
	nw.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	nw.expect(func(m map[string]any) bool { return m["type"] == "ack" && m["ply"] == 1.0 })
	nb.expectState(1)
	rs.stop()
}
