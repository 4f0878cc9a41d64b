package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// hostileConfig: the limits of the hostile suite. Clients are told apart
// by X-Forwarded-For (trusted), so that each attacker and each quiet game
// is its own client.
func hostileConfig(c *Config) {
	c.TrustProxy = true
	c.CreatePerMinute = 20
	c.RoomConns = 10
	c.ClientConns = 6
}

// TestHostileClients attacks the server the ways PROTOCOL.md "Limits"
// names while three quiet games play through real WebSockets; every
// attack gets its exact code, and the quiet games are not affected: every
// move acknowledged at its ply, every state seen by the opponent and a
// spectator, states in order, no error. (How fast the quiet moves stay
// under attack is BenchmarkAttack's.)
func TestHostileClients(t *testing.T) {
	ts := newTestServerWith(t, nil, hostileConfig)
	stop := make(chan struct{})
	var quiet quietResult
	done := quietGames(ts.URL, 3, 20*time.Millisecond, stop, &quiet)
	defer func() {
		close(stop)
		<-done
		quiet.mu.Lock()
		defer quiet.mu.Unlock()
		if quiet.err != nil {
			t.Errorf("a quiet game was affected: %v", quiet.err)
		}
		if quiet.moves < 20 {
			t.Errorf("the quiet games played %d moves, want at least 20", quiet.moves)
		}
	}()
	target, wt, bt, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}
	other, otherWhite, _, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("flood", func(t *testing.T) { hostileFlood(t, ts, target) })
	t.Run("oversized", func(t *testing.T) { hostileOversized(t, ts, target) })
	t.Run("malformed", func(t *testing.T) { hostileMalformed(t, ts, target) })
	t.Run("tokens", func(t *testing.T) { hostileTokens(t, ts, target, wt, bt, otherWhite) })
	t.Run("connections", func(t *testing.T) { hostileConnections(t, ts) })
	t.Run("creation", func(t *testing.T) { hostileCreation(t, ts) })
	t.Run("inputs", func(t *testing.T) { hostileInputs(t, ts) })
	t.Run("hello", func(t *testing.T) { hostileHello(t, ts) })
	t.Run("nonreader", func(t *testing.T) { hostileNonReader(t, ts) })
	// the attacks moved nothing
	for _, id := range []string{target, other} {
		if got := storedMoves(t, ts.DB, id); len(got) != 0 {
			t.Errorf("game %s has stored moves %v after the attacks, want none", id, got)
		}
	}
}

// rawDial opens a WebSocket to game id as client ip and reads nothing.
func rawDial(t *testing.T, ts *testServer, id, ip string, opts *websocket.DialOptions) *websocket.Conn {
	t.Helper()
	if opts == nil {
		opts = &websocket.DialOptions{}
	}
	opts.HTTPHeader = http.Header{"X-Forwarded-For": {ip}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws", opts)
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(1 << 22)
	t.Cleanup(func() { conn.CloseNow() })
	return conn
}

// readAll reads conn until it closes: the messages by type, the error
// codes in order, and the close error.
func readAll(conn *websocket.Conn) (types map[string]int, codes []string, err error) {
	types = map[string]int{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		_, data, rerr := conn.Read(ctx)
		if rerr != nil {
			return types, codes, rerr
		}
		var m map[string]any
		json.Unmarshal(data, &m)
		types[fmt.Sprint(m["type"])]++
		if m["type"] == "error" {
			codes = append(codes, fmt.Sprint(m["code"]))
		}
	}
}

func wantClose(t *testing.T, err error, code websocket.StatusCode, reason string) {
	t.Helper()
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != code || ce.Reason != reason {
		t.Fatalf("closed with %v, want %d %s", err, code, reason)
	}
}

// floodAnswers sends 300 messages msg at once on a new connection of
// client ip to game id and reads what comes back until the close, which
// must be 1008 too_many_messages after the burst: the answers of type
// answer must number the burst of DefaultWSBurst (and what refilled
// meanwhile, at most as much again), then errors follow. It returns the
// error codes.
func floodAnswers(t *testing.T, ts *testServer, id, ip, msg, answer string) []string {
	t.Helper()
	conn := rawDial(t, ts, id, ip, nil)
	go func() {
		for range 300 {
			if conn.Write(context.Background(), websocket.MessageText, []byte(msg)) != nil {
				return
			}
		}
	}()
	types, codes, err := readAll(conn)
	wantClose(t, err, websocket.StatusPolicyViolation, CodeTooManyMessages)
	if types[answer] < DefaultWSBurst || types[answer] > 2*DefaultWSBurst || len(codes) == 0 {
		t.Errorf("flood of %s: %d %s answers, errors %v; want the burst of %d (and what refilled meanwhile), then too_many_messages", msg, types[answer], answer, codes, DefaultWSBurst)
	}
	return codes
}

// Message flood on one connection: the burst of 40 is answered, then
// too_many_messages (nothing else), then the close 1008.
func hostileFlood(t *testing.T, ts *testServer, id string) {
	codes := floodAnswers(t, ts, id, "10.1.0.1", `{"type":"ping"}`, "pong")
	for _, c := range codes {
		if c != CodeTooManyMessages {
			t.Fatalf("flood: error codes %v, want only %s", codes, CodeTooManyMessages)
		}
	}
}

// Oversized messages: over the soft limit, message_too_large and the
// connection goes on; over the hard one, closed 1009.
func hostileOversized(t *testing.T, ts *testServer, id string) {
	c := &wsClient{t: t, conn: rawDial(t, ts, id, "10.1.0.2", nil), msgs: make(chan map[string]any, 256)}
	var closed error
	go func() {
		defer close(c.msgs)
		for {
			_, data, err := c.conn.Read(context.Background())
			if err != nil {
				closed = err
				return
			}
			var m map[string]any
			json.Unmarshal(data, &m)
			c.msgs <- m
		}
	}()
	c.send(`{"type":"ping","id":"` + strings.Repeat("x", 9000) + `"}`)
	if code := c.expectError(); code != CodeTooLarge {
		t.Fatalf("9 KB message: %s, want %s", code, CodeTooLarge)
	}
	c.send(map[string]any{"type": "ping", "id": 7})
	c.expect(func(m map[string]any) bool { return m["type"] == "pong" && m["id"] == float64(7) })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c.conn.Write(ctx, websocket.MessageText, []byte(`{"type":"ping","id":"`+strings.Repeat("x", 70000)+`"}`))
	for range c.msgs {
	}
	wantClose(t, closed, websocket.StatusMessageTooBig, CodeTooLarge)
}

// Malformed messages: each answered with its code on a connection that
// goes on.
func hostileMalformed(t *testing.T, ts *testServer, id string) {
	conn := rawDial(t, ts, id, "10.1.0.3", nil)
	c := readWS(t, conn)
	for _, tc := range []struct{ msg, code string }{
		{`{"type":`, CodeBadJSON},
		{`[1,2]`, CodeBadJSON},
		{`"move"`, CodeBadJSON},
		{`{"type":"move","move":5}`, CodeBadJSON},
		{`{"type":"move","move":"e2e4","ply":"0"}`, CodeBadJSON},
		{`{"type":7}`, CodeBadJSON},
		{`{"type":"nuke"}`, CodeUnknownType},
		{`{}`, CodeUnknownType},
		{`{"type":"ping","type":"move","move":"e2e4"}`, CodeDuplicateKey},
		{`{"type":"ping","TYPE":"move","move":"e2e4"}`, CodeDuplicateKey},
		{`{"type":"legal","Type":"sync"}`, CodeDuplicateKey},
		{`{"type":"legal","id":[`, CodeBadJSON},
		{`{"type":"move","move":"e2e4"}`, CodeSpectator},
	} {
		c.send(tc.msg)
		if code := c.expectError(); code != tc.code {
			t.Errorf("%s: %s, want %s", tc.msg, code, tc.code)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageBinary, []byte(`{"type":"ping"}`)); err != nil {
		t.Fatal(err)
	}
	if code := c.expectError(); code != CodeBadJSON {
		t.Errorf("binary frame: %s, want %s", code, CodeBadJSON)
	}
	c.send(map[string]any{"type": "ping", "id": "still"})
	c.expect(func(m map[string]any) bool { return m["type"] == "pong" && m["id"] == "still" })
}

// Tokens: another game's seat token is bad_token (the connection watches
// and cannot move), a spectator cannot move, a seat cannot move for the
// other one, over WebSocket and HTTP.
func hostileTokens(t *testing.T, ts *testServer, id, wt, bt, otherWhite string) {
	spy := dialWS(t, ts.URL, id, "")
	spy.send(map[string]any{"type": "hello", "token": otherWhite})
	if code := spy.expectError(); code != CodeBadToken {
		t.Errorf("hello with another game's token: %s, want %s", code, CodeBadToken)
	}
	spy.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	if code := spy.expectError(); code != CodeSpectator {
		t.Errorf("move after a bad token: %s, want %s", code, CodeSpectator)
	}
	black := dialWS(t, ts.URL, id, bt)
	black.send(map[string]any{"type": "move", "move": "e2e4", "ply": 0})
	if code := black.expectError(); code != CodeNotYourTurn {
		t.Errorf("black moving for white: %s, want %s", code, CodeNotYourTurn)
	}
	if code, g := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", otherWhite, map[string]any{"move": "e2e4"}); code != 403 || errCode(g) != CodeBadToken {
		t.Errorf("HTTP move with another game's token: %d %v, want 403 %s", code, g, CodeBadToken)
	}
	if code, g := call(t, "POST", ts.URL+"/api/games/"+id+"/moves", "", map[string]any{"move": "e2e4"}); code != 403 || errCode(g) != CodeSpectator {
		t.Errorf("HTTP move without a token: %d %v, want 403 %s", code, g, CodeSpectator)
	}
	_ = wt
}

// dialRefused dials game id as client ip and wants HTTP 429
// too_many_connections.
func dialRefused(t *testing.T, ts *testServer, id, ip string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {ip}}})
	if err == nil {
		conn.CloseNow()
		t.Fatalf("%s: connection over the limit accepted", ip)
	}
	var out map[string]any
	if resp != nil {
		body, _ := io.ReadAll(resp.Body)
		json.Unmarshal(body, &out)
	}
	if resp == nil || resp.StatusCode != 429 || errCode(out) != CodeTooManyConns {
		t.Fatalf("%s: connection over the limit: %v %v, want 429 %s", ip, err, out, CodeTooManyConns)
	}
}

// Connections: 10 to one room from 10 clients, the 11th refused; 6 from
// one client over 6 rooms, the 7th refused.
func hostileConnections(t *testing.T, ts *testServer) {
	room, _, _, err := createHumanAs(ts.URL, "10.9.0.2")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		rawDial(t, ts, room, fmt.Sprintf("10.3.0.%d", i+1), nil)
	}
	dialRefused(t, ts, room, "10.3.0.99")
	var rooms []string
	for range 7 {
		id, _, _, err := createHumanAs(ts.URL, "10.9.0.3")
		if err != nil {
			t.Fatal(err)
		}
		rooms = append(rooms, id)
	}
	for _, id := range rooms[:6] {
		rawDial(t, ts, id, "10.4.0.1", nil)
	}
	dialRefused(t, ts, rooms[6], "10.4.0.1")
}

// Game creation flood: 20 games a minute from one client, then
// rate_limited with Retry-After; another client still creates.
func hostileCreation(t *testing.T, ts *testServer) {
	for i := range 20 {
		if code, g, err := postAs(ts.URL+"/api/games", "10.2.0.1", `{}`); err != nil || code != 201 {
			t.Fatalf("game %d of 20: %d %v %v", i+1, code, g, err)
		}
	}
	code, g, err := postAs(ts.URL+"/api/games", "10.2.0.1", `{}`)
	if err != nil || code != 429 || errCode(g) != CodeRateLimited {
		t.Fatalf("21st game: %d %v %v, want 429 %s", code, g, err, CodeRateLimited)
	}
	if ra, _ := strconv.Atoi(fmt.Sprint(g["retryAfter"])); ra < 1 || ra > 60 {
		t.Errorf("Retry-After %v, want 1..60 s", g["retryAfter"])
	}
	if code, g, _ := postAs(ts.URL+"/api/games", "10.2.0.2", `{}`); code != 201 {
		t.Errorf("another client: %d %v", code, g)
	}
}

// Huge inputs at the default limits: FEN, house-rule list, ini block and
// a body over the message limit, each its code.
func hostileInputs(t *testing.T, ts *testServer) {
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" + strings.Repeat(" ", DefaultMaxFEN)
	presets := strings.TrimSuffix(strings.Repeat("capture-to-win,", DefaultMaxPresets+1), ",")
	ini := "[big:chess]\n" + strings.Repeat("; padding\n", DefaultMaxINI/10+1)
	for _, tc := range []struct {
		body   map[string]any
		status int
		code   string
	}{
		{map[string]any{"fen": fen}, 413, CodeFENTooLong},
		{map[string]any{"presets": presets}, 413, CodeTooManyPresets},
		{map[string]any{"ini": ini}, 413, CodeINITooLarge},
		{map[string]any{"variant": strings.Repeat("x", 40<<10)}, 413, CodeTooLarge},
	} {
		b, _ := json.Marshal(tc.body)
		for _, path := range []string{"/api/games", "/api/rulesets/check"} {
			if _, ok := tc.body["fen"]; ok && path == "/api/rulesets/check" {
				path = "/api/positions/check"
			}
			code, g, err := postAs(ts.URL+path, "10.5.0.1", string(b))
			if err != nil || code != tc.status || errCode(g) != tc.code {
				t.Errorf("%s, body of %d bytes: %d %v %v, want %d %s", path, len(b), code, errCode(g), err, tc.status, tc.code)
			}
		}
	}
}

// A WebSocket that never reads: the server does not wait for it (the
// players of its room get every state, in order), and what it queues for
// it stays bounded (a spectator's states coalesce) or it is dropped.
func hostileNonReader(t *testing.T, ts *testServer) {
	// Grand chess: its state is 10 KB
	id, wt, bt, err := createVariantAs(ts.URL, "10.6.0.1", "grand")
	if err != nil {
		t.Fatal(err)
	}
	w, err := dialPeer(ts.URL, id, wt, "10.6.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer w.conn.CloseNow()
	b, err := dialPeer(ts.URL, id, bt, "10.6.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer b.conn.CloseNow()
	rawDial(t, ts, id, "10.6.0.2", &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: tinyReadBuffer}}})
	r, _ := ts.srv.hub.room(context.Background(), id)
	clients := func() int {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.clients)
	}
	for deadline := time.Now().Add(10 * time.Second); clients() != 3 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond) // the server adds a client after the handshake
	}
	if n := clients(); n != 3 {
		t.Fatalf("%d clients in the room, want 3", n)
	}
	line := strings.Fields("a3a4 a8a7 b3b4 b8b7 c3c4 c8c7 d3d4 d8d7 g3g4 g8g7 h3h4 h8h7 i3i4 i8i7 j3j4 j8j7 e3e4 e8e7 f3f4 f8f7")
	// rounds of 6 connections opened and closed (presence messages) and
	// a move every other round (a 10 KB state to every client), until the
	// server drops the non-reader or 80 rounds went by
	const churns = 6
	ply, round := 0, 0
	for ; round < 80 && clients() > 2; round++ {
		var conns []*websocket.Conn
		for i := range churns {
			conns = append(conns, rawDial(t, ts, id, fmt.Sprintf("10.6.%d.%d", round+1, i), nil))
		}
		if round%2 == 0 && ply < len(line) {
			mover := []*peer{w, b}[ply%2]
			if err := mover.send(map[string]any{"type": "move", "move": line[ply], "ply": ply}); err != nil {
				t.Fatal(err)
			}
			if m, err := mover.wait(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }); err != nil || m["type"] != "ack" {
				t.Fatalf("ply %d: %v %v", ply, m, err)
			}
			ply++
		}
		for _, c := range conns {
			c.CloseNow()
		}
		for clients() > 3 {
			time.Sleep(2 * time.Millisecond)
		}
	}
	// the non-reader is a spectator: its states are coalesced (outbox.go),
	// so it either is dropped once its other messages fill its backlog, or
	// holds at most its channel, one state and maxWatchBacklog others
	if n := clients(); n == 3 {
		r.mu.Lock()
		for c := range r.clients {
			if c.seat != "" {
				continue
			}
			c.mu.Lock()
			states := 0
			for _, q := range c.backlog {
				if q.state {
					states++
				}
			}
			if states > 1 || len(c.backlog) > maxWatchBacklog+1 {
				t.Errorf("the non-reader's backlog: %d messages, %d states; want at most %d, 1", len(c.backlog), states, maxWatchBacklog+1)
			}
			t.Logf("the non-reader is still connected after %d rounds: %d queued in its channel, %d in its backlog (%d states)", round, len(c.out), len(c.backlog), states)
			c.mu.Unlock()
		}
		r.mu.Unlock()
	} else if n != 2 {
		t.Errorf("%d clients in the room after %d rounds, want 2 or 3", n, round)
	} else {
		t.Logf("the non-reader was dropped after %d rounds of %d connections", round, churns)
	}
	for _, p := range []*peer{w, b} {
		if _, err := p.wait(func(m map[string]any) bool { return m["type"] == "state" && m["ply"] == float64(ply) }); err != nil {
			t.Fatal(err)
		}
		if err := p.check(ply); err != nil {
			t.Errorf("a player of the non-reader's room: %v", err)
		}
	}
}

// Hellos that change nothing are answered to their sender only: a client
// cannot make every client of a room get a state by repeating hello.
func hostileHello(t *testing.T, ts *testServer) {
	id, _, bt, err := createHumanAs(ts.URL, "10.8.0.1")
	if err != nil {
		t.Fatal(err)
	}
	a, b := dialWS(t, ts.URL, id, ""), dialWS(t, ts.URL, id, "")
	watchers2 := func(m map[string]any) bool { return (isState(m) || m["type"] == "presence") && m["watchers"] == 2.0 }
	a.expect(watchers2)
	b.expect(watchers2)
	for range 3 {
		a.send(map[string]any{"type": "hello"})
		a.expect(func(m map[string]any) bool { return m["type"] == "welcome" && m["you"] == "spectator" })
		a.expect(isState)
	}
	a.send(map[string]any{"type": "ping", "id": "a"})
	a.expect(func(m map[string]any) bool { return m["type"] == "pong" })
	b.send(map[string]any{"type": "ping", "id": "b"})
	states := 0
	b.expect(func(m map[string]any) bool {
		if isState(m) {
			states++
		}
		return m["type"] == "pong"
	})
	if states != 0 {
		t.Errorf("another client got %d states from 3 hellos that changed nothing, want 0", states)
	}
	// a hello that takes a seat is seen by the others
	a.send(map[string]any{"type": "hello", "token": bt})
	b.expect(func(m map[string]any) bool {
		switch {
		case isState(m):
			seats := m["seats"].(map[string]any)
			return seats["black"].(map[string]any)["online"] == true && m["watchers"] == 1.0
		case m["type"] == "presence":
			return m["online"].(map[string]any)["black"] == true && m["watchers"] == 1.0
		}
		return false
	})
}
