// Package store persists games as they happen: the ruleset (variant name,
// ini text for a custom variant, preset specs), the start FEN with its
// facts, every move in UCI (and SAN), the result, timestamps and the seat
// tokens (as SHA-256 hashes). The default backend is SQLite through a
// pure-Go driver (modernc.org/sqlite, no cgo); a postgres:// DSN switches
// to PostgreSQL (pgx) with the same schema and migrations.
//
// Every write is a committed transaction before the call returns, so a
// caller that acknowledges a move only after AppendMove returned never
// loses an acknowledged move, even on kill -9.
//
//	db, err := store.Open(ctx, "houserules.db")
//	err = db.CreateGame(ctx, &store.Game{ID: id, Variant: "chess", StartFEN: fen, …})
//	err = db.AppendMove(ctx, id, store.Move{Ply: 0, UCI: "e2e4", SAN: "e4", FENAfter: …}, nil)
package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
	_ "modernc.org/sqlite"             // SQLite driver "sqlite" (pure Go)
)

// ErrNotFound is returned for an unknown game ID.
var ErrNotFound = errors.New("store: game not found")

// ErrConflict is returned when a write races another: the move's ply is
// not the next ply of the game, or the seat is already taken.
var ErrConflict = errors.New("store: conflicting write")

// Seat kinds.
const (
	Human = "human"
	AI    = "ai"
)

// Game statuses.
const (
	StatusWaiting = "waiting" // the second human seat is still open
	StatusActive  = "active"
	StatusOver    = "over"
)

// ReasonAborted is the reason of a game aborted before both sides moved
// (result "*"): without moves it stays out of ListGames.
const ReasonAborted = "aborted"

// Seat is one side of a game.
type Seat struct {
	Kind      string // Human or AI
	Level     int    // AI level (Kind == AI)
	TokenHash string // hex SHA-256 of the seat token; "" while the seat is open
}

// Move is one stored ply.
type Move struct {
	Ply      int    // 0-based
	UCI      string // the move's one text form (FSF-compatible)
	SAN      string
	FENAfter string // FEN with facts after the move
	At       time.Time
}

// Clock is a game's chess clock in milliseconds (Fischer: Initial per
// side, Increment added after each turn). InitialMS == 0 means no clock.
// Since is the Unix ms at which the running clock (the side to move's)
// started; 0 while the clock is stopped.
type Clock struct {
	InitialMS, IncrementMS int64
	WhiteMS, BlackMS       int64
	Since                  int64
}

// Game is a stored game.
type Game struct {
	ID         string
	Variant    string // variant name: a catalogue name, a plugin key or a section of VariantINI (variants.Resolve rebuilds the ruleset from these fields)
	VariantINI string // ini text of a custom variant, "" for the catalogue
	Presets    string // preset specs, rules.ParseSpecs syntax
	StartFEN   string // start FEN with facts suffix
	Chess960   bool
	White      Seat
	Black      Seat
	Invite     string // code that lets a second human take the open seat
	Status     string
	Result     string // "1-0", "0-1", "1/2-1/2" or ""
	Reason     string
	Clock      Clock
	CreatedAt  time.Time
	UpdatedAt  time.Time
	Moves      []Move // in ply order (GetGame fills it)
	// the rematch of a finished game (SetRematch): the colour offering
	// one ("" = none), the hash its seat token will have in the rematch
	// game, and the rematch game's ID once agreed
	RematchOffer string
	RematchHash  string
	RematchID    string
	// Takebacks counts the game's takebacks (TruncateMoves): a reader
	// that knows the count knows whether moves it saw were taken back
	Takebacks int
}

// Summary is a row of ListGames.
type Summary struct {
	ID        string
	Variant   string
	Presets   string
	Status    string
	Result    string
	Reason    string
	Plies     int
	UpdatedAt time.Time
}

// NewToken returns a random 128-bit hex token (game IDs, seat tokens,
// invite codes).
func NewToken() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// HashToken returns the hex SHA-256 of a seat token, as stored.
func HashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// TokenMatches reports in constant time whether tok hashes to hash.
func TokenMatches(tok, hash string) bool {
	if tok == "" || hash == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(HashToken(tok)), []byte(hash)) == 1
}

// DB is an open store.
type DB struct {
	db       *sql.DB // PostgreSQL: the pool; SQLite: the one write connection
	rdb      *sql.DB // reads: SQLite's read-only pool (batch.go), else db
	mdb      *sql.DB // PostgreSQL: the move writers' pool (pgmoves.go)
	batch    *batcher
	ckpt     *checkpointer
	prep     map[string]*sql.Stmt // SQLite: statements prepared once (txExec); read only after Open
	postgres bool
	dsn      string // for Listen's own connection (PostgreSQL)
	instance string // names the writer in notifications (cluster.go)
	// the notifier (notifier.go): requests, stop, stopped; failed tries
	notes        chan noteReq
	notesStop    chan struct{}
	notesDone    chan struct{}
	notifyFailed atomic.Int64
	// the group commit of moves (pgmoves.go)
	moves     chan *pgMove
	movesStop chan struct{}
	movesDone chan struct{}
	moveWG    sync.WaitGroup
	// statements that wrote moves (PostgreSQL), for the tests
	moveStatements atomic.Int64
}

// PostgresConns is the most PostgreSQL connections one DB holds beside
// its pgMoveWriters move writers' and Listen's one: with several instances
// on one server, keep their sum under its max_connections.
const PostgresConns = 10

// DefaultFile is the SQLite file Open uses for an empty dsn.
const DefaultFile = "houserules.db"

// SQLitePath returns the SQLite file a dsn names (DefaultFile for "",
// ":memory:" for a throw-away database), or false for a PostgreSQL URL.
func SQLitePath(dsn string) (string, bool) {
	switch {
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		return "", false
	case dsn == "":
		return DefaultFile, true
	}
	return dsn, true
}

// Open opens (creating and migrating if needed) the store at dsn: a
// postgres:// or postgresql:// URL selects PostgreSQL, anything else is a
// SQLite file path (":memory:" for a throw-away database).
func Open(ctx context.Context, dsn string) (*DB, error) {
	d := &DB{}
	var err error
	path, sqlite := SQLitePath(dsn) // the SQLite file, named in a connect error
	if !sqlite {
		d.postgres, d.dsn = true, dsn
		d.db, err = sql.Open("pgx", dsn)
		if err == nil {
			// a bounded pool kept open: several instances share the
			// server's max_connections (100 by default), and a new
			// connection per query would cost more than the query
			d.db.SetMaxOpenConns(PostgresConns)
			d.db.SetMaxIdleConns(PostgresConns)
		}
	} else {
		// WAL + synchronous=FULL: a committed move survives kill -9 and power loss.
		q := "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)"
		if path == ":memory:" {
			d.db, err = sql.Open("sqlite", "file::memory:?"+q)
		} else {
			d.db, err = sql.Open("sqlite", "file:"+path+"?"+q)
		}
		// One write connection: SQLite has one writer anyway (every write
		// goes through the group commit of batch.go), and this keeps
		// ":memory:" one database.
		if err == nil {
			d.db.SetMaxOpenConns(1)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	if err := d.db.PingContext(ctx); err != nil {
		d.db.Close()
		if path != "" {
			// the driver's "unable to open database file" does not say which
			return nil, fmt.Errorf("store: open SQLite file %s: %w", path, err)
		}
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	if err := d.migrate(ctx); err != nil {
		d.db.Close()
		return nil, err
	}
	d.rdb = d.db
	if !sqlite {
		if d.mdb, err = openMoveWriters(dsn); err != nil {
			d.db.Close()
			return nil, err
		}
		d.startNotifier()
		d.startMoveWriters()
	}
	if sqlite {
		if path != ":memory:" {
			// reads run on their own read-only connections beside the writer (WAL)
			d.rdb, err = sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=query_only(1)&_pragma=foreign_keys(1)")
			if err != nil {
				d.db.Close()
				return nil, fmt.Errorf("store: open SQLite file %s for reading: %w", path, err)
			}
			d.rdb.SetMaxOpenConns(readConns)
			d.rdb.SetMaxIdleConns(readConns)
		}
		if err := d.prepare(ctx); err != nil {
			d.Close()
			return nil, err
		}
		d.batch = newBatcher(d.db, d)
		if path != ":memory:" {
			if err := d.startCheckpoints(path); err != nil {
				d.Close()
				return nil, err
			}
		}
	}
	return d, nil
}

// Close closes the store (SQLite: after the writes queued are committed).
func (d *DB) Close() error {
	d.stopMoveWriters()
	d.stopNotifier()
	if d.batch != nil {
		d.batch.close()
	}
	if d.ckpt != nil {
		d.ckpt.stop()
	}
	if d.rdb != d.db {
		d.rdb.Close()
	}
	if d.mdb != nil {
		d.mdb.Close()
	}
	return d.db.Close()
}

// Backend names the backend: "sqlite" or "postgres".
func (d *DB) Backend() string {
	if d.postgres {
		return "postgres"
	}
	return "sqlite"
}

// q rewrites ? placeholders to $n for PostgreSQL.
func (d *DB) q(s string) string { return Rebind(s, d.postgres) }

// Rebind rewrites the ? placeholders of query s to PostgreSQL's $1, $2 …
// when postgres is true (s unchanged otherwise). The query must hold no
// literal '?'. Used by the store and by packages that keep their own
// tables beside it (lab).
func Rebind(s string, postgres bool) string {
	if !postgres {
		return s
	}
	var sb strings.Builder
	n := 0
	for _, c := range s {
		if c == '?' {
			n++
			fmt.Fprintf(&sb, "$%d", n)
			continue
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CreateGame stores a new game (without moves). CreatedAt/UpdatedAt are
// set to now when zero.
func (d *DB) CreateGame(ctx context.Context, g *Game) error {
	now := time.Now().UTC()
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	if g.UpdatedAt.IsZero() {
		g.UpdatedAt = g.CreatedAt
	}
	if g.Status == "" {
		g.Status = StatusActive
	}
	err := d.exec(ctx, d.q(`INSERT INTO games
		(id, variant, variant_ini, presets, start_fen, chess960,
		 white_kind, white_level, white_token, black_kind, black_level, black_token,
		 invite, status, result, reason, plies, created_at, updated_at, listed_at,
		 clock_initial, clock_increment, white_ms, black_ms, clock_since)
		VALUES (?,?,?,?,?,?, ?,?,?,?,?,?, ?,?,?,?,0,?,?,?, ?,?,?,?,?)`),
		g.ID, g.Variant, g.VariantINI, g.Presets, g.StartFEN, b2i(g.Chess960),
		g.White.Kind, g.White.Level, g.White.TokenHash, g.Black.Kind, g.Black.Level, g.Black.TokenHash,
		g.Invite, g.Status, g.Result, g.Reason, ms(g.CreatedAt), ms(g.UpdatedAt), ms(g.UpdatedAt),
		g.Clock.InitialMS, g.Clock.IncrementMS, g.Clock.WhiteMS, g.Clock.BlackMS, g.Clock.Since)
	if err != nil {
		return fmt.Errorf("store: create game %s: %w", g.ID, err)
	}
	return nil
}

// GetGame loads a game with its moves.
func (d *DB) GetGame(ctx context.Context, id string) (*Game, error) {
	g := &Game{}
	var c960, plies int
	var created, updated int64
	err := d.rdb.QueryRowContext(ctx, d.q(`SELECT id, variant, variant_ini, presets, start_fen, chess960,
		white_kind, white_level, white_token, black_kind, black_level, black_token,
		invite, status, result, reason, created_at, updated_at,
		clock_initial, clock_increment, white_ms, black_ms, clock_since, rematch_offer, rematch_hash, rematch_id, takebacks, plies FROM games WHERE id = ?`), id).Scan(
		&g.ID, &g.Variant, &g.VariantINI, &g.Presets, &g.StartFEN, &c960,
		&g.White.Kind, &g.White.Level, &g.White.TokenHash, &g.Black.Kind, &g.Black.Level, &g.Black.TokenHash,
		&g.Invite, &g.Status, &g.Result, &g.Reason, &created, &updated,
		&g.Clock.InitialMS, &g.Clock.IncrementMS, &g.Clock.WhiteMS, &g.Clock.BlackMS, &g.Clock.Since, &g.RematchOffer, &g.RematchHash, &g.RematchID, &g.Takebacks, &plies)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: get game %s: %w", id, err)
	}
	g.Chess960 = c960 != 0
	g.CreatedAt, g.UpdatedAt = fromMS(created), fromMS(updated)
	if plies == 0 {
		// no move yet (plies is written with the moves, in their
		// transaction): a game just created, as joins and first connects
		// on another instance load it, needs no second query
		return g, nil
	}
	rows, err := d.rdb.QueryContext(ctx, d.q(`SELECT ply, uci, san, fen_after, created_at FROM moves
		WHERE game_id = ? ORDER BY ply`), id)
	if err != nil {
		return nil, fmt.Errorf("store: moves of %s: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var m Move
		var at int64
		if err := rows.Scan(&m.Ply, &m.UCI, &m.SAN, &m.FENAfter, &at); err != nil {
			return nil, fmt.Errorf("store: moves of %s: %w", id, err)
		}
		m.At = fromMS(at)
		g.Moves = append(g.Moves, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: moves of %s: %w", id, err)
	}
	return g, nil
}

// Ending is the result written with the move that ends a game.
type Ending struct {
	Result string `json:"r"`
	Reason string `json:"x"`
}

// AppendMove stores ply m.Ply of game id in one transaction, with the
// game's new ply count, its clock when clk is not nil and, when end is not
// nil, its result. It returns ErrConflict when m.Ply is not the game's
// next ply (a racing writer) or the game is over.
func (d *DB) AppendMove(ctx context.Context, id string, m Move, end *Ending, clk *Clock) error {
	if m.At.IsZero() {
		m.At = time.Now().UTC()
	}
	if d.postgres {
		return d.appendMovePG(ctx, id, m, end, clk)
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		status, result, reason := StatusActive, "", ""
		if end != nil {
			status, result, reason = StatusOver, end.Result, end.Reason
		}
		res, err := d.txExec(ctx, tx, sqlAppendMove, ms(m.At), status, ms(m.At), ms(m.At), status, result, reason, id, m.Ply)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 && clk != nil {
			if err := d.setClock(ctx, tx, id, clk); err != nil {
				return err
			}
		}
		if n, _ := res.RowsAffected(); n != 1 {
			if _, err := d.exists(ctx, tx, id); err != nil {
				return err
			}
			return fmt.Errorf("%w: game %s: ply %d is not the next ply, or the game is over", ErrConflict, id, m.Ply)
		}
		_, err = d.txExec(ctx, tx, sqlInsertMove, id, m.Ply, m.UCI, m.SAN, m.FENAfter, ms(m.At))
		return err
	}) // (SQLite: one instance, no notification)
}

// sqlAppendMovePG is a move on PostgreSQL in one statement, so one round
// trip and its commit instead of four (BEGIN, the games row, the move,
// COMMIT): the games row (ply check, result, clock) and the move (a
// statement's data-modifying CTEs all run). Its rows: one when the move
// was stored, none otherwise. The notification follows the commit
// (appendMovePG): PostgreSQL commits the transactions that NOTIFY one at
// a time, each waiting for its own WAL flush, so a move that notified in
// its own transaction could not share a flush with other moves.
// listedLagMS is how far behind updated_at a move leaves listed_at (in
// milliseconds, as SQL text; migration 7): a move sets it only when it is
// that old, or when the move ends the game. The games listed by recency
// (ListGames) are found by its index and ordered by updated_at.
const listedLagMS = "60000"

// listedAtPG is listed_at after a move of sqlAppendMovePG ($1 the move's
// time, $2 the game's status after it).
const listedAtPG = `CASE WHEN $2 = 'over' OR $1 >= listed_at + ` + listedLagMS + ` THEN $1 ELSE listed_at END`

const sqlAppendMovePG = `WITH u AS (
	UPDATE games SET plies = plies + 1, updated_at = $1, listed_at = ` + listedAtPG + `,
		status = CASE WHEN $2 = 'over' THEN 'over' ELSE status END, result = $3, reason = $4,
		white_ms = CASE WHEN $10 THEN $11 ELSE white_ms END,
		black_ms = CASE WHEN $10 THEN $12 ELSE black_ms END,
		clock_since = CASE WHEN $10 THEN $13 ELSE clock_since END
	WHERE id = $5 AND plies = $6 AND status <> 'over' RETURNING id),
i AS (INSERT INTO moves (game_id, ply, uci, san, fen_after, created_at)
	SELECT id, $6, $7, $8, $9, $1 FROM u)
SELECT 1 FROM u`

// appendMovePG is AppendMove on PostgreSQL: the move goes through the
// group commit (pgmoves.go: alone, sqlAppendMovePG; with the moves queued
// meanwhile, sqlAppendMovesPG), its notification after it is stored.
func (d *DB) appendMovePG(ctx context.Context, id string, m Move, end *Ending, clk *Clock) error {
	status, result, reason := StatusActive, "", ""
	if end != nil {
		status, result, reason = StatusOver, end.Result, end.Reason
	}
	p, err := d.payload(Notification{Game: id, Kind: KindMove, Ply: m.Ply + 1, UCI: m.UCI, SAN: m.SAN, End: end, Clock: clockNote(clk), At: ms(m.At)})
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	stored, err := d.queueMove(&pgMove{ctx: ctx, id: id, m: m, status: status, result: result, reason: reason, clk: clk})
	if err != nil {
		return err
	}
	if stored {
		d.sendPayload(ctx, p, false) // queued: sent after the call returns (notifier.go)
		return nil
	}
	if _, err := d.exists(ctx, d.db, id); err != nil {
		if errors.Is(err, ErrNotFound) {
			return err
		}
		return fmt.Errorf("store: append move to %s: %w", id, err)
	}
	return fmt.Errorf("%w: game %s: ply %d is not the next ply, or the game is over", ErrConflict, id, m.Ply)
}

// TruncateMoves deletes the moves from ply on (a takeback), keeping plies
// 0..ply-1, and reopens a game that the deleted moves had ended; clk, when
// not nil, is the clock to keep.
func (d *DB) TruncateMoves(ctx context.Context, id string, ply int, clk *Clock) error {
	return d.txNotify(ctx, Notification{Game: id, Kind: KindTakeback, Ply: ply}, func(tx *sql.Tx) error {
		if _, err := d.exists(ctx, tx, id); err != nil {
			return err
		}
		if clk != nil {
			if err := d.setClock(ctx, tx, id, clk); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, d.q(`DELETE FROM moves WHERE game_id = ? AND ply >= ?`), id, ply); err != nil {
			return err
		}
		now := ms(time.Now())
		if _, err := tx.ExecContext(ctx, d.q(`UPDATE games SET plies = ?, updated_at = ?, listed_at = ?, status = 'active',
			result = '', reason = '' WHERE id = ? AND plies > ?`), ply, now, now, id, ply); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, d.q(`UPDATE games SET takebacks = takebacks + 1 WHERE id = ?`), id)
		return err
	})
}

// Finish records the result of a game ended without a move (resignation,
// agreed draw, time forfeit), with the clock when clk is not nil. It returns ErrConflict when the game is already over.
func (d *DB) Finish(ctx context.Context, id string, end Ending, clk *Clock) error {
	now := ms(time.Now())
	return d.txNotify(ctx, Notification{Game: id, Kind: KindFinish, Ply: -1, End: &end, Clock: clockNote(clk), At: now}, func(tx *sql.Tx) error {
		if clk != nil {
			if err := d.setClock(ctx, tx, id, clk); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, d.q(`UPDATE games SET status = 'over', result = ?, reason = ?, updated_at = ?, listed_at = ?
			WHERE id = ? AND status <> 'over'`), end.Result, end.Reason, now, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			if _, err := d.exists(ctx, tx, id); err != nil {
				return err
			}
			return fmt.Errorf("%w: game %s is already over", ErrConflict, id)
		}
		return nil
	})
}

// setClock writes the clock of game id.
func (d *DB) setClock(ctx context.Context, tx *sql.Tx, id string, c *Clock) error {
	_, err := d.txExec(ctx, tx, sqlSetClock,
		c.WhiteMS, c.BlackMS, c.Since, id)
	return err
}

// SetClock stores the clock of game id (when the clock starts).
func (d *DB) SetClock(ctx context.Context, id string, c Clock) error {
	return d.txNotify(ctx, Notification{Game: id, Kind: KindClock, Ply: -1, Clock: clockNote(&c)}, func(tx *sql.Tx) error {
		if _, err := d.exists(ctx, tx, id); err != nil {
			return err
		}
		return d.setClock(ctx, tx, id, &c)
	})
}

// SetRematch stores the rematch of finished game id: the colour offering
// one ("" = none), the hash of the offerer's seat token in the rematch
// game (hex SHA-256, as Seat.TokenHash; "" without an offer) and the
// rematch game's ID ("" until agreed). It returns ErrNotFound for an
// unknown game and ErrConflict when the game is not over (a rematch
// follows a finished game).
func (d *DB) SetRematch(ctx context.Context, id, offer, offerHash, rematchID string) error {
	return d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, d.q(`UPDATE games SET rematch_offer = ?, rematch_hash = ?, rematch_id = ?
			WHERE id = ? AND status = 'over'`), offer, offerHash, rematchID, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			if _, err := d.exists(ctx, tx, id); err != nil {
				return err
			}
			return fmt.Errorf("%w: game %s is not over: no rematch", ErrConflict, id)
		}
		return nil
	})
}

// TakeSeat gives the open seat ("white" or "black") of game id to the
// holder of tokenHash and makes a waiting game active. It returns
// ErrConflict when the seat is taken and ErrNotFound for an unknown game.
func (d *DB) TakeSeat(ctx context.Context, id, color, tokenHash string) error {
	col := "white_token"
	if color == "black" {
		col = "black_token"
	} else if color != "white" {
		return fmt.Errorf("store: seat %q is not white or black", color)
	}
	now := ms(time.Now())
	note := Notification{Game: id, Kind: KindSeat, Ply: -1, Seat: color, Hash: tokenHash, At: now}
	query := d.q(`UPDATE games SET ` + col + ` = ?, updated_at = ?, listed_at = ?,
			status = CASE WHEN status = 'waiting' THEN 'active' ELSE status END
			WHERE id = ? AND ` + col + ` = ''`)
	taken := fmt.Errorf("%w: the %s seat of game %s is taken", ErrConflict, color, id)
	if d.postgres {
		// one statement, its own transaction: one round trip, not three
		res, err := d.db.ExecContext(ctx, query, tokenHash, now, now, id)
		if err != nil {
			return fmt.Errorf("store: take seat of %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			if _, err := d.exists(ctx, d.db, id); err != nil {
				if errors.Is(err, ErrNotFound) {
					return err
				}
				return fmt.Errorf("store: take seat of %s: %w", id, err)
			}
			return taken
		}
		d.sendNote(ctx, note)
		return nil
	}
	return d.txNotify(ctx, note, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, tokenHash, now, now, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			if _, err := d.exists(ctx, tx, id); err != nil {
				return err
			}
			return taken
		}
		return nil
	})
}

// ListGames returns the most recently updated games that were played:
// finished, or with at least one move (not a game created and left
// empty, nor one aborted before its first move), newest first.
func (d *DB) ListGames(ctx context.Context, limit int) ([]Summary, error) {
	if limit <= 0 || limit > 500 {
		limit = 50
	}
	// the most recent by updated_at, found by listed_at's index: listed_at
	// <= updated_at <= listed_at + listedLagMS, so the limit-th largest
	// listed_at, L, is at most the limit-th largest updated_at, and every
	// game of the answer has listed_at >= L - listedLagMS
	played := `((status = ? AND reason <> ?) OR plies > 0)`
	rows, err := d.rdb.QueryContext(ctx, d.q(`SELECT id, variant, presets, status, result, reason, plies, updated_at
		FROM games WHERE `+played+` AND listed_at >= COALESCE((SELECT listed_at FROM games WHERE `+played+`
			ORDER BY listed_at DESC LIMIT 1 OFFSET ?), 0) - `+listedLagMS+`
		ORDER BY updated_at DESC, id LIMIT ?`), StatusOver, ReasonAborted, StatusOver, ReasonAborted, limit-1, limit)
	if err != nil {
		return nil, fmt.Errorf("store: list games: %w", err)
	}
	defer rows.Close()
	var out []Summary
	for rows.Next() {
		var s Summary
		var at int64
		if err := rows.Scan(&s.ID, &s.Variant, &s.Presets, &s.Status, &s.Result, &s.Reason, &s.Plies, &at); err != nil {
			return nil, fmt.Errorf("store: list games: %w", err)
		}
		s.UpdatedAt = fromMS(at)
		out = append(out, s)
	}
	return out, rows.Err()
}

// rowQuerier is a transaction or the pool.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// exists reports whether game id is stored (ErrNotFound when it is not),
// read through q: a transaction or the pool.
func (d *DB) exists(ctx context.Context, q rowQuerier, id string) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, d.q(`SELECT 1 FROM games WHERE id = ?`), id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, ErrNotFound
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// The statements of a move, prepared once on SQLite's write connection
// (prepare): preparing them for every move was 40% of SQLite's time.
const (
	sqlAppendMove = `UPDATE games SET plies = plies + 1, updated_at = ?, listed_at = CASE WHEN ? = 'over' OR ? >= listed_at + ` + listedLagMS + ` THEN ? ELSE listed_at END,
		status = CASE WHEN ? = 'over' THEN 'over' ELSE status END, result = ?, reason = ?
		WHERE id = ? AND plies = ? AND status <> 'over'`
	sqlInsertMove = `INSERT INTO moves (game_id, ply, uci, san, fen_after, created_at) VALUES (?,?,?,?,?,?)`
	sqlSetClock   = `UPDATE games SET white_ms = ?, black_ms = ?, clock_since = ? WHERE id = ?`
)

// prepare prepares the statements of a move on SQLite's one write
// connection, before the group commit takes it (Open, after migrate).
func (d *DB) prepare(ctx context.Context) error {
	d.prep = map[string]*sql.Stmt{}
	for _, q := range []string{sqlAppendMove, sqlInsertMove, sqlSetClock, sqlSavepoint, sqlRelease, sqlRollbackTo} {
		st, err := d.db.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("store: prepare %q: %w", q, err)
		}
		d.prep[q] = st
	}
	return nil
}

// txExec runs a write statement of transaction tx: a statement prepared
// by prepare is reused (database/sql's Tx.StmtContext finds it prepared on
// the transaction's connection), any other is sent as text (with $n
// placeholders on PostgreSQL).
func (d *DB) txExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	if st := d.prep[query]; st != nil {
		return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, d.q(query), args...)
}

// exec runs one write statement: through the group commit on SQLite.
func (d *DB) exec(ctx context.Context, query string, args ...any) error {
	if d.batch != nil {
		var eerr error // the statement's own error, as db.ExecContext gives it
		err := d.batch.do(ctx, func(tx *sql.Tx) error {
			_, eerr = tx.ExecContext(ctx, query, args...)
			return eerr
		})
		if eerr != nil {
			return eerr
		}
		return err
	}
	_, err := d.db.ExecContext(ctx, query, args...)
	return err
}

// tx runs f in a transaction: its own on PostgreSQL, a savepoint of the
// next group transaction on SQLite (batch.go). Either way it returns after
// f's writes are committed (or rolled back on an error).
func (d *DB) tx(ctx context.Context, f func(tx *sql.Tx) error) error {
	if d.batch != nil {
		return d.batch.do(ctx, f)
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) {
			return err
		}
		return fmt.Errorf("store: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// TouchEmpty sets updated_at to at for the games named in ids that are
// still empty and unfinished (the ones DeleteExpired may delete): a server
// instance calls it for its rooms with a client connected or the AI
// thinking, so that another instance's sweep, which does not know them,
// keeps them (PROTOCOL.md "Running several instances"). Games with a move
// or a result are left as they are. It returns how many games it touched.
func (d *DB) TouchEmpty(ctx context.Context, at time.Time, ids ...string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	args := []any{ms(at), ms(at)}
	for _, id := range ids {
		args = append(args, id)
	}
	res, err := d.db.ExecContext(ctx, d.q(`UPDATE games SET updated_at = ?, listed_at = ? WHERE plies = 0 AND status <> 'over' AND id IN (?`+
		strings.Repeat(`,?`, len(ids)-1)+`)`), args...)
	if err != nil {
		return 0, fmt.Errorf("store: touch empty games: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: touch empty games: %w", err)
	}
	return int(n), nil
}

// expireBatch is how many games one statement of DeleteExpired deletes
// (each its own short transaction: a sweep never holds a long lock).
const expireBatch = 500

// DeleteExpired deletes the games abandoned empty: no move (plies = 0),
// not finished (waiting for the second player, or active at ply 0) and
// not updated (created, joined, moved) since before; the games named in
// keep stay (the server's rooms with a client connected or the AI
// thinking). Games with a move or a result are never deleted. It returns
// how many games it deleted, in batches of expireBatch; ctx ends it
// between batches.
func (d *DB) DeleteExpired(ctx context.Context, before time.Time, keep ...string) (int, error) {
	// the conditions are on the deleted row too: PostgreSQL checks them
	// again on a row a move updated meanwhile (it is not deleted)
	// (listed_at <= updated_at: its index finds them)
	q := `DELETE FROM games WHERE plies = 0 AND status <> 'over' AND updated_at < ? AND id IN (SELECT id FROM games
		WHERE listed_at < ? AND plies = 0 AND status <> 'over' AND updated_at < ?`
	args := []any{ms(before), ms(before), ms(before)}
	if len(keep) > 0 {
		q += ` AND id NOT IN (?` + strings.Repeat(`,?`, len(keep)-1) + `)`
		for _, id := range keep {
			args = append(args, id)
		}
	}
	q = d.q(q + fmt.Sprintf(` LIMIT %d)`, expireBatch))
	total := 0
	for {
		res, err := d.db.ExecContext(ctx, q, args...)
		if err != nil {
			return total, fmt.Errorf("store: delete expired games: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, fmt.Errorf("store: delete expired games: %w", err)
		}
		total += int(n)
		if n < expireBatch {
			return total, nil
		}
	}
}
