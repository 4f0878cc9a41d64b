package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// The notifier sends this instance's notifications (PostgreSQL only) after
// the writes they tell of are committed, several in one statement. Why not
// inside the write's transaction: PostgreSQL commits the transactions that
// NOTIFY one at a time (a database-wide lock held from before the commit
// to its end), each waiting for its own WAL flush, so moves that notified
// in their transactions could not share a flush, and one slow commit held
// up every other instance's. A transaction that only NOTIFYs writes no WAL
// and commits without waiting for a flush. One goroutine sends what the
// writers queued, in the order they queued it, up to noteBatch at a time
// in one statement. A move's writer does not wait for its notification
// (its ack does not wait for a second round trip, and the moves queued
// meanwhile leave together); the other writes and Publish wait until
// theirs is sent, so every notification queued before it has left too.

// noteBatch is the most notifications one statement sends.
const noteBatch = 256

// notePace is the least time between two of the notifier's statements:
// what is queued meanwhile leaves together. Each statement is a
// transaction that wakes every listening instance's connection, which
// starts a transaction of its own to read it: at a few hundred moves a
// second, one statement per notification was most of PostgreSQL's work.
// A notification waits at most this long more.
const notePace = 2 * time.Millisecond

// noteReq is one notification queued: its payload and where the sender
// learns it left (nil: sent, or the error).
type noteReq struct {
	payload string
	done    chan error
}

// startNotifier starts the goroutine that sends the notifications.
func (d *DB) startNotifier() {
	d.notes = make(chan noteReq, 4*noteBatch)
	d.notesStop = make(chan struct{})
	d.notesDone = make(chan struct{})
	go d.notifier()
}

// stopNotifier sends what is queued and stops the goroutine.
func (d *DB) stopNotifier() {
	if d.notes == nil {
		return
	}
	close(d.notesStop)
	<-d.notesDone
}

func (d *DB) notifier() {
	defer close(d.notesDone)
	batch := make([]noteReq, 0, noteBatch)
	payloads := make([]string, 0, noteBatch)
	var sent time.Time
	for {
		var first noteReq
		select {
		case first = <-d.notes:
		case <-d.notesStop:
			select { // the last ones queued
			case first = <-d.notes:
			default:
				return
			}
		}
		if wait := notePace - time.Since(sent); wait > 0 {
			time.Sleep(wait)
		}
		sent = time.Now()
		batch, payloads = append(batch[:0], first), append(payloads[:0], first.payload)
	more:
		for len(batch) < noteBatch {
			select {
			case r := <-d.notes:
				batch, payloads = append(batch, r), append(payloads, r.payload)
			default:
				break more
			}
		}
		var err error
		for try := 0; try < 3; try++ {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_, err = d.db.ExecContext(ctx, `SELECT pg_notify('`+Channel+`', p) FROM unnest($1::text[]) AS t(p)`, payloads)
			cancel()
			if err == nil {
				break
			}
			d.notifyFailed.Add(1)
		}
		for _, r := range batch {
			r.done <- err
		}
	}
}

// sendNote sends notification n (its Instance set to this one) of a write
// already committed, returning once it left (PostgreSQL; a no-op for
// SQLite). Errors: the payload is over 7999 bytes, the database refused
// it three times, ctx ended, or the store is closed.
func (d *DB) sendNote(ctx context.Context, n Notification) error {
	if !d.postgres {
		return nil
	}
	p, err := d.payload(n)
	if err != nil {
		return err
	}
	return d.sendPayload(ctx, p, true)
}

// sendPayload queues payload p and, when wait, returns once it is sent.
func (d *DB) sendPayload(ctx context.Context, p string, wait bool) error {
	r := noteReq{payload: p, done: make(chan error, 1)}
	select {
	case d.notes <- r:
	case <-d.notesDone:
		return fmt.Errorf("store: notify: the store is closed")
	case <-ctx.Done():
		return ctx.Err()
	}
	if !wait {
		return nil
	}
	select {
	case err := <-r.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// txNotify runs f in a transaction (tx) and, once it is committed, sends
// n. A notification that could not be sent does not undo the write: it is
// counted (NotifyFailures), and the other instances catch up when their
// listener reconnects (KindResync), when they see this instance gone, or
// at the game's next change.
func (d *DB) txNotify(ctx context.Context, n Notification, f func(tx *sql.Tx) error) error {
	if err := d.tx(ctx, f); err != nil {
		return err
	}
	d.sendNote(ctx, n)
	return nil
}

// NotifyFailures returns how many times sending notifications failed
// since Open (each try of a batch counts once).
func (d *DB) NotifyFailures() int64 { return d.notifyFailed.Load() }
