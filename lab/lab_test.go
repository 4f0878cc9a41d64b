package lab

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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

// TestReportSQLite checks the small study's report: the totals, the
// statistics against arithmetic done by hand for the counts played (the
// games replay move for move under a node budget and a seed), and that
// the SVG plots exist and name every ruleset.
//
// piece-hp, White +4 =6 −0:
//
//	White wins 4/10: the mirror of 6/10 (stats_test.go): [0.16818, 0.68732]
//	draws 6/10: [0.31268, 0.83182]; Black wins 0/10: [0, 0.27754]
//	s = (4 + 3)/10 = 0.7, σ² = 0.4·0.3² + 0.6·0.2² = 0.036 + 0.024 = 0.06
//	SE = √(0.06/10) = 0.0774597, 1.96·SE = 0.151821
//	Elo = 147.19, EloErr = 1.96·0.0774597·400/(2.302585·0.21) = 60.727/0.483543 = 125.59
//
// the other two, 10 draws: s = 0.5, Elo 0, σ² = 0 so the bar is that of
// +1 =10 −1: σ² = 0.5/12 = 0.0416667, SE = √(0.0416667/10) = 0.0645497,
// EloErr = 1.96·0.0645497·400/(2.302585·0.25) = 50.607/0.575646 = 87.91.
func TestReportSQLite(t *testing.T) {
	d, id := runSQLite(t)
	r, err := d.BuildReport(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if r.Done != 30 || r.Total != 30 || len(r.Summaries) != 3 {
		t.Fatalf("report %d/%d games, %d rulesets", r.Done, r.Total, len(r.Summaries))
	}
	hp := r.Summaries[0]
	if hp.Ruleset != "piece-hp" || hp.Games != 10 || hp.WhiteWins != 4 || hp.Draws != 6 || hp.BlackWins != 0 {
		t.Fatalf("piece-hp: %+v, want +4 =6 -0", hp)
	}
	near(t, "piece-hp white lo", hp.WhiteWinRate.Lo, 0.16818, 1e-4)
	near(t, "piece-hp white hi", hp.WhiteWinRate.Hi, 0.68732, 1e-4)
	near(t, "piece-hp draw lo", hp.DrawRate.Lo, 0.31268, 1e-4)
	near(t, "piece-hp black hi", hp.BlackWinRate.Hi, 0.27754, 1e-4)
	near(t, "piece-hp score", hp.Score, 0.7, 1e-12)
	near(t, "piece-hp 1.96 SE", Z95*hp.ScoreSE, 0.151821, 1e-5)
	near(t, "piece-hp Elo", hp.Elo, 147.19, 0.01)
	near(t, "piece-hp EloErr", hp.EloErr, 125.59, 0.05)
	for _, s := range r.Summaries[1:] {
		if s.Games != 10 || s.Draws != 10 {
			t.Fatalf("%s: %+v, want 10 draws", s.Ruleset, s)
		}
		near(t, s.Ruleset+" Elo", s.Elo, 0, 0)
		near(t, s.Ruleset+" EloErr", s.EloErr, 87.91, 0.05)
		near(t, s.Ruleset+" draw lo", s.DrawRate.Lo, 0.72246, 1e-4)
	}
	dir := t.TempDir()
	html, err := r.WriteHTML(dir)
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{ScoreSVG, ResultsSVG, LengthsSVG} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		svg := string(b)
		if !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "<svg") {
			t.Errorf("%s is not an SVG file: %.80q", f, svg)
		}
		for _, name := range []string{">piece-hp<", ">piece-hp,king-heals<", ">no house rules<"} {
			if f == LengthsSVG {
				name = strings.TrimSuffix(name, "<") + " (mean "
			}
			if !strings.Contains(svg, name) {
				t.Errorf("%s does not name %s", f, name)
			}
		}
		if !strings.Contains(string(page), `src="`+f+`"`) {
			t.Errorf("report.html does not show %s", f)
		}
	}
	var table, csv strings.Builder
	if err := r.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "piece-hp             10     40.0% [16.8, 68.7]  60.0% [31.3, 83.2]    0.0% [0.0, 27.8]  0.700 ± 0.152  +147 ± 126") {
		t.Errorf("table:\n%s", table.String())
	}
	if err := r.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[1], "piece-hp,10,4,6,0,0.400000,0.168180,0.687326,") {
		t.Errorf("CSV:\n%s", csv.String())
	}
}
