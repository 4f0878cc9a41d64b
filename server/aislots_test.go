package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"houserules/position"
	"houserules/rules"
	"houserules/store"
)

// newAIServer is a server (no HTTP listener) with cfg's AI settings.
func newAIServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = db
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	s := New(cfg)
	t.Cleanup(func() {
		s.Close()
		db.Close()
	})
	return s
}

// createAIFirst creates a chess game whose AI plays white; it returns the
// game's ID.
func createAIFirst(s *Server) (string, error) {
	return createBody(s, `{"variant":"chess","side":"black","opponent":{"type":"ai"}}`)
}

// createBody creates a game (POST /api/games with body) through s's
// handler; it returns the game's ID.
func createBody(s *Server, body string) (string, error) {
	req := httptest.NewRequest("POST", "/api/games", strings.NewReader(body))
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != http.StatusCreated {
		return "", fmt.Errorf("create: %d %s", w.Code, w.Body.String())
	}
	var out struct{ ID string }
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		return "", err
	}
	return out.ID, nil
}

// roomPly returns the room's ply and whether its AI is busy.
func roomPly(t *testing.T, s *Server, id string) (int, bool) {
	t.Helper()
	r, err := s.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.moves), r.aiBusy
}

// waitPlies waits until every game is at ply 1 with its AI idle, and fails
// naming the games that are not.
func waitPlies(t *testing.T, s *Server, ids []string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var stuck []string
		for _, id := range ids {
			if ply, busy := roomPly(t, s, id); ply != 1 || busy {
				stuck = append(stuck, fmt.Sprintf("%s (ply %d, aiBusy %v)", id, ply, busy))
			}
		}
		if len(stuck) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d AI-first games without their one AI move after %v: %s", len(stuck), len(ids), within, strings.Join(stuck[:min(len(stuck), 5)], ", "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// delayMover plays the first legal move after delay, counting calls.
type delayMover struct {
	delay time.Duration
	calls atomic.Int64
}

func (m *delayMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	m.calls.Add(1)
	select {
	case <-time.After(m.delay):
	case <-ctx.Done():
		return position.NoMove, ctx.Err()
	}
	return g.LegalMoves()[0], nil
}

// TestManyAIFirstGames: 120 AI-first games created at once, 2 search
// slots, a 20 ms search and an AI time of 150 ms: the last games wait
// ~1.2 s for a slot, far beyond their AI time. Every game gets exactly one
// AI move (the mover is asked once per game, no random fallback) and none
// is left "AI busy".
func TestManyAIFirstGames(t *testing.T) {
	mv := &delayMover{delay: 20 * time.Millisecond}
	s := newAIServer(t, Config{Mover: mv, AISlots: 2, AITimeout: 150 * time.Millisecond})
	const n = 120
	ids := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids[i], errs[i] = createAIFirst(s)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	waitPlies(t, s, ids, 20*time.Second)
	time.Sleep(100 * time.Millisecond) // no second AI move may follow
	waitPlies(t, s, ids, 0)
	if c := mv.calls.Load(); c != n {
		t.Errorf("the mover was asked %d times for %d games", c, n)
	}
	for _, id := range ids {
		g, err := s.cfg.Store.GetGame(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != 1 {
			t.Errorf("game %s: %d stored moves, want 1", id, len(g.Moves))
		}
	}
}

// holdMover blocks, whatever its context says, until hold is closed: it
// keeps the search slot as long as the test wants.
type holdMover struct{ hold chan struct{} }

func (m holdMover) BestMove(ctx context.Context, g *rules.Game, level int) (position.Move, error) {
	<-m.hold
	return g.LegalMoves()[0], nil
}

// TestAIWaitsLongerThanItsTime is the path that stranded games: one slot,
// held by game A for three times the AI time; game B waits for it all that
// time. B's AI time starts with its search, so B still moves (it used to
// give up when its AI time ran out while waiting, leaving the room "AI
// busy" for good at ply 0).
func TestAIWaitsLongerThanItsTime(t *testing.T) {
	hold := make(chan struct{})
	s := newAIServer(t, Config{Mover: holdMover{hold}, AISlots: 1, AITimeout: 100 * time.Millisecond})
	var once sync.Once
	release := func() { once.Do(func() { close(hold) }) }
	t.Cleanup(release) // before the server closes, also when the test fails
	a, err := createAIFirst(s)
	if err != nil {
		t.Fatal(err)
	}
	b, err := createAIFirst(s)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if w := s.hub.aiSlots.waiting(); w != 1 {
		t.Fatalf("%d AI runs wait for the slot, want 1 (game B)", w)
	}
	if ply, busy := roomPly(t, s, b); ply != 0 || !busy {
		t.Fatalf("game B while waiting: ply %d, aiBusy %v; want 0, true", ply, busy)
	}
	release()
	waitPlies(t, s, []string{a, b}, 5*time.Second)
}

// TestAIWaitingCancelled: a takeback-free way to cancel a waiting run is
// the end of the game; resigning while the AI waits for a slot leaves the
// room idle and the slot queue empty, and the next game still gets its
// move.
func TestAIWaitingCancelled(t *testing.T) {
	hold := make(chan struct{})
	s := newAIServer(t, Config{Mover: holdMover{hold}, AISlots: 1})
	var once sync.Once
	release := func() { once.Do(func() { close(hold) }) }
	t.Cleanup(release)
	a, _ := createAIFirst(s)
	b, err := createAIFirst(s)
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := s.hub.room(context.Background(), b)
	rb.mu.Lock()
	if aerr := rb.resign(context.Background(), "black"); aerr != nil {
		t.Fatal(aerr)
	}
	busy := rb.aiBusy
	rb.mu.Unlock()
	if busy {
		t.Fatal("resigned game still AI busy")
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.hub.aiSlots.waiting() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the cancelled run still waits for a slot")
		}
		time.Sleep(10 * time.Millisecond)
	}
	release()
	waitPlies(t, s, []string{a}, 5*time.Second)
	if ply, busy := roomPly(t, s, b); ply != 0 || busy {
		t.Fatalf("resigned game B: ply %d, aiBusy %v", ply, busy)
	}
}

// TestSlotQueueFIFO: slots go to the waiters in arrival order, and a
// waiter whose context ends leaves the queue without taking a slot.
func TestSlotQueueFIFO(t *testing.T) {
	q := newSlotQueue(1)
	if err := q.acquire(context.Background()); err != nil {
		t.Fatal(err)
	}
	const n = 8
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	cctx, cancel := context.WithCancel(context.Background())
	for i := 0; i < n; i++ {
		ctx := context.Background()
		if i == 3 {
			ctx = cctx // gives up while waiting
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := q.acquire(ctx); err != nil {
				return
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			q.release()
		}()
		for q.waiting() != i+1 { // queued in the order started
			time.Sleep(time.Millisecond)
		}
	}
	cancel()
	for q.waiting() != n-1 {
		time.Sleep(time.Millisecond)
	}
	q.release()
	wg.Wait()
	want := []int{0, 1, 2, 4, 5, 6, 7}
	if fmt.Sprint(order) != fmt.Sprint(want) {
		t.Fatalf("slots given in order %v, want %v", order, want)
	}
	if q.free != 1 || q.waiting() != 0 {
		t.Fatalf("after all: %d free, %d waiting; want 1, 0", q.free, q.waiting())
	}
}
