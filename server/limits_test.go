package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Game creation: a burst of CreatePerMinute games, then rate_limited (429,
// Retry-After) for that client only; X-Forwarded-For counts only when the
// proxy is trusted.
func TestLimitCreatePerMinute(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) { c.CreatePerMinute = 3 })
	for i := range 3 {
		if code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{}); code != 201 {
			t.Fatalf("game %d under the limit: %d %v", i+1, code, g)
		}
	}
	req, _ := http.NewRequest("POST", ts.URL+"/api/games", strings.NewReader("{}"))
	req.Header.Set("X-Forwarded-For", "203.0.113.9") // not trusted: still 127.0.0.1
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("4th game: %d Retry-After %q, want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if code, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{}); code != 429 || errCode(g) != CodeRateLimited {
		t.Fatalf("5th game: %d %v, want 429 %s", code, g, CodeRateLimited)
	}
	// reading and playing are not limited
	if code, _ := call(t, "GET", ts.URL+"/api/games", "", nil); code != 200 {
		t.Fatalf("list after the limit: %d", code)
	}

	tp := newTestServerWith(t, nil, func(c *Config) { c.CreatePerMinute, c.TrustProxy = 1, true })
	for _, ip := range []string{"203.0.113.1", "203.0.113.2"} {
		req, _ := http.NewRequest("POST", tp.URL+"/api/games", strings.NewReader("{}"))
		req.Header.Set("X-Forwarded-For", "198.51.100.7, "+ip)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 201 {
			t.Fatalf("trusted proxy, client %s: %d, want 201 (one game each)", ip, resp.StatusCode)
		}
	}
	req, _ = http.NewRequest("POST", tp.URL+"/api/games", strings.NewReader("{}"))
	req.Header.Set("X-Forwarded-For", "203.0.113.1")
	if resp, err = http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 {
		t.Fatalf("trusted proxy, second game of 203.0.113.1: %d, want 429", resp.StatusCode)
	}
}

// Sizes: FEN, house-rule list, ini block; each its code, and an input at
// the limit passes.
func TestLimitInputSizes(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) { c.MaxFEN, c.MaxPresets, c.MaxINI = 60, 2, 100 })
	fen := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" // 58 bytes
	for _, path := range []string{"/api/games", "/api/positions/check"} {
		if code, g := call(t, "POST", ts.URL+path, "", map[string]any{"fen": fen}); code/100 != 2 {
			t.Fatalf("%s: FEN of %d bytes: %d %v", path, len(fen), code, g)
		}
		long := fen + "   "
		if code, g := call(t, "POST", ts.URL+path, "", map[string]any{"fen": long}); code != 413 || errCode(g) != CodeFENTooLong {
			t.Fatalf("%s: FEN of %d bytes: %d %v, want 413 %s", path, len(long), code, g, CodeFENTooLong)
		}
	}
	for _, path := range []string{"/api/games", "/api/rulesets/check", "/api/positions/check"} {
		code, g := call(t, "POST", ts.URL+path, "", map[string]any{"presets": "a,b,c"})
		if code != 413 || errCode(g) != CodeTooManyPresets {
			t.Fatalf("%s: 3 house rules: %d %v, want 413 %s", path, code, g, CodeTooManyPresets)
		}
		code, g = call(t, "POST", ts.URL+path, "", map[string]any{"presets": []map[string]any{{"id": "a"}, {"id": "b"}, {"id": "c"}}})
		if code != 413 || errCode(g) != CodeTooManyPresets {
			t.Fatalf("%s: 3 house rules as a list: %d %v, want 413 %s", path, code, g, CodeTooManyPresets)
		}
		ini := "[big:chess]\n" + strings.Repeat("; padding\n", 10)
		code, g = call(t, "POST", ts.URL+path, "", map[string]any{"ini": ini})
		if code != 413 || errCode(g) != CodeINITooLarge {
			t.Fatalf("%s: ini of %d bytes: %d %v, want 413 %s", path, len(ini), code, g, CodeINITooLarge)
		}
	}
	// under the limits
	if code, g := call(t, "POST", ts.URL+"/api/rulesets/check", "", map[string]any{"ini": "[small:chess]\n", "presets": "capture-to-win,bishops-ignore-color"}); code != 200 {
		t.Fatalf("small ini, one house rule: %d %v", code, g)
	}
}

// Connections: per room and per client, answered 429 too_many_connections
// before the upgrade; a connection closed frees its place.
func TestLimitConnections(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) { c.RoomConns, c.ClientConns = 2, 3 })
	_, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{})
	id := g["id"].(string)
	_, g2 := call(t, "POST", ts.URL+"/api/games", "", map[string]any{})
	id2 := g2["id"].(string)
	ws := func(id string) string { return "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws" }
	refused := func(id string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, resp, err := websocket.Dial(ctx, ws(id), nil)
		if err == nil || resp == nil || resp.StatusCode != 429 {
			t.Fatalf("connection over the limit: err %v, resp %v; want 429", err, resp)
		}
	}
	a := dialWSURL(t, ws(id))
	a.expect(func(m map[string]any) bool { return m["type"] == "welcome" })
	b := dialWSURL(t, ws(id))
	b.expect(func(m map[string]any) bool { return m["type"] == "welcome" })
	refused(id) // the room is full
	c := dialWSURL(t, ws(id2))
	c.expect(func(m map[string]any) bool { return m["type"] == "welcome" })
	refused(id2) // the client has 3
	b.conn.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, _, err := websocket.Dial(ctx, ws(id), nil)
		cancel()
		if err == nil {
			conn.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a place freed by a closed connection is not given back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// the connections kept work
	a.send(map[string]any{"type": "ping", "id": 1})
	a.expect(func(m map[string]any) bool { return m["type"] == "pong" })
}

// Messages: a burst of WSBurst, then too_many_messages for each over;
// a flood that goes on is closed with 1008; a client under the rate is
// unaffected.
func TestLimitWSMessages(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) { c.WSPerSecond, c.WSBurst = 5, 5 })
	_, g := call(t, "POST", ts.URL+"/api/games", "", map[string]any{})
	id := g["id"].(string)
	u := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/games/" + id + "/ws"

	honest := dialWSURL(t, u)
	honest.expect(func(m map[string]any) bool { return m["type"] == "welcome" })
	for i := range 8 { // 4 a second, under 5
		honest.send(map[string]any{"type": "ping", "id": i})
		if m := honest.expect(func(m map[string]any) bool { return m["type"] == "pong" || m["type"] == "error" }); m["type"] != "pong" {
			t.Fatalf("honest client, ping %d: %v", i, m)
		}
		time.Sleep(250 * time.Millisecond)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	flood, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer flood.CloseNow()
	read := func() map[string]any {
		t.Helper()
		_, data, err := flood.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		json.Unmarshal(data, &m)
		return m
	}
	read() // welcome
	for range 6 {
		if err := flood.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 6 {
		m := read()
		for m["type"] == "state" {
			m = read()
		}
		if i < 5 && m["type"] != "pong" {
			t.Fatalf("message %d of a burst of 5: %v", i+1, m)
		}
		if i == 5 && errCode(m) != CodeTooManyMessages {
			t.Fatalf("6th message at once: %v, want %s", m, CodeTooManyMessages)
		}
	}
	// going on: closed with 1008 too_many_messages
	go func() {
		for i := 0; i < 100; i++ {
			if flood.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)) != nil {
				return
			}
		}
	}()
	for {
		_, _, err = flood.Read(ctx)
		if err != nil {
			break
		}
	}
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != CodeTooManyMessages {
		t.Fatalf("flood: closed with %v, want 1008 %s", err, CodeTooManyMessages)
	}
	// the honest client is still served
	honest.send(map[string]any{"type": "ping", "id": "after"})
	honest.expect(func(m map[string]any) bool { return m["type"] == "pong" })
}

// AI think time per game: once spent, the AI plays at 100 ms a move.
func TestLimitAIGameBudget(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) { c.AIGameBudget = 50 * time.Millisecond })
	r := &room{hub: ts.srv.hub}
	r.aiSpent = time.Hour
	if got := r.hub.aiGameBudget; got != 50*time.Millisecond {
		t.Fatalf("hub budget %v", got)
	}
	if b := r.aiMoveBudget(); b != 100*time.Millisecond {
		t.Fatalf("move budget after the game's is spent: %v, want 100ms", b)
	}
	r.aiSpent = 0
	ts2 := newTestServerWith(t, nil, func(c *Config) { c.AIGameBudget, c.AITimeout = time.Minute, 5*time.Second })
	r2 := &room{hub: ts2.srv.hub, aiSpent: 58 * time.Second}
	if b := r2.aiMoveBudget(); b != 2*time.Second {
		t.Fatalf("move budget with 2 s of the game's left: %v, want 2s", b)
	}
	r2.aiSpent = 0
	if b := r2.aiMoveBudget(); b != 5*time.Second {
		t.Fatalf("move budget at the start: %v, want the per-move 5s", b)
	}
}
