package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// TestGroupCommit: 40 games get 10 moves each from 40 goroutines at once,
// with a duplicate ply and a move for an unknown game mixed in every
// round: the group transactions commit all 400 moves, the bad writes fail
// alone (ErrConflict, ErrNotFound), and the reads (the read-only pool
// for a file, the one connection for :memory:) find every move in order.
func TestGroupCommit(t *testing.T) {
	for _, path := range []string{filepath.Join(t.TempDir(), "g.db"), ":memory:"} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ctx := context.Background()
			db, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			const games, plies = 40, 10
			ids := make([]string, games)
			for i := range ids {
				ids[i] = fmt.Sprintf("g%02d", i)
				if err := db.CreateGame(ctx, &Game{ID: ids[i], Variant: "chess", StartFEN: "s", White: Seat{Kind: Human}, Black: Seat{Kind: Human}}); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			conflicts, missing, other := 0, 0, []error{}
			for i := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for ply := range plies {
						err := db.AppendMove(ctx, ids[i], Move{Ply: ply, UCI: fmt.Sprintf("m%d", ply)}, nil, &Clock{WhiteMS: int64(ply)})
						err2 := db.AppendMove(ctx, ids[i], Move{Ply: ply, UCI: "dup"}, nil, &Clock{WhiteMS: -1})
						err3 := db.AppendMove(ctx, "nope", Move{Ply: ply, UCI: "x"}, nil, nil)
						mu.Lock()
						if err != nil {
							other = append(other, err)
						}
						if errors.Is(err2, ErrConflict) {
							conflicts++
						}
						if errors.Is(err3, ErrNotFound) {
							missing++
						}
						mu.Unlock()
					}
				}()
			}
			wg.Wait()
			if len(other) != 0 || conflicts != games*plies || missing != games*plies {
				t.Fatalf("errors %v; %d conflicts, %d not found; want none, %d, %d", other, conflicts, missing, games*plies, games*plies)
			}
			for _, id := range ids {
				g, err := db.GetGame(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if len(g.Moves) != plies || g.Moves[plies-1].UCI != "m9" || g.Moves[3].UCI != "m3" || g.Clock.WhiteMS != plies-1 {
					t.Fatalf("%s: %d moves %+v, clock %+v", id, len(g.Moves), g.Moves, g.Clock)
				}
			}
		})
	}
}

// BenchmarkAppendMove200: 200 goroutines (rooms) append moves to their own
// games at once, as a saturated server does; ns/op is per move.
func BenchmarkAppendMove200(b *testing.B) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	const games = 200
	for i := range games {
		if err := db.CreateGame(ctx, &Game{ID: fmt.Sprint(i), Variant: "chess", StartFEN: "s", White: Seat{Kind: Human}, Black: Seat{Kind: Human}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	var wg sync.WaitGroup
	per := b.N/games + 1
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ply := range per {
				if err := db.AppendMove(ctx, fmt.Sprint(i), Move{Ply: ply, UCI: "e2e4", SAN: "e4", FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 {}"}, nil, &Clock{WhiteMS: 1}); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
