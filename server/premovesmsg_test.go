package server

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// premovesIn is the premove list of a state or a "premoves" answer as
// "from-to" / "p@to" texts (in the message's order), with whether the
// message had the field at all.
func premovesIn(t *testing.T, m map[string]any) ([]string, bool) {
	t.Helper()
	raw, ok := m["premoves"]
	if !ok {
		return nil, false
	}
	out := []string{}
	for _, x := range raw.([]any) {
		p := x.(map[string]any)
		if d, ok := p["drop"].(string); ok {
			out = append(out, d+"@"+p["to"].(string))
		} else {
			out = append(out, p["from"].(string)+"-"+p["to"].(string))
		}
	}
	return out, true
}

// premoveCaches says what the room of game id holds of premoves: the
// game kept for them (r.pm) and the ply of the encoded list (r.pmc, -1:
// none). Both stay empty while nothing built a premove list.
func premoveCaches(t *testing.T, ts *testServer, id string) (game bool, listPly int) {
	t.Helper()
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	listPly = -1
	if r.pmc != nil {
		listPly = r.pmc.ply
	}
	return r.pm != nil, listPly
}

// dropPremoveCaches forgets the room's premove game and list, so that the
// next list is built anew (not the bytes of the previous one).
func dropPremoveCaches(t *testing.T, ts *testServer, id string) {
	t.Helper()
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	r.pm, r.pmc = nil, nil
	r.unlock()
}

// askPremoves sends {"type":"premoves"} with id and returns the answer's
// list and ply (failing unless it echoes the id and has the list).
func askPremoves(t *testing.T, c *wsClient, id string) ([]string, int) {
	t.Helper()
	c.send(map[string]any{"type": "premoves", "id": id})
	ans := c.expect(func(m map[string]any) bool { return m["type"] == "premoves" })
	ps, ok := premovesIn(t, ans)
	if !ok || ans["id"] != id {
		t.Fatalf("premoves answer %v: want the list and id %q", ans, id)
	}
	return ps, int(ans["ply"].(float64))
}

// TestPremovesOnlyOnAsk: with protocol 2 no state carries premoves (the
// key is absent) and the moves of a game played by protocol 2 clients
// never build a premove list (the room's premove game and list stay
// empty); a
// {"type":"premoves"} from the waiting seat answers the list a protocol 1
// connection of that seat gets in its state at that ply, item for item
// (built anew for it), in chess, crazyhouse (drops from the pocket) and
// chess with piece-hp (house rules); the seat to move and a spectator get
// []. A protocol 1 client of the white seat makes white's view carry
// premoves for its protocol 2 client too, not black's view; once it left,
// white's states go without again and nothing is built.
func TestPremovesOnlyOnAsk(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, tc := range []struct {
		name, variant, presets string
		moves                  []string // white waits after them (an odd number)
		has                    []string // some of white's premoves then
		not                    []string // and some it has not
	}{
		{"chess", "chess", "", []string{"e2e4", "e7e5", "g1f3"}, []string{"f3-g5", "f3-e5", "f1-c4", "d2-d4", "e1-e2"}, []string{"f3-f4", "a1-a3"}},
		// exd5 puts a pawn in white's pocket: drops on the empty squares
		{"crazyhouse", "crazyhouse", "", []string{"e2e4", "d7d5", "e4d5"}, []string{"p@e4", "p@d3", "p@d7", "p@e2", "d1-h5", "f1-b5"}, []string{"p@d5", "n@e4", "d1-d5"}},
		{"piece-hp", "chess", "piece-hp", []string{"e2e4", "e7e5", "g1f3"}, []string{"f3-g5", "f3-e5", "f1-c4"}, []string{"f3-f4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id, white, black := createHuman(t, ts, map[string]any{"variant": tc.variant, "presets": tc.presets})
			// (the HTTP answer to the join carried black's premoves at ply 0,
			// as every HTTP state does: from here on only WebSockets)
			dropPremoveCaches(t, ts, id)
			ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
			w2 := dialWSURL(t, ws+"?protocol=2&token="+white)
			b2 := dialWSURL(t, ws+"?protocol=2&token="+black)
			s2 := dialWSURL(t, ws+"?protocol=2")
			clients := map[string]*wsClient{"white": w2, "black": b2, "spectator": s2}
			noPremoves := func(when string, ply int, cs map[string]*wsClient) {
				t.Helper()
				for name, c := range cs {
					if ps, ok := premovesIn(t, c.expectState(ply)); ok {
						t.Errorf("%s, %s (protocol 2): the state has premoves %v, want no key", when, name, ps)
					}
				}
			}
			noPremoves("ply 0", 0, clients)
			for ply, mv := range tc.moves {
				c := w2
				if ply%2 == 1 {
					c = b2
				}
				c.send(map[string]any{"type": "move", "move": mv, "ply": ply})
				noPremoves(fmt.Sprintf("after %s", mv), ply+1, clients)
			}
			n := len(tc.moves)
			if game, list := premoveCaches(t, ts, id); game || list >= 0 {
				t.Fatalf("after %d plies of protocol 2 clients: premove game %v, list of ply %d; want nothing built", n, game, list)
			}

			// white waits: its answer; black to move and the spectator: []
			got, ply := askPremoves(t, w2, "w")
			if ply != n || len(got) == 0 {
				t.Fatalf("white waiting: premoves %v at ply %d, want a list at ply %d", got, ply, n)
			}
			for _, p := range tc.has {
				if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+p+" ") {
					t.Errorf("white's premoves %v lack %s", got, p)
				}
			}
			for _, p := range tc.not {
				if strings.Contains(" "+strings.Join(got, " ")+" ", " "+p+" ") {
					t.Errorf("white's premoves %v have %s", got, p)
				}
			}
			for name, c := range map[string]*wsClient{"black (to move)": b2, "spectator": s2} {
				if ps, ply := askPremoves(t, c, name); len(ps) != 0 || ply != n {
					t.Errorf("%s: premoves %v at ply %d, want [] at %d", name, ps, ply, n)
				}
			}

			// a protocol 1 client of white: its state carries the same list
			// (built again), and so do the states of white's view to its
			// protocol 2 client; black's view and the spectators' have none
			dropPremoveCaches(t, ts, id)
			w1 := dialWSURL(t, ws+"?token="+white)
			st1 := w1.expectState(n)
			if want, ok := premovesIn(t, st1); !ok || !reflect.DeepEqual(got, want) {
				t.Fatalf("the premoves answer %v\nthe protocol 1 state's %v", got, want)
			}
			w1.send(map[string]any{"type": "hello", "token": white}) // a hello that changes nothing: the state again, to w1 only
			if again, _ := premovesIn(t, w1.expectState(n)); !reflect.DeepEqual(again, got) {
				t.Errorf("protocol 1 state after hello: %v, want %v", again, got)
			}
			// a state to w2 alone (sync) is of its protocol: none
			w2.send(map[string]any{"type": "sync"})
			if ps, ok := premovesIn(t, w2.expectState(n)); ok {
				t.Errorf("white protocol 2, sync (its own state, protocol 2): premoves %v, want none", ps)
			}

			// black moves: white to move (no premoves anywhere), then white
			// moves: white's view (a protocol 1 client in it) carries them,
			// black's not
			reply := map[string]string{"chess": "d2d4", "crazyhouse": "d1f3", "piece-hp": "d2d4"}[tc.name]
			first := map[string]string{"chess": "b8c6", "crazyhouse": "d8d5", "piece-hp": "b8c6"}[tc.name]
			b2.send(map[string]any{"type": "move", "move": first, "ply": n})
			for name, c := range map[string]*wsClient{"white protocol 1": w1, "white protocol 2": w2, "black": b2, "spectator": s2} {
				if ps, ok := premovesIn(t, c.expectState(n+1)); ok {
					t.Errorf("white to move, %s: premoves %v, want none", name, ps)
				}
			}
			w2.send(map[string]any{"type": "move", "move": reply, "ply": n + 1})
			s1, s2b := w1.expectState(n+2), w2.expectState(n+2)
			p1, ok1 := premovesIn(t, s1)
			p2, ok2 := premovesIn(t, s2b)
			if !ok1 || !ok2 || len(p1) == 0 || !reflect.DeepEqual(p1, p2) {
				t.Errorf("white waits, mixed view: protocol 1 %v (%v), protocol 2 %v (%v); want the same list in both", p1, ok1, p2, ok2)
			}
			for name, c := range map[string]*wsClient{"black": b2, "spectator": s2} {
				if ps, ok := premovesIn(t, c.expectState(n+2)); ok {
					t.Errorf("%s (a view of protocol 2 clients): premoves %v", name, ps)
				}
			}
			if ans, _ := askPremoves(t, w2, "mixed"); !reflect.DeepEqual(ans, p1) {
				t.Errorf("white's answer %v, its view's state %v", ans, p1)
			}

			// the protocol 1 client leaves: white's states go without, and
			// two more moves build no list (its ply stays n+2)
			w1.conn.Close(websocket.StatusNormalClosure, "")
			waitClients(t, ts, id, 3)
			b2.send(map[string]any{"type": "move", "move": map[string]string{"chess": "g8f6", "crazyhouse": "b8c6", "piece-hp": "g8f6"}[tc.name], "ply": n + 2})
			noPremoves("black moved", n+3, clients)
			w2.send(map[string]any{"type": "move", "move": map[string]string{"chess": "b1c3", "crazyhouse": "b1c3", "piece-hp": "b1c3"}[tc.name], "ply": n + 3})
			noPremoves("white moved, its protocol 1 client gone", n+4, clients)
			if _, list := premoveCaches(t, ts, id); list != n+2 {
				t.Errorf("premove list of ply %d after the protocol 1 client left, want %d (none built since)", list, n+2)
			}

			// over: [] to everyone, no state with premoves
			w2.send(map[string]any{"type": "resign"})
			noPremoves("over", n+4, clients)
			for name, c := range clients {
				if ps, ply := askPremoves(t, c, name); len(ps) != 0 || ply != n+4 {
					t.Errorf("over, %s: premoves %v at ply %d, want [] at %d", name, ps, ply, n+4)
				}
			}
		})
	}
}

// waitClients waits until the room of game id has n clients.
func waitClients(t *testing.T, ts *testServer, id string, n int) {
	t.Helper()
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		r.mu.Lock()
		k := len(r.clients)
		r.unlock()
		if k == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the room has %d clients, want %d", k, n)
		}
	}
}

// TestPremovesAnswerCases: the answer is [] where a protocol 1 state has
// no premoves: a game waiting for its second player, a fog seat waiting
// (its view hides squares: a destination would tell what stands there;
// its protocol 1 state has none either), while the fog seat to move has
// none to ask; the answer to a protocol 1 client is the same message.
// An unknown type's error names premoves among the types; a flood of
// premoves requests is cut as any other message's.
func TestPremovesAnswerCases(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "human"}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	wid := g["id"].(string)
	w := dialWSURL(t, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+wid+"/ws?protocol=2&token="+g["token"].(string))
	if st := w.expectState(0); st["status"] != "waiting" {
		t.Fatalf("status %v, want waiting", st["status"])
	}
	if ps, ply := askPremoves(t, w, "waiting"); len(ps) != 0 || ply != 0 {
		t.Errorf("waiting game: premoves %v at %d, want [] at 0", ps, ply)
	}

	id, white, black := createHuman(t, ts, map[string]any{"variant": "fogOfWar"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	w2 := dialWSURL(t, ws+"?protocol=2&token="+white)
	w1 := dialWSURL(t, ws+"?token="+white)
	b1 := dialWSURL(t, ws+"?token="+black)
	w2.expectState(0)
	w1.expectState(0)
	b1.expectState(0)
	w2.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	if st := w1.expectState(1); len(st["hidden"].([]any)) == 0 || st["premoves"] != nil {
		t.Fatalf("fog, white waiting (protocol 1): hidden %v premoves %v; want hidden squares, no premoves", st["hidden"], st["premoves"])
	}
	if st := w2.expectState(1); st["premoves"] != nil {
		t.Fatalf("fog, white waiting (protocol 2): premoves %v", st["premoves"])
	}
	for name, c := range map[string]*wsClient{"white protocol 2": w2, "white protocol 1": w1, "black protocol 1 (to move)": b1} {
		if ps, ply := askPremoves(t, c, name); len(ps) != 0 || ply != 1 {
			t.Errorf("fog, %s: premoves %v at %d, want [] at 1", name, ps, ply)
		}
	}

	// the error list; the flood
	ts2 := newTestServerWith(t, nil, hostileConfig)
	id2, _, _ := createHuman(t, ts2, map[string]any{"variant": "chess"})
	c := readWS(t, rawDial(t, ts2, id2, "10.7.0.1", nil))
	c.send(`{"type":"Premoves"}`)
	m := c.expect(func(m map[string]any) bool { return m["type"] == "error" })
	if m["code"] != CodeUnknownType || !strings.Contains(m["message"].(string), ", premoves,") {
		t.Errorf("unknown type: %v, want %s naming premoves", m, CodeUnknownType)
	}
	c.send(`{"type":"premoves","type":"legal"}`)
	if code := c.expectError(); code != CodeDuplicateKey {
		t.Errorf("duplicate type: %s, want %s", code, CodeDuplicateKey)
	}
	floodAnswers(t, ts2, id2, "10.7.0.2", `{"type":"premoves"}`, "premoves")
}
