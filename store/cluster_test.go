package store

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"
	"time"
)

// openPG opens two stores on HOUSERULES_TEST_POSTGRES as instances "A"
// and "B", or skips.
func openPG(t *testing.T) (*DB, *DB) {
	t.Helper()
	dsn := os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES is not set")
	}
	var dbs [2]*DB
	suffix := NewToken()[:6] // unlike the instances of tests running meanwhile
	for i, name := range []string{"A" + suffix, "B" + suffix} {
		db, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		db.SetInstance(name)
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	return dbs[0], dbs[1]
}

func newPGGame(t *testing.T, db *DB, white, black string) string {
	t.Helper()
	id := NewToken()
	g := &Game{ID: id, Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {}",
		White: Seat{Kind: white, TokenHash: "w"}, Black: Seat{Kind: black, TokenHash: "b"}}
	if err := db.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestListenNotifications: every write that changes a game notifies
// every listener once it commits, with the writer, the kind and the new
// ply count; a refused write (ErrConflict) notifies nothing; Publish
// reaches the listeners with its data.
func TestListenNotifications(t *testing.T) {
	a, b := openPG(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan Notification, 64)
	ready := make(chan struct{})
	go b.Listen(ctx, func(n Notification) { got <- n })
	// Listen has no "ready" signal: publish until the first one arrives
	go func() {
		for {
			select {
			case <-ready:
				return
			case <-time.After(50 * time.Millisecond):
				a.Publish(ctx, "", "probe", nil)
			}
		}
	}()
	for n := range got {
		if n.Kind == "probe" {
			break
		}
	}
	close(ready)
	time.Sleep(100 * time.Millisecond)
	for len(got) > 0 {
		<-got // late probes
	}
	id := newPGGame(t, a, Human, Human)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	at := time.UnixMilli(1_700_000_000_123)
	must(a.AppendMove(ctx, id, Move{Ply: 0, UCI: "e2e4", At: at}, nil, &Clock{WhiteMS: 60_000, BlackMS: 60_000, Since: 1_700_000_000_000}))
	if err := a.AppendMove(ctx, id, Move{Ply: 0, UCI: "d2d4"}, nil, nil); err == nil {
		t.Fatal("a second ply 0 was stored")
	}
	must(a.AppendMove(ctx, id, Move{Ply: 1, UCI: "e7e5", SAN: "e5", At: at.Add(time.Second)}, nil, nil))
	must(a.TruncateMoves(ctx, id, 1, nil))
	must(a.SetClock(ctx, id, Clock{WhiteMS: 5}))
	before := time.Now().UnixMilli()
	must(a.Finish(ctx, id, Ending{Result: "1-0", Reason: "black resigned"}, nil))
	after := time.Now().UnixMilli()
	must(a.Publish(ctx, id, "draw", map[string]string{"offer": "white"}))
	ia := a.Instance()
	want := []Notification{
		{Instance: ia, Game: id, Kind: KindMove, Ply: 1, UCI: "e2e4", Clock: &ClockNote{60_000, 60_000, 1_700_000_000_000}, At: 1_700_000_000_123},
		{Instance: ia, Game: id, Kind: KindMove, Ply: 2, UCI: "e7e5", SAN: "e5", At: 1_700_000_001_123},
		{Instance: ia, Game: id, Kind: KindTakeback, Ply: 1},
		{Instance: ia, Game: id, Kind: KindClock, Ply: -1, Clock: &ClockNote{WhiteMS: 5}},
		{Instance: ia, Game: id, Kind: KindFinish, Ply: -1, End: &Ending{Result: "1-0", Reason: "black resigned"}},
		{Instance: ia, Game: id, Kind: "draw", Ply: -1, Data: []byte(`{"offer":"white"}`)},
	}
	var seen []Notification
	for len(seen) < len(want) {
		select {
		case n := <-got:
			if n.Game == id { // not another test's (server tests may run meanwhile)
				if n.Kind == KindFinish { // its updated_at is the time of the write
					if n.At < before || n.At > after {
						t.Fatalf("finish notified at %d, not between %d and %d", n.At, before, after)
					}
					n.At = 0
				}
				seen = append(seen, n)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("got %d notifications, want %d: %+v", len(seen), len(want), seen)
		}
	}
	if !reflect.DeepEqual(seen, want) {
		t.Fatalf("notifications\n got %+v\nwant %+v", seen, want)
	}
	big := make([]byte, 8000)
	for i := range big {
		big[i] = 'x'
	}
	if err := a.Publish(ctx, id, "big", string(big)); err == nil {
		t.Fatal("a payload of 8000+ bytes was sent")
	}
}

// TestLease: one instance at a time holds a game's AI lease; the other
// gets it when it expired, when it is for an earlier ply, or after a
// release; Orphans lists an AI game to move with no live lease.
func TestLease(t *testing.T) {
	a, b := openPG(t)
	ctx := context.Background()
	// both listen (are live): a lease of an instance that does not is void
	lctx, stopA := context.WithCancel(ctx)
	defer stopA()
	listening := func(ctx context.Context, db *DB) {
		t.Helper()
		go db.Listen(ctx, func(Notification) {})
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if live, _ := db.LiveInstances(ctx); live[db.Instance()] {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s does not listen", db.Instance())
			}
		}
	}
	listening(lctx, a)
	listening(ctx, b)
	id := newPGGame(t, a, AI, Human)
	take := func(db *DB, ply int, ttl time.Duration) bool {
		t.Helper()
		ok, err := db.TakeLease(ctx, id, ply, ttl)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !take(a, 0, time.Minute) {
		t.Fatal("A did not get a free lease")
	}
	if take(b, 0, time.Minute) {
		t.Fatal("B took A's live lease")
	}
	if !take(a, 0, time.Minute) {
		t.Fatal("A could not take its own lease again")
	}
	if ok, _ := b.RenewLease(ctx, id, time.Minute); ok {
		t.Fatal("B renewed A's lease")
	}
	if ok, _ := a.RenewLease(ctx, id, time.Minute); !ok {
		t.Fatal("A could not renew its lease")
	}
	if !take(b, 2, time.Minute) {
		t.Fatal("B could not take the lease of a later ply")
	}
	if err := a.ReleaseLease(ctx, id); err != nil { // not A's: left alone
		t.Fatal(err)
	}
	if take(a, 2, time.Minute) {
		t.Fatal("A's release dropped B's lease")
	}
	if err := b.ReleaseLease(ctx, id); err != nil {
		t.Fatal(err)
	}
	if !take(a, 2, -time.Second) { // already expired
		t.Fatal("A did not get a released lease")
	}
	if !take(b, 2, time.Minute) {
		t.Fatal("B did not get an expired lease")
	}
	if take(a, 2, time.Minute) {
		t.Fatal("A took B's live lease")
	}
	// A holds a later ply; A stops listening (killed): B takes over at once
	if !take(a, 3, time.Minute) {
		t.Fatal("A could not take the lease of a later ply")
	}
	stopA()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if live, _ := b.LiveInstances(ctx); !live[a.Instance()] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("A still listens")
		}
	}
	if !take(b, 3, time.Minute) {
		t.Fatal("B did not take the lease of an instance that stopped listening")
	}
	// Orphans: white (the AI) to move at ply 0, B's lease live: not listed;
	// once it expires, listed (the game not updated for 0 s)
	orphan := func() bool {
		t.Helper()
		time.Sleep(5 * time.Millisecond)
		list, err := a.Orphans(ctx, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range list {
			if o.ID == id {
				return o.AI && !o.Clock
			}
		}
		return false
	}
	if orphan() {
		t.Fatal("a game with a live lease is an orphan")
	}
	b.TakeLease(ctx, id, 2, -time.Second)
	if !orphan() {
		t.Fatal("the AI game with an expired lease is not an orphan")
	}
	// the human to move (the side field of the last move's FEN): not an orphan
	if err := a.AppendMove(ctx, id, Move{Ply: 0, UCI: "e2e4",
		FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if orphan() {
		t.Fatal("a game with the human to move is an orphan")
	}
	// a turn of two moves (Marseillais chess): after ply 1 the human
	// (black) is still to move although the ply count is even
	if err := a.AppendMove(ctx, id, Move{Ply: 1, UCI: "e7e5",
		FENAfter: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if orphan() {
		t.Fatal("a game with the human to move in the middle of a two-move turn is an orphan")
	}
	// the turn passes to the AI: an orphan again
	if err := a.AppendMove(ctx, id, Move{Ply: 2, UCI: "d7d5",
		FENAfter: "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !orphan() {
		t.Fatal("the AI game to move after a two-move turn is not an orphan")
	}
	// over: no instance should pick up this made-up game (server tests may
	// share the database)
	if err := a.Finish(ctx, id, Ending{Result: "1/2-1/2", Reason: "test"}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestClusterSQLite: with SQLite the cluster calls do nothing and the
// lease is always this instance's.
func TestClusterSQLite(t *testing.T) {
	db, err := Open(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ok, err := db.TakeLease(context.Background(), "x", 0, time.Second)
	o, oerr := db.Orphans(context.Background(), 0, 10)
	if !ok || err != nil || o != nil || oerr != nil || db.Clustered() {
		t.Fatalf("SQLite lease %v %v orphans %v %v clustered %v", ok, err, o, oerr, db.Clustered())
	}
	if err := db.Listen(context.Background(), func(Notification) { t.Error("a notification from SQLite") }); err != nil {
		t.Fatal(err)
	}
	if err := db.Publish(context.Background(), "x", "draw", nil); err != nil {
		t.Fatal(err)
	}
}

// TestListenResync: when the listening connection is cut (the server
// ends its backend), Listen reconnects, says KindResync first, and goes
// on delivering.
func TestListenResync(t *testing.T) {
	a, b := openPG(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan Notification, 64)
	go b.Listen(ctx, func(n Notification) { got <- n })
	waitFor := func(kind string, poke func()) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case n := <-got:
				if n.Kind == kind {
					return
				}
			case <-deadline:
				t.Fatalf("no %s notification", kind)
			case <-time.After(50 * time.Millisecond):
				poke()
			}
		}
	}
	waitFor("probe", func() { a.Publish(ctx, "", "probe", nil) })
	if live, err := a.LiveInstances(ctx); err != nil || !live[b.Instance()] || live[a.Instance()] {
		t.Fatalf("live instances %v %v, want B (listening) and not A", live, err)
	}
	if _, err := a.db.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1`, appPrefix+b.Instance()); err != nil {
		t.Fatal(err)
	}
	waitFor(KindResync, func() {})
	waitFor("probe2", func() { a.Publish(ctx, "", "probe2", nil) })
}

// TestGameSince: the moves from a ply on, with the game's changing fields
// and its takeback count (which a takeback raises), in one read; an
// unknown game is ErrNotFound. Run on SQLite and, when set,
// HOUSERULES_TEST_POSTGRES.
func TestGameSince(t *testing.T) {
	dsns := []string{":memory:"}
	if pg := os.Getenv("HOUSERULES_TEST_POSTGRES"); pg != "" {
		dsns = append(dsns, pg)
	}
	for _, dsn := range dsns {
		db, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		ctx := context.Background()
		id := newPGGame(t, db, Human, Human)
		at := time.UnixMilli(1_700_000_000_000).UTC()
		for i, uci := range []string{"e2e4", "e7e5", "g1f3"} {
			if err := db.AppendMove(ctx, id, Move{Ply: i, UCI: uci, SAN: "s" + uci, FENAfter: "f" + uci, At: at}, nil,
				&Clock{WhiteMS: 1000 - int64(i), BlackMS: 2000, Since: 7}); err != nil {
				t.Fatal(err)
			}
		}
		g, err := db.GameSince(ctx, id, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := []Move{{Ply: 1, UCI: "e7e5", SAN: "se7e5", FENAfter: "fe7e5", At: at}, {Ply: 2, UCI: "g1f3", SAN: "sg1f3", FENAfter: "fg1f3", At: at}}
		if !reflect.DeepEqual(g.Moves, want) || g.Status != StatusActive || g.White.TokenHash != "w" || g.Black.TokenHash != "b" ||
			g.Clock.WhiteMS != 998 || g.Clock.BlackMS != 2000 || g.Clock.Since != 7 || g.Takebacks != 0 || !g.UpdatedAt.Equal(at) {
			t.Fatalf("%s: since ply 1: %+v", dsn, g)
		}
		if g, err = db.GameSince(ctx, id, 3); err != nil || len(g.Moves) != 0 || g.Status != StatusActive {
			t.Fatalf("%s: since ply 3: %+v %v", dsn, g, err)
		}
		if err := db.TruncateMoves(ctx, id, 1, nil); err != nil {
			t.Fatal(err)
		}
		if g, err = db.GameSince(ctx, id, 0); err != nil || len(g.Moves) != 1 || g.Moves[0].UCI != "e2e4" || g.Takebacks != 1 {
			t.Fatalf("%s: after a takeback: %+v %v", dsn, g, err)
		}
		if full, err := db.GetGame(ctx, id); err != nil || full.Takebacks != 1 {
			t.Fatalf("%s: GetGame after a takeback: takebacks %d, %v", dsn, full.Takebacks, err)
		}
		if _, err := db.GameSince(ctx, "nope", 0); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%s: unknown game: %v", dsn, err)
		}
		if err := db.Finish(ctx, id, Ending{Result: "1/2-1/2", Reason: "test"}, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNotifierOrder: moves written at once on 20 games by 20 goroutines
// (their notifications queued, sent in batches after the commits) reach a
// listener exactly once each, every game's in ply order, each with its
// move.
func TestNotifierOrder(t *testing.T) {
	a, b := openPG(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan Notification, 1024)
	go b.Listen(ctx, func(n Notification) { got <- n })
	for deadline := time.After(10 * time.Second); ; {
		a.Publish(ctx, "", "probe", nil)
		select {
		case n := <-got:
			if n.Kind != "probe" {
				continue
			}
		case <-time.After(50 * time.Millisecond):
			continue
		case <-deadline:
			t.Fatal("the listener got no probe in 10 s")
		}
		break
	}
	ucis := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"}
	games := map[string]int{} // game → the next ply its notifications should bring
	var ids []string
	for range 20 {
		id := newPGGame(t, a, Human, Human)
		games[id], ids = 1, append(ids, id)
	}
	errs := make(chan error, len(ids))
	for _, id := range ids {
		go func() {
			for ply, uci := range ucis {
				if err := a.AppendMove(ctx, id, Move{Ply: ply, UCI: uci}, nil, nil); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range ids {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for n := len(ids) * len(ucis); n > 0; {
		select {
		case m := <-got:
			next, ok := games[m.Game]
			if !ok || m.Kind != KindMove {
				continue // another test's, or a late probe
			}
			if m.Ply != next || m.UCI != ucis[next-1] || m.Instance != a.Instance() {
				t.Fatalf("game %s: notification %+v, want ply %d (%s) from %s", m.Game, m, next, ucis[next-1], a.Instance())
			}
			games[m.Game] = next + 1
			n--
		case <-time.After(10 * time.Second):
			t.Fatalf("%d move notifications missing", n)
		}
	}
	for _, id := range ids {
		if err := a.Finish(ctx, id, Ending{Result: "1/2-1/2", Reason: "test"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if f := a.NotifyFailures(); f != 0 {
		t.Fatalf("%d notification tries failed", f)
	}
}

// TestListenLeavesOutOwn: a listener gets the other instance's
// notifications, not the ones its own instance sent (a write and an
// event of A sent before B's probe have not reached A when B's has).
func TestListenLeavesOutOwn(t *testing.T) {
	a, b := openPG(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan Notification, 64)
	go a.Listen(ctx, func(n Notification) { got <- n })
	id := NewToken()[:8]
	if err := a.CreateGame(ctx, &Game{ID: id, Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		White: Seat{Kind: Human}, Black: Seat{Kind: Human}, Status: StatusActive}); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for probes := 0; ; probes++ {
		if err := a.AppendMove(ctx, id, Move{Ply: probes, UCI: "a2a3"}, nil, nil); err != nil && probes == 0 {
			t.Fatal(err)
		}
		if err := a.Publish(ctx, id, "own", nil); err != nil {
			t.Fatal(err)
		}
		if err := b.Publish(ctx, id, "theirs", nil); err != nil {
			t.Fatal(err)
		}
		select {
		case n := <-got:
			for ; ; n = <-got {
				switch {
				case n.Kind == KindResync || n.Game != id:
					continue // not this test's (server tests may run meanwhile)
				case n.Instance != b.Instance() || n.Kind != "theirs":
					t.Fatalf("A's listener got %+v, want only B's notifications", n)
				}
				return
			}
		case <-deadline:
			t.Fatal("no notification of B")
		case <-time.After(100 * time.Millisecond):
		}
	}
}
