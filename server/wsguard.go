package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// The refusals of a WebSocket connection (PROTOCOL.md "Limits") are meant
// to cost the server as little as the attack that provokes them: they are
// checked in order of cost before the upgrade (the client's connect rate
// and its connection count: a map look-up each; the game's connection
// count: an atomic read, no room lock), and answered with a body encoded
// once (refusals). A connection closed for a flood or an oversized message
// is not read any further (stopConn).

// refusal is an HTTP error answer encoded once. A refused WebSocket
// client's TCP connection is closed after the answer (Connection: close):
// kept alive, a connection flood would pile up idle connections.
type refusal struct {
	status int
	body   []byte
}

func newRefusal(e *apiError) refusal {
	b, _ := json.Marshal(map[string]any{"error": e})
	return refusal{status: e.Status, body: append(b, '\n')}
}

func (f refusal) write(w http.ResponseWriter) {
	h := w.Header()
	h["Content-Type"] = []string{"application/json; charset=utf-8"}
	h["Cache-Control"] = []string{"no-store"}
	h["Connection"] = []string{"close"} // nothing more for a refused client
	w.WriteHeader(f.status)
	w.Write(f.body)
}

// wsRefusals are the pre-upgrade refusals of a server's configuration.
type wsRefusals struct {
	clientConns, roomConns refusal
}

func (s *Server) newWSRefusals() wsRefusals {
	return wsRefusals{
		clientConns: newRefusal(errf(http.StatusTooManyRequests, CodeTooManyConns, fmt.Sprintf("this client has %d WebSocket connections open, the limit", s.cfg.ClientConns))),
		roomConns:   newRefusal(errf(http.StatusTooManyRequests, CodeTooManyConns, fmt.Sprintf("this game has %d connections (players and spectators), the limit", s.cfg.RoomConns))),
	}
}

// allowConnect applies the WebSocket connect rate (Config.ConnectsPerMinute)
// to client ip: over it, the answer is HTTP 429 rate_limited with
// Retry-After (whole seconds, rounded up), before the game is looked up;
// so is a client banned for a flood (floodBan).
func (s *Server) allowConnect(w http.ResponseWriter, ip string) bool {
	if s.cfg.ConnectsPerMinute < 0 {
		return true
	}
	ok, wait, banned := s.connects.allowOrBanned(ip)
	if ok {
		return true
	}
	w.Header().Set("Connection", "close") // nothing more for a refused client
	why := fmt.Sprintf("too many WebSocket connections opened: at most %d a minute from one client", s.cfg.ConnectsPerMinute)
	if banned {
		why = fmt.Sprintf("a connection of this client was closed for a flood or an oversized message: no new one for %v", floodBan)
	}
	refuseRateLimited(w, wait, why)
	return false
}

// floodBan: a client whose connection was closed for a flood (1008) or an
// oversized message (1009) opens no WebSocket for this long (rate_limited,
// Retry-After), when the connect rate is limited: a flood that redials
// from the same address is refused before the upgrade.
const floodBan = 10 * time.Second

// banFlooder applies floodBan to client ip.
func (s *Server) banFlooder(ip string) {
	if s.cfg.ConnectsPerMinute >= 0 {
		s.connects.ban(ip, floodBan)
	}
}

// stopConn is the network connection under a WebSocket. Once stopped
// (a connection closed for a flood or an oversized message, its close
// frame written), its first Read ends our side of the stream (TCP FIN,
// after the frames already sent), discards what the client still sends
// in bulk until it closes or for at most stopDrain, and returns
// net.ErrClosed: the library's close handshake would otherwise read the
// flood byte by byte for up to 5 s. Discarding rather than closing at once
// keeps the close frame and the answers before it: a socket closed with
// unread data resets the connection, and the client may lose them.
type stopConn struct {
	net.Conn
	stopped atomic.Bool
	once    sync.Once

	wmu      sync.Mutex
	corked   bool
	pending  []byte    // frames held back by cork
	deadline time.Time // the write deadline set on Conn (armDeadline)
}

// armDeadline makes the connection's write deadline at least half of
// corkFlushTimeout away (wmu held): a write that blocks (a client that
// reads nothing) fails within corkFlushTimeout. The deadline is moved only
// when less than half of it is left, not set and cleared around every
// write (two timer changes a message, 1% of a server's CPU at
// saturation); a deadline passed while nothing was written is moved
// before the next write.
func (c *stopConn) armDeadline() {
	now := time.Now()
	if c.deadline.Sub(now) < corkFlushTimeout/2 {
		c.deadline = now.Add(corkFlushTimeout)
		c.Conn.SetWriteDeadline(c.deadline)
	}
}

// maxCorked bounds the bytes a corked stopConn holds back.
const maxCorked = 64 << 10

// cork holds the frames written back, while on, to send them with the
// next write made with it off (or once maxCorked bytes wait): the writer
// of a client corks while it writes a message, and until the last of the
// messages queued together, so that they leave in one system call, not
// one each (a flooding client's answers; a burst of states) and a message
// longer than the library's 4 KB buffer not in several. Turning it off
// sends what waits; the writer does after its last queued message and
// before anything but a queued message (a ping, the close).
func (c *stopConn) cork(on bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.corked = on
	if on || len(c.pending) == 0 {
		return nil
	}
	// outside the library's Write (whose context would close a stuck
	// connection): a client that reads nothing fails the write at the
	// deadline instead of holding the writer
	c.armDeadline()
	return c.flushLocked(nil)
}

// corkFlushTimeout bounds the write of what a cork held back (the
// writer's per-message timeout; a variable for the tests).
var corkFlushTimeout = writeTimeout

// writeTimeout bounds each write of a message to a client's connection:
// a client that reads nothing fails it instead of holding its writer.
const writeTimeout = 10 * time.Second

// flushLocked writes the pending frames and p in one call (wmu held),
// and gives the buffer back to corkBufs.
func (c *stopConn) flushLocked(p []byte) error {
	c.pending = append(c.pending, p...)
	_, err := c.Conn.Write(c.pending)
	if cap(c.pending) <= maxCorked*2 {
		b := c.pending[:0]
		corkBufs.Put(&b)
	}
	c.pending = nil
	return err
}

// corkBufs holds the buffers of corked frames between writes: a
// connection holds one only while it writes (2,000 spectators' connections
// each keeping its last message's buffer were 40 MB).
var corkBufs = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}

func (c *stopConn) Write(p []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.corked && len(c.pending)+len(p) <= maxCorked {
		if c.pending == nil {
			c.pending = *corkBufs.Get().(*[]byte)
		}
		c.pending = append(c.pending, p...)
		return len(p), nil
	}
	// (a frame longer than maxCorked, or a write while not corked: a
	// ping, a close)
	c.armDeadline()
	if len(c.pending) == 0 {
		return c.Conn.Write(p)
	}
	if err := c.flushLocked(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// stopDrain bounds the time a stopped connection is drained.
const stopDrain = time.Second

var drainBufs = sync.Pool{New: func() any { return new([16 << 10]byte) }}

func (c *stopConn) Read(p []byte) (int, error) {
	if !c.stopped.Load() {
		return c.Conn.Read(p)
	}
	c.once.Do(func() {
		if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		c.Conn.SetReadDeadline(time.Now().Add(stopDrain))
		buf := drainBufs.Get().(*[16 << 10]byte)
		for {
			if _, err := c.Conn.Read(buf[:]); err != nil {
				break
			}
		}
		drainBufs.Put(buf)
	})
	return 0, net.ErrClosed
}

// hijackWriter hands the WebSocket library a stopConn when it hijacks the
// connection.
type hijackWriter struct {
	http.ResponseWriter
	conn *stopConn
}

func (w *hijackWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// the library reads what the server had buffered, then this conn
	// (websocket.Accept), and writes to brw.Writer: empty after the
	// hijack (net/http flushes the 101 and resets it), now over this conn
	w.conn = &stopConn{Conn: nc}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}

// reserveConn counts one more connection of the room unless it has limit
// already (limit < 0: no limit); the caller releases it (nconns.Add(-1))
// when the connection ends. Exact under concurrent connects: a slot is
// taken before the upgrade, never after.
func (r *room) reserveConn(limit int) bool {
	n := r.nconns.Add(1)
	if limit >= 0 && int(n) > limit {
		r.nconns.Add(-1)
		return false
	}
	return true
}
