package lab

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
	_ "modernc.org/sqlite" // the SQLite driver

	"houserules/store"
)

// DB is the lab's database: River's tables (riverqueue.com's own
// migrations) and the lab's lab_* tables (labMigrations, versions in
// lab_schema), in the play server's SQLite file or PostgreSQL database,
// through a connection pool of its own.
type DB struct {
	sql      *sql.DB
	pool     *pgxpool.Pool // PostgreSQL only
	postgres bool
	// newClient makes a River client on this database (riverpgxv5 or
	// riversqlite); queue is what the lab uses of it.
	newClient func(*river.Config) (queue, error)
}

// queue is the part of a River client the lab uses; *river.Client[TTx]
// has it for both drivers' TTx.
type queue interface {
	InsertMany(ctx context.Context, params []river.InsertManyParams) ([]*rivertype.JobInsertResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
	JobCancel(ctx context.Context, jobID int64) (*rivertype.JobRow, error)
}

// labMigrations are the lab's own tables, applied once each in order,
// recorded in lab_schema. Append; never edit one that has shipped. The SQL
// is portable (the id column's type is the one word that differs).
var labMigrations = []string{
	`CREATE TABLE lab_studies (
		id          %ID%,
		variant     TEXT NOT NULL,
		rulesets    TEXT NOT NULL,
		games       INTEGER NOT NULL,
		level       INTEGER NOT NULL,
		nodes       BIGINT NOT NULL,
		movetime_ms INTEGER NOT NULL,
		openings    INTEGER NOT NULL,
		max_plies   INTEGER NOT NULL,
		seed        BIGINT NOT NULL,
		state       TEXT NOT NULL,
		created_at  BIGINT NOT NULL
	);
	CREATE TABLE lab_jobs (
		job_id   BIGINT PRIMARY KEY,
		study_id BIGINT NOT NULL,
		ruleset  INTEGER NOT NULL,
		pair     INTEGER NOT NULL,
		UNIQUE (study_id, ruleset, pair)
	);
	CREATE TABLE lab_games (
		job_id      BIGINT NOT NULL,
		idx         INTEGER NOT NULL,
		study_id    BIGINT NOT NULL,
		ruleset     INTEGER NOT NULL,
		pair        INTEGER NOT NULL,
		result      TEXT NOT NULL,
		reason      TEXT NOT NULL,
		termination TEXT NOT NULL,
		plies       INTEGER NOT NULL,
		opening     INTEGER NOT NULL,
		start_fen   TEXT NOT NULL,
		moves       TEXT NOT NULL,
		worker      TEXT NOT NULL,
		finished_at BIGINT NOT NULL,
		PRIMARY KEY (job_id, idx),
		UNIQUE (study_id, ruleset, pair, idx)
	);
	CREATE INDEX lab_games_study ON lab_games (study_id);`,
}

// Open opens the lab's database at dsn (a postgres:// URL, else a SQLite
// file; "" = the play server's default file store.DefaultFile) and brings
// River's and the lab's tables up to date. Two processes opening one
// PostgreSQL database at once migrate one after the other (an advisory
// lock).
func Open(ctx context.Context, dsn string) (*DB, error) {
	d := &DB{}
	path, sqlite := store.SQLitePath(dsn)
	if sqlite {
		q := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)"
		db, err := sql.Open("sqlite", "file:"+path+"?"+q)
		if err != nil {
			return nil, fmt.Errorf("lab: open %s: %w", path, err)
		}
		// one connection, as riversqlite advises (SQLite has one writer)
		db.SetMaxOpenConns(1)
		d.sql = db
		drv := riversqlite.New(db)
		d.newClient = func(c *river.Config) (queue, error) { return river.NewClient(drv, c) }
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			return nil, fmt.Errorf("lab: open SQLite file %s: %w", path, err)
		}
		if err := d.migrate(ctx, func(ctx context.Context) error { return migrateRiver(ctx, drv) }); err != nil {
			db.Close()
			return nil, err
		}
		return d, nil
	}
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("lab: connect: %w", err)
	}
	d.pool, d.postgres, d.sql = pool, true, stdlib.OpenDBFromPool(pool)
	drv := riverpgxv5.New(pool)
	d.newClient = func(c *river.Config) (queue, error) { return river.NewClient(drv, c) }
	if err := pool.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("lab: connect: %w", err)
	}
	if err := d.migrate(ctx, func(ctx context.Context) error { return migrateRiver(ctx, drv) }); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// migrateRiver applies River's own migrations (rivermigrate) for drv.
func migrateRiver[TTx any](ctx context.Context, drv riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New[TTx](drv, nil)
	if err != nil {
		return fmt.Errorf("lab: river migrations: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("lab: river migrations: %w", err)
	}
	return nil
}

// Close closes the pool.
func (d *DB) Close() error {
	err := d.sql.Close()
	if d.pool != nil {
		d.pool.Close()
	}
	return err
}

// Backend is "postgres" or "sqlite".
func (d *DB) Backend() string {
	if d.postgres {
		return "postgres"
	}
	return "sqlite"
}

// q rewrites ? placeholders to $n for PostgreSQL (store.Rebind).
func (d *DB) q(s string) string { return store.Rebind(s, d.postgres) }

// migrate runs River's migrations (river) and the lab's, under a
// PostgreSQL advisory lock so that workers started together do not race.
func (d *DB) migrate(ctx context.Context, river func(context.Context) error) error {
	if d.postgres {
		conn, err := d.sql.Conn(ctx)
		if err != nil {
			return fmt.Errorf("lab: migrate: %w", err)
		}
		defer conn.Close()
		const key = 0x1ab5_7d1e5 // "lab studies"
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
			return fmt.Errorf("lab: migrate: lock: %w", err)
		}
		defer conn.ExecContext(context.Background(), "SELECT pg_advisory_unlock($1)", key)
	}
	if err := river(ctx); err != nil {
		return err
	}
	if _, err := d.sql.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS lab_schema (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("lab: migrate: %w", err)
	}
	var v int
	if err := d.sql.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM lab_schema`).Scan(&v); err != nil {
		return fmt.Errorf("lab: migrate: %w", err)
	}
	id := "INTEGER PRIMARY KEY AUTOINCREMENT"
	if d.postgres {
		id = "BIGSERIAL PRIMARY KEY"
	}
	for i := v; i < len(labMigrations); i++ {
		tx, err := d.sql.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("lab: migrate: %w", err)
		}
		for _, stmt := range strings.Split(strings.ReplaceAll(labMigrations[i], "%ID%", id), ";") {
			if strings.TrimSpace(stmt) == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				tx.Rollback()
				return fmt.Errorf("lab: migration %d: %w", i+1, err)
			}
		}
		if _, err := tx.ExecContext(ctx, d.q(`INSERT INTO lab_schema (version) VALUES (?)`), i+1); err != nil {
			tx.Rollback()
			return fmt.Errorf("lab: migration %d: %w", i+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("lab: migration %d: %w", i+1, err)
		}
	}
	return nil
}

// ErrNoStudy: no study has the ID asked for.
var ErrNoStudy = errors.New("no such study")

// CreateStudy stores s (its ID and CreatedAt are set) in state "running".
func (d *DB) CreateStudy(ctx context.Context, s *Study) error {
	s.State, s.CreatedAt = "running", time.Now().UTC().Truncate(time.Millisecond)
	err := d.sql.QueryRowContext(ctx, d.q(`INSERT INTO lab_studies (variant, rulesets, games, level, nodes, movetime_ms, openings, max_plies, seed, state, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		s.Variant, strings.Join(s.Rulesets, ";"), s.Games, s.Level, s.Nodes, s.MoveTime, s.Openings, s.MaxPlies, s.Seed, s.State,
		s.CreatedAt.UnixMilli()).Scan(&s.ID)
	if err != nil {
		return fmt.Errorf("lab: create study: %w", err)
	}
	return nil
}

// Study reads study id; ErrNoStudy if there is none.
func (d *DB) Study(ctx context.Context, id int64) (*Study, error) {
	s := &Study{ID: id}
	var rulesets string
	var created int64
	err := d.sql.QueryRowContext(ctx, d.q(`SELECT variant, rulesets, games, level, nodes, movetime_ms, openings, max_plies, seed, state, created_at
		FROM lab_studies WHERE id = ?`), id).Scan(&s.Variant, &rulesets, &s.Games, &s.Level, &s.Nodes, &s.MoveTime, &s.Openings, &s.MaxPlies,
		&s.Seed, &s.State, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lab: study %d: %w", id, ErrNoStudy)
	}
	if err != nil {
		return nil, fmt.Errorf("lab: study %d: %w", id, err)
	}
	s.Rulesets = strings.Split(rulesets, ";")
	s.CreatedAt = time.UnixMilli(created).UTC()
	return s, nil
}

// Studies lists the studies, newest first.
func (d *DB) Studies(ctx context.Context) ([]*Study, error) {
	rows, err := d.sql.QueryContext(ctx, `SELECT id FROM lab_studies ORDER BY id DESC`)
	if err != nil {
		return nil, fmt.Errorf("lab: studies: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]*Study, 0, len(ids))
	for _, id := range ids {
		s, err := d.Study(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// SaveGames stores a job's games, keyed by (job ID, index): a retried job
// that stores them again changes nothing (ON CONFLICT DO NOTHING), so no
// game is counted twice. It reports how many rows were new.
func (d *DB) SaveGames(ctx context.Context, jobID int64, worker string, games []Game) (int, error) {
	tx, err := d.sql.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("lab: save games: %w", err)
	}
	defer tx.Rollback()
	now := time.Now().UnixMilli()
	added := 0
	for _, g := range games {
		r, err := tx.ExecContext(ctx, d.q(`INSERT INTO lab_games (job_id, idx, study_id, ruleset, pair, result, reason, termination, plies, opening, start_fen, moves, worker, finished_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
			jobID, g.Index, g.StudyID, g.Ruleset, g.Pair, g.Result, g.Reason, g.Termination, g.Plies, g.Opening, g.StartFEN,
			strings.Join(g.Moves, " "), worker, now)
		if err != nil {
			return 0, fmt.Errorf("lab: save games: %w", err)
		}
		n, _ := r.RowsAffected()
		added += int(n)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("lab: save games: %w", err)
	}
	return added, nil
}

// Games reads a study's games, by ruleset, pair and index.
func (d *DB) Games(ctx context.Context, studyID int64) ([]Game, error) {
	rows, err := d.sql.QueryContext(ctx, d.q(`SELECT job_id, idx, ruleset, pair, result, reason, termination, plies, opening, start_fen, moves, worker
		FROM lab_games WHERE study_id = ? ORDER BY ruleset, pair, idx`), studyID)
	if err != nil {
		return nil, fmt.Errorf("lab: games: %w", err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g := Game{StudyID: studyID}
		var moves string
		if err := rows.Scan(&g.JobID, &g.Index, &g.Ruleset, &g.Pair, &g.Result, &g.Reason, &g.Termination, &g.Plies, &g.Opening, &g.StartFEN, &moves, &g.Worker); err != nil {
			return nil, fmt.Errorf("lab: games: %w", err)
		}
		g.Moves = strings.Fields(moves)
		out = append(out, g)
	}
	return out, rows.Err()
}

// ErrNoGame: no lab game has the job ID and index asked for.
var ErrNoGame = errors.New("no such lab game")

// Game reads the game idx (0 or 1) of job jobID; ErrNoGame if there is
// none. Its StudyID names the study.
func (d *DB) Game(ctx context.Context, jobID int64, idx int) (*Game, error) {
	g := &Game{JobID: jobID, Index: idx}
	var moves string
	err := d.sql.QueryRowContext(ctx, d.q(`SELECT study_id, ruleset, pair, result, reason, termination, plies, opening, start_fen, moves, worker
		FROM lab_games WHERE job_id = ? AND idx = ?`), jobID, idx).Scan(&g.StudyID, &g.Ruleset, &g.Pair, &g.Result, &g.Reason,
		&g.Termination, &g.Plies, &g.Opening, &g.StartFEN, &moves, &g.Worker)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lab: game %d/%d: %w", jobID, idx, ErrNoGame)
	}
	if err != nil {
		return nil, fmt.Errorf("lab: game %d/%d: %w", jobID, idx, err)
	}
	g.Moves = strings.Fields(moves)
	return g, nil
}
