package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// This file is what lets several server processes share one PostgreSQL
// database (PROTOCOL.md "Running several instances"): every write that
// changes a game sends a notification on the channel Channel once it is
// committed (never for a write rolled back; notifier.go says why not from
// inside the write's transaction); Listen receives them; Publish
// sends the events that are not stored (draw and rematch offers,
// presence); the AI lease makes one instance think for a game's ply.
// With SQLite (one instance) none of it does anything.

// Channel is the PostgreSQL LISTEN/NOTIFY channel of the notifications.
const Channel = "houserules"

// Notification kinds. The kinds of store writes carry the game's new ply
// count (Ply, -1 when the write does not change it); Resync tells the
// listener that notifications may have been missed (before it listened).
const (
	KindMove     = "move"     // AppendMove
	KindTakeback = "takeback" // TruncateMoves
	KindFinish   = "finish"   // Finish
	KindClock    = "clock"    // SetClock
	KindSeat     = "seat"     // TakeSeat
	KindResync   = "resync"   // the listener (re)connected: refresh everything
)

// Notification is one message on Channel: the writing instance, the game,
// the kind of change, the game's ply count after it (-1: unchanged or
// not known) and, for an event Publish sends, its data (a few hundred
// bytes at most: PostgreSQL refuses payloads of 8000 bytes or more).
//
// A store write's notification also carries the change itself, so that an
// instance whose room is at the ply before it applies it without reading
// the database: the move (UCI), the result when the write ended the game,
// the clock after it, the seat taken, and the game's updated_at. A
// receiver that cannot apply it (its room is not at Ply-1: a notification
// missed, a takeback) reads the game instead (GameSince, GetGame).
type Notification struct {
	Instance string          `json:"i"`
	Game     string          `json:"g,omitempty"`
	Kind     string          `json:"k"`
	Ply      int             `json:"p"`
	Data     json.RawMessage `json:"d,omitempty"`
	UCI      string          `json:"u,omitempty"` // KindMove: the move stored at ply Ply-1
	SAN      string          `json:"n,omitempty"` // KindMove: its SAN as stored
	End      *Ending         `json:"e,omitempty"` // KindMove, KindFinish: the game ended with this result
	Clock    *ClockNote      `json:"c,omitempty"` // KindMove, KindFinish, KindClock: the clock after the write
	Seat     string          `json:"s,omitempty"` // KindSeat: the seat taken ("white" or "black")
	Hash     string          `json:"h,omitempty"` // KindSeat: its token hash (as Seat.TokenHash)
	At       int64           `json:"t,omitempty"` // the game's updated_at after the write (Unix ms)
}

// ClockNote is the part of a Clock a write changes (milliseconds left
// per side; Since: Unix ms the running clock started, 0 = stopped).
type ClockNote struct {
	WhiteMS int64 `json:"w"`
	BlackMS int64 `json:"b"`
	Since   int64 `json:"s"`
}

// clockNote returns c's changing part (nil for nil).
func clockNote(c *Clock) *ClockNote {
	if c == nil {
		return nil
	}
	return &ClockNote{WhiteMS: c.WhiteMS, BlackMS: c.BlackMS, Since: c.Since}
}

// maxPayload is PostgreSQL's NOTIFY payload limit (bytes, exclusive).
const maxPayload = 8000

// SetInstance names this process in the notifications it sends (call it
// before the first write; Server.New does).
func (d *DB) SetInstance(id string) { d.instance = id }

// Instance returns the name SetInstance gave ("" before).
func (d *DB) Instance() string { return d.instance }

// Clustered reports whether several instances may share this store
// (PostgreSQL): only then are notifications sent and leases taken.
func (d *DB) Clustered() bool { return d.postgres }

func (d *DB) payload(n Notification) (string, error) {
	n.Instance = d.instance
	b, err := json.Marshal(n)
	if err != nil {
		return "", err
	}
	if len(b) >= maxPayload {
		return "", fmt.Errorf("store: notification of %d bytes is over PostgreSQL's %d", len(b), maxPayload-1)
	}
	return string(b), nil
}

// Publish sends an event that is not stored (kind and data of the
// caller's choosing, for game) to every other instance listening. A no-op
// for SQLite. Errors: the payload is over 7999 bytes, or the database
// could not be reached.
func (d *DB) Publish(ctx context.Context, game, kind string, data any) error {
	if !d.postgres {
		return nil
	}
	n := Notification{Game: game, Kind: kind, Ply: -1}
	if data != nil {
		b, err := json.Marshal(data)
		if err != nil {
			return fmt.Errorf("store: publish %s: %w", kind, err)
		}
		n.Data = b
	}
	p, err := d.payload(n)
	if err != nil {
		return err
	}
	if err := d.sendPayload(ctx, p, true); err != nil {
		return fmt.Errorf("store: publish %s: %w", kind, err)
	}
	return nil
}

// Listen receives the notifications of the other instances (this one's,
// which every instance also receives on the channel, are left out before
// they are decoded: what an instance writes or publishes it has applied
// itself; half the notifications of two busy instances) and calls f for
// each, in order, from one goroutine, until ctx ends. It holds a
// connection of its own (pgx, the DSN Open got, application_name
// "houserules:" and the instance) and reconnects when it drops, waiting
// 100 ms, then doubling up to 5 s. Each
// time it starts listening (the first time too) it calls f with a
// KindResync notification first: what was written before, or while it
// was away, was not notified to it. For SQLite it returns at once. It
// returns ctx's error.
func (d *DB) Listen(ctx context.Context, f func(Notification)) error {
	if !d.postgres {
		return nil
	}
	own, _ := json.Marshal(d.instance)
	ownPrefix := `{"i":` + string(own) // how this instance's payloads start (payload: Instance is the first field)
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		conn, err := d.listenConn(ctx)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+Channel)
		}
		if err == nil {
			// what was written before LISTEN took effect is not notified
			f(Notification{Kind: KindResync, Ply: -1})
			wait = 100 * time.Millisecond
			for {
				pn, werr := conn.WaitForNotification(ctx)
				if werr != nil {
					err = werr
					break
				}
				if strings.HasPrefix(pn.Payload, ownPrefix) {
					continue // this instance's
				}
				var n Notification
				if json.Unmarshal([]byte(pn.Payload), &n) != nil {
					continue // not ours
				}
				f(n)
			}
		}
		if conn != nil {
			cctx, cancel := context.WithTimeout(context.Background(), time.Second)
			conn.Close(cctx)
			cancel()
		}
		if ctx.Err() != nil {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
	}
	return ctx.Err()
}

// appPrefix starts the application_name of a Listen connection; the
// instance's name follows (LiveInstances).
const appPrefix = "houserules:"

// listenConn opens Listen's connection, named after the instance.
func (d *DB) listenConn(ctx context.Context) (*pgx.Conn, error) {
	cfg, err := pgx.ParseConfig(d.dsn)
	if err != nil {
		return nil, err
	}
	cfg.RuntimeParams["application_name"] = appPrefix + d.instance
	return pgx.ConnectConfig(ctx, cfg)
}

// LiveInstances returns the names of the instances listening now (their
// Listen connection is open on the database server): an instance killed
// drops out as soon as the server sees its connection close. Nil for
// SQLite.
func (d *DB) LiveInstances(ctx context.Context) (map[string]bool, error) {
	if !d.postgres {
		return nil, nil
	}
	rows, err := d.db.QueryContext(ctx, `SELECT DISTINCT application_name FROM pg_stat_activity
		WHERE datname = current_database() AND starts_with(application_name, $1)`, appPrefix)
	if err != nil {
		return nil, fmt.Errorf("store: live instances: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("store: live instances: %w", err)
		}
		out[name[len(appPrefix):]] = true
	}
	return out, rows.Err()
}

// liveSQL is the SQL condition "the instance named by the SQL expression
// inst is listening now" (LiveInstances).
func liveSQL(inst string) string {
	return `EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = current_database()
		AND a.application_name = '` + appPrefix + `' || ` + inst + `)`
}

// TakeLease gives this instance the AI lease of game for ply until ttl
// from now, in one statement: when nobody holds it, when its holder's
// lease expired, when its holder is not listening (killed: LiveInstances),
// when this instance already holds it or when it is for an earlier ply
// (the game has moved on). It reports whether this
// instance holds the lease now. For SQLite (one instance) it is always
// true.
func (d *DB) TakeLease(ctx context.Context, game string, ply int, ttl time.Duration) (bool, error) {
	if !d.postgres {
		return true, nil
	}
	now := time.Now().UnixMilli()
	res, err := d.db.ExecContext(ctx, `INSERT INTO ai_leases (game_id, instance, ply, expires) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id) DO UPDATE SET instance = EXCLUDED.instance, ply = EXCLUDED.ply, expires = EXCLUDED.expires
		WHERE ai_leases.expires < $5 OR ai_leases.instance = EXCLUDED.instance OR ai_leases.ply < EXCLUDED.ply
			OR NOT `+liveSQL("ai_leases.instance"),
		game, d.instance, ply, now+ttl.Milliseconds(), now)
	if err != nil {
		return false, fmt.Errorf("store: take the AI lease of %s: %w", game, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// RenewLease extends this instance's lease of game to ttl from now; it
// reports false when the lease is not (or no longer) this instance's.
func (d *DB) RenewLease(ctx context.Context, game string, ttl time.Duration) (bool, error) {
	if !d.postgres {
		return true, nil
	}
	res, err := d.db.ExecContext(ctx, `UPDATE ai_leases SET expires = $1 WHERE game_id = $2 AND instance = $3`,
		time.Now().UnixMilli()+ttl.Milliseconds(), game, d.instance)
	if err != nil {
		return false, fmt.Errorf("store: renew the AI lease of %s: %w", game, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// ReleaseLease drops this instance's lease of game (after its move is
// stored); another instance's lease is left alone.
func (d *DB) ReleaseLease(ctx context.Context, game string) error {
	if !d.postgres {
		return nil
	}
	if _, err := d.db.ExecContext(ctx, `DELETE FROM ai_leases WHERE game_id = $1 AND instance = $2`, game, d.instance); err != nil {
		return fmt.Errorf("store: release the AI lease of %s: %w", game, err)
	}
	return nil
}

// Orphan is an active game that may need an instance to load it.
type Orphan struct {
	ID    string
	AI    bool // the AI is to move and no instance holds a live lease
	Clock bool // its running clock may have run out
}

// Orphans returns at most limit active games, not updated for idle, that
// no instance may be looking after: the AI is to move (the side field of
// the last stored move's FEN, or of the start FEN before the first move,
// so variants whose turns have several moves are read right) and no lease
// of it is still valid
// (expired, or held by an instance that is not listening),
// or the running clock has less left on a side than the time since it
// started (its flag may have fallen). The fallen flags come first (each
// is ended at once, where hundreds of AI games left by a dead instance
// take their AI's time), in random order within each kind: a game the
// pickup cannot settle, listed every time, must not hold back the ones
// behind it. The caller loads them: a loaded room starts the AI when it
// is to move and arms the clock's flag. Empty for SQLite.
func (d *DB) Orphans(ctx context.Context, idle time.Duration, limit int) ([]Orphan, error) {
	if !d.postgres {
		return nil, nil
	}
	now := time.Now().UnixMilli()
	// Only games with an AI seat or a running clock can be orphans (not
	// the human games, most of them); the instances listening are listed
	// once (not per game). The query runs in a transaction of its own
	// with PostgreSQL's JIT off: over thousands of active games JIT made
	// it ~8 times slower (its compile time), every --lease on every instance.
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("store: orphan games: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SET LOCAL jit = off`); err != nil {
		return nil, fmt.Errorf("store: orphan games: %w", err)
	}
	rows, err := tx.QueryContext(ctx, `WITH live AS MATERIALIZED (SELECT DISTINCT application_name AS app FROM pg_stat_activity
			WHERE datname = current_database() AND starts_with(application_name, $4))
		SELECT id, ai, clk FROM (
		SELECT g.id, g.updated_at,
			(CASE WHEN split_part(COALESCE(NULLIF((SELECT m.fen_after FROM moves m WHERE m.game_id = g.id AND m.ply = g.plies - 1), ''),
				g.start_fen), ' ', 2) = 'w' THEN g.white_kind ELSE g.black_kind END) = 'ai'
				AND (l.game_id IS NULL OR l.expires < $2 OR $4 || l.instance NOT IN (SELECT app FROM live)) AS ai,
			g.clock_initial > 0 AND g.clock_since > 0 AND g.clock_since + LEAST(g.white_ms, g.black_ms) < $2 AS clk
		FROM games g LEFT JOIN ai_leases l ON l.game_id = g.id
		WHERE g.status = 'active' AND g.updated_at < $1 AND (g.white_kind = 'ai' OR g.black_kind = 'ai' OR g.clock_since > 0)) o
		WHERE ai OR clk ORDER BY clk DESC, random() LIMIT $3`, now-idle.Milliseconds(), now, limit, appPrefix)
	if err != nil {
		return nil, fmt.Errorf("store: orphan games: %w", err)
	}
	defer rows.Close()
	var out []Orphan
	for rows.Next() {
		var o Orphan
		if err := rows.Scan(&o.ID, &o.AI, &o.Clock); err != nil {
			return nil, fmt.Errorf("store: orphan games: %w", err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// GameSince reads what changes in game id as it is played — status,
// result, reason, the clock's running part, the seat token hashes,
// invite, updated_at, the takeback count — and the moves from ply from
// on, in one query (one snapshot): what an instance that knows the game
// up to ply from needs to catch up, when Takebacks is the count it knows
// (otherwise moves before from may have changed: read the game with
// GetGame). The other fields of the Game returned are zero. Errors:
// ErrNotFound for an unknown game, or the database's.
func (d *DB) GameSince(ctx context.Context, id string, from int) (*Game, error) {
	rows, err := d.rdb.QueryContext(ctx, d.q(`SELECT g.status, g.result, g.reason, g.white_token, g.black_token,
		g.invite, g.updated_at, g.white_ms, g.black_ms, g.clock_since, g.takebacks,
		m.ply, m.uci, m.san, m.fen_after, m.created_at
		FROM games g LEFT JOIN moves m ON m.game_id = g.id AND m.ply >= ?
		WHERE g.id = ? ORDER BY m.ply`), from, id)
	if err != nil {
		return nil, fmt.Errorf("store: game %s since ply %d: %w", id, from, err)
	}
	defer rows.Close()
	var g *Game
	for rows.Next() {
		var (
			n        Game
			updated  int64
			ply, at  sql.NullInt64
			uci, san sql.NullString
			fen      sql.NullString
		)
		if err := rows.Scan(&n.Status, &n.Result, &n.Reason, &n.White.TokenHash, &n.Black.TokenHash,
			&n.Invite, &updated, &n.Clock.WhiteMS, &n.Clock.BlackMS, &n.Clock.Since, &n.Takebacks,
			&ply, &uci, &san, &fen, &at); err != nil {
			return nil, fmt.Errorf("store: game %s since ply %d: %w", id, from, err)
		}
		if g == nil {
			n.ID, n.UpdatedAt = id, fromMS(updated)
			g = &n
		}
		if ply.Valid {
			g.Moves = append(g.Moves, Move{Ply: int(ply.Int64), UCI: uci.String, SAN: san.String, FENAfter: fen.String, At: fromMS(at.Int64)})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: game %s since ply %d: %w", id, from, err)
	}
	if g == nil {
		return nil, ErrNotFound
	}
	return g, nil
}
