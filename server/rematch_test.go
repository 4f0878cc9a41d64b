package server

import (
	"slices"
	"strings"
	"testing"

	"houserules/search"
)

func listed(t *testing.T, ts *testServer, id string) map[string]any {
	t.Helper()
	_, l := call(t, "GET", ts.URL+"/api/games", "", nil)
	for _, g := range l["games"].([]any) {
		if g := g.(map[string]any); g["id"] == id {
			return g
		}
	}
	return nil
}

func isState(m map[string]any) bool { return m["type"] == "state" }

// TestAbort: a player may abort until both sides have moved (against the
// AI, until the player has moved); the game ends "*" "aborted"; without
// moves it stays out of the recent list, with one it is listed as aborted.
func TestAbort(t *testing.T) {
	ts := newTestServer(t, nil)

	// before any move
	id, wt, _ := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wt)
	if s := w.expect(isState); s["canAbort"] != true {
		t.Fatalf("canAbort before any move = %v", s["canAbort"])
	}
	spec := dialWS(t, ts.URL, id, "")
	spec.send(map[string]any{"type": "abort"})
	if c := spec.expectError(); c != CodeSpectator {
		t.Errorf("spectator abort: %s", c)
	}
	w.send(map[string]any{"type": "abort"})
	over := w.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	if over["result"] != "*" || over["reason"] != "aborted" {
		t.Errorf("game_over %v", over)
	}
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if st := g["state"].(map[string]any); st["status"] != "over" || st["result"] != "*" || st["reason"] != "aborted" {
		t.Errorf("state after abort: %v %v %v", st["status"], st["result"], st["reason"])
	}
	if listed(t, ts, id) != nil {
		t.Errorf("an aborted game without moves is in the recent list")
	}
	w.send(map[string]any{"type": "abort"})
	if c := w.expectError(); c != CodeGameOver {
		t.Errorf("abort of an aborted game: %s", c)
	}

	// one side moved: the other may still abort; the game is listed
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	w, b := dialWS(t, ts.URL, id, wt), dialWS(t, ts.URL, id, bt)
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	if s := b.expectState(1); s["canAbort"] != true {
		t.Errorf("canAbort after white's first move = %v", s["canAbort"])
	}
	b.send(map[string]any{"type": "abort"})
	b.expect(func(m map[string]any) bool { return m["type"] == "game_over" && m["reason"] == "aborted" })
	if l := listed(t, ts, id); l == nil || l["reason"] != "aborted" || l["result"] != "*" || l["plies"] != 1.0 {
		t.Errorf("aborted game with one move in the list: %v", l)
	}

	// both moved: refused with no_abort, the game goes on
	id, wt, bt = createHuman(t, ts, map[string]any{"variant": "chess"})
	w, b = dialWS(t, ts.URL, id, wt), dialWS(t, ts.URL, id, bt)
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	w.expectState(1)
	b.send(map[string]any{"type": "move", "move": "e7e5"})
	if s := w.expectState(2); s["canAbort"] != false {
		t.Errorf("canAbort after both moved = %v", s["canAbort"])
	}
	w.send(map[string]any{"type": "abort"})
	m := w.expect(func(m map[string]any) bool { return m["type"] == "error" })
	if m["code"] != CodeNoAbort || !strings.Contains(m["message"].(string), "both sides have made a move") {
		t.Errorf("abort after both moved: %v", m)
	}
	_, g = call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if st := g["state"].(map[string]any); st["status"] != "active" {
		t.Errorf("refused abort changed the game: %v", st["status"])
	}

	// against the AI: until the player has moved (the AI's first move does not count)
	code, cg := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "black", "opponent": map[string]any{"type": "ai"}})
	if code != 201 {
		t.Fatal(cg)
	}
	h := dialWS(t, ts.URL, cg["id"].(string), cg["token"].(string))
	if s := h.expectState(1); s["canAbort"] != true {
		t.Errorf("canAbort after the AI's first move = %v", s["canAbort"])
	}
	code, cg = call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai"}})
	if code != 201 {
		t.Fatal(cg)
	}
	h = dialWS(t, ts.URL, cg["id"].(string), cg["token"].(string))
	h.send(map[string]any{"type": "move", "move": "d2d4"})
	if s := h.expectState(2); s["canAbort"] != false {
		t.Errorf("canAbort after the player's move against the AI = %v", s["canAbort"])
	}
	h.send(map[string]any{"type": "abort"})
	if m := h.expect(func(m map[string]any) bool { return m["type"] == "error" }); m["code"] != CodeNoAbort || !strings.Contains(m["message"].(string), "you have made a move") {
		t.Errorf("abort after the player's move against the AI: %v", m)
	}
}

// TestRematchAI: against the AI the rematch starts at once: colours
// swapped, the same variant, house rules, clock and level; the AI, now
// white, moves first.
func TestRematchAI(t *testing.T) {
	ts := newTestServer(t, nil)
	code, cg := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "capablanca", "presets": "piece-hp", "side": "white",
		"opponent": map[string]any{"type": "ai", "level": 13}, "clock": map[string]any{"initial": 300, "increment": 2}})
	if code != 201 {
		t.Fatal(cg)
	}
	id := cg["id"].(string)
	h := dialWS(t, ts.URL, id, cg["token"].(string))
	h.send(map[string]any{"type": "rematch_offer"})
	if c := h.expectError(); c != CodeNoRematch {
		t.Errorf("rematch before the end: %s", c)
	}
	h.send(map[string]any{"type": "resign"})
	h.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	h.send(map[string]any{"type": "rematch_offer"})
	rm := h.expect(func(m map[string]any) bool { return m["type"] == "rematch" })
	nid, tok := rm["id"].(string), rm["token"].(string)
	if nid == "" || nid == id || rm["seat"] != "black" || tok == "" || rm["url"] != "/g/"+nid {
		t.Fatalf("rematch message %v", rm)
	}
	_, g := call(t, "GET", ts.URL+"/api/games/"+nid, tok, nil)
	st := g["state"].(map[string]any)
	seats := st["seats"].(map[string]any)
	white := seats["white"].(map[string]any)
	if st["you"] != "black" || white["kind"] != "ai" || white["level"] != 13.0 || white["levelName"] != "Level 13 (strong club)" ||
		st["variant"] != "capablanca" || st["presets"] != "piece-hp" || st["status"] != "active" {
		t.Errorf("rematch: you %v, white %v, %v %v %v", st["you"], white, st["variant"], st["presets"], st["status"])
	}
	if k := st["clock"].(map[string]any); k["initial"] != 300000.0 || k["increment"] != 2000.0 {
		t.Errorf("rematch clock %v", k)
	}
	// the old game's state names the rematch; a second offer returns it again
	_, old := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if r := old["state"].(map[string]any)["rematch"].(map[string]any); r["id"] != nid || r["token"] != nil {
		t.Errorf("old game's rematch for a spectator: %v", r)
	}
	h.send(map[string]any{"type": "rematch_offer"})
	if again := h.expect(func(m map[string]any) bool { return m["type"] == "rematch" }); again["id"] != nid || again["token"] != tok {
		t.Errorf("second rematch_offer: %v", again)
	}
	n := dialWS(t, ts.URL, nid, tok)
	n.expectState(1) // the AI (white) moved
}

// TestRematchHumans: an offer the other player accepts; each seat gets its
// own token for the swapped colour, a spectator the game only; a decline
// reaches the offerer.
func TestRematchHumans(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "shogi"})
	w, b, spec := dialWS(t, ts.URL, id, wt), dialWS(t, ts.URL, id, bt), dialWS(t, ts.URL, id, "")
	b.send(map[string]any{"type": "resign"})
	w.expect(func(m map[string]any) bool { return m["type"] == "game_over" })
	b.send(map[string]any{"type": "rematch_accept"})
	if c := b.expectError(); c != CodeNoRematch {
		t.Errorf("accept without an offer: %s", c)
	}
	w.send(map[string]any{"type": "rematch_offer"})
	b.expect(func(m map[string]any) bool { return isState(m) && m["rematchOffer"] == "white" })
	b.send(map[string]any{"type": "rematch_decline"})
	w.expect(func(m map[string]any) bool { return m["type"] == "rematch_declined" && m["by"] == "black" })
	w.expect(func(m map[string]any) bool { return isState(m) && m["rematchOffer"] == "" })
	w.send(map[string]any{"type": "rematch_offer"})
	b.expect(func(m map[string]any) bool { return isState(m) && m["rematchOffer"] == "white" })
	b.send(map[string]any{"type": "rematch_accept"})
	isRematch := func(m map[string]any) bool { return m["type"] == "rematch" }
	rw, rb, rs := w.expect(isRematch), b.expect(isRematch), spec.expect(isRematch)
	nid := rw["id"].(string)
	if rb["id"] != nid || rs["id"] != nid || rw["seat"] != "black" || rb["seat"] != "white" || rs["token"] != nil || rs["seat"] != nil ||
		rw["token"] == rb["token"] {
		t.Fatalf("rematch messages: %v %v %v", rw, rb, rs)
	}
	for tok, want := range map[string]string{rw["token"].(string): "black", rb["token"].(string): "white"} {
		_, g := call(t, "GET", ts.URL+"/api/games/"+nid, tok, nil)
		st := g["state"].(map[string]any)
		if st["you"] != want || st["status"] != "active" || st["variant"] != "shogi" {
			t.Errorf("new game with the %s token: you %v, %v %v", want, st["you"], st["status"], st["variant"])
		}
	}
	// the old tokens are not seats of the new game
	if code, _ := call(t, "GET", ts.URL+"/api/games/"+nid, wt, nil); code != 403 {
		t.Errorf("old token on the new game: %d", code)
	}
}

// TestPremoves: the side not to move gets the destinations it would have
// on its turn (a knight's jump, a pawn push); the side to move and
// spectators get none.
func TestPremoves(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wt, bt := createHuman(t, ts, map[string]any{"variant": "chess"})
	w, b := dialWS(t, ts.URL, id, wt), dialWS(t, ts.URL, id, bt)
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	sw, sb := w.expectState(1), b.expectState(1)
	if sb["premoves"] != nil {
		t.Errorf("the side to move has premoves: %v", sb["premoves"])
	}
	var got []string
	for _, p := range sw["premoves"].([]any) {
		p := p.(map[string]any)
		from, _ := p["from"].(string)
		got = append(got, from+p["to"].(string))
	}
	// b1d2, c1d2: recaptures on d2, where white's own pawn stands now
	for _, want := range []string{"g1f3", "e4e5", "d2d4", "f1c4", "e1e2", "d1h5", "b1d2", "c1d2"} {
		if !slices.Contains(got, want) {
			t.Errorf("premove %s missing from %v", want, got)
		}
	}
	for _, bad := range []string{"e7e5", "a1a3", "d1e1"} { // black's move, a jump over a pawn, onto the own king
		if slices.Contains(got, bad) {
			t.Errorf("%s among white's premoves", bad)
		}
	}
	_, g := call(t, "GET", ts.URL+"/api/games/"+id, "", nil)
	if p := g["state"].(map[string]any)["premoves"]; p != nil {
		t.Errorf("spectator premoves %v", p)
	}

	// drops: a crazyhouse pocket piece may be premoved to a square
	id, wt, bt = createHuman(t, ts, map[string]any{"variant": "crazyhouse"})
	w, b = dialWS(t, ts.URL, id, wt), dialWS(t, ts.URL, id, bt)
	for i, mv := range []string{"e2e4", "d7d5", "e4d5"} {
		c := w
		if i%2 == 1 {
			c = b
		}
		c.send(map[string]any{"type": "move", "move": mv})
		w.expectState(i + 1)
	}
	sb = b.expectState(3)
	if sb["premoves"] != nil {
		t.Fatalf("black to move has premoves")
	}
	w.send(map[string]any{"type": "sync"})
	sw = w.expectState(3)
	drops := 0
	for _, p := range sw["premoves"].([]any) {
		if p.(map[string]any)["drop"] == "p" {
			drops++
		}
	}
	if drops == 0 {
		t.Errorf("no pawn-drop premoves for white holding a pawn")
	}
}

// TestLevels: GET /api/levels lists 0..20 with the CLI's names; the state
// names an AI seat's level, level 0 included.
func TestLevels(t *testing.T) {
	ts := newTestServer(t, nil)
	_, l := call(t, "GET", ts.URL+"/api/levels", "", nil)
	lv := l["levels"].([]any)
	if len(lv) != search.MaxLevel-search.MinLevel+1 {
		t.Fatalf("%d levels", len(lv))
	}
	if x := lv[10].(map[string]any); x["level"] != 10.0 || x["label"] != "Level 10 (club)" {
		t.Errorf("level 10: %v", x)
	}
	_, cg := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "ai", "level": 0}})
	black := cg["state"].(map[string]any)["seats"].(map[string]any)["black"].(map[string]any)
	if black["level"] != 0.0 || black["levelName"] != "Level 0 (beginner)" {
		t.Errorf("level 0 seat: %v", black)
	}
}
