package lab

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Queue is the River queue of the lab's jobs.
const Queue = "lab"

// PairArgs is the River job of one pair of games: ruleset Ruleset (an
// index into the study's list), pair Pair of study Study.
type PairArgs struct {
	Study   int64 `json:"study"`
	Ruleset int   `json:"ruleset"`
	Pair    int   `json:"pair"`
}

// Kind implements river.JobArgs.
func (PairArgs) Kind() string { return "lab_pair" }

// MaxAttempts is how often a pair is tried before River discards it (a
// job that fails for good: the ruleset does not compile on this worker).
const MaxAttempts = 5

// Enqueue stores the study (setting its ID) after checking it, and inserts
// one River job per pair of games per ruleset, recorded in lab_jobs.
func (d *DB) Enqueue(ctx context.Context, s *Study) error {
	if err := s.Check(); err != nil {
		return err
	}
	if err := d.CreateStudy(ctx, s); err != nil {
		return err
	}
	c, err := d.newClient(&river.Config{Logger: quietLogger()})
	if err != nil {
		return fmt.Errorf("lab: river client: %w", err)
	}
	var params []river.InsertManyParams
	for r := range s.Rulesets {
		for p := 0; p < s.Pairs(); p++ {
			params = append(params, river.InsertManyParams{Args: PairArgs{Study: s.ID, Ruleset: r, Pair: p},
				InsertOpts: &river.InsertOpts{Queue: Queue, MaxAttempts: MaxAttempts}})
		}
	}
	for len(params) > 0 {
		batch := params[:min(len(params), 500)]
		params = params[len(batch):]
		res, err := c.InsertMany(ctx, batch)
		if err != nil {
			return fmt.Errorf("lab: enqueue study %d: %w", s.ID, err)
		}
		if err := d.recordJobs(ctx, batch, res); err != nil {
			return err
		}
	}
	return nil
}

// recordJobs notes the jobs inserted for a batch, in one transaction.
func (d *DB) recordJobs(ctx context.Context, batch []river.InsertManyParams, res []*rivertype.JobInsertResult) error {
	tx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("lab: record jobs: %w", err)
	}
	defer tx.Rollback()
	for i, r := range res {
		a := batch[i].Args.(PairArgs)
		if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO lab_jobs (job_id, study_id, ruleset, pair) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`),
			r.Job.ID, a.Study, a.Ruleset, a.Pair); err != nil {
			return fmt.Errorf("lab: record job %d: %w", r.Job.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("lab: record jobs: %w", err)
	}
	return nil
}

// recordJob notes that job id plays pair a (once: a worker notes it again
// in case the enqueuer died between inserting the job and noting it).
func (d *DB) recordJob(ctx context.Context, id int64, a PairArgs) error {
	_, err := d.sql.ExecContext(ctx, d.q(`INSERT INTO lab_jobs (job_id, study_id, ruleset, pair) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		id, a.Study, a.Ruleset, a.Pair)
	if err != nil {
		return fmt.Errorf("lab: record job %d: %w", id, err)
	}
	return nil
}

// quietLogger is River's logger: warnings and errors on stderr (its info
// lines would break the progress bar).
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// WorkOptions configure a worker.
type WorkOptions struct {
	// Jobs is the number of pairs played at once (default 1; each uses
	// one core).
	Jobs int
	// Name names the worker in lab_games.worker (default host/pid).
	Name string
	// RescueAfter is how long a job may run before River's rescuer takes
	// it for a dead worker's and runs it again (default 15 min; longer
	// than the longest pair of games). River's rescuer looks every 30 s.
	RescueAfter time.Duration
	// OnGames is called after a job stored its games, with the number of
	// new rows (0 for a replayed job).
	OnGames func(added int)
}

// Worker works the lab's queue: a started River client.
type Worker struct {
	client queue
	done   atomic.Int64
}

// Games is the number of games this worker stored.
func (w *Worker) Games() int64 { return w.done.Load() }

// Stop waits for the jobs being played to end (or ctx) and stops.
func (w *Worker) Stop(ctx context.Context) error { return w.client.Stop(ctx) }

// Work starts working every study's jobs on this database until Stop.
func (d *DB) Work(ctx context.Context, o WorkOptions) (*Worker, error) {
	if o.Jobs < 1 {
		o.Jobs = 1
	}
	if o.Name == "" {
		host, _ := os.Hostname()
		o.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	if o.RescueAfter <= 0 {
		o.RescueAfter = 15 * time.Minute
	}
	w := &Worker{}
	workers := river.NewWorkers()
	river.AddWorker(workers, &pairWorker{db: d, name: o.Name, w: w, onGames: o.OnGames})
	c, err := d.newClient(&river.Config{
		ID:      o.Name,
		Logger:  quietLogger(),
		Queues:  map[string]river.QueueConfig{Queue: {MaxWorkers: o.Jobs}},
		Workers: workers,
		// River rescues only jobs past their timeout (never one without:
		// JobTimeout -1); the timeout cancels the job's context, which
		// PlayPair does not read: a slow pair still ends and counts
		JobTimeout:           o.RescueAfter / 2,
		RescueStuckJobsAfter: o.RescueAfter,
		FetchPollInterval:    200 * time.Millisecond,
	})
	if err != nil {
		return nil, fmt.Errorf("lab: river client: %w", err)
	}
	if err := c.Start(ctx); err != nil {
		return nil, fmt.Errorf("lab: start worker: %w", err)
	}
	w.client = c
	return w, nil
}

type pairWorker struct {
	river.WorkerDefaults[PairArgs]
	db      *DB
	name    string
	w       *Worker
	onGames func(int)
}

// Work plays the pair and stores its games keyed by the job's ID.
func (p *pairWorker) Work(ctx context.Context, job *river.Job[PairArgs]) error {
	a := job.Args
	if err := p.db.recordJob(ctx, job.ID, a); err != nil {
		return err
	}
	s, err := p.db.Study(ctx, a.Study)
	if errors.Is(err, ErrNoStudy) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if s.State == "cancelled" {
		return river.JobCancel(fmt.Errorf("study %d cancelled", s.ID))
	}
	games, err := PlayPair(s, a.Ruleset, a.Pair)
	if err != nil {
		return err
	}
	for i := range games {
		games[i].JobID = job.ID
	}
	added, err := p.db.SaveGames(ctx, job.ID, p.name, games[:])
	if err != nil {
		return err
	}
	p.w.done.Add(int64(added))
	if p.onGames != nil {
		p.onGames(added)
	}
	return nil
}

// Progress is where a study stands.
type Progress struct {
	Study *Study `json:"study"`
	// Done is the number of games stored, Total the number asked.
	Done  int `json:"done"`
	Total int `json:"total"`
	// Jobs counts the study's River jobs by state (available, running,
	// retryable, completed, cancelled, discarded …; completed jobs leave
	// River's table after a day).
	Jobs map[string]int `json:"jobs"`
	// Workers counts the games stored by each worker.
	Workers map[string]int `json:"workers"`
}

// Pending is the number of jobs still to be worked (not completed,
// cancelled or discarded).
func (p *Progress) Pending() int {
	n := 0
	for st, c := range p.Jobs {
		switch st {
		case "completed", "cancelled", "discarded":
		default:
			n += c
		}
	}
	return n
}

// Finished reports whether nothing more will happen: every game stored,
// or the study cancelled, or no job left to work.
func (p *Progress) Finished() bool {
	return p.Done >= p.Total || p.Study.State == "cancelled" && p.Jobs["running"] == 0 || p.Pending() == 0 && len(p.Jobs) > 0
}

// Status reads a study's progress.
func (d *DB) Status(ctx context.Context, id int64) (*Progress, error) {
	s, err := d.Study(ctx, id)
	if err != nil {
		return nil, err
	}
	p := &Progress{Study: s, Total: s.Total(), Jobs: map[string]int{}, Workers: map[string]int{}}
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT worker, COUNT(*) FROM lab_games WHERE study_id = ? GROUP BY worker`), id)
	if err != nil {
		return nil, fmt.Errorf("lab: status: %w", err)
	}
	for rows.Next() {
		var w string
		var n int
		if err := rows.Scan(&w, &n); err != nil {
			rows.Close()
			return nil, fmt.Errorf("lab: status: %w", err)
		}
		p.Workers[w] = n
		p.Done += n
	}
	rows.Close()
	rows, err = d.sql.QueryContext(ctx, d.q(`SELECT j.state, COUNT(*) FROM river_job j JOIN lab_jobs l ON l.job_id = j.id
		WHERE l.study_id = ? GROUP BY j.state`), id)
	if err != nil {
		return nil, fmt.Errorf("lab: status: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, fmt.Errorf("lab: status: %w", err)
		}
		p.Jobs[st] = n
	}
	return p, rows.Err()
}

// Cancel marks the study cancelled and cancels its jobs not yet finished
// (a pair being played ends and is stored; no new pair starts).
func (d *DB) Cancel(ctx context.Context, id int64) (int, error) {
	if _, err := d.Study(ctx, id); err != nil {
		return 0, err
	}
	if _, err := d.sql.ExecContext(ctx, d.q(`UPDATE lab_studies SET state = 'cancelled' WHERE id = ?`), id); err != nil {
		return 0, fmt.Errorf("lab: cancel: %w", err)
	}
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT j.id FROM river_job j JOIN lab_jobs l ON l.job_id = j.id
		WHERE l.study_id = ? AND j.state NOT IN ('completed', 'cancelled', 'discarded')`), id)
	if err != nil {
		return 0, fmt.Errorf("lab: cancel: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var j int64
		if err := rows.Scan(&j); err != nil {
			rows.Close()
			return 0, err
		}
		ids = append(ids, j)
	}
	rows.Close()
	c, err := d.newClient(&river.Config{Logger: quietLogger()})
	if err != nil {
		return 0, err
	}
	for _, j := range ids {
		if _, err := c.JobCancel(ctx, j); err != nil {
			return 0, fmt.Errorf("lab: cancel job %d: %w", j, err)
		}
	}
	return len(ids), nil
}

// Wait polls the study's progress every interval, calling each (if set),
// until it is Finished or ctx ends.
func (d *DB) Wait(ctx context.Context, id int64, interval time.Duration, each func(*Progress)) (*Progress, error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		p, err := d.Status(ctx, id)
		if err != nil {
			return nil, err
		}
		if each != nil {
			each(p)
		}
		if p.Finished() {
			return p, nil
		}
		select {
		case <-ctx.Done():
			return p, ctx.Err()
		case <-t.C:
		}
	}
}
