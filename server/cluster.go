package server

import (
	"context"
	"encoding/json"
	"time"

	"houserules/store"
)

// This file runs one server among several on one PostgreSQL database
// (PROTOCOL.md "Running several instances"). Every store write notifies
// the other instances (store.Listen); a room loaded here that another
// instance changed catches up from the database (refresh). Events that
// are not stored — draw offers, rematch offers and the rematch itself,
// which seats are online — are published to the other instances. The AI
// thinks on one instance at a time (the lease), and every --lease period
// each instance loads the games nobody looks after (an AI to move with no
// live lease, a clock that may have run out), so the games of a crashed
// instance go on. With SQLite none of this runs.

// Published event kinds (store.Publish).
const (
	evDraw     = "draw"     // drawEvent
	evRematch  = "rematch"  // rematchEvent
	evPresence = "presence" // presenceEvent
	evWho      = "who"      // an instance loaded the room: the others send their presence
)

type drawEvent struct {
	Offer    string `json:"offer"`              // colour offering a draw, "" for none
	Ply      int    `json:"ply"`                // the game's ply when it was offered
	Declined string `json:"declined,omitempty"` // colour that declined the offer
}

type rematchEvent struct {
	Offer    string            `json:"offer"`              // colour offering a rematch
	ID       string            `json:"id,omitempty"`       // the new game, once agreed
	Tokens   map[string]string `json:"tokens,omitempty"`   // its seat tokens by colour (the seats of other instances need theirs)
	Declined string            `json:"declined,omitempty"` // colour that declined the offer
}

// presenceEvent: the seats with a client connected on one instance.
type presenceEvent struct {
	Seq   uint64 `json:"seq"` // later events of one instance have larger Seq
	White bool   `json:"white"`
	Black bool   `json:"black"`
}

// remotePresence is what a room knows of the other instances' clients.
type remotePresence map[string]presenceEvent

// online reports whether a client of seat is connected, here or (with
// several instances) on another instance.
func (r *room) online(seat string) bool {
	if r.localOnline(seat) {
		return true
	}
	for _, p := range r.remote {
		if (seat == "white" && p.White) || (seat == "black" && p.Black) {
			return true
		}
	}
	return false
}

// localOnline reports whether a client of seat is connected here.
func (r *room) localOnline(seat string) bool {
	for c := range r.clients {
		if c.seat == seat {
			return true
		}
	}
	return false
}

// clustered reports whether other instances may share the store.
func (h *hub) clustered() bool { return h.store.Clustered() }

// async runs f in a goroutine the hub waits for on Close.
func (h *hub) async(f func(ctx context.Context)) {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
		defer cancel()
		f(ctx)
	}()
}

// publish sends event kind of room r to the other instances (in the
// background: the room lock is held).
func (r *room) publish(kind string, data any) {
	if !r.hub.clustered() {
		return
	}
	r.hub.async(func(ctx context.Context) {
		if err := r.hub.store.Publish(ctx, r.id, kind, data); err != nil && ctx.Err() == nil {
			r.hub.log.Error("publish", "game", r.id, "kind", kind, "err", err)
		}
	})
}

func (r *room) publishDraw(declined string) {
	r.drawPly = len(r.moves)
	r.publish(evDraw, drawEvent{Offer: r.draw, Ply: r.drawPly, Declined: declined})
}

func (r *room) publishRematch(declined string) {
	r.publish(evRematch, rematchEvent{Offer: r.rm.offer, ID: r.rm.id, Tokens: r.rm.tokens, Declined: declined})
}

// publishPresence tells the other instances which seats have a client
// here, after a connect, a disconnect or a hello that changed them (a
// spectator coming or going changes nothing the others show).
func (r *room) publishPresence() {
	if !r.hub.clustered() {
		return
	}
	if [2]bool{r.localOnline("white"), r.localOnline("black")} == r.presPub {
		return
	}
	r.announcePresence()
}

// announcePresence publishes the seats that have a client here, changed
// or not (an instance that has just loaded the room asks: evWho).
func (r *room) announcePresence() {
	r.presSeq++
	r.presPub = [2]bool{r.localOnline("white"), r.localOnline("black")}
	r.publish(evPresence, presenceEvent{Seq: r.presSeq, White: r.presPub[0], Black: r.presPub[1]})
}

// listen receives the notifications until the server closes.
func (h *hub) listen() {
	defer h.wg.Done()
	h.store.Listen(h.ctx, h.notified)
}

func (h *hub) loadedIDs() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]string, 0, len(h.rooms))
	for id, e := range h.rooms {
		if e.loaded.Load() != nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// event applies an event another instance published (r.mu held).
func (r *room) event(n store.Notification) {
	switch n.Kind {
	case evDraw:
		var ev drawEvent
		if json.Unmarshal(n.Data, &ev) != nil || ev.Ply != len(r.moves) || !colorOrNone(ev.Offer) || !colorOrNone(ev.Declined) {
			return // bad, or for another position (a move went by)
		}
		r.draw, r.drawPly = ev.Offer, ev.Ply
		if ev.Declined != "" {
			r.sendSeat(otherColor(ev.Declined), map[string]any{"type": "draw_declined", "by": ev.Declined})
		}
		r.broadcast()
	case evRematch:
		var ev rematchEvent
		if json.Unmarshal(n.Data, &ev) != nil || r.rm.id != "" || !colorOrNone(ev.Offer) || !colorOrNone(ev.Declined) {
			return
		}
		r.rm = rematchState{offer: ev.Offer, id: ev.ID, tokens: ev.Tokens}
		if ev.Declined != "" {
			r.sendSeat(otherColor(ev.Declined), map[string]any{"type": "rematch_declined", "by": ev.Declined})
		}
		r.broadcast()
		if ev.ID != "" {
			for c := range r.clients {
				c.send(r.rematchMsg(c.seat))
			}
		}
	case evPresence:
		var ev presenceEvent
		if json.Unmarshal(n.Data, &ev) != nil || ev.Seq <= r.remote[n.Instance].Seq {
			return
		}
		if r.remote == nil {
			r.remote = remotePresence{}
		}
		was := [2]bool{r.online("white"), r.online("black")}
		r.remote[n.Instance] = ev
		if was != [2]bool{r.online("white"), r.online("black")} {
			r.presenceChanged()
		}
	case evWho:
		if len(r.clients) > 0 {
			r.announcePresence()
		}
	}
}

// colorOrNone reports whether c is "white", "black" or "" (an event's
// colour fields).
func colorOrNone(c string) bool { return c == "" || c == "white" || c == "black" }

// --- the AI lease ---

// takeLease reports whether this instance may think for the room's ply
// (always with SQLite). A failing database counts as a no: the pickup
// loop tries again.
func (h *hub) takeLease(ctx context.Context, id string, ply int) bool {
	if !h.clustered() {
		return true
	}
	ok, err := h.store.TakeLease(ctx, id, ply, h.lease)
	if err != nil {
		h.log.Error("cluster: AI lease", "game", id, "err", err)
		return false
	}
	return ok
}

// leaseAI takes the AI lease of the room's ply for AI run run (called
// without r.mu); without it the run ends here, leaving the room not "AI
// busy".
func (r *room) leaseAI(ctx context.Context, run uint64, ply int) bool {
	if r.hub.takeLease(ctx, r.id, ply) {
		return true
	}
	r.mu.Lock()
	if r.aiRun == run {
		r.aiBusy, r.ai = false, nil
	}
	r.mu.Unlock()
	return false
}

// renewLease renews the lease of game id every third of a lease period
// until the returned stop is called.
func (h *hub) renewLease(ctx context.Context, id string) (stop func()) {
	if !h.clustered() {
		return func() {}
	}
	done := make(chan struct{})
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		t := time.NewTicker(h.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				if _, err := h.store.RenewLease(ctx, id, h.lease); err != nil && ctx.Err() == nil {
					h.log.Error("cluster: renew the AI lease", "game", id, "err", err)
				}
			}
		}
	}()
	return func() { close(done) }
}

// releaseLease drops this instance's lease of game id (in the
// background).
func (h *hub) releaseLease(id string) {
	if !h.clustered() {
		return
	}
	h.async(func(ctx context.Context) {
		if err := h.store.ReleaseLease(ctx, id); err != nil && ctx.Err() == nil {
			h.log.Error("cluster: release the AI lease", "game", id, "err", err)
		}
	})
}

// dropDeadPresence forgets the clients of instances that stopped
// listening (killed, or cut off from the database): their seats show
// offline unless connected elsewhere. When an instance seen listening
// before is gone, every room loaded here reads what it may have missed:
// a write that instance committed and was killed before notifying
// (store.sendNote follows the commit).
func (h *hub) dropDeadPresence(ctx context.Context) {
	live, err := h.store.LiveInstances(ctx)
	if err != nil {
		if h.ctx.Err() == nil {
			h.log.Error("cluster: live instances", "err", err)
		}
		return
	}
	gone := false
	for inst := range h.live {
		gone = gone || !live[inst]
	}
	h.live = live
	if gone {
		h.notified(store.Notification{Kind: store.KindResync, Ply: -1})
	}
	if n := h.store.NotifyFailures(); n != h.notifyFailures {
		h.log.Error("cluster: notifications could not be sent (the other instances catch up later)", "failed tries", n-h.notifyFailures)
		h.notifyFailures = n
	}
	for _, id := range h.loadedIDs() {
		h.mu.Lock()
		e := h.rooms[id]
		h.mu.Unlock()
		if e == nil || e.loaded.Load() == nil {
			continue
		}
		r := e.loaded.Load()
		r.mu.Lock()
		dropped := false
		for inst := range r.remote {
			if !live[inst] {
				delete(r.remote, inst)
				dropped = true
			}
		}
		if dropped {
			r.presenceChanged()
		}
		r.unlock()
	}
}

// --- picking up the games nobody looks after ---

// pickup loads, every lease period, the active games no instance looks
// after (store.Orphans): an AI to move without a live lease, a running
// clock that may have run out. A room loaded here is refreshed and its AI
// started; another is loaded (which starts its AI and arms its flag).
func (h *hub) pickup() {
	defer h.wg.Done()
	t := time.NewTicker(h.lease)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(h.ctx, max(h.lease, 10*time.Second))
		h.dropDeadPresence(ctx)
		list, err := h.store.Orphans(ctx, h.lease, 100)
		if err != nil && h.ctx.Err() == nil {
			h.log.Error("cluster: orphan games", "err", err)
		}
		for _, o := range list {
			h.mu.Lock()
			_, loaded := h.rooms[o.ID]
			h.mu.Unlock()
			r, err := h.room(ctx, o.ID)
			if err != nil {
				h.log.Error("cluster: load an orphan game", "game", o.ID, "err", err)
				continue
			}
			if !loaded {
				h.log.Info("cluster: picked up a game", "game", o.ID, "ai", o.AI, "clock", o.Clock)
			}
			r.mu.Lock()
			if loaded && o.AI {
				// its AI may have lost the lease to an instance that died
				if err := r.refresh(ctx); err != nil {
					h.log.Error("cluster: refresh", "game", o.ID, "err", err)
				}
			}
			r.armFlag()
			r.scheduleAI()
			r.unlock()
		}
		cancel()
	}
}
