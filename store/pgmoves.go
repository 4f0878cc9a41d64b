package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Group commit of moves on PostgreSQL. Every instance of a cluster writes
// its moves to the one database, so the database's work per move is what
// bounds the cluster: one statement and one commit per move made
// PostgreSQL the largest CPU user of a two-instance run (0.4 ms a move,
// more than either server). The moves queued while the writers are busy
// therefore go to the database together: one statement (sqlAppendMovesPG)
// updates their games and inserts their moves, one commit. A writer takes
// what is queued when it is free, so at low load a move is written alone,
// at once, as before; under load the moves that arrive during a write
// share the next. Each move's outcome is its own (stored, or not the next
// ply of its game: ErrConflict or ErrNotFound, found as before). When the
// statement fails as a whole (a deadlock with another instance's batch,
// say), each of its moves is written alone, so that one move's error is
// never another's.

// pgMoveWriters is how many batches of moves may be written at once, each
// on its own connection (openMoveWriters). One: the moves that arrive
// while a batch is written go together in the next statement (fewer,
// bigger commits; the statement's cost per move falls with its size). In
// two-instance saturation on 2 cores (bench/serve-load-two.sh), with
// four writers PostgreSQL spent 0.30–0.45 ms of CPU a move against
// 0.32–0.41 with two (2026-12-06); after the batch statement's index fix,
// two writers 0.21–0.25 ms a move (2,057–2,363 moves/s) and one
// 0.17–0.19 (2,098–2,766 moves/s, p99 33–45 ms against 38–45), alternate
// runs (2026-12-07).
const pgMoveWriters = 1

// openMoveWriters opens the move writers' pool (pgMoveWriters connections)
// at dsn, with sequential scans off: the move statements find their games
// by primary key, and a statement's generic plan is cached for the life
// of its connection, so a plan made while games was small (a new
// database: no statistics yet, a few pages) read the whole table on every
// move for as long as the connection lived (a two-instance saturation
// run on a fresh database: 5,749 sequential scans of games for 5,759
// batch statements; with the index, the batch statement's time a move
// 0.108 → 0.060 ms and PostgreSQL's CPU a move 0.25 → 0.22 ms).
func openMoveWriters(dsn string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	cfg.RuntimeParams["enable_seqscan"] = "off"
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(pgMoveWriters)
	db.SetMaxIdleConns(pgMoveWriters)
	return db, nil
}

// pgMoveBatch is the most moves one statement writes.
const pgMoveBatch = 128

// pgMove is one move queued for the group commit.
type pgMove struct {
	ctx    context.Context
	id     string
	m      Move
	status string // StatusActive, or StatusOver with result and reason
	result string
	reason string
	clk    *Clock
	done   chan bool // stored or not (err set before)
	err    error
}

// sqlAppendMovesPG is sqlAppendMovePG for many games: the moves come as
// arrays (one element per move), the games are updated in id order (two
// batches that share games lock them in the same order), and the ids of
// the games updated are returned.
const sqlAppendMovesPG = `WITH a AS MATERIALIZED (
	SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[],
		$7::text[], $8::text[], $9::text[], $10::bool[], $11::bigint[], $12::bigint[], $13::bigint[])
		AS t(id, ply, uci, san, fen, at, status, result, reason, clk, wms, bms, since) ORDER BY id),
u AS (
	UPDATE games g SET plies = g.plies + 1, updated_at = a.at,
		listed_at = CASE WHEN a.status = 'over' OR a.at >= g.listed_at + ` + listedLagMS + ` THEN a.at ELSE g.listed_at END,
		status = CASE WHEN a.status = 'over' THEN 'over' ELSE g.status END, result = a.result, reason = a.reason,
		white_ms = CASE WHEN a.clk THEN a.wms ELSE g.white_ms END,
		black_ms = CASE WHEN a.clk THEN a.bms ELSE g.black_ms END,
		clock_since = CASE WHEN a.clk THEN a.since ELSE g.clock_since END
	FROM a WHERE g.id = ANY($1) AND g.id = a.id AND g.plies = a.ply AND g.status <> 'over' RETURNING g.id),
i AS (INSERT INTO moves (game_id, ply, uci, san, fen_after, created_at)
	SELECT a.id, a.ply, a.uci, a.san, a.fen, a.at FROM a JOIN u ON u.id = a.id)
SELECT id FROM u`

// startMoveWriters starts the group commit's writers.
func (d *DB) startMoveWriters() {
	d.moves = make(chan *pgMove, 4*pgMoveBatch)
	d.movesStop = make(chan struct{})
	d.movesDone = make(chan struct{})
	for range pgMoveWriters {
		d.moveWG.Add(1)
		go d.moveWriter()
	}
}

// stopMoveWriters writes what is queued and stops the writers.
func (d *DB) stopMoveWriters() {
	if d.moves == nil {
		return
	}
	close(d.movesStop)
	d.moveWG.Wait()
	close(d.movesDone)
}

// queueMove writes move pm through the group commit and reports whether
// it was stored.
func (d *DB) queueMove(pm *pgMove) (bool, error) {
	pm.done = make(chan bool, 1)
	select {
	case d.moves <- pm:
	case <-d.movesStop:
		return false, errClosed
	case <-pm.ctx.Done():
		return false, fmt.Errorf("store: %w", pm.ctx.Err())
	}
	// a move queued is answered, unless the store closed before a writer
	// took it
	select {
	case stored := <-pm.done:
		return stored, pm.err
	case <-d.movesDone:
		select {
		case stored := <-pm.done:
			return stored, pm.err
		default:
			return false, errClosed
		}
	}
}

func (d *DB) moveWriter() {
	defer d.moveWG.Done()
	batch := make([]*pgMove, 0, pgMoveBatch)
	var held *pgMove // a second move of a game already in the batch: the next batch's
	for {
		batch = batch[:0]
		if held != nil {
			batch, held = append(batch, held), nil
		} else {
			select {
			case pm := <-d.moves:
				batch = append(batch, pm)
			case <-d.movesStop:
				select { // the last ones queued
				case pm := <-d.moves:
					batch = append(batch, pm)
				default:
					return
				}
			}
		}
	more:
		for len(batch) < pgMoveBatch {
			select {
			case pm := <-d.moves:
				if slices.ContainsFunc(batch, func(b *pgMove) bool { return b.id == pm.id }) {
					held = pm
					break more
				}
				batch = append(batch, pm)
			default:
				break more
			}
		}
		d.writeMoves(batch)
	}
}

// writeMoves writes a batch and answers each of its moves.
func (d *DB) writeMoves(batch []*pgMove) {
	live := batch[:0:0]
	for _, pm := range batch {
		if err := pm.ctx.Err(); err != nil {
			pm.err = fmt.Errorf("store: %w", err)
			pm.done <- false
			continue
		}
		live = append(live, pm)
	}
	if len(live) == 1 {
		pm := live[0]
		stored, err := d.appendOnePG(pm)
		pm.err = err
		pm.done <- stored
		return
	}
	if len(live) == 0 {
		return
	}
	stored, err := d.appendManyPG(live)
	if err != nil {
		// one move's error must not be another's: each alone
		for _, pm := range live {
			s, err := d.appendOnePG(pm)
			pm.err = err
			pm.done <- s
		}
		return
	}
	for _, pm := range live {
		pm.done <- stored[pm.id]
	}
}

// appendOnePG writes one move (sqlAppendMovePG) and reports whether it was
// stored.
func (d *DB) appendOnePG(pm *pgMove) (bool, error) {
	d.moveStatements.Add(1)
	var k Clock
	if pm.clk != nil {
		k = *pm.clk
	}
	ctx, cancel := context.WithTimeout(pm.ctx, 10*time.Second)
	defer cancel()
	rows, err := d.mdb.QueryContext(ctx, sqlAppendMovePG, ms(pm.m.At), pm.status, pm.result, pm.reason, pm.id, pm.m.Ply,
		pm.m.UCI, pm.m.SAN, pm.m.FENAfter, pm.clk != nil, k.WhiteMS, k.BlackMS, k.Since)
	if err != nil {
		return false, fmt.Errorf("store: append move to %s: %w", pm.id, err)
	}
	n := 0
	for rows.Next() {
		n++
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return false, fmt.Errorf("store: append move to %s: %w", pm.id, err)
	}
	return n == 1, nil
}

// appendManyPG writes the moves of several games in one statement and
// returns the games whose move was stored.
func (d *DB) appendManyPG(batch []*pgMove) (map[string]bool, error) {
	d.moveStatements.Add(1)
	n := len(batch)
	ids, ucis, sans, fens := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	statuses, results, reasons := make([]string, n), make([]string, n), make([]string, n)
	plies := make([]int64, n)
	ats, wms, bms, since := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	clks := make([]bool, n)
	for i, pm := range batch {
		ids[i], plies[i], ucis[i], sans[i], fens[i], ats[i] = pm.id, int64(pm.m.Ply), pm.m.UCI, pm.m.SAN, pm.m.FENAfter, ms(pm.m.At)
		statuses[i], results[i], reasons[i] = pm.status, pm.result, pm.reason
		if pm.clk != nil {
			clks[i], wms[i], bms[i], since[i] = true, pm.clk.WhiteMS, pm.clk.BlackMS, pm.clk.Since
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rows, err := d.mdb.QueryContext(ctx, sqlAppendMovesPG, ids, plies, ucis, sans, fens, ats,
		statuses, results, reasons, clks, wms, bms, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	stored := make(map[string]bool, n)
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		stored[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return stored, nil
}
