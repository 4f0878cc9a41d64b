package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestDeleteExpired: of the games last updated before the cutoff, the
// empty unfinished ones (waiting, active at ply 0) are deleted, in
// batches; games with a move, finished games, recent games and the games
// kept stay.
func TestDeleteExpired(t *testing.T) {
	ctx := context.Background()
	// far in the past: other tests' games (created now) are not touched
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	cutoff := old.Add(24 * time.Hour)
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open()
			defer db.Close()
			mk := func(status string, at time.Time) string {
				t.Helper()
				g := &Game{ID: NewToken()[:12], Variant: "chess", StartFEN: "8/8/8/8/8/8/8/K6k w - - 0 1",
					White: Seat{Kind: Human, TokenHash: HashToken("w")}, Black: Seat{Kind: Human}, Status: status,
					CreatedAt: at, UpdatedAt: at}
				if err := db.CreateGame(ctx, g); err != nil {
					t.Fatal(err)
				}
				return g.ID
			}
			var empty []string
			for range expireBatch + 7 { // more than a batch
				empty = append(empty, mk(StatusWaiting, old))
			}
			active0 := mk(StatusActive, old)
			kept := mk(StatusWaiting, old)
			moved := mk(StatusActive, old)
			if err := db.AppendMove(ctx, moved, Move{Ply: 0, UCI: "a1a2", At: old}, nil, nil); err != nil {
				t.Fatal(err)
			}
			over := mk(StatusActive, old)
			if err := db.Finish(ctx, over, Ending{Result: "0-1", Reason: "white resigned"}, nil); err != nil {
				t.Fatal(err)
			}
			recent := mk(StatusWaiting, cutoff.Add(time.Minute))
			// Finish stamps the time of now: set it back
			if _, err := db.db.ExecContext(ctx, db.q(`UPDATE games SET updated_at = ? WHERE id = ?`), ms(old), over); err != nil {
				t.Fatal(err)
			}
			n, err := db.DeleteExpired(ctx, cutoff, kept, "no-such-game")
			if err != nil {
				t.Fatal(err)
			}
			if n != expireBatch+7+1 {
				t.Fatalf("deleted %d games, want %d (the empty waiting ones and the active one at ply 0)", n, expireBatch+7+1)
			}
			for _, id := range []string{empty[0], empty[expireBatch+6], active0} {
				if _, err := db.GetGame(ctx, id); !errors.Is(err, ErrNotFound) {
					t.Errorf("expired game %s: %v, want ErrNotFound", id, err)
				}
			}
			for _, id := range []string{kept, moved, over, recent} {
				if _, err := db.GetGame(ctx, id); err != nil {
					t.Errorf("game %s that stays: %v", id, err)
				}
			}
			if n, err := db.DeleteExpired(ctx, cutoff); err != nil || n != 1 {
				t.Errorf("second sweep without keep: %d %v, want the kept game (1)", n, err)
			}
			if n, err := db.DeleteExpired(ctx, cutoff); err != nil || n != 0 {
				t.Errorf("third sweep: %d %v, want 0", n, err)
			}
		})
	}
}

// TestTouchEmpty: only the named empty unfinished games get the new
// updated_at (a game with a move and a finished one keep theirs), and a
// touched game outlives a sweep whose cutoff is before the touch.
func TestTouchEmpty(t *testing.T) {
	ctx := context.Background()
	old := time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC) // before TestDeleteExpired's games: its sweep is not counted here
	at := old.Add(48 * time.Hour)
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			db := open()
			defer db.Close()
			// a shared PostgreSQL database keeps other runs' games: this
			// test's window (1990) is emptied before and after
			sweep := func() { db.DeleteExpired(ctx, at.Add(time.Hour)) }
			sweep()
			defer sweep()
			mk := func(status string) string {
				t.Helper()
				g := &Game{ID: NewToken()[:12], Variant: "chess", StartFEN: "8/8/8/8/8/8/8/K6k w - - 0 1",
					White: Seat{Kind: Human, TokenHash: HashToken("w")}, Black: Seat{Kind: Human}, Status: status,
					CreatedAt: old, UpdatedAt: old}
				if err := db.CreateGame(ctx, g); err != nil {
					t.Fatal(err)
				}
				return g.ID
			}
			waiting, active0, other := mk(StatusWaiting), mk(StatusActive), mk(StatusWaiting)
			moved := mk(StatusActive)
			if err := db.AppendMove(ctx, moved, Move{Ply: 0, UCI: "a1a2", At: old}, nil, nil); err != nil {
				t.Fatal(err)
			}
			n, err := db.TouchEmpty(ctx, at, waiting, active0, moved, "no-such-game")
			if err != nil || n != 2 {
				t.Fatalf("TouchEmpty: %d %v, want 2 (the waiting game and the active one at ply 0)", n, err)
			}
			for id, want := range map[string]time.Time{waiting: at, active0: at, other: old} {
				g, err := db.GetGame(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if !g.UpdatedAt.Equal(want) {
					t.Errorf("game %s updated at %v, want %v", id, g.UpdatedAt, want)
				}
			}
			if n, err := db.DeleteExpired(ctx, old.Add(24*time.Hour), moved); err != nil || n != 1 {
				t.Errorf("sweep: %d %v, want 1 (the untouched empty game)", n, err)
			}
			if n, err := db.TouchEmpty(ctx, at); err != nil || n != 0 {
				t.Errorf("TouchEmpty of no game: %d %v", n, err)
			}
		})
	}
}
