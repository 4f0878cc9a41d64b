package store

import (
	"context"
	"database/sql"
	"os"
	"strings"
	"testing"
	"time"
)

// openPGSchema opens a store on HOUSERULES_TEST_POSTGRES in a schema of
// its own (dropped at the end), or skips: games left there for a while
// are not picked up by the serve processes of the server tests, which
// share the database.
func openPGSchema(t *testing.T) *DB {
	t.Helper()
	dsn := os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES is not set")
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	schema := "t_" + strings.ToLower(NewToken()[:12])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	db, err := Open(context.Background(), dsn+sep+"search_path="+schema)
	if err != nil {
		t.Fatal(err)
	}
	db.SetInstance("O" + schema)
	t.Cleanup(func() {
		db.Close()
		admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	return db
}

// TestOrphansOrder: a fallen flag is listed before the AI games (it is
// settled at once, they take their AI's time), and the AI games come in
// random order, so that over a few pickup periods every one of them is
// listed even when more wait than one period takes (oldest first listed
// the same ones every period while they stayed unsettled).
func TestOrphansOrder(t *testing.T) {
	db := openPGSchema(t)
	ctx := context.Background()
	var ais []string
	for range 30 {
		ais = append(ais, newPGGame(t, db, AI, Human)) // the AI (white) to move, no lease
	}
	flag := NewToken()
	g := &Game{ID: flag, Variant: "chess", StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {}",
		White: Seat{Kind: Human, TokenHash: "w"}, Black: Seat{Kind: Human, TokenHash: "b"},
		Clock: Clock{InitialMS: 60000, WhiteMS: 60000, BlackMS: 60000, Since: 1}} // running since 1970
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	time.Sleep(5 * time.Millisecond) // not updated for 0 s
	seen := map[string]bool{}
	for range 10 {
		list, err := db.Orphans(ctx, 0, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 5 || list[0].ID != flag || !list[0].Clock || list[0].AI {
			t.Fatalf("orphans %+v: want 5, the fallen flag %s first", list, flag)
		}
		for _, o := range list[1:] {
			if !o.AI || o.Clock {
				t.Fatalf("orphan %+v: want an AI game", o)
			}
			seen[o.ID] = true
		}
	}
	if len(seen) <= 8 {
		t.Errorf("10 listings of 4 of %d AI games named only %d of them: not in random order", len(ais), len(seen))
	}
}
