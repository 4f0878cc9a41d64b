package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// migrations are applied in order, once each, in one transaction each;
// schema_migrations records the versions applied. The SQL is portable
// between SQLite and PostgreSQL (TEXT, INTEGER, BIGINT; booleans as 0/1;
// timestamps as Unix milliseconds). Append new migrations; never edit one
// that has shipped.
var migrations = []string{
	// 1: games and moves.
	`CREATE TABLE games (
		id          TEXT PRIMARY KEY,
		variant     TEXT NOT NULL,
		variant_ini TEXT NOT NULL DEFAULT '',
		presets     TEXT NOT NULL DEFAULT '',
		start_fen   TEXT NOT NULL,
		chess960    INTEGER NOT NULL DEFAULT 0,
		white_kind  TEXT NOT NULL,
		white_level INTEGER NOT NULL DEFAULT 0,
		white_token TEXT NOT NULL DEFAULT '',
		black_kind  TEXT NOT NULL,
		black_level INTEGER NOT NULL DEFAULT 0,
		black_token TEXT NOT NULL DEFAULT '',
		invite      TEXT NOT NULL DEFAULT '',
		status      TEXT NOT NULL,
		result      TEXT NOT NULL DEFAULT '',
		reason      TEXT NOT NULL DEFAULT '',
		plies       INTEGER NOT NULL DEFAULT 0,
		created_at  BIGINT NOT NULL,
		updated_at  BIGINT NOT NULL
	);
	CREATE TABLE moves (
		game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
		ply        INTEGER NOT NULL,
		uci        TEXT NOT NULL,
		san        TEXT NOT NULL DEFAULT '',
		fen_after  TEXT NOT NULL DEFAULT '',
		created_at BIGINT NOT NULL,
		PRIMARY KEY (game_id, ply)
	);
	CREATE INDEX games_updated ON games (updated_at);`,
	// 2: clocks (milliseconds; clock_since = Unix ms when the running clock started, 0 = stopped).
	`ALTER TABLE games ADD COLUMN clock_initial BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN clock_increment BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN white_ms BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN black_ms BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN clock_since BIGINT NOT NULL DEFAULT 0;`,
	// 3: AI levels move to the CLI's scale 0..20 (search.MinLevel..MaxLevel).
	// The server's former levels 1..8 played at skills 0, 3, 6, 9, 12, 15,
	// 18, 20: each stored level becomes that skill, which is the same
	// strength, depth cap and time on the new scale (search.LevelLimits).
	`UPDATE games SET white_level = CASE white_level WHEN 1 THEN 0 WHEN 2 THEN 3 WHEN 3 THEN 6 WHEN 4 THEN 9
		WHEN 5 THEN 12 WHEN 6 THEN 15 WHEN 7 THEN 18 WHEN 8 THEN 20 ELSE white_level END WHERE white_kind = 'ai';
	UPDATE games SET black_level = CASE black_level WHEN 1 THEN 0 WHEN 2 THEN 3 WHEN 3 THEN 6 WHEN 4 THEN 9
		WHEN 5 THEN 12 WHEN 6 THEN 15 WHEN 7 THEN 18 WHEN 8 THEN 20 ELSE black_level END WHERE black_kind = 'ai';`,
	// 4: the AI lease of a game (several instances on one PostgreSQL,
	// cluster.go): the instance that thinks for ply, until expires (Unix ms).
	`CREATE TABLE ai_leases (
		game_id  TEXT PRIMARY KEY,
		instance TEXT NOT NULL,
		ply      INTEGER NOT NULL,
		expires  BIGINT NOT NULL
	);`,
	// 5: the rematch of a finished game survives a restart: the colour
	// offering one ('' = none), the hash its seat token will have in the
	// rematch game, and the ID of the rematch game once agreed.
	`ALTER TABLE games ADD COLUMN rematch_offer TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN rematch_hash TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN rematch_id TEXT NOT NULL DEFAULT '';`,
	// 6: how many takebacks a game had (TruncateMoves): an instance that
	// catches up with only the moves after the ply it knows (GameSince)
	// reads the whole game instead when a takeback it did not see happened.
	`ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 0;`,
	// 7: listed_at is updated_at kept at most a minute behind by the moves
	// (listedLagMS): the lists and sweeps that read games by recency use its
	// index, and a move that leaves it as it was changes no indexed column,
	// so that its games update is a HOT update on PostgreSQL (no new index
	// entries, the old row version pruned from its page). With updated_at
	// indexed every move added index entries and a dead row version: the
	// games of a 30 s two-instance saturation run left 40 dead versions a
	// game, which every move's index lookup walked. PostgreSQL also leaves
	// a fifth of each games page free for the versions of its rows
	// (pgMigrations).
	`ALTER TABLE games ADD COLUMN listed_at BIGINT NOT NULL DEFAULT 0;
	UPDATE games SET listed_at = updated_at;
	CREATE INDEX games_listed ON games (listed_at);
	DROP INDEX games_updated;`,
}

// pgMigrations are PostgreSQL's own statements of a migration (by
// version), run after it in its transaction.
var pgMigrations = map[int]string{
	7: `ALTER TABLE games SET (fillfactor = 80)`,
}

// SchemaVersion is the schema version this build migrates to.
func SchemaVersion() int { return len(migrations) }

// migrate applies the migrations. Two processes may open a new database
// at once: PostgreSQL serialises them with an advisory lock, and a SQLite
// writer that lost the race retries.
func (d *DB) migrate(ctx context.Context) error {
	if d.postgres {
		conn, err := d.db.Conn(ctx)
		if err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(726354101)`); err != nil {
			return fmt.Errorf("store: migrate lock: %w", err)
		}
		defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(726354101)`)
	}
	var err error
	for try := 0; try < 5; try++ {
		if err = d.migrateOnce(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(50*(try+1)) * time.Millisecond)
	}
	return err
}

func (d *DB) migrateOnce(ctx context.Context) error {
	if _, err := d.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	for i, m := range migrations {
		v := i + 1
		err := d.tx(ctx, func(tx *sql.Tx) error {
			var one int
			err := tx.QueryRowContext(ctx, d.q(`SELECT 1 FROM schema_migrations WHERE version = ?`), v).Scan(&one)
			if err == nil {
				return nil // applied
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if _, err := tx.ExecContext(ctx, m); err != nil {
				return fmt.Errorf("migration %d: %w", v, err)
			}
			if pg, ok := pgMigrations[v]; ok && d.postgres {
				if _, err := tx.ExecContext(ctx, pg); err != nil {
					return fmt.Errorf("migration %d: %w", v, err)
				}
			}
			_, err = tx.ExecContext(ctx, d.q(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`), v, ms(time.Now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("store: migrate: %w", err)
		}
	}
	var max sql.NullInt64
	if err := d.db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&max); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if int(max.Int64) > len(migrations) {
		return fmt.Errorf("store: the database has schema version %d, newer than this build's %d", max.Int64, len(migrations))
	}
	return nil
}
