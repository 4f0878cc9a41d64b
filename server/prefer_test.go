package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestPreferMinimal: POST /api/games and /join answer without the game's
// state when the client sends "Prefer: return=minimal" (RFC 7240), and say
// so in Preference-Applied (not on an error answer); without the header,
// or with another preference, the state is there as before. The seat works
// the same either way: the WebSocket's first state is the game's.
func TestPreferMinimal(t *testing.T) {
	ts := newTestServer(t, nil)
	post := func(path, prefer, body string, want int) (http.Header, map[string]any) {
		t.Helper()
		h, data := postStatus(t, ts.URL+path, prefer, body, want)
		var out map[string]any
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("POST %s: %s is not JSON", path, data)
		}
		return h, out
	}
	const create = `{"variant":"chess","side":"white","opponent":{"type":"human"}}`
	for _, c := range []struct {
		prefer  string
		minimal bool
	}{
		{"", false},
		{"return=minimal", true},
		{`respond-async, Return = "minimal"; x=1`, true},
		{"return=representation", false},
		{"wait=5", false},
		// RFC 7240 §2: the first instance of a preference counts; a
		// parameter is not a preference; a quoted comma separates nothing
		{"return=representation, return=minimal", false},
		{"respond-async; return=minimal", false},
		{`foo="a,return=minimal"`, false},
		{`foo="a,b", RETURN=minimal`, true},
	} {
		h, g := post("/api/games", c.prefer, create, http.StatusCreated)
		if _, has := g["state"]; has == c.minimal {
			t.Errorf("create, Prefer %q: state in the answer = %v, want %v", c.prefer, has, !c.minimal)
		}
		if got := h.Get("Preference-Applied"); (got == "return=minimal") != c.minimal {
			t.Errorf("create, Prefer %q: Preference-Applied %q", c.prefer, got)
		}
		if g["id"] == "" || g["token"] == "" || !strings.Contains(g["inviteUrl"].(string), "#invite=") {
			t.Errorf("create, Prefer %q: answer %v lacks id, token or inviteUrl", c.prefer, g)
		}
		id := g["id"].(string)
		_, invite, _ := strings.Cut(g["inviteUrl"].(string), "#invite=")
		h, j := post("/api/games/"+id+"/join", c.prefer, `{"invite":"`+invite+`"}`, http.StatusOK)
		if _, has := j["state"]; has == c.minimal {
			t.Errorf("join, Prefer %q: state in the answer = %v, want %v", c.prefer, has, !c.minimal)
		}
		if got := h.Get("Preference-Applied"); (got == "return=minimal") != c.minimal {
			t.Errorf("join, Prefer %q: Preference-Applied %q", c.prefer, got)
		}
		if j["seat"] != "black" || j["token"] == "" {
			t.Fatalf("join, Prefer %q: answer %v", c.prefer, j)
		}
		if c.minimal { // the seat is taken now: the error answer applies no preference
			h, _ := postStatus(t, ts.URL+"/api/games/"+id+"/join", c.prefer, `{"invite":"`+invite+`"}`, http.StatusConflict)
			if got := h.Get("Preference-Applied"); got != "" {
				t.Errorf("join refused, Prefer %q: Preference-Applied %q on an error", c.prefer, got)
			}
		}
		ws := dialWS(t, ts.URL, id, j["token"].(string))
		st := ws.expect(func(m map[string]any) bool { return m["type"] == "state" })
		if st["you"] != "black" || st["status"] != "active" || st["turn"] != "white" || len(st["legal"].([]any)) != 20 {
			t.Errorf("join, Prefer %q: first state you=%v status=%v turn=%v legal=%d, want black, active, white, 20", c.prefer, st["you"], st["status"], st["turn"], len(st["legal"].([]any)))
		}
		ws.conn.CloseNow()
	}
}

// postStatus posts body with the Prefer header prefer ("" = none) and
// wants the answer's status.
func postStatus(t *testing.T, url, prefer, body string, want int) (http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if prefer != "" {
		req.Header.Set("Prefer", prefer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("POST %s: HTTP %d %s, want %d", url, resp.StatusCode, data, want)
	}
	return resp.Header, data
}

// TestLegalKeptOnSeat: taking a seat changes the room's generation but not
// its moves: the legal moves built before are kept (not built again), and
// a move made after it builds them anew.
func TestLegalKeptOnSeat(t *testing.T) {
	ts := newTestServer(t, nil)
	_, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "white", "opponent": map[string]any{"type": "human"}})
	id := g["id"].(string)
	r, err := ts.srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	before, gen := r.legalNow(), r.gen
	r.mu.Unlock()
	_, invite, _ := strings.Cut(g["inviteUrl"].(string), "#invite=")
	if code, _ := call(t, "POST", ts.URL+"/api/games/"+id+"/join", "", map[string]any{"invite": invite}); code != 200 {
		t.Fatalf("join: HTTP %d", code)
	}
	r.mu.Lock()
	after, gen2 := r.legalNow(), r.gen
	r.mu.Unlock()
	if gen2 == gen || after != before || len(after.moves) != 20 {
		t.Fatalf("after join: gen %d → %d, legal list kept %v (%d moves), want a new gen, the same list of 20", gen, gen2, after == before, len(after.moves))
	}
	ws := dialWS(t, ts.URL, id, g["token"].(string))
	ws.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	ws.expect(func(m map[string]any) bool { return m["type"] == "state" && m["ply"] == float64(1) })
	r.mu.Lock()
	moved := r.legalNow()
	r.mu.Unlock()
	if moved == before || len(moved.moves) != 20 || moved.ucis[0][1] != '7' && moved.ucis[0][1] != '8' {
		t.Fatalf("after e2e4: legal list rebuilt %v, %d moves (first %s), want black's 20", moved != before, len(moved.moves), moved.ucis[0])
	}
}
