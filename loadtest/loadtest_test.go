package loadtest_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"houserules/loadtest"
	_ "houserules/presets"
	"houserules/server"
	"houserules/store"
)

// newServer starts an in-process server over a fresh SQLite file, with
// set changing its Config (limits).
func newServer(t *testing.T, set func(*server.Config)) string {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{Store: db, Mover: server.RandomMover{}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if set != nil {
		set(&cfg)
	}
	s := server.New(cfg)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		s.Close()
		hs.Close()
		db.Close()
	})
	return hs.URL
}

// TestRunTotals: 20 games of 10 plies with no think time: every move sent
// is acked (200 = 20 × 10, as no random game of chess ends in 10 plies
// with these seeds), nothing fails, 20 games started, the moves after the
// start-up are timed apart, and the server's process (this one) is
// measured.
func TestRunTotals(t *testing.T) {
	url := newServer(t, nil)
	rep, err := loadtest.Run(context.Background(), loadtest.Config{URLs: []string{url}, Games: 20, Plies: 10, Seed: 45, PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.Write(&b)
	t.Log("\n" + b.String())
	if rep.GamesStarted != 20 || rep.GamesOver != 0 {
		t.Errorf("games: %d started, %d over; want 20, 0", rep.GamesStarted, rep.GamesOver)
	}
	if rep.MovesSent != 200 || rep.MovesAcked != 200 || rep.Latency.N != 200 {
		t.Errorf("moves: %d sent, %d acked, %d timed; want 200 each", rep.MovesSent, rep.MovesAcked, rep.Latency.N)
	}
	// the last game connected plays all its 10 moves after the start-up
	if rep.RampTook <= 0 || rep.Steady.N < 10 || rep.Steady.N > 200 {
		t.Errorf("after the start-up: %d moves timed, start-up %v; want 10..200 and a start-up time", rep.Steady.N, rep.RampTook)
	}
	if len(rep.Errors) != 0 || len(rep.Limits) != 0 {
		t.Errorf("errors %v, limits %v; want none", rep.Errors, rep.Limits)
	}
	if rep.Server == nil || rep.Server.RSS <= 0 || rep.Server.PeakRSS < rep.Server.RSS {
		t.Errorf("server stats %+v: want the RSS of this process", rep.Server)
	}
}

// TestRunSpectatorsAndAI: 2 games (one watched by 30 spectators, 10
// plies of the other) and 4 games whose AI moves first, through two URLs
// of one server (the two-instance path: white on one, black on the
// other): every spectator connects and gets messages, every AI moves.
func TestRunSpectatorsAndAI(t *testing.T) {
	url := newServer(t, nil)
	rep, err := loadtest.Run(context.Background(), loadtest.Config{URLs: []string{url, strings.Replace(url, "127.0.0.1", "localhost", 1)}, Games: 2, Plies: 10, Seed: 7,
		Spectators: 30, AIFirst: 4, ThinkMin: 5 * time.Millisecond, ThinkMax: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SpectatorsConnected != 30 || rep.SpectatorMsgs < 30 {
		t.Errorf("spectators: %d connected, %d messages; want 30 and at least one each", rep.SpectatorsConnected, rep.SpectatorMsgs)
	}
	if rep.AIFirst != 4 || rep.AIMoved != 4 {
		t.Errorf("AI first: %d of %d moved; want 4 of 4", rep.AIMoved, rep.AIFirst)
	}
	if rep.MovesSent != rep.MovesAcked || rep.Watched.N == 0 || rep.ErrorCount() != 0 {
		t.Errorf("moves %d sent, %d acked, watched %v, errors %v", rep.MovesSent, rep.MovesAcked, rep.Watched, rep.Errors)
	}
}

// TestRunLimitNamed: a server that allows 1 connection per client
// refuses the second player: the report names the limit.
func TestRunLimitNamed(t *testing.T) {
	url := newServer(t, func(c *server.Config) { c.ClientConns = 1 })
	rep, err := loadtest.Run(context.Background(), loadtest.Config{URLs: []string{url}, Games: 1, Plies: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Limits["too_many_connections"] != 1 || rep.MovesSent != 0 {
		t.Errorf("limits %v, moves sent %d; want too_many_connections=1 and no move", rep.Limits, rep.MovesSent)
	}
}

// TestAttackAnswers: two seconds of every attacker at low rates against a
// server with small limits; every defence answers with its code: the
// flood (too_many_messages, then close 1008, then its address banned:
// HTTP 429 rate_limited), the malformed messages (bad_json,
// duplicate_key, message_too_large, unknown_type, spectator), the full
// room (HTTP 429 too_many_connections) and the creation flood (exactly
// 10 games, the burst of its one address, plus the 3 attacked games;
// the others rate_limited).
func TestAttackAnswers(t *testing.T) {
	url := newServer(t, func(c *server.Config) {
		c.TrustProxy = true
		c.RoomConns = 5
		c.CreatePerMinute = 10
	})
	rep, err := loadtest.Attack(context.Background(), loadtest.AttackConfig{URL: url, FloodRate: 400, FloodConns: 2,
		BadRate: 100, BadConns: 1, ConnectRate: 50, CreateRate: 50, Addresses: 4, Duration: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.Write(&b)
	t.Log("\n" + b.String())
	for _, code := range []string{"too_many_messages", "close_1008", "http_429_rate_limited", "bad_json", "duplicate_key",
		"message_too_large", "unknown_type", "spectator", "http_429_too_many_connections", "rate_limited"} {
		if rep.Answers[code] == 0 {
			t.Errorf("no %s answered", code)
		}
	}
	if rep.Answers["created"] != 13 {
		t.Errorf("%d games created, want 13 (3 attacked, 10 of the flood)", rep.Answers["created"])
	}
}
