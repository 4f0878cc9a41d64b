package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"houserules/store"
)

// crossingHub is a server on an in-memory SQLite store with one human
// game, for the notification paths of crossing.go (the store's own
// notifications need PostgreSQL; these tests hand the hub notifications
// as another instance's Listen would).
func crossingHub(t testing.TB) (*Server, *store.DB, string) {
	t.Helper()
	db, err := store.Open(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	srv := New(Config{Store: db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(func() { srv.Close(); db.Close() })
	g := &store.Game{ID: "cross", Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		White: store.Seat{Kind: store.Human, TokenHash: "w"}, Black: store.Seat{Kind: store.Human, TokenHash: "b"}}
	if err := db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return srv, db, g.ID
}

// drained waits until the inbox of room id is applied (the drain
// goroutine is done).
func drained(t *testing.T, h *hub, id string) {
	t.Helper()
	h.mu.Lock()
	e := h.rooms[id]
	h.mu.Unlock()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		e.inMu.Lock()
		idle := !e.draining && len(e.inbox) == 0
		e.inMu.Unlock()
		if idle {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the room's inbox was not applied in 10 s")
		}
	}
}

// roomMoves returns the room's moves (UCI), status, result and reason.
func roomMoves(r *room) (string, string) {
	r.mu.Lock()
	defer r.unlock()
	var ucis []string
	for _, m := range r.moves {
		ucis = append(ucis, m.UCI)
	}
	return strings.Join(ucis, " "), r.rec.Status + " " + r.rec.Result + " " + r.rec.Reason
}

// TestCrossingNotes: a move notification another instance sends is
// applied from its content when the room is at the ply before it (the
// store does not have that move here: it was not read), a repeated one is
// a no-op, one after a missed ply makes the room read the moves since its
// ply, a takeback makes it read the whole game (the takeback count
// differs), a finish and a clock are taken from the note.
func TestCrossingNotes(t *testing.T) {
	srv, db, id := crossingHub(t)
	h, ctx := srv.hub, context.Background()
	r, err := h.room(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	note := func(n store.Notification) {
		t.Helper()
		n.Instance, n.Game = "other", id
		h.notified(n)
		drained(t, h, id)
	}
	check := func(wantMoves, wantStatus string) {
		t.Helper()
		if m, s := roomMoves(r); m != wantMoves || s != wantStatus {
			t.Fatalf("room: moves %q, status %q; want %q, %q", m, s, wantMoves, wantStatus)
		}
	}
	// from the note alone (the store has no move)
	note(store.Notification{Kind: store.KindMove, Ply: 1, UCI: "e2e4", At: 1_700_000_000_000})
	check("e2e4", "active  ")
	r.mu.Lock()
	gen, at := r.gen, r.rec.UpdatedAt.UnixMilli()
	r.unlock()
	if at != 1_700_000_000_000 {
		t.Fatalf("updated_at %d, want the note's 1700000000000", at)
	}
	note(store.Notification{Kind: store.KindMove, Ply: 1, UCI: "e2e4"})
	if r.mu.Lock(); r.gen != gen {
		t.Fatalf("a repeated note changed the room: generation %d → %d", gen, r.gen)
	}
	r.unlock()
	// ply 2 missed: read since ply 1 (the store has what the other instance wrote)
	for i, uci := range []string{"e2e4", "e7e5", "g1f3"} {
		if err := db.AppendMove(ctx, id, store.Move{Ply: i, UCI: uci}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	note(store.Notification{Kind: store.KindMove, Ply: 3, UCI: "g1f3"})
	check("e2e4 e7e5 g1f3", "active  ")
	// a takeback: the whole game is read
	if err := db.TruncateMoves(ctx, id, 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.AppendMove(ctx, id, store.Move{Ply: 1, UCI: "c7c5"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	note(store.Notification{Kind: store.KindTakeback, Ply: 1})
	check("e2e4 c7c5", "active  ")
	if r.mu.Lock(); r.rec.Takebacks != 1 {
		t.Fatalf("takebacks %d, want 1", r.rec.Takebacks)
	}
	r.unlock()
	// a note whose move is illegal here: the room reads the store instead
	note(store.Notification{Kind: store.KindMove, Ply: 3, UCI: "e1e8"})
	check("e2e4 c7c5", "active  ")
	// clock and finish from the note
	note(store.Notification{Kind: store.KindClock, Ply: -1, Clock: &store.ClockNote{WhiteMS: 7, BlackMS: 8, Since: 9}})
	if r.mu.Lock(); r.rec.Clock.WhiteMS != 7 || r.rec.Clock.BlackMS != 8 || r.rec.Clock.Since != 9 {
		t.Fatalf("clock %+v, want 7 8 9", r.rec.Clock)
	}
	r.unlock()
	note(store.Notification{Kind: store.KindFinish, Ply: -1, End: &store.Ending{Result: "0-1", Reason: "white resigned"}})
	check("e2e4 c7c5", "over 0-1 white resigned")
}

// TestCrossingEventWhileLoading: a draw offer another instance publishes
// while the room is loading here waits in the room's inbox and is applied
// once the room is loaded (it used to be lost).
func TestCrossingEventWhileLoading(t *testing.T) {
	srv, _, id := crossingHub(t)
	h := srv.hub
	e := &roomEntry{} // the room is loading: its entry exists, not loaded yet
	h.mu.Lock()
	h.rooms[id] = e
	h.mu.Unlock()
	data, _ := json.Marshal(drawEvent{Offer: "white", Ply: 0})
	h.notified(store.Notification{Instance: "other", Game: id, Kind: evDraw, Ply: -1, Data: data})
	if e.inMu.Lock(); len(e.inbox) != 1 || e.draining {
		t.Fatalf("inbox of the loading room: %d notifications, draining %v; want 1, false", len(e.inbox), e.draining)
	}
	e.inMu.Unlock()
	r, err := h.room(context.Background(), id) // the load completes
	if err != nil {
		t.Fatal(err)
	}
	drained(t, h, id)
	if r.mu.Lock(); r.draw != "white" || r.drawPly != 0 {
		t.Fatalf("after the load: draw %q at ply %d, want white's at ply 0", r.draw, r.drawPly)
	}
	r.unlock()
}

// FuzzClusterNote: any notification payload another instance's Listen
// would decode (store.Notification, JSON) applied to a room never panics
// it; the room's game stays the replay of its moves, its result one of
// the four, and a move note applies at most the one move it carries.
func FuzzClusterNote(f *testing.F) {
	for _, s := range []string{
		`{"i":"o","g":"cross","k":"move","p":1,"u":"e2e4","t":5}`,
		`{"i":"o","g":"cross","k":"move","p":1,"u":"e2e4","e":{"r":"1-0","x":"mate"},"c":{"w":1,"b":2,"s":3}}`,
		`{"i":"o","g":"cross","k":"move","p":1,"u":"e2e9"}`, `{"i":"o","g":"cross","k":"move","p":0,"u":"e2e4"}`,
		`{"i":"o","g":"cross","k":"move","p":1,"u":"e2e4","e":{"r":"2-0"}}`,
		`{"i":"o","g":"cross","k":"finish","p":-1,"e":{"r":"1/2-1/2","x":"agreed"}}`, `{"i":"o","g":"cross","k":"finish","p":-1}`,
		`{"i":"o","g":"cross","k":"clock","p":-1,"c":{"w":-1,"b":9e18,"s":0}}`, `{"i":"o","g":"cross","k":"seat","p":-1,"s":"white","h":"x"}`,
		`{"i":"o","g":"cross","k":"seat","p":-1,"s":"red","h":"x"}`, `{"i":"o","g":"cross","k":"takeback","p":0}`,
		`{"i":"o","g":"cross","k":"draw","p":-1,"d":{"offer":"white","ply":0}}`, `{"k":"resync","p":-1}`, `[`, `null`,
	} {
		f.Add([]byte(s))
	}
	srv, _, id := crossingHub(f)
	f.Fuzz(func(t *testing.T, payload []byte) {
		var n store.Notification
		if json.Unmarshal(payload, &n) != nil {
			return // Listen skips what it cannot decode
		}
		r, err := loadRoom(context.Background(), srv.hub, id) // a fresh room each time
		if err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		defer r.unlock()
		r.apply(context.Background(), n)
		if len(r.moves) > 1 || (len(r.moves) == 1 && (n.UCI != r.moves[0].UCI || r.moves[0].FEN != r.game.FEN())) {
			t.Fatalf("after %s: moves %+v", payload, r.moves)
		}
		if r.over() && !validResult(r.rec.Result) {
			t.Fatalf("after %s: over with result %q", payload, r.rec.Result)
		}
		if !colorOrNone(r.draw) {
			t.Fatalf("after %s: draw %q", payload, r.draw)
		}
	})
}

// TestCatchUpTakesStoredSAN: a move read from another instance (its
// notification or the database) keeps the SAN that instance stored when
// the room has not built the position's legal moves (no SAN worked out
// again: the legal moves and a check test a move); without one the room
// works it out; with the position's legal moves built, their SAN is used.
func TestCatchUpTakesStoredSAN(t *testing.T) {
	srv, _, id := crossingHub(t)
	r, err := srv.hub.room(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	defer r.unlock()
	rec := *r.rec
	r.legal = nil
	if err := r.catchUp(&rec, 0, []store.Move{{Ply: 0, UCI: "g1f3", SAN: "Nf3 (stored)"}}); err != nil {
		t.Fatal(err)
	}
	if got := r.moves[0].SAN; got != "Nf3 (stored)" {
		t.Fatalf("ply 0 SAN %q, want the stored %q", got, "Nf3 (stored)")
	}
	r.legal = nil
	if err := r.catchUp(&rec, 1, []store.Move{{Ply: 1, UCI: "e7e5"}}); err != nil {
		t.Fatal(err)
	}
	if got := r.moves[1].SAN; got != "e5" {
		t.Fatalf("ply 1 SAN %q, want e5 worked out", got)
	}
	r.legalNow() // white's legal moves at ply 2, with their SAN
	if err := r.catchUp(&rec, 2, []store.Move{{Ply: 2, UCI: "f3e5", SAN: "wrong"}}); err != nil {
		t.Fatal(err)
	}
	if got := r.moves[2].SAN; got != "Nxe5" {
		t.Fatalf("ply 2 SAN %q, want Nxe5 from the legal moves built", got)
	}
}
