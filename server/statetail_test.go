package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"houserules/store"
)

// partialView rebuilds the whole states of a protocol 2 connection as a
// client does (PROTOCOL.md "Partial states"): a state with since keeps
// the moves before that ply and the productions and pieces it had.
type partialView struct {
	st       map[string]any
	partials int // partial states applied
}

// apply applies state m and returns the whole state, or an error when m
// cannot follow what the view holds.
func (v *partialView) apply(m map[string]any) (map[string]any, error) {
	since, partial := m["since"].(float64)
	if !partial {
		v.st = m
		return m, nil
	}
	if v.st == nil {
		return nil, fmt.Errorf("a partial state (since %v) before any whole one", since)
	}
	if _, ok := m["productions"]; ok {
		return nil, fmt.Errorf("a partial state carries productions")
	}
	held := v.st["moves"].([]any)
	if int(since) > len(held) {
		return nil, fmt.Errorf("since %v, but %d moves held", since, len(held))
	}
	out := map[string]any{}
	for k, x := range m {
		out[k] = x
	}
	delete(out, "since")
	out["moves"] = append(slices.Clip(held[:int(since)]), m["moves"].([]any)...)
	out["productions"], out["pieces"] = v.st["productions"], v.st["pieces"]
	v.st = out
	v.partials++
	return out, nil
}

// untilPly applies every state c receives until one at ply n (the first
// such) and returns it whole, with the partial form that came.
func (v *partialView) untilPly(t *testing.T, c *wsClient, n int) (whole, sent map[string]any) {
	t.Helper()
	for {
		m := c.expect(func(m map[string]any) bool { return m["type"] == "state" })
		st, err := v.apply(m)
		if err != nil {
			t.Fatal(err)
		}
		if int(st["ply"].(float64)) == n {
			return st, m
		}
	}
}

// TestPartialStates: a connection of protocol 2 gets its first state
// whole and then partial ones (since, the new moves, no productions or
// pieces) which, applied in order, equal the whole states a protocol 1
// connection of the same seat gets, field for field; spectators alike.
// sync answers whole.
func TestPartialStates(t *testing.T) {
	ts := newTestServer(t, nil)
	id, white, black := createHuman(t, ts, map[string]any{"variant": "crazyhouse"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	w2 := dialWSURL(t, ws+"?protocol=2&token="+white)
	if m := w2.expect(func(m map[string]any) bool { return m["type"] == "welcome" }); m["protocol"] != float64(2) || m["you"] != "white" {
		t.Fatalf("welcome %v, want protocol 2, white", m)
	}
	b2 := dialWSURL(t, ws+"?token="+black+"&protocol=2")
	s2 := dialWSURL(t, ws+"?protocol=2")
	w1 := dialWS(t, ts.URL, id, white)
	s1 := dialWSURL(t, ws+"?protocol=1")
	if m := s1.expect(func(m map[string]any) bool { return m["type"] == "welcome" }); m["protocol"] != float64(1) {
		t.Fatalf("welcome %v, want protocol 1", m)
	}
	// settle: everyone has a state at ply 0 (the others see w1's hello
	// later: a broadcast at ply 0 that the loop reads on the way)
	var wv, bv, sv partialView
	wv.untilPly(t, w2, 0)
	bv.untilPly(t, b2, 0)
	sv.untilPly(t, s2, 0)
	wholeW := w1.expectState(0)
	s1.expectState(0)
	turn := map[string]*wsClient{"white": w1, "black": b2}
	rng := uint64(5)
	for ply := 1; ply <= 24 && wholeW["status"] == "active"; ply++ {
		legal := wholeW["legal"].([]any)
		rng = rng*6364136223846793005 + 1442695040888963407
		mv := legal[(rng>>33)%uint64(len(legal))].(map[string]any)["uci"]
		turn[wholeW["turn"].(string)].send(map[string]any{"type": "move", "move": mv, "ply": ply - 1})
		wholeW = w1.expectState(ply)
		gotW, sentW := wv.untilPly(t, w2, ply)
		gotB, _ := bv.untilPly(t, b2, ply)
		wholeS := s1.expectState(ply)
		gotS, _ := sv.untilPly(t, s2, ply)
		if !reflect.DeepEqual(gotW, wholeW) {
			t.Fatalf("ply %d: white's partial states applied give\n%v\nwhole\n%v", ply, gotW, wholeW)
		}
		if !reflect.DeepEqual(gotS, wholeS) {
			t.Fatalf("ply %d: a spectator's partial states applied give\n%v\nwhole\n%v", ply, gotS, wholeS)
		}
		if sentW["since"] != float64(ply-1) || len(sentW["moves"].([]any)) != 1 || sentW["pieces"] != nil {
			t.Fatalf("ply %d: the partial state has since %v, %d moves, pieces %v; want since %d, 1 move, none",
				ply, sentW["since"], len(sentW["moves"].([]any)), sentW["pieces"], ply-1)
		}
		if len(gotB["moves"].([]any)) != ply {
			t.Fatalf("ply %d: black holds %d moves", ply, len(gotB["moves"].([]any)))
		}
	}
	w2.send(map[string]any{"type": "sync"})
	st := w2.expect(func(m map[string]any) bool { return m["type"] == "state" })
	if _, partial := st["since"]; partial || st["productions"] == nil {
		t.Errorf("sync answered with a partial state: since %v", st["since"])
	}
	if wv.partials == 0 || sv.partials == 0 || bv.partials == 0 {
		t.Errorf("partial states applied: white %d, black %d, spectator %d", wv.partials, bv.partials, sv.partials)
	}
}

// TestPartialStatesTakeback: after a takeback (against the AI) the
// partial state's since goes back to the ply taken back to; applied, it
// equals the whole state.
func TestPartialStatesTakeback(t *testing.T) {
	ts := newTestServer(t, nil)
	code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai", "level": 0}})
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id, tok := g["id"].(string), g["token"].(string)
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	w2 := dialWSURL(t, ws+"?protocol=2&token="+tok)
	var wv partialView
	st, _ := wv.untilPly(t, w2, 0)
	for i := 0; i < 3; i++ {
		mv := st["legal"].([]any)[0].(map[string]any)["uci"]
		w2.send(map[string]any{"type": "move", "move": mv})
		st, _ = wv.untilPly(t, w2, 2*i+2)
	}
	w1 := dialWS(t, ts.URL, id, tok) // its hello: a broadcast at ply 6
	w1.expectState(6)
	w1.send(map[string]any{"type": "takeback"})
	whole := w1.expectState(4)
	got, sent := wv.untilPly(t, w2, 4)
	if sent["since"] != float64(4) || len(sent["moves"].([]any)) != 0 {
		t.Fatalf("after the takeback: since %v with %d moves, want since 4 and none", sent["since"], len(sent["moves"].([]any)))
	}
	if !reflect.DeepEqual(got, whole) {
		t.Fatalf("after the takeback the partial state applied gives\n%v\nwhole\n%v", got, whole)
	}
}

// TestProtocolRefused: a protocol other than 1 or 2, or given twice, is
// refused before the upgrade (400 bad_request).
func TestProtocolRefused(t *testing.T) {
	ts := newTestServer(t, nil)
	id, _, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	for _, q := range []string{"protocol=3", "protocol=", "protocol=2&protocol=2", "protocol=two"} {
		resp, err := http.DefaultClient.Do(upgradeRequest(t, ts.URL+"/api/games/"+id+"/ws?"+q))
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		buf := make([]byte, 512)
		n, _ := resp.Body.Read(buf)
		body.Write(buf[:n])
		resp.Body.Close()
		if resp.StatusCode != 400 || !strings.Contains(body.String(), `"bad_request"`) || !strings.Contains(body.String(), "protocol") {
			t.Errorf("?%s: %d %s, want 400 bad_request naming the protocol", q, resp.StatusCode, body.String())
		}
	}
}

// TestCoalescedPartialBecomesWhole: behind a full channel, a spectator of
// protocol 2 whose waiting state is dropped by a newer one gets the
// newer one whole (it misses the dropped state's moves); a partial state
// that drops nothing stays partial.
func TestCoalescedPartialBecomesWhole(t *testing.T) {
	c := &client{out: make(chan []byte, 1), kill: func() {}, wake: make(chan struct{}, 1)}
	whole := func(s string) func() []byte { return func() []byte { return []byte(s + " whole") } }
	c.enqueue([]byte("fills the channel"), false, true)
	c.enqueueState([]byte("s1 partial"), true, true, whole("s1"))
	if got := string(c.backlog[0].b); got != "s1 partial" {
		t.Errorf("nothing dropped: %q waits, want the partial form", got)
	}
	c.enqueueState([]byte("s2 partial"), true, true, whole("s2"))
	if len(c.backlog) != 1 || string(c.backlog[0].b) != "s2 whole" {
		t.Errorf("s1 dropped: %d waiting, the last %q; want s2 whole alone", len(c.backlog), c.backlog[len(c.backlog)-1].b)
	}
}

// TestPartialStateAfterRefresh: a refresh that takes a move back and
// plays another in its place (catchUp: the list is as long as before)
// sends the moves from the ply it went back to, not only the new tail.
func TestPartialStateAfterRefresh(t *testing.T) {
	srv, _, id := crossingHub(t)
	r, err := srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	c := &client{r: r, seat: "white", proto: ProtocolPartial, out: make(chan []byte, 64), kill: func() {}, wake: make(chan struct{}, 1)}
	r.clients[c] = struct{}{}
	rec := *r.rec
	sent := func() map[string]any {
		t.Helper()
		var st map[string]any
		for _, o := range r.outbox {
			if o.partial {
				if err := json.Unmarshal(o.e.tailBytes(), &st); err != nil {
					t.Fatal(err)
				}
			}
		}
		r.outbox = nil
		return st
	}
	if err := r.catchUp(&rec, 0, []store.Move{{Ply: 0, UCI: "e2e4"}, {Ply: 1, UCI: "e7e5"}}); err != nil {
		t.Fatal(err)
	}
	if st := sent(); st["since"] != float64(0) || len(st["moves"].([]any)) != 2 {
		t.Fatalf("after two moves: since %v, %d moves; want 0 and 2", st["since"], len(st["moves"].([]any)))
	}
	if err := r.catchUp(&rec, 1, []store.Move{{Ply: 1, UCI: "d7d5"}}); err != nil {
		t.Fatal(err)
	}
	st := sent()
	moves := st["moves"].([]any)
	if st["since"] != float64(1) || len(moves) != 1 || moves[0].(map[string]any)["uci"] != "d7d5" {
		t.Fatalf("after e7e5 replaced by d7d5: since %v, moves %v; want since 1 and d7d5", st["since"], moves)
	}
}

// TestViewKindsCannotTakePartialFields: a view kind named since,
// productions or pieces is not written as a top-level field, in either
// form (a "since" would make a whole state look partial; the partial form
// leaves the other two out), while other kinds are.
func TestViewKindsCannotTakePartialFields(t *testing.T) {
	st := gameState{Type: "state", Moves: json.RawMessage("[]"), Legal: json.RawMessage("[]"), Productions: json.RawMessage(`{"a":1}`),
		Pieces: []pieceJSON{{Letter: "p"}}, tail: json.RawMessage("[]"), tailFrom: 3,
		byKind: map[string]any{"since": 1, "productions": 2, "pieces": 3, "hp": map[string]int{"e1": 1}}}
	for _, partial := range []bool{false, true} {
		b, err := st.encode(partial)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		wantSince, wantProds := any(nil), any(map[string]any{"a": float64(1)})
		if partial {
			wantSince, wantProds = float64(3), nil
		}
		if m["since"] != wantSince || !reflect.DeepEqual(m["productions"], wantProds) || m["hp"] == nil {
			t.Errorf("partial %v: since %v, productions %v, hp %v; want %v, %v and the kind", partial, m["since"], m["productions"], m["hp"], wantSince, wantProds)
		}
		if _, ok := m["pieces"].([]any); ok == partial {
			t.Errorf("partial %v: pieces %v", partial, m["pieces"])
		}
	}
	// a state without legal (protocol 2, a view that cannot move): a kind
	// named legal does not take its place
	st.Legal, st.byKind = nil, map[string]any{"legal": 4}
	if b, err := st.encode(false); err != nil || strings.Contains(string(b), `"legal"`) {
		t.Errorf("a state without legal and a kind named legal: %s %v", b, err)
	}
}

// TestPartialAfterMaskedState: a fog-of-war seat's states hide squares
// and come whole; when its connection becomes a spectator (a hello with
// a wrong token), the masked moves it holds cannot take a partial state:
// the next state is whole, and the ones after it partial again, each
// equal to a protocol 1 connection's (helper-50's case).
func TestPartialAfterMaskedState(t *testing.T) {
	ts := newTestServer(t, nil)
	id, white, black := createHuman(t, ts, map[string]any{"variant": "fogOfWar"})
	ws := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"
	w2 := dialWSURL(t, ws+"?protocol=2&token="+white)
	w1 := dialWSURL(t, ws+"?token="+white)
	b := dialWSURL(t, ws+"?token="+black)
	var v partialView
	v.untilPly(t, w2, 0)
	w1.expectState(0)
	for ply, mv := range []string{"e2e4", "e7e5"} {
		c := w1
		if ply == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv, "ply": ply})
		v.untilPly(t, w2, ply+1)
		w1.expectState(ply + 1)
	}
	if v.partials != 0 {
		t.Fatalf("%d partial states to a fog seat", v.partials)
	}
	for _, c := range []*wsClient{w2, w1} {
		c.send(map[string]any{"type": "hello", "token": "wrong"})
	}
	want := w1.expect(func(m map[string]any) bool { return m["type"] == "state" && m["you"] == "spectator" })
	m := w2.expect(func(m map[string]any) bool { return m["type"] == "state" && m["you"] == "spectator" })
	if _, partial := m["since"]; partial {
		t.Fatalf("the first state as a spectator is partial (since %v) on masked moves", m["since"])
	}
	// (the two hellos make two broadcasts: compare the moves, the rest at ply 3)
	if got, err := v.apply(m); err != nil || !reflect.DeepEqual(got["moves"], want["moves"]) {
		t.Fatalf("as a spectator: %v\n%v\nwant\n%v", err, got["moves"], want["moves"])
	}
	if code, r := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", white, map[string]any{"move": "g1f3", "ply": 2}); code != 200 {
		t.Fatalf("white's move: %d %v", code, r)
	}
	got, sent := v.untilPly(t, w2, 3)
	if want := w1.expectState(3); !reflect.DeepEqual(got, want) {
		t.Fatalf("ply 3: %v\nwant\n%v", got, want)
	}
	if sent["since"] == nil {
		t.Errorf("the spectator's state at ply 3 is whole: partial states did not come back")
	}
}

// FuzzProtocolOf: any query gives protocol 1 or 2 only for no protocol,
// "1" or "2" given once; everything else is bad_request naming it.
func FuzzProtocolOf(f *testing.F) {
	for _, s := range []string{"", "protocol=2", "protocol=1", "protocol=3", "protocol=2&protocol=2", "protocol=%32", "token=x&protocol=2", "protocol"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		n, aerr := protocolOf(q)
		vs := q["protocol"]
		ok := len(vs) == 0 || len(vs) == 1 && (vs[0] == "1" || vs[0] == "2")
		switch {
		case ok && (aerr != nil || n != map[bool]int{true: 2, false: 1}[len(vs) == 1 && vs[0] == "2"]):
			t.Fatalf("%q: %d %v", raw, n, aerr)
		case !ok && (aerr == nil || aerr.Code != CodeBadRequest || !strings.Contains(aerr.Message, "protocol")):
			t.Fatalf("%q: accepted as %d (%v)", raw, n, aerr)
		}
	})
}
