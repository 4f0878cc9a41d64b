package server

import (
	"container/list"
	"context"
	"sync"
)

// slotQueue bounds the AI searches running at once and hands free slots
// out in arrival order (FIFO): a room whose AI waits is served before the
// rooms that asked after it, so no room starves behind busier ones. A room
// has at most one AI goroutine waiting at a time, so FIFO over waiters is
// FIFO over rooms.
type slotQueue struct {
	mu      sync.Mutex
	free    int
	waiters list.List // of chan struct{}, closed when the slot is handed over
}

func newSlotQueue(n int) *slotQueue {
	return &slotQueue{free: max(1, n)}
}

// acquire waits for a slot, in arrival order, or for ctx. On an error
// (ctx's) the caller holds no slot.
func (q *slotQueue) acquire(ctx context.Context) error {
	q.mu.Lock()
	if q.free > 0 && q.waiters.Len() == 0 {
		q.free--
		q.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	e := q.waiters.PushBack(ch)
	q.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	select {
	case <-ch:
		// handed over while ctx ended: pass it on
		q.releaseLocked()
	default:
		q.waiters.Remove(e)
	}
	return ctx.Err()
}

// release gives the slot to the first waiter, or frees it.
func (q *slotQueue) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked()
}

func (q *slotQueue) releaseLocked() {
	if f := q.waiters.Front(); f != nil {
		q.waiters.Remove(f)
		close(f.Value.(chan struct{}))
		return
	}
	q.free++
}

// waiting returns the number of goroutines waiting for a slot.
func (q *slotQueue) waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.waiters.Len()
}
