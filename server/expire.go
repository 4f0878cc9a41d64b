package server

import (
	"context"
	"time"
)

// DefaultExpireEmpty is how long a game with no move that nobody finished
// (waiting for the second player, or active at ply 0) is kept after its
// last update (creation, join) before the sweep deletes it (Config.ExpireEmpty;
// houserules serve --expire-empty; PROTOCOL.md "Limits").
const DefaultExpireEmpty = 24 * time.Hour

// emptyAndIdle reports whether room r is a game the expiry may delete: no
// move, not over, last updated before cut. Called with r.mu held.
func (r *room) emptyAndIdle(cut time.Time) bool {
	return len(r.moves) == 0 && !r.over() && r.rec.UpdatedAt.Before(cut)
}

// expire deletes the games abandoned empty since before
// (store.DB.DeleteExpired) and drops their rooms from memory. A room with
// a client connected or the AI thinking is kept (and so is its game).
// It returns how many games were deleted.
func (h *hub) expire(ctx context.Context, before time.Time) (int, error) {
	var keep []string
	for id, e := range h.entries() {
		r := e.r
		if r == nil {
			// being loaded: a request wants it
			keep = append(keep, id)
			continue
		}
		r.mu.Lock()
		if r.emptyAndIdle(before) && (len(r.clients) > 0 || r.aiBusy) {
			keep = append(keep, id)
		}
		r.mu.Unlock()
	}
	n, err := h.store.DeleteExpired(ctx, before, keep...)
	if n == 0 {
		return n, err
	}
	kept := map[string]bool{}
	for _, id := range keep {
		kept[id] = true
	}
	for id, e := range h.entries() {
		r := e.r
		if r == nil || kept[id] {
			continue
		}
		r.mu.Lock()
		if r.emptyAndIdle(before) {
			r.cancelAI()
			if r.flag != nil {
				r.flag.Stop()
			}
			h.drop(id, e) // its game is gone: a request now answers not_found
		}
		r.mu.Unlock()
	}
	return n, err
}

// touchWatched marks the games of this instance's rooms that a sweep
// could delete (empty, unfinished, not updated since cut) but that have a
// client connected or the AI thinking as updated now (store.TouchEmpty):
// expire keeps them here, and this keeps them from another instance's
// sweep too, which does not know them. The expirer calls it with cut half
// the expiry age ago, so a watched game is touched long before any
// instance's cutoff. It returns how many games it touched.
func (h *hub) touchWatched(ctx context.Context, cut time.Time) (int, error) {
	var ids []string
	var rooms []*room
	for id, e := range h.entries() {
		r := e.r
		if r == nil {
			continue
		}
		r.mu.Lock()
		if r.emptyAndIdle(cut) && (len(r.clients) > 0 || r.aiBusy) {
			ids, rooms = append(ids, id), append(rooms, r)
		}
		r.mu.Unlock()
	}
	now := time.Now()
	n, err := h.store.TouchEmpty(ctx, now, ids...)
	if err != nil {
		return 0, err
	}
	for _, r := range rooms {
		r.mu.Lock()
		if len(r.moves) == 0 && r.rec.UpdatedAt.Before(now) {
			r.rec.UpdatedAt = now
		}
		r.mu.Unlock()
	}
	return n, nil
}

// entries returns a copy of the room cache. A room's lock is never taken
// under h.mu: a room holding its lock asks the hub for its rematch, so the
// order is r.mu, then h.mu.
func (h *hub) entries() map[string]*roomEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[string]*roomEntry, len(h.rooms))
	for id, e := range h.rooms {
		out[id] = e
	}
	return out
}

// drop removes entry e of game id from the cache (unless replaced since).
func (h *hub) drop(id string, e *roomEntry) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rooms[id] == e {
		delete(h.rooms, id)
	}
}

// expirer runs expire every period (the games not updated for age) until
// the server closes; age <= 0 turns it off.
func (h *hub) expirer(age, period time.Duration) {
	if age <= 0 {
		return
	}
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(h.ctx, time.Minute)
			if _, err := h.touchWatched(ctx, time.Now().Add(-age/2)); err != nil {
				h.log.Error("expire: touch watched empty games", "err", err)
			}
			n, err := h.expire(ctx, time.Now().Add(-age))
			cancel()
			if err != nil {
				h.log.Error("expire empty games", "err", err)
			} else if n > 0 {
				h.log.Info("expired empty games", "deleted", n, "age", age.String())
			}
		}
	}
}
