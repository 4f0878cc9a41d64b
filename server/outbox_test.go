package server

import (
	"context"
	"fmt"
	"houserules/rules"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestPingOnlyQuietClients: a client whose messages keep arriving is not
// pinged (its connection shows itself alive, and a ping would hold up
// its answers until the pong); a quiet one is, about every pingEvery.
func TestPingOnlyQuietClients(t *testing.T) {
	every, jitter := pingEvery, pingJitter
	pingEvery, pingJitter = 60*time.Millisecond, 10*time.Millisecond
	defer func() { pingEvery, pingJitter = every, jitter }()
	for _, talking := range []bool{true, false} {
		ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
		c := &client{out: make(chan []byte, 1), kill: cancel, wake: make(chan struct{}, 1)}
		c.lastRead.Store(time.Now().UnixNano())
		var pings atomic.Int32
		done := make(chan struct{})
		go func() {
			defer close(done)
			c.writer(ctx, func(context.Context, []byte) error { return nil },
				func(context.Context) error { pings.Add(1); return nil }, nil, nil)
		}()
		if talking {
			for ctx.Err() == nil {
				c.lastRead.Store(time.Now().UnixNano()) // a message read
				time.Sleep(5 * time.Millisecond)
			}
		}
		<-done
		cancel()
		switch n := pings.Load(); {
		case talking && n != 0:
			t.Errorf("a client sending every 5 ms was pinged %d times", n)
		case !talking && (n < 3 || n > 8):
			t.Errorf("a quiet client was pinged %d times in 400 ms, want about one per 60 ms", n)
		}
	}
}

// TestSpectatorsCoalescedSeatsKeepAll: behind a full channel, a
// spectator's states are coalesced (only the newest waits, after the
// other messages sent before it) while a seat keeps every message; the
// writer sends the channel's messages before the backlog.
func TestSpectatorsCoalescedSeatsKeepAll(t *testing.T) {
	for _, tc := range []struct {
		spectator bool
		want      []string
	}{
		{true, []string{"s1", "over", "s4"}},
		{false, []string{"s1", "s2", "s3", "over", "s4"}},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		c := &client{out: make(chan []byte, 1), kill: cancel, wake: make(chan struct{}, 1)}
		for _, m := range []string{"s1", "s2", "s3", "over", "s4"} {
			c.enqueue([]byte(m), tc.spectator && m != "over", tc.spectator)
		}
		var got []string
		c.writer(ctx, func(_ context.Context, b []byte) error {
			got = append(got, string(b))
			if len(got) == len(tc.want) {
				cancel()
			}
			return nil
		}, func(context.Context) error { return nil }, nil, nil)
		if !slices.Equal(got, tc.want) {
			t.Errorf("spectator %v: wrote %q, want %q", tc.spectator, got, tc.want)
		}
		cancel()
	}
}

// TestBacklogLimit: a spectator with 64 messages waiting behind its
// channel is disconnected at the 65th (states alone never grow the
// backlog); a seat only past 1,024.
func TestBacklogLimit(t *testing.T) {
	for _, tc := range []struct {
		spectator bool
		limit     int
	}{{true, maxWatchBacklog}, {false, maxSeatBacklog}} {
		ctx, cancel := context.WithCancel(context.Background())
		c := &client{out: make(chan []byte, 1), kill: cancel, wake: make(chan struct{}, 1)}
		c.enqueue([]byte("fills the channel"), false, tc.spectator)
		for i := range 1000 {
			c.enqueue([]byte(fmt.Sprint("state ", i)), tc.spectator, tc.spectator)
		}
		if ctx.Err() != nil {
			t.Fatalf("spectator %v: killed by states", tc.spectator)
		}
		if tc.spectator && len(c.backlog) != 1 {
			t.Fatalf("spectator backlog of %d states, want 1", len(c.backlog))
		}
		n := len(c.backlog)
		for i := n; i < tc.limit; i++ {
			c.enqueue([]byte("msg"), false, tc.spectator)
		}
		if ctx.Err() != nil || len(c.backlog) != tc.limit {
			t.Fatalf("spectator %v: killed at %d messages waiting, want alive at %d", tc.spectator, len(c.backlog), tc.limit)
		}
		c.enqueue([]byte("one more"), false, tc.spectator)
		if ctx.Err() == nil {
			t.Errorf("spectator %v: alive with %d messages waiting, want disconnected", tc.spectator, len(c.backlog))
		}
	}
}

// TestPresenceNotState: 20 spectators connecting send no state to the
// players, only presence messages, the last of which counts them all;
// the next messages of a move are its ack, then its state; a spectator
// leaving is a presence of 19.
func TestPresenceNotState(t *testing.T) {
	ts := newTestServer(t, nil)
	id, wtok, btok := createHuman(t, ts, map[string]any{"variant": "chess"})
	w := dialWS(t, ts.URL, id, wtok)
	w.expectState(0)
	b := dialWS(t, ts.URL, id, btok)
	b.expectState(0)
	w.expect(func(m map[string]any) bool { // black's hello: a state
		seats, _ := m["seats"].(map[string]any)
		black, _ := seats["black"].(map[string]any)
		return m["type"] == "state" && black["online"] == true
	})
	var s *wsClient
	for range 20 {
		s = dialWS(t, ts.URL, id, "")
		s.expectState(0)
	}
	for {
		m := w.expect(func(map[string]any) bool { return true })
		if m["type"] != "presence" {
			t.Fatalf("white got %v while spectators connected, want only presence", m["type"])
		}
		if m["watchers"] == float64(20) {
			break
		}
	}
	w.send(map[string]any{"type": "move", "move": "e2e4", "id": 1})
	if m := w.expect(func(map[string]any) bool { return true }); m["type"] != "ack" || m["ply"] != float64(1) {
		t.Fatalf("after the move: %v, want ack of ply 1", m)
	}
	if m := w.expect(func(map[string]any) bool { return true }); m["type"] != "state" || m["ply"] != float64(1) || m["watchers"] != float64(20) {
		t.Fatalf("after the ack: %v %v, want the state of ply 1 with 20 watchers", m["type"], m["ply"])
	}
	s.conn.CloseNow()
	m := w.expect(func(m map[string]any) bool { return m["type"] == "presence" })
	if m["watchers"] != float64(19) {
		t.Errorf("presence after a spectator left: %v, want 19 watchers", m)
	}
}

// TestPremovesKeptGame: the premoves from the game kept between states
// (premoveGame, brought forward move by move) equal those of a game
// replayed from the start, ply after ply of random games in variants
// with drops, walls, explosions and promotions; the kept game is brought
// forward, not built again.
func TestPremovesKeptGame(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, v := range []string{"chess", "crazyhouse", "duck", "atomic", "shogi"} {
		walkRoom(t, ts, map[string]any{"variant": v}, 7, 30, func(r *room, ply int) {
			before := r.pm
			kept := fmt.Sprint(r.premoves())
			if ply > 1 && r.pm != before {
				t.Errorf("%s ply %d: the kept game was built again (%p, %p)", v, ply, before, r.pm)
			}
			r.pm = nil
			fresh := fmt.Sprint(r.premoves())
			if kept != fresh {
				t.Fatalf("%s ply %d: premoves %s from the kept game, %s replayed", v, ply, kept, fresh)
			}
		})
	}
}

// TestPremovesKeptEveryOtherPly: a seat on this instance gets premoves
// only while its opponent is to move (two instances: the opponent's
// moves come from the other one), so the kept game is asked for every
// other ply; it catches up by the two moves, is not built again, and
// gives the premoves of a game replayed from the start.
func TestPremovesKeptEveryOtherPly(t *testing.T) {
	ts := newTestServer(t, nil)
	for _, v := range []string{"chess", "crazyhouse", "duck"} {
		var kept *rules.Game
		walkRoom(t, ts, map[string]any{"variant": v}, 11, 24, func(r *room, ply int) {
			if ply%2 == 0 {
				return
			}
			got := fmt.Sprint(r.premoves())
			if kept != nil && r.pm != kept {
				t.Errorf("%s ply %d: the kept game was built again", v, ply)
			}
			kept = r.pm
			r.pm = nil
			if want := fmt.Sprint(r.premoves()); got != want {
				t.Fatalf("%s ply %d: premoves %s from the kept game, %s replayed", v, ply, got, want)
			}
			r.pm = kept
		})
	}
}
