package server

import (
	"context"
	"os"
	"reflect"
	"strings"
	"sync"
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
// online on both instances.
func TestClusterTwoInstances(t *testing.T) {
	dsn, a, b, _ := twoInstances(t)
	id, wt, bt := createHuman(t, a, map[string]any{"variant": "chess"})
	w, bl := dialWS(t, a.URL, id, wt), dialWS(t, b.URL, id, bt)
	sa, sb := dialWS(t, a.URL, id, ""), dialWS(t, b.URL, id, "")
	all := []*watcher{{c: w, name: "white on A"}, {c: bl, name: "black on B"}, {c: sa, name: "spectator on A"}, {c: sb, name: "spectator on B"}}
	for i, mv := range fischerSpassky6 {
		mover := all[i%2]
		mover.upTo(i) // the mover's instance has the opponent's move
		mover.c.send(map[string]any{"type": "move", "move": mv, "ply": i, "id": i})
		ack := mover.expect(isAnswer)
		if ack["type"] != "ack" || int(ack["ply"].(float64)) != i+1 || ack["id"] != float64(i) {
			t.Fatalf("ply %d %s from %s: %v", i, mv, mover.name, ack)
		}
		for _, s := range all[2:] {
			s.upTo(i + 1)
		}
	}
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
	// black leaves B: A's spectator sees black offline
	bl.conn.Close(websocket.StatusNormalClosure, "")
	sa.expect(func(m map[string]any) bool {
		return m["type"] == "state" && m["seats"].(map[string]any)["black"].(map[string]any)["online"] == false
	})
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
