package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestLevelMigration: a database of the former AI scale (levels 1..8,
// schema 2) opens with each AI seat's level moved to the 0..20 scale at
// the same strength (1→0, 4→9, 8→20); human seats keep theirs.
func TestLevelMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{1: 0, 2: 3, 3: 6, 4: 9, 5: 12, 6: 15, 7: 18, 8: 20}
	ids := map[string]int{}
	for old := range want {
		g := &Game{ID: NewToken()[:12], Variant: "chess", StartFEN: "8/8/8/8/8/8/8/8 w - - 0 1",
			White: Seat{Kind: Human, TokenHash: "h"}, Black: Seat{Kind: AI, Level: old}, Status: StatusActive}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids[g.ID] = old
	}
	// back to schema 2 with the old levels as stored then
	for id, old := range ids {
		if _, err := db.db.ExecContext(ctx, db.q(`UPDATE games SET black_level = ? WHERE id = ?`), old, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.db.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = 3`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for id, old := range ids {
		g, err := db.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if g.Black.Level != want[old] || g.White.Level != 0 {
			t.Errorf("stored level %d became %d (want %d); human seat %d", old, g.Black.Level, want[old], g.White.Level)
		}
	}
}
