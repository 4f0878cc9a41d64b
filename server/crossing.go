package server

import (
	"context"
	"fmt"
	"time"

	"houserules/store"
)

// This file is how a room follows the changes other instances make
// (cluster.go, PROTOCOL.md "Running several instances"). Every
// notification of a loaded game goes to its room's inbox; one goroutine
// per room at a time applies the inbox in the order PostgreSQL delivered
// it, under the room lock. A notification carries the change itself
// (store.Notification): a move is played through the engine when the room
// is at the ply before it, a result, clock or seat is taken over, without
// reading the database. Only when the room cannot apply it (it is not at
// that ply: a takeback, the listener reconnected, a write this instance
// lost) does it read the game: the moves since the ply it knows
// (store.GameSince, one query), or the whole game when a takeback it did
// not see happened (store.GetGame). Notifications that arrive while the
// room is loading wait in the inbox and are applied once it is loaded.

// maxInbox bounds a room's inbox: past it, the notifications queued are
// replaced by one that makes the room read the game.
const maxInbox = 1024

// notified handles one notification (in Listen's goroutine, which must
// not wait: it queues the notification for the game's room).
func (h *hub) notified(n store.Notification) {
	if n.Kind == store.KindResync {
		ids := h.loadedIDs()
		h.log.Info("cluster: refreshing the rooms loaded (listening again, or an instance is gone)", "rooms", len(ids))
		for _, id := range ids {
			h.mu.Lock()
			e := h.rooms[id]
			h.mu.Unlock()
			if e != nil {
				h.enqueue(e, n)
			}
		}
		return
	}
	if n.Instance == h.store.Instance() || n.Game == "" {
		return // our own write, or not a game's
	}
	h.mu.Lock()
	e, ok := h.rooms[n.Game]
	h.mu.Unlock()
	if !ok {
		return // not loaded here: it is read from the store when it is
	}
	h.enqueue(e, n)
}

// enqueue adds n to the inbox of room entry e and starts its drain when
// the room is loaded and nobody drains it.
func (h *hub) enqueue(e *roomEntry, n store.Notification) {
	e.inMu.Lock()
	if len(e.inbox) >= maxInbox {
		e.inbox = append(e.inbox[:0], store.Notification{Kind: store.KindResync, Ply: -1})
	} else {
		e.inbox = append(e.inbox, n)
	}
	e.inMu.Unlock()
	h.kick(e)
}

// kick starts the goroutine that drains e's inbox when the room is
// loaded, the inbox not empty and no drain runs (the loader calls it once
// the room is loaded).
func (h *hub) kick(e *roomEntry) {
	e.inMu.Lock()
	start := !e.draining && len(e.inbox) > 0 && e.loaded.Load() != nil
	if start {
		e.draining = true
	}
	e.inMu.Unlock()
	if start {
		h.wg.Add(1)
		go h.drain(e)
	}
}

// drain applies e's inbox in order, under the room lock, until it is
// empty.
func (h *hub) drain(e *roomEntry) {
	defer h.wg.Done()
	r := e.loaded.Load()
	for {
		e.inMu.Lock()
		batch := e.inbox
		e.inbox = nil
		if len(batch) == 0 || h.ctx.Err() != nil {
			e.draining = false
			e.inMu.Unlock()
			return
		}
		e.inMu.Unlock()
		ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
		pre := r.prefetch(ctx, batch)
		r.mu.Lock()
		r.pre = pre
		for _, n := range batch {
			r.apply(ctx, n)
		}
		r.pre = nil
		r.unlock()
		cancel()
	}
}

// prefetched is a read of the game made outside the room lock (prefetch)
// for refresh: valid while the room is still at ply from with the
// takeback count known.
type prefetched struct {
	from, known int
	rec         *store.Game
	full        bool // rec is the whole game (GetGame), else the moves from ply from (GameSince)
}

// prefetch reads, without holding the room lock, what refresh would read
// when a notification of batch cannot be applied from its content (a
// takeback, a resync, a move past the room's next ply); nil when none
// needs a read or the read failed (refresh reads under the lock then).
func (r *room) prefetch(ctx context.Context, batch []store.Notification) *prefetched {
	r.mu.Lock()
	have, known := len(r.moves), r.rec.Takebacks
	r.mu.Unlock() // (nothing queued)
	need := false
	for _, n := range batch {
		switch n.Kind {
		case store.KindTakeback, store.KindResync:
			need = true
		case store.KindMove:
			need = need || n.Ply > have+1
		}
	}
	if !need {
		return nil
	}
	rec, err := r.hub.store.GameSince(ctx, r.id, have)
	if err != nil {
		return nil
	}
	if rec.Takebacks == known && (len(rec.Moves) == 0 || rec.Moves[0].Ply == have) {
		return &prefetched{from: have, known: known, rec: rec}
	}
	if rec, err = r.hub.store.GetGame(ctx, r.id); err != nil {
		return nil
	}
	return &prefetched{from: have, known: known, rec: rec, full: true}
}

// apply applies notification n of another instance (r.mu held): a store
// change from its content when the room can (applyNote), by reading the
// game otherwise (refresh); an event (draw, rematch, presence) with
// r.event.
func (r *room) apply(ctx context.Context, n store.Notification) {
	switch n.Kind {
	case store.KindMove, store.KindTakeback, store.KindFinish, store.KindClock, store.KindSeat, store.KindResync:
		if r.applyNote(n) {
			return
		}
		if err := r.refresh(ctx); err != nil && ctx.Err() == nil {
			r.hub.log.Error("cluster: refresh", "game", r.id, "err", err)
		}
	default:
		r.event(n)
	}
}

// applyNote applies the store change n carries without reading the
// database (r.mu held) and reports whether it could: a move when the room
// is at ply n.Ply-1 (or already has it), a result when the room's game is
// not over, a clock, a seat. Anything else (a takeback, a resync, a note
// without its content) is false: the caller reads the game.
func (r *room) applyNote(n store.Notification) bool {
	rec := *r.rec // what the room will be
	if n.At != 0 {
		rec.UpdatedAt = time.UnixMilli(n.At).UTC()
	}
	if n.Clock != nil {
		rec.Clock.WhiteMS, rec.Clock.BlackMS, rec.Clock.Since = n.Clock.WhiteMS, n.Clock.BlackMS, n.Clock.Since
	}
	end := func() bool {
		if n.End == nil {
			return true
		}
		if !validResult(n.End.Result) {
			return false
		}
		rec.Status, rec.Result, rec.Reason = store.StatusOver, n.End.Result, n.End.Reason
		return true
	}
	switch n.Kind {
	case store.KindMove:
		have := len(r.moves)
		switch {
		case n.UCI == "" || n.Ply < 1:
			return false
		case n.Ply <= have:
			return r.moves[n.Ply-1].UCI == n.UCI // known (this room read it meanwhile)
		case n.Ply > have+1 || r.over() || !end():
			return false
		}
		return r.catchUp(&rec, have, []store.Move{{Ply: have, UCI: n.UCI, SAN: n.SAN}}) == nil
	case store.KindFinish:
		if n.End == nil || r.over() || !end() {
			return false
		}
	case store.KindClock:
		if n.Clock == nil {
			return false
		}
	case store.KindSeat:
		if n.Hash == "" || (n.Seat != "white" && n.Seat != "black") {
			return false
		}
		if n.Seat == "white" {
			rec.White.TokenHash = n.Hash
		} else {
			rec.Black.TokenHash = n.Hash
		}
		if rec.Status == store.StatusWaiting {
			rec.Status = store.StatusActive
		}
	default:
		return false
	}
	return r.catchUp(&rec, len(r.moves), nil) == nil
}

// validResult reports whether s is a game result a store note may carry.
func validResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// refresh makes the room what the store says (r.mu held): the moves since
// the room's ply in one query (store.GameSince), or the whole game when a
// takeback the room did not see happened, then catchUp. A read prefetch
// made before the lock is used instead when the room is still where it
// was then.
func (r *room) refresh(ctx context.Context) error {
	from := len(r.moves)
	var rec *store.Game
	full := false
	if p := r.pre; p != nil && p.from == from && p.known == r.rec.Takebacks {
		rec, full = p.rec, p.full // read before the lock (prefetch): used once
		r.pre = nil
	} else {
		var err error
		if rec, err = r.hub.store.GameSince(ctx, r.id, from); err != nil {
			return err
		}
	}
	if !full && rec.Takebacks == r.rec.Takebacks && (len(rec.Moves) == 0 || rec.Moves[0].Ply == from) {
		return r.catchUp(rec, from, rec.Moves)
	}
	if !full {
		var err error
		if rec, err = r.hub.store.GetGame(ctx, r.id); err != nil {
			return err
		}
	}
	k := 0
	for k < len(r.moves) && k < len(rec.Moves) && r.moves[k].UCI == rec.Moves[k].UCI {
		k++
	}
	return r.catchUp(rec, k, rec.Moves[k:])
}

// catchUp makes the room rec (r.mu held): the moves after ply k are taken
// back, add (the stored plies k, k+1, …) played through the engine, and
// the status, result, clock, seat tokens, invite and takeback count taken
// from rec. When anything changed the room's generation moves on, the
// flag timer is re-armed, the AI is stopped or started as the new
// position needs, and every client gets the state (and game_over when the
// game just ended). It returns an error, leaving the room unchanged, when
// the first move of add is not legal here; a later one that is not stops
// the replay there (the error says which).
func (r *room) catchUp(rec *store.Game, k int, add []store.Move) error {
	undone := k < len(r.moves)
	movesChanged := undone || len(add) > 0
	if undone {
		// moves taken back: the premove game is only brought forward
		// (premoveGame), the encoded move list only grows (movesJSON)
		r.pm, r.movesEnc, r.movesEncN = nil, nil, 0
		r.gen++ // the game changed: the ply may come back to a cached list's with other moves (legalNow, parseMove)
	}
	for len(r.moves) > k {
		r.game.Undo()
		r.moves = r.moves[:len(r.moves)-1]
	}
	r.movesTaken(len(r.moves))
	var perr error
	for i, sm := range add {
		m, san, err := r.parseMove(sm.UCI)
		if err != nil {
			perr = fmt.Errorf("stored ply %d (%s): %v", sm.Ply, sm.UCI, err)
			if i == 0 && !undone {
				return perr // nothing changed yet
			}
			break
		}
		if san == "" {
			// the SAN the instance that played it worked out and stored
			// (in its notification, or read from the database): not
			// again here (a SAN costs the legal moves and a check test)
			san = sm.SAN
		}
		r.moves = append(r.moves, r.doSAN(m, san))
	}
	old := *r.rec
	wasOver := r.over()
	r.rec.Status, r.rec.Result, r.rec.Reason = rec.Status, rec.Result, rec.Reason
	r.rec.Clock.WhiteMS, r.rec.Clock.BlackMS, r.rec.Clock.Since = rec.Clock.WhiteMS, rec.Clock.BlackMS, rec.Clock.Since
	r.rec.White.TokenHash, r.rec.Black.TokenHash = rec.White.TokenHash, rec.Black.TokenHash
	r.rec.Invite, r.rec.UpdatedAt, r.rec.Takebacks = rec.Invite, rec.UpdatedAt, rec.Takebacks
	if !movesChanged && old.Status == r.rec.Status && old.Result == r.rec.Result && old.Reason == r.rec.Reason &&
		old.Clock == r.rec.Clock && old.White == r.rec.White && old.Black == r.rec.Black && old.Invite == r.rec.Invite {
		return perr
	}
	if movesChanged {
		r.gen++
	} else {
		r.changedNotMoves()
	}
	if movesChanged && r.drawPly != len(r.moves) {
		r.draw = ""
	}
	r.armFlag()
	if movesChanged || r.over() {
		r.cancelAI()
	}
	r.scheduleAI()
	r.broadcast()
	if r.over() && !wasOver {
		r.sendAll(map[string]any{"type": "game_over", "result": r.rec.Result, "reason": r.rec.Reason})
	}
	return perr
}
