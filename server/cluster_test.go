package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"houserules/store"
)

// Tests of several serve processes on one PostgreSQL (cluster.go). They
// need HOUSERULES_TEST_POSTGRES and build the binary.

// fischerSpassky6 is the first 40 plies of Fischer–Spassky, Reykjavik
// 1972, game 6 (1.c4 e6 2.Nf3 d5 … 20.e4 d4), in UCI.
var fischerSpassky6 = strings.Fields(`c2c4 e7e6 g1f3 d7d5 d2d4 g8f6 b1c3 f8e7 c1g5 e8g8
	e2e3 h7h6 g5h4 b7b6 c4d5 f6d5 h4e7 d8e7 c3d5 e6d5 a1c1 c8e6 d1a4 c7c5 a4a3 f8c8
	f1b5 a7a6 d4c5 b6c5 e1g1 a8a7 b5e2 b8d7 f3d4 e7f8 d4e6 f7e6 e3e4 d5d4`)

// clusterFlags: a short lease (the pickup of a killed instance's games
// within seconds) and no per-client limits (every test client is
// 127.0.0.1).
var clusterFlags = []string{"--lease", "1s", "--client-conns", "-1", "--create-per-minute", "-1", "--ws-per-second", "-1"}

// twoInstances starts two serve processes on HOUSERULES_TEST_POSTGRES.
func twoInstances(t *testing.T) (dsn string, a, b *testServer, procA *os.Process) {
	t.Helper()
	dsn = os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES is not set")
	}
	bin := buildBinary(t)
	pa, ua := startServe(t, bin, dsn, append([]string{"--instance", "A"}, clusterFlags...)...)
	_, ub := startServe(t, bin, dsn, append([]string{"--instance", "B"}, clusterFlags...)...)
	return dsn, &testServer{t: t, URL: ua}, &testServer{t: t, URL: ub}, pa.Process
}

// watcher records the moves a client saw: the last move of each state whose
// ply is one more than the last recorded (a ply skipped or seen twice
// with another move is an error).
type watcher struct {
	c     *wsClient
	name  string
	moves []string
	last  map[string]any // the last state read
}

// expect reads c's messages until one satisfies ok, recording the moves
// of the states read on the way.
func (s *watcher) expect(ok func(map[string]any) bool) map[string]any {
	s.c.t.Helper()
	return s.c.expect(func(m map[string]any) bool {
		if m["type"] == "state" {
			s.last = m
			ply := int(m["ply"].(float64))
			switch {
			case ply == len(s.moves)+1:
				s.moves = append(s.moves, m["lastMove"].(map[string]any)["uci"].(string))
			case ply > len(s.moves)+1:
				s.c.t.Fatalf("%s: state at ply %d after ply %d: a move was not seen", s.name, ply, len(s.moves))
			}
		}
		return ok(m)
	})
}

// upTo reads c's messages until a state at ply n, recording the moves
// (the last state read when it is at ply n).
func (s *watcher) upTo(n int) map[string]any {
	s.c.t.Helper()
	if s.last != nil && int(s.last["ply"].(float64)) == n {
		return s.last
	}
	return s.expect(func(m map[string]any) bool { return m["type"] == "state" && int(m["ply"].(float64)) == n })
}

func isAnswer(m map[string]any) bool { return m["type"] == "ack" || m["type"] == "error" }

// TestClusterTwoInstances: white on instance A, black on instance B, a
// spectator on each; a 40-ply game; every client sees every move in
// order; the stored game is the one played. Then a draw offer made on A
// reaches B, is declined there and the decline reaches A; the seats show
// online on both instances; white resigns on A and the rematch offered on
// B and accepted on A gives black on B its new seat and token; black's
// disconnect from B shows on A.
func TestClusterTwoInstances(t *testing.T) {
	dsn, a, b, _ := twoInstances(t)
	id, wt, bt := createHuman(t, a, map[string]any{"variant": "chess"})
	w, bl := dialWS(t, a.URL, id, wt), dialWS(t, b.URL, id, bt)
	sa, sb := dialWS(t, a.URL, id, ""), dialWS(t, b.URL, id, "")
	all := []*watcher{{c: w, name: "white on A"}, {c: bl, name: "black on B"}, {c: sa, name: "spectator on A"}, {c: sb, name: "spectator on B"}}
	var ackRT, crossRT []time.Duration // logged, not tested
	for i, mv := range fischerSpassky6 {
		mover := all[i%2]
		mover.upTo(i) // the mover's instance has the opponent's move
		sent := time.Now()
		mover.c.send(map[string]any{"type": "move", "move": mv, "ply": i, "id": i})
		ack := mover.expect(isAnswer)
		if ack["type"] != "ack" || int(ack["ply"].(float64)) != i+1 || ack["id"] != float64(i) {
			t.Fatalf("ply %d %s from %s: %v", i, mv, mover.name, ack)
		}
		ackRT = append(ackRT, time.Since(sent))
		all[3-i%2].upTo(i + 1) // the spectator on the other instance
		crossRT = append(crossRT, time.Since(sent))
		all[2+i%2].upTo(i + 1)
	}
	slices.Sort(ackRT)
	slices.Sort(crossRT)
	t.Logf("move to ack: p50 %v max %v; move to the state on the other instance: p50 %v max %v",
		ackRT[len(ackRT)/2], ackRT[len(ackRT)-1], crossRT[len(crossRT)/2], crossRT[len(crossRT)-1])
	for _, s := range all {
		st := s.upTo(len(fischerSpassky6))
		if !reflect.DeepEqual(s.moves, fischerSpassky6) {
			t.Errorf("%s saw %v\nwant %v", s.name, s.moves, fischerSpassky6)
		}
		seats := st["seats"].(map[string]any)
		if seats["white"].(map[string]any)["online"] != true || seats["black"].(map[string]any)["online"] != true {
			t.Errorf("%s: seats %v, want both online", s.name, seats)
		}
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := storedMoves(t, db, id); !reflect.DeepEqual(got, fischerSpassky6) {
		t.Fatalf("stored %v\nwant %v", got, fischerSpassky6)
	}
	g, _ := db.GetGame(context.Background(), id)
	if g.Status != store.StatusActive || g.Moves[39].SAN != "d4" || g.Moves[30].SAN != "O-O" {
		t.Fatalf("stored game: status %s, ply 40 %q, ply 31 %q", g.Status, g.Moves[39].SAN, g.Moves[30].SAN)
	}
	// a draw offer on A reaches black on B; the decline reaches white
	w.send(map[string]any{"type": "draw_offer"})
	bl.expect(func(m map[string]any) bool { return m["type"] == "state" && m["drawOffer"] == "white" })
	bl.send(map[string]any{"type": "draw_decline"})
	if m := w.expect(func(m map[string]any) bool { return m["type"] == "draw_declined" }); m["by"] != "black" {
		t.Fatalf("draw_declined %v", m)
	}
	// white resigns on A: game_over on B; black offers a rematch on B,
	// white accepts on A: black gets its new seat and token on B
	w.send(map[string]any{"type": "resign"})
	if m := bl.expect(func(m map[string]any) bool { return m["type"] == "game_over" }); m["result"] != "0-1" {
		t.Fatalf("game_over on B: %v", m)
	}
	bl.send(map[string]any{"type": "rematch_offer"})
	w.expect(func(m map[string]any) bool { return m["type"] == "state" && m["rematchOffer"] == "black" })
	w.send(map[string]any{"type": "rematch_accept"})
	wr := w.expect(func(m map[string]any) bool { return m["type"] == "rematch" })
	br := bl.expect(func(m map[string]any) bool { return m["type"] == "rematch" })
	if wr["id"] != br["id"] || wr["seat"] != "black" || br["seat"] != "white" || br["token"] == "" || br["token"] == wr["token"] {
		t.Fatalf("rematch on A %v, on B %v", wr, br)
	}
	dialWS(t, b.URL, br["id"].(string), br["token"].(string)) // welcome as white
	// black leaves B: A's spectator sees black offline
	bl.conn.Close(websocket.StatusNormalClosure, "")
	sa.expect(func(m map[string]any) bool { return seatOnline(m, "black") == false })
}

// seatOnline returns whether seat is online by a state or a presence
// message (nil for other messages).
func seatOnline(m map[string]any, seat string) any {
	switch m["type"] {
	case "state":
		return m["seats"].(map[string]any)[seat].(map[string]any)["online"]
	case "presence":
		return m["online"].(map[string]any)[seat]
	}
	return nil
}

// TestClusterSameMove: the white seat is open on A and on B; its move is
// sent from both at once for the same ply, 20 times. Each time exactly one
// is applied (ack) and the other refused (stale_ply, or not_your_turn when
// its instance had watcher the move already); the stored game has each move
// once.
func TestClusterSameMove(t *testing.T) {
	dsn, a, b, _ := twoInstances(t)
	id, wt, bt := createHuman(t, a, map[string]any{"variant": "chess"})
	ws := []*watcher{{c: dialWS(t, a.URL, id, wt), name: "white on A"}, {c: dialWS(t, b.URL, id, wt), name: "white on B"}}
	bl := &watcher{c: dialWS(t, b.URL, id, bt), name: "black on B"}
	raced, refusals := 0, map[string]int{}
	for i := 0; i < len(fischerSpassky6); i += 2 {
		for _, s := range ws {
			s.upTo(i)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for k, s := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				wsjson.Write(ctx, s.c.conn, map[string]any{"type": "move", "move": fischerSpassky6[i], "ply": i, "id": k})
			}()
		}
		close(start)
		wg.Wait()
		acks := 0
		for _, s := range ws {
			m := s.expect(isAnswer)
			if m["type"] == "ack" {
				acks++
				continue
			}
			code := m["code"].(string)
			refusals[code]++
			if code != CodeStale && code != CodeNotYourTurn {
				t.Fatalf("ply %d: refused with %v", i, m)
			}
			if strings.Contains(m["message"].(string), "changed meanwhile") {
				raced++ // both were applied in memory: the store's ply check decided
			}
		}
		if acks != 1 {
			t.Fatalf("ply %d: %d acks, want 1", i, acks)
		}
		bl.upTo(i + 1)
		bl.c.send(map[string]any{"type": "move", "move": fischerSpassky6[i+1], "ply": i + 1})
		if m := bl.expect(isAnswer); m["type"] != "ack" {
			t.Fatalf("black at ply %d: %v", i+1, m)
		}
	}
	t.Logf("refusals %v; %d of 20 decided by the store's ply check", refusals, raced)
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := storedMoves(t, db, id); !reflect.DeepEqual(got, fischerSpassky6) {
		t.Fatalf("stored %v\nwant %v", got, fischerSpassky6)
	}
}

// ackRec is a move acknowledged to a load client.
type ackRec struct {
	game string
	ply  int // the move's ply (0-based)
	uci  string
}

// loadSeat plays one seat of a game in the kill test: on every state
// where its seat is to move it sends a random legal move for that ply
// (after think), until the game reaches target plies or ends. When its
// connection drops it reconnects to url() (instance B once A is dead).
type loadSeat struct {
	id, token, color string
	target           int
	think            time.Duration
	hold             func(ply int) // called before a move: may wait
	url              func() string
	rng              *rand.Rand
	acks             chan<- ackRec
	errs             chan<- string
	reconnects       int
}

func (c *loadSeat) run(ctx context.Context) error {
	for ctx.Err() == nil {
		done, err := c.session(ctx)
		if done {
			return nil
		}
		_ = err
		c.reconnects++
		time.Sleep(50 * time.Millisecond)
	}
	return ctx.Err()
}

// session runs one connection; done when the game reached its target.
func (c *loadSeat) session(ctx context.Context) (bool, error) {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	conn, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(c.url(), "http")+"/api/games/"+c.id+"/ws?token="+c.token, nil)
	cancel()
	if err != nil {
		return false, err
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 22)
	sent, pending := -1, map[int]string{}
	for {
		var m struct {
			Type   string `json:"type"`
			Ply    int    `json:"ply"`
			Turn   string `json:"turn"`
			Status string `json:"status"`
			Code   string `json:"code"`
			Legal  []struct {
				UCI string `json:"uci"`
			} `json:"legal"`
		}
		if err := wsjson.Read(ctx, conn, &m); err != nil {
			return false, err
		}
		switch m.Type {
		case "state":
			if m.Status == store.StatusOver || m.Ply >= c.target {
				conn.Close(websocket.StatusNormalClosure, "")
				return true, nil
			}
			if m.Turn != c.color || m.Ply == sent || len(m.Legal) == 0 {
				continue
			}
			if c.think > 0 {
				time.Sleep(c.think)
			}
			if c.hold != nil {
				c.hold(m.Ply)
			}
			mv := m.Legal[c.rng.IntN(len(m.Legal))].UCI
			sent, pending[m.Ply] = m.Ply, mv
			wctx, wcancel := context.WithTimeout(ctx, 5*time.Second)
			err := wsjson.Write(wctx, conn, map[string]any{"type": "move", "move": mv, "ply": m.Ply})
			wcancel()
			if err != nil {
				return false, err
			}
		case "ack":
			c.acks <- ackRec{c.id, m.Ply - 1, pending[m.Ply-1]}
		case "error":
			c.errs <- m.Code
			sent = -1 // the state tells what to do
			wsjson.Write(ctx, conn, map[string]any{"type": "sync"})
		}
	}
}

// TestClusterKill: 200 games, 20 of them against the AI (which moves
// first, on instance A where they are created), the others between two
// players (on A and B); each player sends a random legal move on its
// turn. Instance A is killed with SIGKILL when a third of the moves are
// acknowledged; A's clients reconnect to B. At the end every acknowledged
// move is stored, every game reached 20 plies (or ended by the rules on
// the way), and the AI games whose AI was on A got their moves from B.
func TestClusterKill(t *testing.T) {
	dsn, a, b, procA := twoInstances(t)
	const games, target, aiEvery = 200, 20, 10
	var killed atomic.Bool
	urlOf := func(home *testServer) func() string {
		return func() string {
			if home == a && !killed.Load() {
				return a.URL
			}
			return b.URL
		}
	}
	acks := make(chan ackRec, 10000)
	errs := make(chan string, 10000)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	var seats []*loadSeat
	var aiOnA []string // AI games whose player is on A: their AI thinks on A
	for i := 0; i < games; i++ {
		rng := func(k uint64) *rand.Rand { return rand.New(rand.NewPCG(45, uint64(i)*2+k)) }
		if i%aiEvery == 0 {
			code, g := call(t, "POST", a.URL+"/api/games", "", map[string]any{"variant": "chess", "side": "black", "opponent": map[string]any{"type": "ai", "level": 0}})
			if code != 201 {
				t.Fatalf("create AI game: %d %v", code, g)
			}
			home := b
			if i%(2*aiEvery) == 0 {
				home = a
				aiOnA = append(aiOnA, g["id"].(string))
			}
			// the player thinks 100 ms, and waits at ply 11 for the kill:
			// the AI's moves from ply 12 on must come from B
			seats = append(seats, &loadSeat{id: g["id"].(string), token: g["token"].(string), color: "black", target: target,
				think: 100 * time.Millisecond, hold: holdUntil(ctx, &killed, 11), url: urlOf(home), rng: rng(0), acks: acks, errs: errs})
			continue
		}
		home, away := a, b
		if i%2 == 1 {
			home, away = b, a
		}
		id, wt, bt := createHuman(t, home, map[string]any{"variant": "chess"})
		seats = append(seats,
			&loadSeat{id: id, token: wt, color: "white", target: target, url: urlOf(home), rng: rng(0), acks: acks, errs: errs},
			&loadSeat{id: id, token: bt, color: "black", target: target, url: urlOf(away), rng: rng(1), acks: acks, errs: errs})
	}
	var wg sync.WaitGroup
	failed := make(chan error, len(seats))
	began := time.Now()
	for _, s := range seats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.run(ctx); err != nil {
				failed <- fmt.Errorf("game %s %s: %v", s.id, s.color, err)
			}
		}()
	}
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
	var got []ackRec
	errCount := map[string]int{}
	var killAt time.Time
	total := (games - games/aiEvery) * target // the human-vs-human moves
collect:
	for {
		select {
		case r := <-acks:
			got = append(got, r)
			if !killed.Load() && len(got) >= total/3 {
				if err := procA.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killAt = time.Now()
				killed.Store(true)
			}
		case c := <-errs:
			errCount[c]++
		case <-allDone:
			break collect
		}
	}
	for len(acks) > 0 {
		got = append(got, <-acks)
	}
	close(failed)
	for err := range failed {
		t.Error(err)
	}
	if killAt.IsZero() {
		t.Fatal("A was never killed")
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stored := map[string]*store.Game{}
	reached, over, lastRecovery := 0, 0, time.Duration(0)
	for _, s := range seats {
		if stored[s.id] != nil {
			continue
		}
		g, err := db.GetGame(context.Background(), s.id)
		if err != nil {
			t.Fatal(err)
		}
		stored[s.id] = g
		switch {
		case len(g.Moves) >= target:
			reached++
		case g.Status == store.StatusOver && g.Reason != "":
			over++
		default:
			t.Errorf("game %s stopped at ply %d (%s %s)", s.id, len(g.Moves), g.Status, g.Reason)
		}
		for _, m := range g.Moves {
			if m.At.After(killAt) {
				lastRecovery = max(lastRecovery, m.At.Sub(killAt))
				break
			}
		}
	}
	for _, r := range got {
		g := stored[r.game]
		if r.ply >= len(g.Moves) || g.Moves[r.ply].UCI != r.uci {
			t.Errorf("acknowledged %s ply %d %s is not stored", r.game, r.ply, r.uci)
		}
	}
	// the AI games whose AI was on A got their AI moves (the even
	// plies) after the kill from B, unless the game ended before ply 12
	fromB, early := 0, 0
	for _, id := range aiOnA {
		g := stored[id]
		n := 0
		for _, m := range g.Moves {
			if m.Ply%2 == 0 && m.At.After(killAt) {
				n++
			}
		}
		switch {
		case n > 0:
			fromB++
		case g.Status == store.StatusOver && len(g.Moves) <= 12:
			early++
		default:
			t.Errorf("AI game %s of A: no AI move after the kill (%d plies, %s %s)", id, len(g.Moves), g.Status, g.Reason)
		}
	}
	reconnects := 0
	for _, s := range seats {
		reconnects += s.reconnects
	}
	t.Logf("%d games (%d reached %d plies, %d ended by the rules before), %d acknowledged moves, all stored; A killed at ack %d, %.1fs in; reconnects %d; errors %v; %d of %d AI games of A got AI moves from B (%d ended before); latest first move after the kill of a game: %v; run %v",
		len(stored), reached, target, over, len(got), total/3, killAt.Sub(began).Seconds(), reconnects, errCount, fromB, len(aiOnA), early, lastRecovery.Round(time.Millisecond), time.Since(began).Round(time.Millisecond))
}

// holdUntil returns a loadSeat.hold that waits, from ply on, until
// killed is set (or ctx ends).
func holdUntil(ctx context.Context, killed *atomic.Bool, ply int) func(int) {
	return func(p int) {
		for p >= ply && !killed.Load() && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// FuzzClusterEvent: an event from another instance (any kind, any data)
// never panics the room; the draw offer and rematch offer it leaves are
// a colour or nothing, and the room keeps its moves.
func FuzzClusterEvent(f *testing.F) {
	for _, s := range []string{`{"offer":"white","ply":0}`, `{"offer":"black","ply":0,"declined":"white"}`, `{"offer":"x","ply":0}`,
		`{"offer":"white","id":"abc","tokens":{"white":"t"}}`, `{"seq":1,"white":true}`, `{"seq":-1}`, `null`, `[`, `{"ply":"0"}`} {
		for k := range 5 {
			f.Add(k, []byte(s))
		}
	}
	db, err := store.Open(context.Background(), ":memory:")
	if err != nil {
		f.Fatal(err)
	}
	srv := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	f.Cleanup(func() { srv.Close(); db.Close() })
	g := &store.Game{ID: "fuzz", Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		White: store.Seat{Kind: store.Human, TokenHash: "w"}, Black: store.Seat{Kind: store.Human, TokenHash: "b"}}
	if err := db.CreateGame(context.Background(), g); err != nil {
		f.Fatal(err)
	}
	kinds := []string{evDraw, evRematch, evPresence, evWho, "other"}
	f.Fuzz(func(t *testing.T, k int, data []byte) {
		r, err := srv.hub.room(context.Background(), "fuzz")
		if err != nil {
			t.Fatal(err)
		}
		r.rm = rematchState{}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.event(store.Notification{Instance: "other", Game: r.id, Kind: kinds[(k%5+5)%5], Ply: -1, Data: data})
		if !colorOrNone(r.draw) || !colorOrNone(r.rm.offer) || len(r.moves) != 0 {
			t.Fatalf("after %s %q: draw %q rematch offer %q, %d moves", kinds[(k%5+5)%5], data, r.draw, r.rm.offer, len(r.moves))
		}
	})
}

// TestClusterClockPickup: a clock game is played on A only; A is killed
// with black to move; nobody connects to B, yet B picks the game up
// (store.Orphans) and black's flag falls there.
func TestClusterClockPickup(t *testing.T) {
	dsn, a, _, procA := twoInstances(t)
	id, wt, _ := createHuman(t, a, map[string]any{"variant": "chess", "clock": map[string]any{"initial": 1, "increment": 0}})
	w := dialWS(t, a.URL, id, wt)
	w.send(map[string]any{"type": "move", "move": "e2e4"})
	w.expect(func(m map[string]any) bool { return m["type"] == "ack" })
	if err := procA.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, err := db.GetGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Status == store.StatusOver {
			if g.Result != "1-0" || g.Reason != "black ran out of time" || len(g.Moves) != 1 {
				t.Fatalf("game over %s %q after %d plies", g.Result, g.Reason, len(g.Moves))
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("black's flag did not fall on B: %s", g.Status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestClusterPresenceAfterKill: white on A, black on B; each sees the
// other online; A is killed: black on B sees white offline (B stops
// counting the clients of an instance that no longer listens).
func TestClusterPresenceAfterKill(t *testing.T) {
	_, a, b, procA := twoInstances(t)
	id, wt, bt := createHuman(t, a, map[string]any{"variant": "chess"})
	dialWS(t, a.URL, id, wt)
	bl := dialWS(t, b.URL, id, bt)
	bl.expect(func(m map[string]any) bool { return seatOnline(m, "white") == true })
	if err := procA.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	bl.expect(func(m map[string]any) bool { return seatOnline(m, "white") == false })
}

// TestClusterPresenceNotes: an instance publishes the seats online in a
// room only when they change: white's connect and disconnect each make
// one presence event, three spectators coming and going none; a game
// created on the instance asks no one who is online (evWho: there is no
// one elsewhere yet).
func TestClusterPresenceNotes(t *testing.T) {
	dsn := os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES is not set")
	}
	_, ua := startServe(t, buildBinary(t), dsn, append([]string{"--instance", "A"}, clusterFlags...)...)
	a := &testServer{t: t, URL: ua}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mu sync.Mutex
	var notes []store.Notification
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go db.Listen(ctx, func(n store.Notification) {
		mu.Lock()
		notes = append(notes, n)
		mu.Unlock()
	})
	time.Sleep(300 * time.Millisecond) // listening
	id, wt, _ := createHuman(t, a, map[string]any{"variant": "chess"})
	// events of the game, as "kind white black"
	events := func() []string {
		time.Sleep(500 * time.Millisecond) // what was published has arrived
		mu.Lock()
		defer mu.Unlock()
		var out []string
		for _, n := range notes {
			if n.Game != id || (n.Kind != evPresence && n.Kind != evWho) {
				continue
			}
			var ev presenceEvent
			json.Unmarshal(n.Data, &ev)
			out = append(out, fmt.Sprint(n.Kind, " ", ev.White, " ", ev.Black))
		}
		return out
	}
	white := dialWS(t, a.URL, id, wt)
	white.expectState(0)
	if got, want := events(), []string{"presence true false"}; !slices.Equal(got, want) {
		t.Fatalf("after white's connect: %q, want %q", got, want)
	}
	var specs []*wsClient
	for range 3 {
		s := dialWS(t, a.URL, id, "")
		s.expectState(0)
		specs = append(specs, s)
	}
	for _, s := range specs {
		s.conn.Close(websocket.StatusNormalClosure, "")
	}
	if got, want := events(), []string{"presence true false"}; !slices.Equal(got, want) {
		t.Fatalf("after 3 spectators came and went: %q, want %q", got, want)
	}
	white.conn.Close(websocket.StatusNormalClosure, "")
	if got, want := events(), []string{"presence true false", "presence false false"}; !slices.Equal(got, want) {
		t.Fatalf("after white left: %q, want %q", got, want)
	}
}
