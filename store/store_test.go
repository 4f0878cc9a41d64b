package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// backends returns the stores to test: a SQLite file always, PostgreSQL
// when HOUSERULES_TEST_POSTGRES holds a DSN.
func backends(t *testing.T) map[string]func() *DB {
	t.Helper()
	out := map[string]func() *DB{}
	dir := t.TempDir()
	out["sqlite"] = func() *DB {
		db, err := Open(context.Background(), filepath.Join(dir, "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		return db
	}
	if dsn := os.Getenv("HOUSERULES_TEST_POSTGRES"); dsn != "" {
		out["postgres"] = func() *DB {
			db, err := Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			return db
		}
	}
	return out
}

func TestStoreRoundTrip(t *testing.T) {
	ctx := context.Background()
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open()
			id := NewToken()
			white := NewToken()
			g := &Game{ID: id, Variant: "chess", Presets: "piece-hp,king-heals",
				StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {}",
				White:    Seat{Kind: Human, TokenHash: HashToken(white)},
				Black:    Seat{Kind: Human}, Invite: "inv", Status: StatusWaiting,
				Clock: Clock{InitialMS: 300000, IncrementMS: 2000, WhiteMS: 300000, BlackMS: 300000}}
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			if err := db.AppendMove(ctx, id, Move{Ply: 0, UCI: "e2e4", SAN: "e4", FENAfter: "f1"}, nil, &Clock{WhiteMS: 299000, BlackMS: 300000, Since: 1234}); err != nil {
				t.Fatal(err)
			}
			// a racing writer with the same ply is refused
			if err := db.AppendMove(ctx, id, Move{Ply: 0, UCI: "d2d4"}, nil, &Clock{WhiteMS: 1}); !errors.Is(err, ErrConflict) {
				t.Fatalf("duplicate ply: got %v, want ErrConflict", err)
			}
			if err := db.AppendMove(ctx, id, Move{Ply: 1, UCI: "e7e5", SAN: "e5", FENAfter: "f2"}, nil, nil); err != nil {
				t.Fatal(err)
			}
			black := NewToken()
			if err := db.TakeSeat(ctx, id, "black", HashToken(black)); err != nil {
				t.Fatal(err)
			}
			if err := db.TakeSeat(ctx, id, "black", HashToken(NewToken())); !errors.Is(err, ErrConflict) {
				t.Fatalf("second TakeSeat: got %v, want ErrConflict", err)
			}
			db.Close()

			db = open() // reopen: migrations are idempotent, data persists
			defer db.Close()
			got, err := db.GetGame(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got.Presets != "piece-hp,king-heals" || got.StartFEN != g.StartFEN || got.Status != StatusActive {
				t.Errorf("game = %+v", got)
			}
			if len(got.Moves) != 2 || got.Moves[0].UCI != "e2e4" || got.Moves[1].SAN != "e5" || got.Moves[1].FENAfter != "f2" {
				t.Fatalf("moves = %+v", got.Moves)
			}
			if got.Clock != (Clock{InitialMS: 300000, IncrementMS: 2000, WhiteMS: 299000, BlackMS: 300000, Since: 1234}) {
				t.Errorf("clock = %+v (the refused move must not change it)", got.Clock)
			}
			if !TokenMatches(white, got.White.TokenHash) || !TokenMatches(black, got.Black.TokenHash) || TokenMatches(white, got.Black.TokenHash) {
				t.Error("seat tokens do not match their hashes")
			}
			// takeback, then an ending move
			if err := db.TruncateMoves(ctx, id, 1, nil); err != nil {
				t.Fatal(err)
			}
			if err := db.AppendMove(ctx, id, Move{Ply: 1, UCI: "f7f6", SAN: "f6"}, &Ending{"1-0", "checkmate"}, nil); err != nil {
				t.Fatal(err)
			}
			if err := db.AppendMove(ctx, id, Move{Ply: 2, UCI: "a2a3"}, nil, nil); !errors.Is(err, ErrConflict) {
				t.Fatalf("move after the end: got %v, want ErrConflict", err)
			}
			if err := db.Finish(ctx, id, Ending{"0-1", "resignation"}, nil); !errors.Is(err, ErrConflict) {
				t.Fatalf("finish a finished game: got %v, want ErrConflict", err)
			}
			got, _ = db.GetGame(ctx, id)
			if len(got.Moves) != 2 || got.Moves[1].UCI != "f7f6" || got.Result != "1-0" || got.Reason != "checkmate" || got.Status != StatusOver {
				t.Fatalf("after takeback and end: %+v", got)
			}
			if _, err := db.GetGame(ctx, "nope"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("unknown game: %v", err)
			}
			list, err := db.ListGames(ctx, 1000)
			if err != nil || len(list) == 0 {
				t.Fatalf("list: %v %v", list, err)
			}
		})
	}
}

// TestOpenErrorNamesThePath: a SQLite file that cannot be opened (here a
// directory) is named in the error, not only the driver's reason.
func TestOpenErrorNamesThePath(t *testing.T) {
	dir := t.TempDir()
	for _, path := range []string{dir, filepath.Join(dir, "nonexistent", "x.db")} {
		db, err := Open(context.Background(), path)
		if err == nil {
			db.Close()
			t.Errorf("Open(%s): no error", path)
			continue
		}
		if want := "store: open SQLite file " + path + ": "; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Open(%s): %v, want it to start with %q", path, err, want)
		}
	}
}

// TestListGamesMostRecent: the list is the games most recently updated,
// by updated_at, also when a game's listed_at (kept up to a minute behind
// by its moves, for the index) is older than other games': a game moved
// again 30 s after its first move comes first although its listed_at is
// the oldest.
func TestListGamesMostRecent(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open()
			defer db.Close()
			ctx := context.Background()
			base := time.Now().Add(1000 * 24 * time.Hour).Truncate(time.Second) // after every other test's games
			var ids []string
			for i := range 8 {
				at := base.Add(time.Duration(i) * time.Second)
				g := &Game{ID: NewToken()[:12], Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
					White: Seat{Kind: Human}, Black: Seat{Kind: Human}, Status: StatusActive, CreatedAt: at}
				if err := db.CreateGame(ctx, g); err != nil {
					t.Fatal(err)
				}
				if err := db.AppendMove(ctx, g.ID, Move{Ply: 0, UCI: "e2e4", At: at.Add(10 * time.Second)}, nil, nil); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, g.ID)
			}
			if err := db.AppendMove(ctx, ids[0], Move{Ply: 1, UCI: "e7e5", At: base.Add(40 * time.Second)}, nil, nil); err != nil {
				t.Fatal(err)
			}
			list, err := db.ListGames(ctx, 3)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range list {
				got = append(got, s.ID)
			}
			if want := []string{ids[0], ids[7], ids[6]}; !slices.Equal(got, want) {
				t.Fatalf("ListGames(3) = %v, want %v (the game moved last first)", got, want)
			}
		})
	}
}
