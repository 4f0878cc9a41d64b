package lab

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// smallStudy is the acceptance study: 3 rulesets × 10 games at 40 nodes a
// move, short games.
func smallStudy() *Study {
	return &Study{Variant: "chess", Rulesets: []string{"piece-hp", "piece-hp,king-heals", "-"}, Games: 10, Level: 20, Nodes: 40,
		MaxPlies: 60, Openings: 2, Seed: 46}
}

// runSQLite enqueues and works the small study on a new SQLite file with
// two jobs at a time, and returns the database and the study's ID.
func runSQLite(t *testing.T) (*DB, int64) {
	t.Helper()
	ctx := context.Background()
	d, err := Open(ctx, filepath.Join(t.TempDir(), "lab.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	s := smallStudy()
	if err := d.Enqueue(ctx, s); err != nil {
		t.Fatal(err)
	}
	if s.ID != 1 {
		t.Errorf("study ID %d, want 1 (a new file)", s.ID)
	}
	w, err := d.Work(ctx, WorkOptions{Jobs: 2, Name: "w1"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Wait(ctx, s.ID, 50*time.Millisecond, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if p.Done != 30 || p.Total != 30 || p.Workers["w1"] != 30 || w.Games() != 30 {
		t.Errorf("progress %+v, worker stored %d; want 30 of 30 by w1", p, w.Games())
	}
	return d, s.ID
}

func TestStudySQLite(t *testing.T) {
	d, id := runSQLite(t)
	ctx := context.Background()
	p, err := d.Status(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if p.Jobs["completed"] != 15 || len(p.Jobs) != 1 {
		t.Errorf("jobs %v, want 15 completed", p.Jobs)
	}
	games, err := d.Games(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	per := map[int]int{}
	jobs := map[int64]int{}
	for _, g := range games {
		per[g.Ruleset]++
		jobs[g.JobID]++
		if g.Plies != len(g.Moves) || g.Plies > 60 || g.Opening != 2 {
			t.Errorf("game %+v", g)
		}
	}
	if len(games) != 30 || per[0] != 10 || per[1] != 10 || per[2] != 10 || len(jobs) != 15 {
		t.Errorf("%d games, per ruleset %v, %d jobs; want 30, 10 each, 15", len(games), per, len(jobs))
	}
	// a retried job stores its games again: nothing is added
	added, err := d.SaveGames(ctx, games[0].JobID, "w2", games[:2])
	if err != nil || added != 0 {
		t.Errorf("SaveGames again = %d, %v; want 0 rows", added, err)
	}
	if p, _ := d.Status(ctx, id); p.Done != 30 || p.Workers["w2"] != 0 {
		t.Errorf("after the replay: %+v", p)
	}
}
