package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// dialAs dials game id as client ip; on a refusal it returns the HTTP
// status, the error code and the Retry-After header.
func dialAs(t *testing.T, base, id, ip string) (conn *websocket.Conn, status int, code, retryAfter string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {ip}}})
	if err == nil {
		t.Cleanup(func() { conn.CloseNow() })
		return conn, http.StatusSwitchingProtocols, "", ""
	}
	if resp == nil {
		t.Fatalf("%s: %v", ip, err)
	}
	body, _ := io.ReadAll(resp.Body)
	var out map[string]any
	json.Unmarshal(body, &out)
	return nil, resp.StatusCode, errCode(out), resp.Header.Get("Retry-After")
}

// refusedCloses dials game id as client ip, wants a refusal and says
// whether the server closes the TCP connection after it (Connection:
// close: a refused client keeps no idle connection).
func refusedCloses(t *testing.T, base, id, ip string) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+id+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {ip}}})
	if err == nil {
		conn.CloseNow()
		t.Fatalf("%s: accepted, want a refusal", ip)
	}
	if resp == nil {
		t.Fatalf("%s: %v", ip, err)
	}
	return resp.Close
}

// The connect rate (Config.ConnectsPerMinute): a client opens 3
// connections a minute (a burst of 3); the 4th is refused before the
// upgrade with 429 rate_limited and Retry-After (60 s / 3 = 20 s for the
// next token, so 1..20); the client's open connections keep working, and
// another client connects to the same game.
func TestConnectRate(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) {
		c.TrustProxy = true
		c.ConnectsPerMinute = 3
	})
	id, _, _, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}
	var open []*wsClient
	for i := range 3 {
		conn, status, code, _ := dialAs(t, ts.URL, id, "10.5.0.1")
		if conn == nil {
			t.Fatalf("connection %d of 3: HTTP %d %s, want accepted", i+1, status, code)
		}
		open = append(open, readWS(t, conn))
	}
	conn, status, code, ra := dialAs(t, ts.URL, id, "10.5.0.1")
	if conn != nil || status != http.StatusTooManyRequests || code != CodeRateLimited {
		t.Fatalf("4th connection: HTTP %d %q, want 429 %s", status, code, CodeRateLimited)
	}
	if n, err := strconv.Atoi(ra); err != nil || n < 1 || n > 20 {
		t.Errorf("Retry-After %q, want 1..20 s", ra)
	}
	if !refusedCloses(t, ts.URL, id, "10.5.0.1") {
		t.Error("rate_limited: the refused connection is kept alive, want Connection: close")
	}
	// within the limit: untouched
	for i, c := range open {
		c.send(map[string]any{"type": "ping", "id": i})
		m := c.expect(func(m map[string]any) bool { return m["type"] == "pong" || m["type"] == "error" })
		if m["type"] != "pong" || m["id"] != float64(i) {
			t.Errorf("connection %d: %v, want its pong", i+1, m)
		}
	}
	if conn, status, code, _ := dialAs(t, ts.URL, id, "10.5.0.2"); conn == nil {
		t.Errorf("another client: HTTP %d %s, want accepted", status, code)
	}
}

// A negative ConnectsPerMinute turns the limit off: 10 connections of one
// client in a row are all accepted.
func TestConnectRateOff(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) {
		c.TrustProxy = true
		c.ConnectsPerMinute = -1
	})
	id, _, _, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		conn, status, code, _ := dialAs(t, ts.URL, id, "10.5.0.1")
		if conn == nil {
			t.Fatalf("connection %d of 10: HTTP %d %s, want accepted", i+1, status, code)
		}
		conn.CloseNow()
	}
}

// The room's connection limit is counted before the upgrade: 4 clients
// dial a room of limit 3 at once, exactly 3 are accepted and 1 refused
// with 429 too_many_connections; when one leaves, its slot is free again.
func TestRoomConnsReserved(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) {
		c.TrustProxy = true
		c.RoomConns = 3
	})
	id, _, _, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}
	type res struct {
		conn   *websocket.Conn
		status int
		code   string
	}
	ch := make(chan res, 4)
	for i := range 4 {
		go func() {
			conn, status, code, _ := dialAs(t, ts.URL, id, "10.6.0."+strconv.Itoa(i+1))
			ch <- res{conn, status, code}
		}()
	}
	var accepted []*websocket.Conn
	refused := map[string]int{}
	for range 4 {
		r := <-ch
		if r.conn != nil {
			accepted = append(accepted, r.conn)
		} else {
			refused[strconv.Itoa(r.status)+" "+r.code]++
		}
	}
	if len(accepted) != 3 || refused["429 "+CodeTooManyConns] != 1 {
		t.Fatalf("%d accepted, refused %v; want 3 and one 429 %s", len(accepted), refused, CodeTooManyConns)
	}
	if !refusedCloses(t, ts.URL, id, "10.6.0.8") {
		t.Error("too_many_connections: the refused connection is kept alive, want Connection: close")
	}
	accepted[0].Close(websocket.StatusNormalClosure, "")
	// the slot is released when the server has seen the close: retry
	// until it has (no timing asserted: at most 10 s)
	deadline := time.Now().Add(10 * time.Second)
	for {
		conn, status, code, _ := dialAs(t, ts.URL, id, "10.6.0.9")
		if conn != nil {
			break
		}
		if status != http.StatusTooManyRequests || code != CodeTooManyConns || time.Now().After(deadline) {
			t.Fatalf("after one left: HTTP %d %s, want accepted", status, code)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A client whose connection is closed for a flood (1008) or an oversized
// message (1009) may open no WebSocket for floodBan: its next dial gets 429
// rate_limited with Retry-After (1..10 s); another client connects.
func TestFloodBan(t *testing.T) {
	ts := newTestServerWith(t, nil, func(c *Config) {
		c.TrustProxy = true
		c.WSPerSecond = 1
		c.WSBurst = 1
	})
	id, _, _, err := createHumanAs(ts.URL, "10.9.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []struct {
		ip   string
		msg  string
		n    int
		want websocket.StatusCode
	}{
		{"10.7.0.1", `{"type":"ping"}`, 1 + wsStrikes + 1, websocket.StatusPolicyViolation},
		{"10.7.0.2", `{"type":"ping","id":"` + strings.Repeat("x", 70<<10) + `"}`, 1, websocket.StatusMessageTooBig},
	} {
		conn, status, code, _ := dialAs(t, ts.URL, id, k.ip)
		if conn == nil {
			t.Fatalf("%s: HTTP %d %s, want accepted", k.ip, status, code)
		}
		for range k.n {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			conn.Write(ctx, websocket.MessageText, []byte(k.msg))
			cancel()
		}
		_, _, rerr := readAll(conn)
		if st := websocket.CloseStatus(rerr); st != k.want {
			t.Fatalf("%s: closed with %v, want %d", k.ip, rerr, k.want)
		}
		conn, status, code, ra := dialAs(t, ts.URL, id, k.ip)
		if conn != nil || status != http.StatusTooManyRequests || code != CodeRateLimited {
			t.Fatalf("%s after its close: HTTP %d %q, want 429 %s", k.ip, status, code, CodeRateLimited)
		}
		if n, err := strconv.Atoi(ra); err != nil || n < 1 || n > 10 {
			t.Errorf("%s: Retry-After %q, want 1..10 s", k.ip, ra)
		}
	}
	if conn, status, code, _ := dialAs(t, ts.URL, id, "10.7.0.3"); conn == nil {
		t.Errorf("another client: HTTP %d %s, want accepted", status, code)
	}
}
