package lab

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

// testPostgres returns the DSN of a new database on the server
// HOUSERULES_TEST_POSTGRES names (dropped after the test), or skips.
func testPostgres(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("HOUSERULES_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("HOUSERULES_TEST_POSTGRES not set")
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("lab_test_%d", os.Getpid())
	if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// worker starts `houserules lab work` as its own process.
func startWorker(t *testing.T, bin, dsn, name string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "lab", "work", "--db", dsn, "--name", name, "--rescue-after", "4s")
	cmd.Stderr = &prefixWriter{t: t, name: name}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd
}

type prefixWriter struct {
	t    *testing.T
	name string
}

func (w *prefixWriter) Write(b []byte) (int, error) {
	w.t.Logf("%s: %s", w.name, strings.TrimSpace(string(b)))
	return len(b), nil
}

// TestTwoWorkersOneKilledPostgres: two worker processes share one study
// on PostgreSQL; one is killed (SIGKILL) while it plays a pair; River's
// rescuer hands that job to the other, and the study ends with every game
// stored exactly once: 40 games, 20 jobs, each (ruleset, pair, game)
// once, the killed job completed on a second attempt.
func TestTwoWorkersOneKilledPostgres(t *testing.T) {
	dsn := testPostgres(t)
	bin := filepath.Join(t.TempDir(), "houserules")
	if out, err := exec.Command("go", "build", "-o", bin, "houserules/cmd/houserules").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	d, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	s := &Study{Variant: "chess", Rulesets: []string{"piece-hp", "-"}, Games: 20, Level: 20, Nodes: 40, MaxPlies: 60, Openings: 2, Seed: 45}
	if err := d.Enqueue(ctx, s); err != nil {
		t.Fatal(err)
	}
	a := startWorker(t, bin, dsn, "A")
	b := startWorker(t, bin, dsn, "B")

	// kill A while it plays a pair, once both have stored games
	var victim int64
	for victim == 0 {
		if ctx.Err() != nil {
			t.Fatal("A never ran a job after both workers stored games")
		}
		p, err := d.Status(ctx, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Workers["A"] >= 2 && p.Workers["B"] >= 2 {
			err := d.sql.QueryRowContext(ctx, `SELECT id FROM river_job WHERE state = 'running'
				AND attempted_by[array_length(attempted_by, 1)] = 'A'
				AND NOT EXISTS (SELECT 1 FROM lab_games g WHERE g.job_id = river_job.id) ORDER BY id LIMIT 1`).Scan(&victim)
			if err != nil && err != sql.ErrNoRows {
				t.Fatal(err)
			}
		}
		if victim == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
	if err := a.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	a.Wait()
	t.Logf("killed A while it played job %d", victim)

	p, err := d.Wait(ctx, s.ID, 200*time.Millisecond, nil)
	if err != nil {
		t.Fatalf("%v; progress %+v", err, p)
	}
	// the killed job ends on B after River's rescuer (every 30 s) gave it
	// back: its games were stored once, by B, or (if A stored them just
	// before it died) by A and the replay added none
	var state, by string
	var attempt int
	for {
		if err := d.sql.QueryRowContext(ctx, `SELECT state, attempt FROM river_job WHERE id = $1`, victim).Scan(&state, &attempt); err != nil {
			t.Fatal(err)
		}
		// (a job A played to the end but died before River noted it
		// is rescued too, and its replay adds nothing)
		if p, err = d.Status(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
		if state == "completed" && p.Pending() == 0 || ctx.Err() != nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	var victimGames int
	d.sql.QueryRowContext(ctx, `SELECT COUNT(*), MIN(worker) FROM lab_games WHERE job_id = $1`, victim).Scan(&victimGames, &by)
	t.Logf("job %d: %s on attempt %d, its games stored by %s", victim, state, attempt, by)
	if state != "completed" || attempt < 2 || victimGames != 2 {
		t.Errorf("the killed job %d: %s after %d attempts, %d games; want completed on attempt ≥ 2, 2 games", victim, state, attempt, victimGames)
	}
	b.Process.Signal(syscall.SIGTERM)
	if err := b.Wait(); err != nil {
		t.Errorf("worker B on SIGTERM: %v", err)
	}
	if p.Done != 40 || p.Total != 40 || p.Workers["A"]+p.Workers["B"] != 40 || p.Workers["A"] < 2 || p.Workers["B"] < 2 {
		t.Errorf("progress %+v: want 40 of 40 games, by A and B", p)
	}
	var rows, distinct, jobs int
	err = d.sql.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT (ruleset, pair, idx)), COUNT(DISTINCT job_id) FROM lab_games WHERE study_id = $1`, s.ID).
		Scan(&rows, &distinct, &jobs)
	if err != nil {
		t.Fatal(err)
	}
	if rows != 40 || distinct != 40 || jobs != 20 {
		t.Errorf("lab_games: %d rows, %d distinct games, %d jobs; want 40, 40, 20", rows, distinct, jobs)
	}
	if p.Jobs["completed"] != 20 || len(p.Jobs) != 1 {
		t.Errorf("jobs %v, want 20 completed", p.Jobs)
	}
}
