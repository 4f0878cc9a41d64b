package server

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"houserules/store"
)

// Messages leave a room in two steps. Under the room's lock, code only
// queues them (client.send, room.broadcast: the room's outbox); a state is
// built once per view (white, black, spectator) and every client of the
// view gets the same message. room.unlock then releases the lock and
// encodes (once per message) and hands the bytes to each client's queue,
// outside the lock, so 2,000 spectators do not hold up the room's next
// move. The send lock is taken before the room's is released: outboxes
// go out in the order of the changes that made them, and each client sees
// its messages in order.
//
// A client's queue is its channel (64) and, behind a full channel, a
// backlog: a seat keeps every message (up to maxSeatBacklog, then it is
// disconnected and reconnects for the whole state); a spectator's states
// are coalesced (a new state replaces those still waiting, as states are
// whole), other messages kept (up to maxWatchBacklog).

const (
	maxSeatBacklog  = 1024
	maxWatchBacklog = 64
	// presenceDelay: connects and disconnects within it make one presence
	// message (2,000 spectators arriving at once must not each cost a
	// message to everyone).
	presenceDelay = 100 * time.Millisecond
)

// encoded is one message, encoded at most once for all its clients.
type encoded struct {
	once sync.Once
	msg  any
	b    []byte

	tailOnce sync.Once // a state's partial form (tailBytes)
	tb       []byte
}

func (e *encoded) bytes() []byte {
	e.once.Do(func() {
		if st, ok := e.msg.(*gameState); ok {
			// not json.Marshal: it would check and compact the result again
			e.b, _ = st.MarshalJSON()
			return
		}
		e.b, _ = json.Marshal(e.msg)
	})
	return e.b
}

// outMsg is a message for one client in a room's outbox.
type outMsg struct {
	c        *client
	e        *encoded
	coalesce bool // a state to a spectator
	spec     bool // the client is a spectator (set by unlock)
	partial  bool // a broadcast state to a client of protocol 2: its partial form
}

// queued is one message in a client's backlog.
type queued struct {
	b     []byte
	state bool
}

// send queues msg for the client. Called with the room's lock held.
func (c *client) send(msg any) {
	if st, ok := msg.(*gameState); ok {
		c.masked = len(st.Hidden) > 0
	}
	c.r.outbox = append(c.r.outbox, outMsg{c: c, e: &encoded{msg: msg}})
}

// enqueue hands b to the writer (outside the room's lock).
func (c *client) enqueue(b []byte, coalesce, spectator bool) {
	c.enqueueState(b, coalesce, spectator, nil)
}

// enqueueState is enqueue for a state in its partial form b, whose
// whole form whole gives: when coalescing drops a state still waiting,
// the client gets the whole form instead (it misses the dropped state's
// moves). whole is nil for a whole state and other messages.
func (c *client) enqueueState(b []byte, coalesce, spectator bool, whole func() []byte) {
	if b == nil {
		return
	}
	c.mu.Lock()
	if len(c.backlog) == 0 {
		select {
		case c.out <- b:
			c.mu.Unlock()
			return
		default:
		}
	}
	if coalesce {
		n := len(c.backlog)
		c.backlog = slices.DeleteFunc(c.backlog, func(q queued) bool { return q.state })
		if len(c.backlog) < n && whole != nil {
			b = whole()
		}
	}
	c.backlog = append(c.backlog, queued{b: b, state: coalesce})
	limit := maxSeatBacklog
	if spectator {
		limit = maxWatchBacklog
	}
	over := len(c.backlog) > limit
	c.mu.Unlock()
	if over {
		c.kill() // it reconnects and gets the whole state
		return
	}
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// takeBacklog returns the messages waiting behind the channel, emptying
// the backlog. The writer calls it after draining the channel (whatever
// is in the channel is older than the backlog).
func (c *client) takeBacklog() []queued {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := c.backlog
	c.backlog = nil
	return q
}

// unlock releases the room's lock and sends what the critical section
// queued (see the top of this file).
func (r *room) unlock() {
	out := r.outbox
	r.outbox = nil
	if len(out) == 0 {
		r.mu.Unlock()
		return
	}
	for i := range out {
		out[i].spec = out[i].c.seat == ""
	}
	r.sendMu.Lock()
	r.mu.Unlock()
	// the seats first: their writers wake before 2,000 spectators' do
	// (each client's own messages keep their order)
	for pass := range 2 {
		for _, o := range out {
			switch {
			case o.spec != (pass == 1):
			case o.partial:
				o.c.enqueueState(o.e.tailBytes(), o.coalesce, o.spec, o.e.bytes)
			default:
				o.c.enqueue(o.e.bytes(), o.coalesce, o.spec)
			}
		}
	}
	r.sendMu.Unlock()
}

// broadcast queues the state for every client, built once per view; a
// client of protocol 2 gets its partial form (statetail.go), the moves
// from r.tailLow on. A view carries legal when one of its clients wants
// it (legalFor): a view whose clients all speak protocol 2 and cannot
// move goes without, and its legal moves are not built.
func (r *room) broadcast() {
	var views [3]*encoded
	var legal, premoves [3]bool
	for c := range r.clients {
		i := viewIndex(c.seat)
		legal[i] = legal[i] || r.legalFor(c)
		premoves[i] = premoves[i] || premovesFor(c)
	}
	since := min(r.tailLow, len(r.moves))
	for c := range r.clients {
		i := viewIndex(c.seat)
		if views[i] == nil {
			views[i] = &encoded{msg: r.stateView(c.seat, legal[i], premoves[i])}
		}
		st := views[i].msg.(*gameState)
		partial := c.proto >= 2 && !c.masked // what a masked state left it cannot be built on
		if partial {
			r.setTail(st, since)
		}
		c.masked = len(st.Hidden) > 0
		r.outbox = append(r.outbox, outMsg{c: c, e: views[i], coalesce: c.seat == "", partial: partial})
	}
	r.tailLow = len(r.moves)
	r.presenceSent = r.presenceNow()
}

// legalFor says whether the states sent to client c carry legal: always
// for protocol 1; with protocol 2 only when its seat can move now
// (canMove). r.mu held.
func (r *room) legalFor(c *client) bool {
	return c.proto < ProtocolPartial || r.canMove(c.seat)
}

// canMove says whether seat ("" = spectator) can move now: a human seat
// to move in an active game. r.mu held.
func (r *room) canMove(seat string) bool {
	return seat != "" && r.rec.Status == store.StatusActive && seat == r.sideToMove() && r.seat(seat).Kind == store.Human
}

// premovesFor says whether the states sent to client c carry premoves:
// only for protocol 1. A client of protocol 2 asks for them
// ({"type":"premoves"}, premovesMsg) when its player starts a premove,
// so a move of a game whose clients all speak protocol 2 builds none.
func premovesFor(c *client) bool { return c.proto < ProtocolPartial }

// stateTo builds the state of client c's view for c alone (its first
// state, sync, a hello that changes nothing): with legal and premoves
// when c wants them (legalFor, premovesFor). r.mu held.
func (r *room) stateTo(c *client) *gameState {
	return r.stateView(c.seat, r.legalFor(c), premovesFor(c))
}

func viewIndex(seat string) int {
	switch seat {
	case "white":
		return 0
	case "black":
		return 1
	}
	return 2
}

// sendAll queues msg for every client (encoded once).
func (r *room) sendAll(msg any) {
	e := &encoded{msg: msg}
	for c := range r.clients {
		r.outbox = append(r.outbox, outMsg{c: c, e: e})
	}
}

func (r *room) sendSeat(seat string, msg any) {
	e := &encoded{msg: msg}
	for c := range r.clients {
		if c.seat == seat {
			r.outbox = append(r.outbox, outMsg{c: c, e: e})
		}
	}
}

// presence is who is connected: the seats' online flags and the number
// of spectators (the state's seats.*.online and watchers).
type presence struct {
	White, Black bool
	Watchers     int
}

func (r *room) presenceNow() presence {
	p := presence{White: r.online("white"), Black: r.online("black")}
	for c := range r.clients {
		if c.seat == "" {
			p.Watchers++
		}
	}
	if r.seat("white").Kind != "human" {
		p.White = true
	}
	if r.seat("black").Kind != "human" {
		p.Black = true
	}
	return p
}

// presenceChanged is called when a client connects or disconnects: within
// presenceDelay, every client gets one presence message (when the
// presence differs from the last one sent, in a state or a presence).
func (r *room) presenceChanged() {
	if r.presenceTimer != nil {
		return
	}
	r.presenceTimer = time.AfterFunc(presenceDelay, func() {
		r.mu.Lock()
		defer r.unlock()
		r.presenceTimer = nil
		p := r.presenceNow()
		if p == r.presenceSent {
			return
		}
		r.presenceSent = p
		r.sendAll(map[string]any{"type": "presence", "watchers": p.Watchers,
			"online": map[string]bool{"white": p.White, "black": p.Black}})
	})
}

// idle drops what a room keeps only to answer its clients quickly (the
// premove game, the legal moves): called when its last client leaves, so
// that an idle room holds little memory. They are built again when asked.
func (r *room) idle() {
	r.pm, r.legal, r.pmc, r.chk = nil, nil, nil, nil
}

// pingEvery is how often a connection that sent nothing is pinged (a
// WebSocket ping; the writer waits for its pong): ±pingJitter at random,
// so that the connections opened in one burst are not all pinged in the
// same second ever after. (Variables for the tests.)
var (
	pingEvery  = 30 * time.Second
	pingJitter = 5 * time.Second
)

func nextPing() time.Duration {
	return pingEvery - pingJitter + rand.N(2*pingJitter)
}

// writer writes the client's messages to conn until ctx ends or a write
// fails, pinging when the client sent nothing for about 30 s (nextPing):
// a client whose messages arrive shows that its connection is alive, and
// a ping would hold up its answers until the pong came back.
func (c *client) writer(ctx context.Context, write func(ctx context.Context, b []byte) error, ping func(ctx context.Context) error,
	closeReq <-chan closeMsg, closeConn func(closeMsg)) {
	t := time.NewTimer(nextPing())
	defer t.Stop()
	do := func(b []byte) bool { return write(ctx, b) == nil } // (write bounds its own time: writeTimeout)
	for {
		select {
		case <-ctx.Done():
			return
		case cm := <-closeReq:
			// what was queued before the close goes first, for at most 2 s
			dctx, cancel := context.WithTimeout(ctx, 2*time.Second)
			send := func(b []byte) bool { return write(dctx, b) == nil }
		drain:
			for {
				select {
				case b := <-c.out:
					if !send(b) {
						break drain
					}
				default:
					for _, q := range c.takeBacklog() {
						if !send(q.b) {
							break
						}
					}
					break drain
				}
			}
			cancel()
			closeConn(cm)
			return
		case b := <-c.out:
			if !do(b) {
				return
			}
		case <-c.wake:
			for drained := false; !drained; {
				select {
				case b := <-c.out:
					if !do(b) {
						return
					}
				default:
					drained = true
				}
			}
			for _, q := range c.takeBacklog() {
				if !do(q.b) {
					return
				}
			}
		case <-t.C:
			t.Reset(nextPing())
			if time.Since(time.Unix(0, c.lastRead.Load())) < pingEvery-pingJitter {
				continue
			}
			pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := ping(pctx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}
