package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	_ "houserules/presets"
	"houserules/store"
)

// testServer starts a server over a fresh SQLite file on a free port.
type testServer struct {
	t   *testing.T
	URL string
	DB  *store.DB
	srv *Server
	hs  *httptest.Server
}

func newTestServer(t *testing.T, mover Mover) *testServer {
	t.Helper()
	return newTestServerWith(t, mover, nil)
}

// newTestServerWith is newTestServer with its Config changed by set
// (limits).
func newTestServerWith(t *testing.T, mover Mover, set func(*Config)) *testServer {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Store: db, Mover: mover, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if set != nil {
		set(&cfg)
	}
	s := New(cfg)
	hs := httptest.NewServer(s)
	ts := &testServer{t: t, URL: hs.URL, DB: db, srv: s, hs: hs}
	t.Cleanup(func() {
		hs.CloseClientConnections()
		s.Close()
		hs.Close()
		db.Close()
	})
	return ts
}

// call does an HTTP request with a JSON body (a string is sent as is) and
// decodes the JSON answer.
func call(t *testing.T, method, url, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, url, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("%s %s: answer is not JSON: %q", method, url, data)
	}
	return resp.StatusCode, out
}

func errCode(m map[string]any) string {
	if e, ok := m["error"].(map[string]any); ok {
		c, _ := e["code"].(string)
		return c
	}
	if c, ok := m["code"].(string); ok && m["type"] == "error" {
		return c
	}
	return ""
}

// wsClient is a test WebSocket client.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan map[string]any
}

func dialWS(t *testing.T, base, id, token string) *wsClient {
	t.Helper()
	c := dialWSURL(t, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+id+"/ws")
	if token != "" {
		c.send(map[string]any{"type": "hello", "token": token})
		c.expect(func(m map[string]any) bool { return m["type"] == "welcome" && m["you"] != "spectator" })
	}
	return c
}

// dialWSURL connects to the WebSocket URL u (query included) and sends
// nothing.
func dialWSURL(t *testing.T, u string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(1 << 22)
	return readWS(t, conn)
}

// readWS wraps conn in a wsClient whose reader decodes every message.
func readWS(t *testing.T, conn *websocket.Conn) *wsClient {
	c := &wsClient{t: t, conn: conn, msgs: make(chan map[string]any, 256)}
	go func() {
		defer close(c.msgs)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			var m map[string]any
			json.Unmarshal(data, &m)
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { conn.CloseNow() })
	return c
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	var b []byte
	if s, ok := v.(string); ok {
		b = []byte(s)
	} else {
		b, _ = json.Marshal(v)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

// expect waits for a message that satisfies ok and returns it.
func (c *wsClient) expect(ok func(map[string]any) bool) map[string]any {
	c.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatal("connection closed while waiting")
			}
			if ok(m) {
				return m
			}
		case <-timeout:
			c.t.Fatal("timed out waiting for a message")
		}
	}
}

// expectError waits for an error message and returns its code.
func (c *wsClient) expectError() string {
	c.t.Helper()
	m := c.expect(func(m map[string]any) bool { return m["type"] == "error" })
	if m["message"] == "" {
		c.t.Errorf("error %v has no message", m["code"])
	}
	return m["code"].(string)
}

// expectState waits for a state at ply n.
func (c *wsClient) expectState(n int) map[string]any {
	c.t.Helper()
	return c.expect(func(m map[string]any) bool { return m["type"] == "state" && int(m["ply"].(float64)) == n })
}

// createHuman creates a human-vs-human game and takes the second seat:
// it returns the game ID and the white and black tokens.
func createHuman(t *testing.T, ts *testServer, body map[string]any) (id, white, black string) {
	t.Helper()
	body["opponent"] = map[string]any{"type": "human"}
	body["side"] = "white"
	code, g := call(t, "POST", ts.URL+"/api/games", "", body)
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id, white = g["id"].(string), g["token"].(string)
	invite := strings.TrimPrefix(g["inviteUrl"].(string), "/g/"+id+"#invite=")
	code, j := call(t, "POST", ts.URL+"/api/games/"+id+"/join", "", map[string]any{"invite": invite})
	if code != 200 || j["seat"] != "black" {
		t.Fatalf("join: %d %v", code, j)
	}
	return id, white, j["token"].(string)
}

func storedMoves(t *testing.T, db *store.DB, id string) []string {
	t.Helper()
	g, err := db.GetGame(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.UCI)
	}
	return out
}

// walkRoom creates a human game with body, locks its room and plays a
// random game of up to plies plies in it (the walk seeded by seed): f
// sees the room before each move (r.mu held).
func walkRoom(t *testing.T, ts *testServer, body map[string]any, seed uint64, plies int, f func(r *room, ply int)) {
	t.Helper()
	ctx := context.Background()
	id, _, _ := createHuman(t, ts, body)
	r, err := ts.srv.hub.room(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	rng := seed
	for ply := 0; ply < plies && !r.over(); ply++ {
		f(r, ply)
		legal := r.legalNow().ucis
		rng = rng*6364136223846793005 + 1442695040888963407
		mv := legal[(rng>>33)%uint64(len(legal))]
		if aerr := r.play(ctx, r.sideToMove(), mv, noPly, false, nil); aerr != nil {
			t.Fatalf("%v ply %d: %s: %v", body["variant"], ply, mv, aerr)
		}
	}
}

// upgradeRequest is a GET of url asking for a WebSocket upgrade (the
// headers a client sends), for the tests of what is refused before it.
func upgradeRequest(t *testing.T, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Sec-WebSocket-Version", "13")
	req.Header.Set("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
	return req
}
