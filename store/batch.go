package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Group commit for SQLite. SQLite has one writer and, with
// synchronous=FULL, one fsync per commit: one transaction per move caps a
// server at a few hundred moves a second. Every SQLite write therefore
// goes through one writer goroutine (batcher) that runs whatever is
// queued in one transaction, each item inside its own SAVEPOINT (an item
// that fails is rolled back to its savepoint and fails alone), and
// commits once. Each caller returns only after the commit that holds its
// write, so a write acknowledged to a client is on disk (kill -9 safe) as
// before. Reads use a separate pool of read-only connections (WAL lets
// them run beside the writer). PostgreSQL keeps a transaction per call
// (DB.tx): it groups the WAL flushes of concurrent commits itself.

// The savepoint of each item of a group transaction.
const (
	sqlSavepoint  = "SAVEPOINT item"
	sqlRelease    = "RELEASE item"
	sqlRollbackTo = "ROLLBACK TO item"
)

// maxBatch is the most writes one transaction takes.
const maxBatch = 256

// readConns is the size of the read-only SQLite pool.
const readConns = 4

type batchItem struct {
	ctx  context.Context
	f    func(tx *sql.Tx) error
	done chan error
}

// batcher is the SQLite writer: one goroutine owns the write connection.
type batcher struct {
	db   *sql.DB
	d    *DB // its prepared statements (txExec)
	in   chan *batchItem
	quit chan struct{}
	done chan struct{} // closed when the loop has returned
	wg   sync.WaitGroup
	once sync.Once
}

var errClosed = errors.New("store: closed")

func newBatcher(db *sql.DB, d *DB) *batcher {
	b := &batcher{db: db, d: d, in: make(chan *batchItem, maxBatch), quit: make(chan struct{}), done: make(chan struct{})}
	b.wg.Add(1)
	go b.loop()
	return b
}

// do runs f in the next group transaction and returns its error, or the
// commit's, once the transaction holding f's writes is committed (or
// rolled back). Errors are wrapped as DB.tx wraps them.
func (b *batcher) do(ctx context.Context, f func(tx *sql.Tx) error) error {
	it := &batchItem{ctx: ctx, f: f, done: make(chan error, 1)}
	select {
	case b.in <- it:
	case <-b.quit:
		return errClosed
	case <-ctx.Done():
		return fmt.Errorf("store: %w", ctx.Err())
	}
	// once queued, the item is answered: wait for it even when ctx ends
	// meanwhile (it may already be committed), unless the store closed
	// before the loop took it
	select {
	case err := <-it.done:
		return err
	case <-b.done:
		select {
		case err := <-it.done:
			return err
		default:
			return errClosed
		}
	}
}

func (b *batcher) close() {
	b.once.Do(func() {
		close(b.quit)
		b.wg.Wait()
	})
}

func (b *batcher) loop() {
	defer b.wg.Done()
	defer close(b.done)
	items := make([]*batchItem, 0, maxBatch)
	for {
		select {
		case it := <-b.in:
			items = append(items[:0], it)
		case <-b.quit:
			for {
				select {
				case it := <-b.in:
					it.done <- errClosed
				default:
					return
				}
			}
		}
	drain:
		for len(items) < maxBatch {
			select {
			case it := <-b.in:
				items = append(items, it)
			default:
				break drain
			}
		}
		b.run(items)
	}
}

// run commits items in one transaction and answers each.
func (b *batcher) run(items []*batchItem) {
	errs := make([]error, len(items))
	answer := func() {
		for i, it := range items {
			it.done <- errs[i]
		}
	}
	ctx := context.Background()
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		for i := range errs {
			errs[i] = fmt.Errorf("store: begin: %w", err)
		}
		answer()
		return
	}
	ok := 0
	for i, it := range items {
		if err := it.ctx.Err(); err != nil {
			errs[i] = fmt.Errorf("store: %w", err)
			continue
		}
		if _, err := b.d.txExec(ctx, tx, sqlSavepoint); err != nil {
			errs[i] = fmt.Errorf("store: savepoint: %w", err)
			continue
		}
		if err := it.f(tx); err != nil {
			errs[i] = wrapTxError(err)
			if _, rerr := b.d.txExec(ctx, tx, sqlRollbackTo); rerr != nil {
				// the transaction cannot be trusted any more: fail them all
				tx.Rollback()
				for j := range errs {
					if errs[j] == nil {
						errs[j] = fmt.Errorf("store: rollback to savepoint: %w", rerr)
					}
				}
				answer()
				return
			}
		} else {
			ok++
		}
		if _, err := b.d.txExec(ctx, tx, sqlRelease); err != nil && errs[i] == nil {
			errs[i] = fmt.Errorf("store: release savepoint: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = fmt.Errorf("store: commit: %w", err)
			}
		}
	}
	answer()
}

// wrapTxError wraps a write's error as DB.tx does: ErrNotFound and
// ErrConflict as they are, anything else as a store error.
func wrapTxError(err error) error {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrConflict) {
		return err
	}
	return fmt.Errorf("store: %w", err)
}

// checkpointInterval is how often the WAL is copied back into the
// database file (SQLite file stores).
const checkpointInterval = time.Second

// checkpointer copies the WAL into the database file from its own
// connection (PRAGMA wal_checkpoint(PASSIVE): it waits for no reader and
// no writer), instead of SQLite's automatic checkpoint, which runs in the
// committing connection: the group commit would stall behind a
// checkpoint's writes and fsync every thousand pages.
type checkpointer struct {
	db   *sql.DB
	quit chan struct{}
	wg   sync.WaitGroup
}

// startCheckpoints turns the writer's automatic checkpoints off and
// checkpoints every checkpointInterval from a connection of its own.
func (d *DB) startCheckpoints(path string) error {
	if _, err := d.db.Exec("PRAGMA wal_autocheckpoint=0"); err != nil {
		return fmt.Errorf("store: SQLite file %s: wal_autocheckpoint: %w", path, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("store: open SQLite file %s for checkpoints: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	c := &checkpointer{db: db, quit: make(chan struct{})}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		t := time.NewTicker(checkpointInterval)
		defer t.Stop()
		for {
			select {
			case <-c.quit:
				return
			case <-t.C:
				db.Exec("PRAGMA wal_checkpoint(PASSIVE)") // an error: the next tick tries again
			}
		}
	}()
	d.ckpt = c
	return nil
}

func (c *checkpointer) stop() {
	close(c.quit)
	c.wg.Wait()
	c.db.Close()
}
