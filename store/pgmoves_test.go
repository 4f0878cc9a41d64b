package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// TestAppendMovesGrouped (PostgreSQL): 60 games' moves written at once go
// to the database in fewer statements than moves (the group commit), and
// each move keeps its own outcome: two writes of the same ply of a game
// at once store one (the other ErrConflict), a move to a game that does
// not exist is ErrNotFound, one to a finished game ErrConflict; the clock
// and the result of each game are its own.
func TestAppendMovesGrouped(t *testing.T) {
	a, _ := openPG(t)
	ctx := context.Background()
	const n = 60
	ids := make([]string, n)
	for i := range ids {
		ids[i] = newPGGame(t, a, Human, Human)
	}
	before := a.moveStatements.Load()
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// (a stopped clock: a running one would leave games whose flag
			// fell for the server tests' pickup, which share the database)
			clk := &Clock{InitialMS: 0, WhiteMS: int64(1000 + i), BlackMS: int64(2000 + i)}
			errs[i] = a.AppendMove(ctx, id, Move{Ply: 0, UCI: "e2e4", SAN: "e4", FENAfter: fmt.Sprint("fen ", i)}, nil, clk)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("game %d, ply 0: %v", i, err)
		}
	}
	if st := a.moveStatements.Load() - before; st >= n {
		t.Errorf("%d moves written at once took %d statements: no group commit", n, st)
	}
	// ply 1 twice per game at once (e7e5 and d7d5), an unknown game, and
	// the end of the even games
	type outcome struct{ stored, conflict int }
	got := make([]outcome, n)
	var mu sync.Mutex
	for i, id := range ids {
		for _, uci := range []string{"e7e5", "d7d5"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var end *Ending
				if i%2 == 0 {
					end = &Ending{Result: "1-0", Reason: "resignation"}
				}
				err := a.AppendMove(ctx, id, Move{Ply: 1, UCI: uci, SAN: uci}, end, nil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					got[i].stored++
				case errors.Is(err, ErrConflict):
					got[i].conflict++
				default:
					t.Errorf("game %d %s: %v", i, uci, err)
				}
			}()
		}
	}
	var unknown error
	wg.Add(1)
	go func() {
		defer wg.Done()
		unknown = a.AppendMove(ctx, "no-such-game", Move{Ply: 0, UCI: "e2e4", SAN: "e4"}, nil, nil)
	}()
	wg.Wait()
	if !errors.Is(unknown, ErrNotFound) {
		t.Errorf("a move to an unknown game: %v, want ErrNotFound", unknown)
	}
	for i, id := range ids {
		if got[i] != (outcome{1, 1}) {
			t.Errorf("game %d: %d stored, %d conflicts; want 1 and 1", i, got[i].stored, got[i].conflict)
		}
		g, err := a.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Moves) != 2 || g.Moves[0].FENAfter != fmt.Sprint("fen ", i) {
			t.Errorf("game %d: moves %+v", i, g.Moves)
		}
		if want := (Clock{WhiteMS: int64(1000 + i), BlackMS: int64(2000 + i)}); g.Clock != want {
			t.Errorf("game %d: clock %+v, want %+v", i, g.Clock, want)
		}
		wantStatus, wantResult := StatusActive, ""
		if i%2 == 0 {
			wantStatus, wantResult = StatusOver, "1-0"
		}
		if g.Status != wantStatus || g.Result != wantResult {
			t.Errorf("game %d: status %s result %q, want %s %q", i, g.Status, g.Result, wantStatus, wantResult)
		}
		if i%2 == 0 {
			err := a.AppendMove(ctx, id, Move{Ply: 2, UCI: "g1f3", SAN: "Nf3"}, nil, nil)
			if !errors.Is(err, ErrConflict) {
				t.Errorf("game %d over: a move gave %v, want ErrConflict", i, err)
			}
		}
	}
}
