package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// The quiet games of the hostile suite (hostile_test.go) and of
// BenchmarkAttack: human-vs-human games played move by move through real
// WebSockets while attackers work, each answer checked.

// quietLine is the line a quiet game plays (a Ruy Lopez, Breyer: no
// repetition, no capture that ends anything, 20 plies).
var quietLine = strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6b8 d2d4 b8d7")

// peer is a WebSocket client that records what it gets: the plies of the
// states in the order they came and every error. Its methods never call
// t.Fatal (they run in goroutines): they return errors.
type peer struct {
	conn   *websocket.Conn
	msgs   chan map[string]any
	mu     sync.Mutex
	plies  []int    // ply of every state received, in order
	errors []string // code: message of every error received
}

// dialPeer opens a WebSocket to game id as client ip (X-Forwarded-For;
// the test server trusts it) with the seat token tok ("" = spectator).
func dialPeer(base, id, tok, ip string) (*peer, error) {
	u := "ws" + strings.TrimPrefix(base, "http") + "/api/games/" + id + "/ws"
	if tok != "" {
		u += "?token=" + tok
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {ip}}})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(1 << 22)
	p := &peer{conn: conn, msgs: make(chan map[string]any, 4096)}
	go func() {
		defer close(p.msgs)
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				return
			}
			var m map[string]any
			json.Unmarshal(data, &m)
			p.mu.Lock()
			switch m["type"] {
			case "state":
				p.plies = append(p.plies, int(m["ply"].(float64)))
			case "error":
				p.errors = append(p.errors, fmt.Sprintf("%v: %v", m["code"], m["message"]))
			}
			p.mu.Unlock()
			select {
			case p.msgs <- m:
			default: // nobody waits for it
			}
		}
	}()
	return p, nil
}

func (p *peer) send(v any) error {
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return p.conn.Write(ctx, websocket.MessageText, b)
}

// wait returns the first message that satisfies ok, or an error after
// 20 s or when the connection closes.
func (p *peer) wait(ok func(map[string]any) bool) (map[string]any, error) {
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, open := <-p.msgs:
			if !open {
				return nil, fmt.Errorf("connection closed while waiting")
			}
			if ok(m) {
				return m, nil
			}
		case <-timeout:
			return nil, fmt.Errorf("timed out")
		}
	}
}

// reached waits (up to 20 s) until p has a state at ply last.
func (p *peer) reached(last int) {
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		p.mu.Lock()
		n := len(p.plies)
		ok := n > 0 && p.plies[n-1] >= last
		p.mu.Unlock()
		if ok {
			return
		}
	}
}

// check says what is wrong with what p received: an error, or states out
// of ply order, or a last state not at ply last.
func (p *peer) check(last int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.errors) > 0 {
		return fmt.Errorf("errors %v", p.errors)
	}
	for i := 1; i < len(p.plies); i++ {
		if p.plies[i] < p.plies[i-1] {
			return fmt.Errorf("states out of order: %v", p.plies)
		}
	}
	if n := len(p.plies); n == 0 || p.plies[n-1] != last {
		return fmt.Errorf("last state not at ply %d: %v", last, p.plies)
	}
	return nil
}

// quietResult is what quiet games measured: move round-trips (move sent
// to its ack) and the first problem met.
type quietResult struct {
	mu    sync.Mutex
	rtts  []time.Duration
	moves int
	err   error
}

func (q *quietResult) fail(err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err == nil {
		q.err = err
	}
}

// p99 returns the 99th percentile round-trip (0 without any).
func (q *quietResult) p99() time.Duration {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.rtts) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), q.rtts...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[(len(s)*99)/100]
}

// quietGames runs n slots until stop is closed; each slot plays quietLine
// in a fresh game (white, black and a spectator, client 192.<slot>.<game>
// so that no limit of one client counts them together),
// a move every pause, then starts another game. Each move must be
// acknowledged at its ply, the opponent and the spectator must see its
// state, and at the end of a game every peer's states are in order, with
// no error. The returned channel closes when every slot has stopped.
func quietGames(base string, n int, pause time.Duration, stop <-chan struct{}, res *quietResult) <-chan struct{} {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for slot := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for game := 0; ; game++ {
				select {
				case <-stop:
					return
				default:
				}
				ip := fmt.Sprintf("192.%d.%d.%d", slot+1, game/250, game%250)
				if err := quietGame(base, ip, pause, stop, res); err != nil {
					res.fail(fmt.Errorf("quiet slot %d: %w", slot, err))
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()
	return done
}

// quietGame plays one game of quietLine (or until stop).
func quietGame(base, ip string, pause time.Duration, stop <-chan struct{}, res *quietResult) error {
	id, wt, bt, err := createHumanAs(base, ip)
	if err != nil {
		return err
	}
	var peers [3]*peer
	for i, tok := range []string{wt, bt, ""} {
		if peers[i], err = dialPeer(base, id, tok, ip); err != nil {
			return fmt.Errorf("dial: %w", err)
		}
		defer peers[i].conn.CloseNow()
	}
	for _, p := range peers {
		if _, err := p.wait(func(m map[string]any) bool { return m["type"] == "state" }); err != nil {
			return fmt.Errorf("first state: %w", err)
		}
	}
	ply := 0
	for ; ply < len(quietLine); ply++ {
		select {
		case <-stop:
			return finishQuiet(peers, ply)
		case <-time.After(pause):
		}
		mover, other := peers[ply%2], peers[1-ply%2]
		began := time.Now()
		if err := mover.send(map[string]any{"type": "move", "move": quietLine[ply], "ply": ply, "id": ply}); err != nil {
			return err
		}
		m, err := mover.wait(func(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" })
		if err != nil {
			return fmt.Errorf("ply %d: waiting for the ack: %w", ply, err)
		}
		if m["type"] != "ack" || int(m["ply"].(float64)) != ply+1 {
			return fmt.Errorf("ply %d (%s): answer %v", ply, quietLine[ply], m)
		}
		rtt := time.Since(began)
		for _, p := range []*peer{other, peers[2]} {
			if _, err := p.wait(func(m map[string]any) bool { return m["type"] == "state" && int(m["ply"].(float64)) == ply+1 }); err != nil {
				return fmt.Errorf("ply %d: the state: %w", ply, err)
			}
		}
		res.mu.Lock()
		res.rtts = append(res.rtts, rtt)
		res.moves++
		res.mu.Unlock()
	}
	return finishQuiet(peers, ply)
}

// finishQuiet checks the peers of a quiet game that reached ply last.
func finishQuiet(peers [3]*peer, last int) error {
	for i, p := range peers {
		p.reached(last)
		if err := p.check(last); err != nil {
			return fmt.Errorf("peer %d: %w", i, err)
		}
	}
	return nil
}

// createHumanAs creates a human game as client ip and takes the second
// seat: the game ID and the white and black tokens.
func createHumanAs(base, ip string) (id, white, black string, err error) {
	return createVariantAs(base, ip, "chess")
}

// createVariantAs is createHumanAs for a game of variant.
func createVariantAs(base, ip, variant string) (id, white, black string, err error) {
	code, g, err := postAs(base+"/api/games", ip, `{"variant":"`+variant+`","opponent":{"type":"human"},"side":"white"}`)
	if err != nil || code != 201 {
		return "", "", "", fmt.Errorf("create: %d %v %v", code, g, err)
	}
	id, white = g["id"].(string), g["token"].(string)
	invite := strings.TrimPrefix(g["inviteUrl"].(string), "/g/"+id+"#invite=")
	code, j, err := postAs(base+"/api/games/"+id+"/join", ip, `{"invite":"`+invite+`"}`)
	if err != nil || code != 200 {
		return "", "", "", fmt.Errorf("join: %d %v %v", code, j, err)
	}
	return id, white, j["token"].(string), nil
}

// postAs posts body as client ip; the status, the JSON answer and the
// Retry-After header (in the answer as "retryAfter").
func postAs(u, ip, body string) (int, map[string]any, error) {
	req, _ := http.NewRequest("POST", u, strings.NewReader(body))
	req.Header.Set("X-Forwarded-For", ip)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return resp.StatusCode, nil, err
	}
	if ra := resp.Header.Get("Retry-After"); ra != "" {
		out["retryAfter"] = ra
	}
	return resp.StatusCode, out, nil
}

// tinyReadBuffer is a DialContext whose connections have a 4 KiB socket
// receive buffer: a client that never reads fills it at once.
func tinyReadBuffer(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
	if err == nil {
		c.(*net.TCPConn).SetReadBuffer(4096)
	}
	return c, err
}
