package server

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// legalOf2 is the legal list of a state or a "legal" answer as uci → san,
// with whether the message had the field at all.
func legalOf2(t *testing.T, m map[string]any) (map[string]string, bool) {
	t.Helper()
	raw, ok := m["legal"]
	if !ok {
		return nil, false
	}
	out := map[string]string{}
	for _, x := range raw.([]any) {
		lm := x.(map[string]any)
		out[lm["uci"].(string)] = lm["san"].(string)
	}
	return out, true
}

// roomLegal is the legal moves of game id's position as the rules give
// them (rules.Game.LegalSANs), uci → san, and the ply.
func roomLegal(t *testing.T, ts *testServer, id string) (map[string]string, int) {
	t.Helper()
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	out := map[string]string{}
	if r.over() {
		return out, len(r.moves)
	}
	moves, sans := r.game.LegalSANs()
	for i, m := range moves {
		out[r.game.Pos.UCI(m)] = sans[i]
	}
	return out, len(r.moves)
}

// checkOf is a state's check list.
func checkOf(m map[string]any) []string {
	out := []string{}
	for _, x := range m["check"].([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestLegalOnlyWhereUsed: with protocol 2 a state carries legal only to
// the seat to move (PROTOCOL.md "Partial states"): after 1.e4 f5 2.Qh5+
// the waiting white seat and a spectator get no legal but check ["e8"],
// black gets exactly [g7g6 "g6"]; {"type":"legal"} answers the same list
// and ply to anyone (its id echoed). A protocol 1 client in a view keeps
// legal in the view's states (its protocol 2 clients get it too). Over:
// the answer is [], and no protocol 2 state carries legal.
func TestLegalOnlyWhereUsed(t *testing.T) {
	ts := newTestServer(t, nil)
	id, white, black := createHuman(t, ts, map[string]any{"variant": "chess"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws?protocol=2"
	w2 := dialWSURL(t, ws+"&token="+white)
	b2 := dialWSURL(t, ws+"&token="+black)
	s2 := dialWSURL(t, ws)
	want0, _ := roomLegal(t, ts, id)
	if got, ok := legalOf2(t, w2.expectState(0)); !ok || len(got) != 20 || !reflect.DeepEqual(got, want0) {
		t.Fatalf("white to move at ply 0: legal %v (present %v), want the 20 moves %v", got, ok, want0)
	}
	for name, c := range map[string]*wsClient{"black": b2, "spectator": s2} {
		if st := c.expectState(0); st["legal"] != nil {
			t.Fatalf("%s at ply 0 got legal %v", name, st["legal"])
		}
	}
	for ply, mv := range []struct {
		c  *wsClient
		mv string
	}{{w2, "e2e4"}, {b2, "f7f5"}, {w2, "d1h5"}} {
		mv.c.send(map[string]any{"type": "move", "move": mv.mv, "ply": ply})
		for _, c := range []*wsClient{w2, b2, s2} {
			c.expectState(ply + 1)
		}
	}
	// ply 3, black in check: its only move is g6
	b2.send(map[string]any{"type": "sync"})
	st := b2.expectState(3)
	want := map[string]string{"g7g6": "g6"}
	if got, _ := legalOf2(t, st); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(checkOf(st), []string{"e8"}) {
		t.Fatalf("black to move in check: legal %v check %v, want %v [e8]", got, checkOf(st), want)
	}
	if rl, _ := roomLegal(t, ts, id); !reflect.DeepEqual(rl, want) {
		t.Fatalf("the position's legal moves %v, want %v", rl, want)
	}
	for name, c := range map[string]*wsClient{"white": w2, "spectator": s2} {
		c.send(map[string]any{"type": "sync"})
		st := c.expectState(3)
		if _, ok := st["legal"]; ok {
			t.Errorf("%s (protocol 2, not to move) got legal %v", name, st["legal"])
		}
		if !reflect.DeepEqual(checkOf(st), []string{"e8"}) {
			t.Errorf("%s: check %v, want [e8]", name, checkOf(st))
		}
		c.send(map[string]any{"type": "legal", "id": name})
		ans := c.expect(func(m map[string]any) bool { return m["type"] == "legal" })
		if got, _ := legalOf2(t, ans); !reflect.DeepEqual(got, want) || ans["ply"] != float64(3) || ans["id"] != name {
			t.Errorf("%s: legal answer %v, want ply 3, id %q, %v", name, ans, name, want)
		}
	}
	// the answer's moves are the state's, field for field
	b2.send(map[string]any{"type": "legal"})
	if ans := b2.expect(func(m map[string]any) bool { return m["type"] == "legal" }); !reflect.DeepEqual(ans["legal"], st["legal"]) {
		t.Errorf("legal answer %v, the state's %v", ans["legal"], st["legal"])
	}

	// a protocol 1 white client: white's view carries legal again, for
	// both of its clients; the spectators' view (protocol 2 only) not
	w1 := dialWS(t, ts.URL, id, white) // its hello changes its seat: a broadcast
	for name, c := range map[string]*wsClient{"white protocol 1": w1, "white protocol 2": w2} {
		if got, _ := legalOf2(t, c.expectState(3)); !reflect.DeepEqual(got, want) {
			t.Errorf("%s in a view with a protocol 1 client: legal %v, want %v", name, got, want)
		}
	}
	if st := s2.expectState(3); st["legal"] != nil || !reflect.DeepEqual(checkOf(st), []string{"e8"}) {
		t.Errorf("spectator: legal %v check %v, want none and [e8]", st["legal"], checkOf(st))
	}
	s1 := dialWSURL(t, strings.TrimSuffix(ws, "?protocol=2"))
	s1.expectState(3)
	b2.send(map[string]any{"type": "move", "move": "g7g6", "ply": 3})
	w2.expectState(4)
	s2.expectState(4)
	w1.send(map[string]any{"type": "move", "move": "h5g6", "ply": 4})
	states := map[string]map[string]any{}
	for name, c := range map[string]*wsClient{"white protocol 2": w2, "spectator protocol 2": s2, "spectator protocol 1": s1, "black": b2} {
		states[name] = c.expectState(5)
	}
	want5, _ := roomLegal(t, ts, id)
	if !reflect.DeepEqual(want5, map[string]string{"h7g6": "hxg6"}) {
		t.Fatalf("ply 5: legal %v, want only hxg6", want5)
	}
	for name, st := range states {
		if got, ok := legalOf2(t, st); !ok || !reflect.DeepEqual(got, want5) {
			t.Errorf("%s at ply 5 (every view has a protocol 1 client or is to move): legal %v, want %v", name, got, want5)
		}
		if lm := st["lastMove"].(map[string]any); lm["capture"] != true {
			t.Errorf("%s: the last move Qxg6 %v does not say capture", name, lm)
		}
	}

	// over: [] to anyone; protocol 2 states without legal, protocol 1 []
	b2.send(map[string]any{"type": "resign"})
	if st := w2.expectState(5); st["status"] != "over" || st["legal"] == nil || len(st["legal"].([]any)) != 0 {
		t.Errorf("over, white protocol 2 in a view with a protocol 1 client: status %v legal %v, want over []", st["status"], st["legal"])
	}
	if st := b2.expectState(5); st["status"] != "over" || st["legal"] != nil {
		t.Errorf("over, black protocol 2: status %v legal %v, want over, none", st["status"], st["legal"])
	}
	for _, c := range []*wsClient{b2, s2, w1} {
		c.send(map[string]any{"type": "legal"})
		if ans := c.expect(func(m map[string]any) bool { return m["type"] == "legal" }); ans["ply"] != float64(5) || ans["legal"] == nil || len(ans["legal"].([]any)) != 0 {
			t.Errorf("over: legal answer %v, want ply 5, []", ans)
		}
	}
}

// TestLegalWaitingGame: in a game waiting for its second player nobody
// can move: a protocol 2 seat gets no legal, the answer to "legal" is the
// position's moves (white's 20).
func TestLegalWaitingGame(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	w2 := dialWSURL(t, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws?protocol=2&token="+g["token"].(string))
	if st := w2.expectState(0); st["status"] != "waiting" || st["legal"] != nil {
		t.Fatalf("waiting: status %v legal %v, want waiting, none", st["status"], st["legal"])
	}
	w2.send(`{"type":"legal","id":[1]}`)
	ans := w2.expect(func(m map[string]any) bool { return m["type"] == "legal" })
	want, _ := roomLegal(t, ts, id)
	if got, _ := legalOf2(t, ans); len(got) != 20 || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(ans["id"], []any{float64(1)}) {
		t.Errorf("legal answer %v, want ply 0, id [1] and %v", ans, want)
	}
}

// TestLegalMessageRefused: a malformed legal request gets the usual
// error and the connection goes on; a flood of them is cut by the
// per-connection message limit (too_many_messages, then the close).
func TestLegalMessageRefused(t *testing.T) {
	ts := newTestServerWith(t, nil, hostileConfig)
	id, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	c := readWS(t, rawDial(t, ts, id, "10.7.0.1", nil))
	for _, tc := range []struct{ msg, code string }{
		{`{"type":"legal","id":`, CodeBadJSON},
		{`{"type":"legal","ply":"3"}`, CodeBadJSON},
		{`{"type":"legal","type":"sync"}`, CodeDuplicateKey},
		{`{"type":"legal","id":{"a":1,"a":2}}`, CodeDuplicateKey},
		{`{"type":"Legal"}`, CodeUnknownType},
	} {
		c.send(tc.msg)
		if code := c.expectError(); code != tc.code {
			t.Errorf("%s: %s, want %s", tc.msg, code, tc.code)
		}
	}
	c.send(`{"type":"legal","id":"still"}`)
	c.expect(func(m map[string]any) bool {
		return m["type"] == "legal" && m["id"] == "still" && len(m["legal"].([]any)) == 20
	})

	floodAnswers(t, ts, id, "10.7.0.2", `{"type":"legal"}`, "legal")
}

// TestCheckWithoutLegal: along random games of variants with several
// royals or their own check rules, a state built without legal (a view
// of protocol 2 clients that cannot move) has the check squares of one
// built with it, and no legal field; the squares are those of the side's
// royal pieces when it is in check.
func TestCheckWithoutLegal(t *testing.T) {
	ts := newTestServer(t, nil)
	checks := 0
	for _, v := range []string{"chess", "spartan", "atomic", "xiangqi", "crazyhouse", "3check"} {
		walkRoom(t, ts, map[string]any{"variant": v}, 11, 80, func(r *room, ply int) {
			for _, seat := range []string{"white", "black", ""} {
				with, without := r.stateFor(seat), r.stateView(seat, false, true)
				if without.Legal != nil {
					t.Fatalf("%s ply %d %q: legal %s in a state without it", v, ply, seat, without.Legal)
				}
				if !reflect.DeepEqual(with.Check, without.Check) {
					t.Fatalf("%s ply %d %q: check %v, with legal %v", v, ply, seat, without.Check, with.Check)
				}
				b, err := without.MarshalJSON()
				if err != nil || strings.Contains(string(b), `"legal"`) {
					t.Fatalf("%s ply %d: encoded %v %.200s", v, ply, err, b)
				}
				var back map[string]any
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
			}
			if len(r.checkNow()) > 0 {
				checks++
			}
		})
	}
	if checks == 0 {
		t.Error("no position in check: the walk tests nothing")
	}
}

// TestLegalHiddenView: in a fog game the waiting seat (its view hides
// squares) learns nothing of the opponent's moves: a protocol 2 state has
// no legal, a protocol 1 state an empty one, and its legal request is
// answered [] (the moves would tell where the hidden pieces stand); black,
// to move, gets its moves, in its state and in an answer.
func TestLegalHiddenView(t *testing.T) {
	ts := newTestServer(t, nil)
	id, white, black := createHuman(t, ts, map[string]any{"variant": "fogOfWar"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	w2 := dialWSURL(t, ws+"?protocol=2&token="+white)
	w1 := dialWSURL(t, ws+"?token="+white)
	b1 := dialWSURL(t, ws+"?token="+black)
	w2.expectState(0)
	w1.expectState(0)
	w2.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	st := w2.expectState(1)
	if l, ok := st["legal"]; len(st["hidden"].([]any)) == 0 || (ok && len(l.([]any)) > 0) {
		t.Fatalf("fog, white waiting (protocol 2): legal %v, hidden %v; want none, hidden squares", st["legal"], st["hidden"])
	}
	if st1 := w1.expectState(1); st1["legal"] == nil || len(st1["legal"].([]any)) != 0 {
		t.Fatalf("fog, white waiting (protocol 1): legal %v, want []", st1["legal"])
	}
	bs := b1.expectState(1)
	if len(bs["legal"].([]any)) != 20 {
		t.Fatalf("fog, black to move: %d legal moves, want 20", len(bs["legal"].([]any)))
	}
	w2.send(map[string]any{"type": "legal"})
	ans := w2.expect(func(m map[string]any) bool { return m["type"] == "legal" })
	if ans["ply"] != float64(1) || len(ans["legal"].([]any)) != 0 {
		t.Errorf("fog, white waiting: legal answer %v, want ply 1 and []", ans)
	}
	b1.send(map[string]any{"type": "legal"})
	ans = b1.expect(func(m map[string]any) bool { return m["type"] == "legal" })
	if !reflect.DeepEqual(ans["legal"], bs["legal"]) {
		t.Errorf("fog, black to move: legal answer %v, want its state's %v", ans["legal"], bs["legal"])
	}
}

// TestCheckAtMate: the final state of a checkmate shows the mated king in
// check (it was left empty once the game was over), to the seats and a
// spectator; a game resigned with no king attacked shows none.
func TestCheckAtMate(t *testing.T) {
	ts := newTestServer(t, nil)
	id, white, black := createHuman(t, ts, map[string]any{"variant": "chess"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws?protocol=2"
	w := dialWSURL(t, ws+"&token="+white)
	b := dialWSURL(t, ws+"&token="+black)
	s := dialWSURL(t, ws)
	w.expectState(0)
	b.expectState(0)
	s.expectState(0)
	for i, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		c := w
		if i%2 == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv, "ply": i})
		w.expectState(i + 1)
		b.expectState(i + 1)
		s.expectState(i + 1)
	}
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	over, reason := r.over(), r.rec.Reason
	r.unlock()
	if !over || reason != "checkmate" {
		t.Fatalf("after Qh4: over %v, reason %q; want checkmate", over, reason)
	}
	s.send(map[string]any{"type": "sync"})
	st := s.expectState(4)
	if got := checkOf(st); len(got) != 1 || got[0] != "e1" {
		t.Errorf("checkmate: check %v, want [e1]", got)
	}
	id2, white2, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	w2 := dialWSURL(t, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id2+"/ws?token="+white2)
	w2.expectState(0)
	w2.send(map[string]any{"type": "resign"})
	st = w2.expect(func(m map[string]any) bool { return m["type"] == "state" && m["status"] == "over" })
	if got := checkOf(st); len(got) != 0 {
		t.Errorf("resigned at the start: check %v, want none", got)
	}
}
